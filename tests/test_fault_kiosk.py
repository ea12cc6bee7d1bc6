"""The kiosk with a damaged state database or a full disk: it says so once and Not Not plays on.

The real loop runs headless (SDL dummy driver); the notices are checked on the screen itself.
"""

from argparse import Namespace

import pytest
from fault_cases import write_raw
from kiosk_helpers import in_scene, jump_to, kiosk, shows_text, step_until, tap
from test_scenes_saving import PLAYERS, SEED, choose, play

from companion.commands import simulate
from companion.display.draw_notice import draw_notice
from companion.storage.database import Database
from companion.storage.games import GameStore
from kiosk_helpers import game_of, notnot_play

#: Ways the unfinished game is damaged: SQL run on the database (``?`` is its id).
SPOILS = {
    "snapshot of a wrong type": "UPDATE games SET snapshot = json_set(snapshot, '$.players', "
                                "'three') WHERE id = ?",
    "round record cut short": "UPDATE rounds SET record = substr(record, 1, 40) "
                              "WHERE game_id = ? AND n = 2",
    "snapshot not JSON": "UPDATE games SET snapshot = '{\"deck\": [' WHERE id = ?",
    "more players than the rules allow": "UPDATE games SET snapshot = json_set(snapshot, "
                                         "'$.players', 1000) WHERE id = ?",
    "a negative tie window": "UPDATE games SET snapshot = json_set(snapshot, "
                             "'$.timing.tie_window_ns', -5) WHERE id = ?",
}


def kept_games(folder, finished: int, spoil: str | None) -> int:
    """``finished`` finished kiosk games and one unfinished after two rounds; its id.

    ``spoil`` names how the unfinished game is damaged (:data:`SPOILS`), if it is."""
    args = Namespace(seed=SEED, players=PLAYERS, level="normal", tie_window_us=1000)
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        for _ in range(finished):
            list(simulate.start(args, store)[2])
        database.connection.execute(
            "UPDATE games SET settings = json_remove(settings, '$.simulated')")
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=2)
    game_id = notnot_play(app).game_id
    app.screen.close()
    app.ctx.services.close_database()
    if spoil:
        write_raw(folder, SPOILS[spoil], (game_id,))
    return game_id


def on_screen(app, line: str) -> bool:
    """Whether the notice ``line`` is drawn over the current screen."""
    app.scene.dirty = True
    app.step()
    expected = draw_notice(app.screen.canvas.copy(), app.ctx.services.layout, line)   # its lines
    return (app.notice is not None and app.notice[0] == line
            and all(shows_text(app.screen.canvas, drawn) for drawn in expected))


@pytest.mark.slow
@pytest.mark.parametrize("spoil", SPOILS)
def test_a_damaged_kept_game_is_set_aside_once_and_not_not_still_plays(tmp_path, spoil):
    damaged = kept_games(tmp_path, finished=2, spoil=spoil)
    app = kiosk("title", state_dir=tmp_path, seed=SEED + 1, players=PLAYERS)
    said, notify = [], app.ctx.services.notify
    app.ctx.services.notify = lambda line: (said.append(line), notify(line))
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    notice = f"kept game {damaged} was damaged and has been set aside (companion history lists it)"
    assert on_screen(app, notice)
    assert not any(item.startswith("Resume") for item in app.scene.items())
    choose(app, "Start")
    play(app, rounds=3)
    assert game_of(app).round_no == 3 and notnot_play(app).game_id not in (None, damaged)
    jump_to(app, "setup")
    assert app.scene.name == "setup" and said.count(notice) == 1
    app.screen.close()
    app.ctx.services.close_database()
    with Database.in_folder(tmp_path) as database:
        assert database.connection.execute(
            "SELECT reason FROM damaged_games WHERE game_id = ?", (damaged,)).fetchone()
        assert len(GameStore(database).finished()) == 2


