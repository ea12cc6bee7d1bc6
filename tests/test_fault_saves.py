"""Saves the state database refuses, kept games the views disagree on, a disk that must not fill.

A save failure is a kind (try later, or refused until a person mends the file), never
a guess; no save is ever dropped; every view of the history gives a game one verdict; a kept
snapshot past any real game is damage; an empty database file and a damaged write-ahead log are
said, not written over; the database stops short of filling its disk.
"""

import json
import re
import shutil
from argparse import Namespace

import pytest
from fault_cases import (
    UNFINISHED_ID,
    copy_of,
    field_cases,
    kept_folder,
    on,
    outcome,
    write_raw,
)
from kiosk_helpers import in_scene, kiosk, shows_text, step_until
from test_fault_kiosk import kept_games
from test_scenes_saving import PLAYERS, SEED, choose, play

from companion.commands import simulate
from companion.display.draw_notice import draw_mark, mark_area
from companion.kiosk import loop
from companion.storage import database as database_module
from companion.storage import owner
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.storage.owner import FolderInUse
from companion.storage.schema import MIGRATIONS

#: Ways another program may leave the file so that every save is refused, and how each is mended.
REFUSING = {
    "schema version -1": ("PRAGMA user_version = -1", f"PRAGMA user_version = {len(MIGRATIONS)}"),
    "a v2 version number on a newest file": ("PRAGMA user_version = 2",
                                             f"PRAGMA user_version = {len(MIGRATIONS)}"),
    "a trigger that aborts inserts": (
        "CREATE TRIGGER refuse BEFORE INSERT ON rounds BEGIN SELECT RAISE(ABORT, 'no'); END",
        "DROP TRIGGER refuse"),
}


def marked(app) -> bool:
    """Whether, once its notice was said, the NOT SAVED mark is drawn in the corner on the next
    frame, and the notice strip has given the scores back."""
    app.scene.dirty = True
    app.step()
    layout = app.ctx.services.layout
    expected = draw_mark(app.screen.canvas.copy(), layout, mark_area(layout))
    return app.notice is None and all(shows_text(app.screen.canvas, part) for part in expected)


def saved_rounds(folder) -> list[list[int]]:
    """The round numbers kept of each Not Not game in ``folder``, by game id."""
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        ids = [game_id for (game_id,) in database.read("SELECT id FROM games ORDER BY id")]
        return [[record["n"] for record in store.get(game_id).rounds] for game_id in ids]