@pytest.mark.slow
def test_with_a_damaged_finished_game_the_intact_unfinished_one_is_offered_and_resumes(tmp_path):
    kept = kept_games(tmp_path, finished=3, spoil=None)
    write_raw(tmp_path, "UPDATE games SET result = '{\"scores' WHERE id = 2")
    app = kiosk("title", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    assert app.scene.items()[0].startswith("Resume the game in progress: round 3")
    choose(app, "Resume")
    play(app, rounds=2)
    assert notnot_play(app).game_id == kept and game_of(app).round_no == 4
    app.screen.close()


def fill(connection) -> None:
    """The disk is full: SQLite may not grow the file by a page (the next save needing one
    fails)."""
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")


def free(connection) -> None:
    """Space returns."""
    connection.execute("PRAGMA max_page_count = 1000000")


def play_until_unsaved(app, limit: int = 15) -> None:
    """Play rounds until a save fails for want of space (within ``limit`` rounds)."""
    for _ in range(limit):
        play(app, rounds=1)
        if app.ctx.services.saves.failing:
            return
    raise AssertionError(f"{limit} rounds were saved on a full disk")


def unsaved_game(folder, rounds: int = 1):
    """A kiosk saving in ``folder`` whose game played ``rounds`` rounds, then filled the disk and
    played until a save failed; the kiosk and its database connection (:func:`free` gives
    room)."""
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=rounds)
    connection = app.ctx.services.database().connection
    fill(connection)
    play_until_unsaved(app)
    return app, connection


def saved_rounds(folder, game_id: int) -> list[int]:
    with Database.in_folder(folder) as database:
        return [record["n"] for record in GameStore(database).get(game_id).rounds]


@pytest.mark.slow
def test_on_a_full_disk_the_game_plays_on_unsaved_and_saving_resumes_when_space_returns(tmp_path):
    app, connection = unsaved_game(tmp_path, rounds=2)
    saved = saved_rounds(tmp_path, notnot_play(app).game_id)
    assert app.notice[0].startswith("this game is not being saved: ")
    assert on_screen(app, app.notice[0])
    assert "is full" in app.notice[0]
    play(app, rounds=2)                                           # the game plays on
    played = game_of(app).round_no
    assert saved == list(range(1, len(saved) + 1)) and len(saved) < played
    assert saved_rounds(tmp_path, notnot_play(app).game_id) == saved
    free(connection)
    play(app, rounds=1)
    app.step()
    assert on_screen(app, "saving again: the game is saved up to now")
    assert saved_rounds(tmp_path, notnot_play(app).game_id) == list(range(1, played + 2))
    app.screen.close()


def test_a_game_started_while_the_state_folder_is_unusable_is_saved_whole_once_it_is_fixed(
        tmp_path):
    folder = tmp_path / "state"
    folder.write_text("a file where the state folder should be")
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=2)
    assert notnot_play(app).game_id is None and app.notice[0].startswith("this game is not being saved: ")
    folder.unlink()                                               # the table fixes it
    play(app, rounds=1)
    app.step()
    assert notnot_play(app).game_id is not None
    assert saved_rounds(folder, notnot_play(app).game_id) == [1, 2, 3]
    app.screen.close()


def back_to_the_title(app) -> None:
    """Esc, then Back to the title."""
    from companion.inputs.actions import Nav
    from kiosk_helpers import now

    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    choose(app, "Back to the title")
    step_until(app, in_scene(app, "title"))


@pytest.mark.slow
def test_saves_that_wait_when_the_table_leaves_the_game_are_written_once_there_is_room(tmp_path):
    """No round is played after the disk fills and the table goes to the title (as after a
    game's end): the waiting saves are tried again on their own, and written once space
    returns."""
    app, connection = unsaved_game(tmp_path)
    played = game_of(app).round_no
    game_id = notnot_play(app).game_id
    back_to_the_title(app)
    choose(app, "Quit")                               # asked first: what quitting now loses
    assert app.scene.shown_items()[app.scene.cursor] == (
        "Quit? 1 save not on disk yet will be lost: select again")
    app.post(tap(1, "N"))                             # not quitting
    app.step()
    free(connection)
    step_until(app, lambda: not app.ctx.services.saves.waiting, limit_s=10)
    assert saved_rounds(tmp_path, game_id) == list(range(1, played + 1))
    app.step()
    assert app.lasting_notice is None
    app.screen.close()