@pytest.mark.slow
@pytest.mark.parametrize("fault", REFUSING)
def test_a_save_the_database_refuses_for_good_stays_on_screen_and_is_kept(tmp_path, monkeypatch,
                                                                          fault):
    monkeypatch.setattr(loop, "NOTICE_S", 0)          # every short notice is gone at once
    Database.in_folder(tmp_path).close()
    spoil, mend = REFUSING[fault]
    write_raw(tmp_path, spoil)
    app = kiosk("setup", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    said, notify = [], app.ctx.services.notify
    app.ctx.services.notify = lambda line: (said.append(line), notify(line))
    choose(app, "Start")
    play(app, rounds=3)
    line = app.lasting_notice
    assert line and line.startswith("this game is not being saved: ")
    assert "kept until it is mended" in line and marked(app)
    play(app, rounds=1)                               # the game plays on, the notice stays
    assert app.lasting_notice == line and marked(app)
    write_raw(tmp_path, mend)                         # a person mends the file
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None and said[-1] == "saving again: the game is saved up to now"
    assert saved_rounds(tmp_path) == [[1, 2, 3, 4, 5]]
    app.screen.close()
    app.ctx.services.close_database()


@pytest.mark.slow
def test_saves_that_waited_on_a_file_read_only_when_opened_are_written_once_it_is_writable(
        tmp_path, monkeypatch):
    """SQLite opens a file it may not write read-only and keeps it so: the kiosk that opened
    the database so (a chmod, a wrong owner) saved nothing more after the file was mended, and
    lost every round at its close (a saves tester). The next try opens it anew."""
    import sqlite3

    monkeypatch.setattr(loop, "NOTICE_S", 0)
    Database.in_folder(tmp_path).close()
    connect, opened = sqlite3.connect, []

    def read_only_first(target, *args, **kwargs):   # as SQLite opens a file it may not write
        if str(target) == str(tmp_path / FILENAME) and not opened:
            opened.append(target)
            return connect(f"file:{target}?mode=ro", *args, uri=True, **kwargs)
        return connect(target, *args, **kwargs)

    monkeypatch.setattr(database_module.sqlite3, "connect", read_only_first)
    app = kiosk("setup", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    warned, warn = [], app.ctx.services.warn_until_cleared
    app.ctx.services.warn_until_cleared = lambda line: (warned.append(line), warn(line))
    choose(app, "Start")                              # its save fails: the file reads read-only
    play(app, rounds=2)                               # the next try opens the file anew
    app.step()
    assert opened and warned[0] and "read-only" in warned[0] and warned[-1] is None
    assert app.lasting_notice is None
    assert saved_rounds(tmp_path) == [[1, 2]]
    app.screen.close()
    app.ctx.services.close_database()


def test_recover_to_from_a_file_whose_games_cannot_be_found_says_what_is_left_to_do(tmp_path):
    """Cut short, the file was refused by --recover-to with the line that sends a user to the
    recovery steps they were following (a saves tester)."""
    folder = copy_of(kept_folder(tmp_path / "kept"), tmp_path / "cut")
    database = folder / FILENAME
    (folder / (FILENAME + "-wal")).unlink(missing_ok=True)
    (folder / (FILENAME + "-shm")).unlink(missing_ok=True)
    with open(database, "r+b") as file:
        file.truncate(2048)                           # half its first page: no schema to read
    result = outcome(on(folder, ("history", "--recover-to", str(tmp_path / "new"))))
    assert result.code == 2 and result.clear
    assert result.err.startswith(f"companion: cannot recover any game from {database}: ")
    assert "remove the three companion.sqlite3* files and a new history begins" in result.err


def test_a_zero_byte_database_is_not_written_over(tmp_path):
    (tmp_path / FILENAME).write_bytes(b"")
    for command in (("history",), ("simulate", "--json"), ("score-sheet", "not-that-movie")):
        result = outcome(on(tmp_path, command))
        said = [line for line in result.err.splitlines() if line.startswith("companion:")]
        assert result.code == 2 and result.clear and len(said) == 1, (command, result)
        assert "is empty (0 bytes)" in said[0] and "left as it is" in said[0]
    assert (tmp_path / FILENAME).read_bytes() == b""


def test_the_database_stops_short_of_filling_the_disk(tmp_path, monkeypatch):
    monkeypatch.setattr(loop, "NOTICE_S", 0)
    app = kiosk("setup", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=2)
    nearly_full = (12 * 2**20, 16 * 2**30)           # 12 MB left on a 16 GB card
    monkeypatch.setattr(database_module, "free_space", lambda folder: nearly_full)
    play(app, rounds=2)
    line = "this game is not being saved: the disk is nearly full: 12 MB left; the game is kept " \
           "in memory"
    assert app.lasting_notice == line and marked(app)
    assert saved_rounds(tmp_path) == [[1, 2]]
    result = outcome(on(tmp_path / "another", ("simulate", "--json")))   # the command line too
    assert result.code == 2 and result.clear
    assert "is full: 12 MB left, under the 50 MB" in result.err
    monkeypatch.setattr(database_module, "free_space", lambda folder: (2 * 2**30, 16 * 2**30))
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None and saved_rounds(tmp_path) == [[1, 2, 3, 4, 5]]
    app.screen.close()
    app.ctx.services.close_database()


def test_a_disk_with_no_room_left_is_called_full_not_nearly_full(tmp_path, monkeypatch):
    from companion.storage.faults import SaveLater

    Database.in_folder(tmp_path).close()
    monkeypatch.setattr(database_module, "free_space", lambda folder: (0, 16 * 2**30))
    with Database.in_folder(tmp_path) as database:
        with pytest.raises(SaveLater) as refused:
            database._check_room("saving round 1")
    assert refused.value.short == "the disk is full"


@pytest.mark.slow
def test_recover_to_keeps_the_ended_early_mark(tmp_path):
    folder = kept_folder(tmp_path / "kept")
    with Database.in_folder(folder) as database:
        GameStore(database).finish(UNFINISHED_ID, {"winners": [2], "scores": {"1": 0, "2": 3}},
                                   early=True)
    recovered = outcome([*on(folder, ("history",)), "--recover-to", str(tmp_path / "new")])
    assert recovered.code == 0 and recovered.out.startswith("copied 6 games")
    games = json.loads(outcome(on(tmp_path / "new", ("history", "--json"))).out)
    assert [(game["id"], game["ended_early"]) for game in games] == [
        (UNFINISHED_ID, True), (3, False), (2, False), (1, False)]
    listing = outcome(on(tmp_path / "new", ("history",))).out.splitlines()
    assert listing[1].endswith("(ended early)") and "ended early" not in "".join(listing[2:])


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    """A state folder kept by :func:`fault_cases.kept_folder`, to copy."""
    return kept_folder(tmp_path_factory.mktemp("pristine"))


def listed_damaged(result) -> list[int]:
    """The games a ``history`` listing calls damaged."""
    return [int(line.split()[0]) for line in result.out.splitlines()[1:]
            if line.split()[1:2] == ["damaged,"]]


def checked_damaged(result) -> list[int]:
    """The games ``history --check`` calls damaged."""
    return [int(game_id) for game_id in re.findall(r": game (\d+) is damaged: ", result.out)]


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [spoil for _, spoil in field_cases()],
                         ids=[name for name, _ in field_cases()])
def test_history_listing_and_check_call_damaged_rounds_damaged_like_json(pristine, tmp_path,
                                                                         spoil):
    folder = copy_of(pristine, tmp_path / "state")
    spoil(folder)
    as_json = outcome(on(folder, ("history", "--json")))
    damaged = [game["id"] for game in json.loads(as_json.out) if "damaged" in game]
    listing, check = outcome(on(folder, ("history",))), outcome(on(folder, ("history", "--check")))
    assert as_json.code == listing.code == 0 and listing.clear and check.clear
    assert listed_damaged(listing) == damaged
    assert (check.code, checked_damaged(check)) == ((1, damaged) if damaged else (0, []))


def test_check_exits_1_when_page_1_is_damaged(pristine, tmp_path):
    folder = copy_of(pristine, tmp_path / "state")
    data = bytearray((folder / FILENAME).read_bytes())
    data[100:108] = b"\xff" * 8                       # page 1's b-tree header: the schema's root
    (folder / FILENAME).write_bytes(bytes(data))
    result = outcome(on(folder, ("history", "--check")))
    assert result.code == 1 and result.clear
    assert "is damaged" in result.out and "KIOSK.md" in result.out
    assert outcome(on(folder, ("history",))).code == 2   # the other commands: one line, exit 2


def test_a_snapshot_past_any_decks_round_count_is_never_offered(tmp_path):
    game_id = kept_games(tmp_path, finished=0, spoil=None)
    write_raw(tmp_path, "UPDATE games SET snapshot = json_set(snapshot, '$.round_no', 1000000000) "
                        "WHERE id = ?", (game_id,))
    app = kiosk("title", state_dir=tmp_path, seed=SEED, players=PLAYERS)
    said, notify = [], app.ctx.services.notify
    app.ctx.services.notify = lambda line: (said.append(line), notify(line))
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    assert not any(item.startswith("Resume") for item in app.scene.items())
    assert said == [f"kept game {game_id} was damaged and has been set aside "
                    "(companion history lists it)"]
    app.screen.close()
    app.ctx.services.close_database()


@pytest.fixture(scope="module")
def live_log(tmp_path_factory):
    """State folders as a kiosk cut off mid-game leaves them (database, -wal, -shm): ``older``
    after one more game, ``newer`` after two; the database file itself has neither."""
    where = tmp_path_factory.mktemp("live")
    folder = kept_folder(where / "state")
    args = Namespace(seed=11, players=3, level="normal", tie_window_us=1000)
    with Database.in_folder(folder) as database:
        database.connection.execute("PRAGMA wal_autocheckpoint = 0")
        for name in ("older", "newer"):
            list(simulate.start(args, GameStore(database))[2])
            shutil.copytree(folder, where / name)
    return where


#: Ways the log of a kiosk cut off mid-game is spoiled (``older``: the older copy's folder).
LOG_SPOILS = {
    "deleted": lambda folder, older: (folder / f"{FILENAME}-wal").unlink(),
    "cut": lambda folder, older: (folder / f"{FILENAME}-wal").write_bytes(
        (folder / f"{FILENAME}-wal").read_bytes()[:-3000]),
    "flipped": lambda folder, older: flip(folder / f"{FILENAME}-wal", 32 + 24 + 4096 + 24 + 900),
    "replaced by an old one": lambda folder, older: shutil.copy(older / f"{FILENAME}-wal",
                                                                folder / f"{FILENAME}-wal"),
}


def flip(path, offset: int) -> None:
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x01
    path.write_bytes(bytes(data))


@pytest.mark.slow
@pytest.mark.parametrize("spoil", LOG_SPOILS)
def test_a_damaged_write_ahead_log_is_named_by_check(live_log, tmp_path, spoil):
    intact = copy_of(live_log / "newer", tmp_path / "intact")
    assert outcome(on(intact, ("history", "--check"))).code == 0
    folder = copy_of(live_log / "newer", tmp_path / "state")
    LOG_SPOILS[spoil](folder, live_log / "older")
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    result = outcome(on(folder, ("history", "--check")))
    assert result.code == 1 and result.clear, result
    assert f"{FILENAME}-" in result.out and "keep a copy of the state folder" in result.out
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before   # untouched


@pytest.mark.slow
def test_a_deleted_write_ahead_log_is_never_written_over_and_recover_to_copies_the_file(
        live_log, tmp_path):
    folder = copy_of(live_log / "newer", tmp_path / "state")
    LOG_SPOILS["deleted"](folder, live_log / "older")
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    added = outcome(on(folder, ("players", "add", "Ana")))          # a writer
    assert added.code == 2 and added.clear and "the write-ahead log was deleted" in added.err
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)   # the kiosk's writer
    choose(app, "Start")
    play(app, rounds=1)
    assert app.lasting_notice and "the write-ahead log was deleted" in app.lasting_notice
    app.screen.close()
    app.ctx.services.close_database()
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before   # evidence
    check = outcome(on(folder, ("history", "--check")))
    assert check.code == 1 and "--recover-to" in check.out
    recovered = outcome([*on(folder, ("history",)), "--recover-to", str(tmp_path / "new")])
    assert recovered.code == 0 and recovered.out.startswith("copied ")
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before


class CountedQueries:
    """A connection that refuses to run more than ``limit`` statements: a loop that never ends
    fails the test instead of hanging it (no clock involved)."""

    def __init__(self, connection, limit: int) -> None:
        self.connection, self.left = connection, limit

    def execute(self, *args):
        self.left -= 1
        if self.left < 0:
            raise RuntimeError("far more statements than checking a small database takes")
        return self.connection.execute(*args)

    def __getattr__(self, name):
        return getattr(self.connection, name)


def test_check_names_a_log_damaged_before_its_first_checkpoint(tmp_path, monkeypatch):
    """The file alone has no tables yet (everything is in the log): the check, which leaves a
    damaged log unread, found no games table and probed for games for ever."""
    live = tmp_path / "live"
    with Database.in_folder(live):
        shutil.copytree(live, tmp_path / "state")   # as a kiosk cut off leaves it
    folder = tmp_path / "state"
    assert (folder / f"{FILENAME}-wal").stat().st_size > 3 * 4096
    flip(folder / f"{FILENAME}-wal", 32 + 24 + 100)   # frame 1: later saves are not read
    opened = Database.for_reading.__func__

    def counted(cls, *args, **kwargs):
        database = opened(cls, *args, **kwargs)
        database.connection = CountedQueries(database.connection, 5000)
        return database

    monkeypatch.setattr(Database, "for_reading", classmethod(counted))
    result = outcome(on(folder, ("history", "--check")))
    assert result.code == 1 and result.clear, result
    assert "is damaged at frame 1" in result.out and "--recover-to" in result.out