@pytest.mark.slow
def test_a_game_left_for_the_title_while_its_saves_wait_resumes_as_it_was_played(tmp_path):
    """Resume goes on with the game as the table played it, not with the state database's copy
    (behind it), and its waiting saves land in order once there is room: no round is saved
    twice, none is lost."""
    app, connection = unsaved_game(tmp_path)
    play(app, rounds=1)
    played, scores = game_of(app).round_no, game_of(app).scores()
    game_id = notnot_play(app).game_id
    back_to_the_title(app)
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    assert app.scene.items()[0].startswith(f"Resume the game in progress: round {played + 1}")
    choose(app, "Resume")
    step_until(app, lambda: app.scene.name in ("deal", "entry"))
    assert (game_of(app).round_no, game_of(app).scores()) == (played, scores)
    free(connection)
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None
    assert saved_rounds(tmp_path, game_id) == list(range(1, played + 2))
    app.screen.close()


@pytest.mark.slow
def test_a_kiosk_closing_with_saves_it_cannot_write_says_in_the_journal_how_many_are_lost(
        tmp_path, caplog):
    from companion.kiosk.startup import last_saves

    app, connection = unsaved_game(tmp_path)
    last_saves(app.ctx)
    assert "the kiosk closes with 1 save not written" in caplog.text
    caplog.clear()
    free(connection)
    last_saves(app.ctx)                               # room again: the last try writes it
    assert "not written" not in caplog.text and not app.ctx.services.saves.waiting
    app.screen.close()


def unwritable_database(monkeypatch) -> None:
    """From here on the state database cannot be opened to write (a full disk at boot) and can
    still be read, as on a full disk or a read-only file; ``monkeypatch.undo()`` gives room."""
    from companion.storage.faults import SaveLater

    def full(self, *args, **kwargs):
        raise SaveLater("opening the state database failed: the disk is full (free some space "
                        "and saving goes on)", "the disk is full")

    monkeypatch.setattr(Database, "__init__", full)


@pytest.mark.slow
def test_a_game_kept_when_the_database_cannot_be_written_at_start_is_offered_and_ended_early(
        tmp_path, monkeypatch):
    """A full disk at boot hid the kept game, and Start then marked it abandoned, gone from the
    history (a saves tester): it is read read-only and offered; started over, it is ended early
    once the saves can be written."""
    old = kept_games(tmp_path, finished=0, spoil=None)
    unwritable_database(monkeypatch)
    app = kiosk("title", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    assert app.scene.items()[0].startswith("Resume the game in progress: round 3")
    choose(app, "Start")
    app.post(tap(1, "E"))                             # asked first: select again
    step_until(app, in_scene(app, "deal"))
    play(app, rounds=1)
    assert app.lasting_notice and "the disk is full" in app.lasting_notice
    monkeypatch.undo()                                # room again
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None
    app.screen.close()
    app.ctx.services.close_database()
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        ended = store.get(old)
        assert ended.state == "finished" and ended.ended_early
        assert [game.id for game in store.finished()] == [old]
        assert len(store.get(notnot_play(app).game_id).rounds) == 2


@pytest.mark.slow
@pytest.mark.parametrize("game", ["That's Not a Hat", "Not That Movie!"])
def test_the_other_games_kept_when_the_database_cannot_be_written_are_offered(
        tmp_path, monkeypatch, game):
    from games_kiosk import Table

    table = Table(tmp_path, players=4)
    table.menu(2 if game == "That's Not a Hat" else 1, [5])   # Start
    table.wait_for("hat" if game == "That's Not a Hat" else "movie")
    table.close()
    unwritable_database(monkeypatch)
    app = kiosk("title", state_dir=tmp_path, seed=SEED, players=4)
    choose(app, game)
    step_until(app, lambda: app.scene.name.endswith("setup"))
    assert app.scene.items()[0].startswith("Resume"), app.scene.items()
    app.screen.close()