def test_a_companion_killed_while_it_makes_the_database_leaves_no_empty_file(
        tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite makes an empty file and writes its header a moment later: killed in between (a
    simulate killed at once, seen under a busy machine), the next start found an empty file
    and refused it. The header is written under a draft name first."""
    import sqlite3

    real_connect = sqlite3.connect

    def killed_after_the_file_is_made(*args: object, **kwargs: object) -> object:
        real_connect(*args, **kwargs).close()   # the file is there, nothing written yet
        raise KeyboardInterrupt                 # stands in for SIGKILL

    folder = tmp_path / "new"
    monkeypatch.setattr(database_module.sqlite3, "connect", killed_after_the_file_is_made)
    with pytest.raises(KeyboardInterrupt):
        Database.in_folder(folder)
    monkeypatch.setattr(database_module.sqlite3, "connect", real_connect)
    path = folder / database_module.FILENAME
    assert not path.exists() or path.stat().st_size > 0
    with Database.in_folder(folder) as database:
        assert database.version == len(database_module.MIGRATIONS)


#: Ways the state database goes from under a running kiosk (the kiosk holds the folder's lock).
TAKEN_AWAY = {
    "folder deleted": lambda folder: shutil.rmtree(folder),
    "folder moved aside": lambda folder: folder.rename(folder.parent / "aside"),
    # its log and index stay, the closing connection's own: deleted by name as it closes
    "database deleted": lambda folder: (folder / FILENAME).unlink(),
    "database moved aside": lambda folder: (folder / FILENAME).rename(folder.parent / "aside"),
}


@pytest.mark.slow
@pytest.mark.parametrize("how", TAKEN_AWAY)
def test_a_state_folder_deleted_or_moved_under_the_kiosk_is_written_back_whole(tmp_path, how):
    """Deleted (or moved aside) mid-game, the folder got no save more: SQLite wrote into the file
    the kiosk held open, and the game was lost at its close without a word (a saves tester).
    The database alone deleted, its folder and lock left, was called another program's (the
    kiosk's own lock) and never written back (a regression tester)."""
    folder = tmp_path / "state"
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    lock = owner.take(folder, "the kiosk")            # as companion run holds it
    said, notify = [], app.ctx.services.notify
    app.ctx.services.notify = lambda line: (said.append(line), notify(line))
    choose(app, "Start")
    play(app, rounds=2)
    TAKEN_AWAY[how](folder)
    play(app, rounds=2)
    assert f"written back whole at {folder / FILENAME}" in said[-1]
    play(app, rounds=1)                               # and saved there from then on
    app.screen.close()
    app.ctx.services.close_database()
    with pytest.raises(FolderInUse):                  # the kiosk holds the folder still (again)
        owner.take(folder, "companion players")
    assert lock is not None
    lock.release()
    assert saved_rounds(folder) == [[1, 2, 3, 4, 5]]


@pytest.mark.slow
def test_a_state_folder_that_cannot_be_made_again_says_why_and_the_saves_wait(tmp_path, caplog):
    folder = tmp_path / "parent" / "state"
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=1)
    shutil.rmtree(folder.parent)
    folder.parent.write_text("a file where the folder was")
    play(app, rounds=1)
    assert "the state folder is gone" in app.lasting_notice
    assert "its folder cannot be made again: Not a directory" in caplog.text
    folder.parent.unlink()
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None
    app.screen.close()
    app.ctx.services.close_database()
    assert saved_rounds(folder) == [[1, 2, 3]]


@pytest.mark.slow
def test_a_database_put_in_its_place_under_the_kiosk_is_never_written_and_the_saves_wait(tmp_path,
                                                                                       monkeypatch):
    monkeypatch.setattr(loop, "NOTICE_S", 0)
    folder = tmp_path / "state"
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    choose(app, "Start")
    play(app, rounds=1)
    folder.rename(tmp_path / "aside")
    Database.in_folder(folder).close()                # another program's new database
    play(app, rounds=1)
    assert "another file took the state database's place" in app.lasting_notice and marked(app)
    assert saved_rounds(folder) == []
    (folder / FILENAME).rename(tmp_path / "theirs")   # a person moves it away
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None and saved_rounds(folder) == [[1, 2, 3]]
    app.screen.close()
    app.ctx.services.close_database()
