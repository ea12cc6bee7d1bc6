"""A kiosk on a read-only state folder that has no lock file (``companion.lock``): the kept
games still read (the title's leaderboard, Resume with its players, every score sheet), and the
table is told once that games are not saved (docs/KIOSK.md, "When the state database fails").

As root, ``chmod`` does not stop a write: the folder is a tmpfs mounted read-only there
(skipped where none can be mounted), else a folder its user may not write.
"""

import pytest
from games_kiosk import Table, finished_discs_game
from kiosk_helpers import choose, kiosk, step_until
from test_fault_writes import read_only_copy
from test_movie_kiosk import vote
from test_run_start_problems import run_and_look

from companion.games.movie.rules import MovieGame
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.owner import LOCK_FILE
from companion.storage.played_games import keep_played
from companion.storage.players import PlayerStore


def keep_the_tables_games(folder) -> None:
    """Three Not Not games of Ana and Bo (Ana won two), a finished Not That Movie! game of team
    Popcorn, one of That's Not a Hat, and a Not That Movie! game in progress, Ana and Bo in
    seats 1 and 2; closed, as a kiosk stopped leaves it (without its lock file)."""
    with Database.in_folder(folder) as database:
        for winner in (1, 1, 2):
            keep_played(database, {"level": "normal"}, {}, [],
                        {"winners": [winner], "scores": {"1": 3, "2": 2}}, ["Ana", "Bo"])
        finished_discs_game(database, 4, "Popcorn")
        hat = GameStore(database, kind="thats-not-a-hat")
        hat.finish(hat.create(2, {}, {}), {"rounds": [{"1": 0, "2": 1}, {"1": 2, "2": 0}]})
        players = PlayerStore(database)
        KeptGame.start(database, MovieGame(4), {"team": "Nachos"},
                       seats={1: players.find("Ana").id, 2: players.find("Bo").id})


@pytest.fixture
def read_only_state(tmp_path):
    """The table's state folder (:func:`keep_the_tables_games`), read-only, no lock file in it."""
    kept = tmp_path / "kept"
    keep_the_tables_games(kept)
    yield from read_only_copy(kept, tmp_path / "read-only")


def test_a_read_only_folder_without_a_lock_file_shows_the_titles_leaderboard_and_says_games_are_not_saved(  # noqa: E501
        read_only_state, monkeypatch, tmp_path):
    assert not (read_only_state / LOCK_FILE).exists()
    code, looked = run_and_look(monkeypatch, tmp_path, ["--keyboard-only", "--state-dir",
                                                        str(read_only_state)])
    assert code == 0 and looked.scene == "title"
    assert looked.app.scene.subtitle == "Last 3 games:   Ana won 2 of 3   Bo won 1 of 3"
    assert looked.app.notice[0] == "games are not saved: the state folder is read-only"
    assert not (read_only_state / LOCK_FILE).exists()
    looked.app.screen.close()


@pytest.mark.parametrize(("game", "sheet", "line"), [
    ("Not That Movie!", "movie-sheet", "4p  Popcorn"),
    ("That's Not a Hat", "hat-sheet", "2p  2 rounds"),
])
def test_a_read_only_folder_without_a_lock_file_shows_each_games_score_sheet(
        read_only_state, game, sheet, line):
    app = kiosk("title", state_dir=read_only_state)
    choose(app, game)
    step_until(app, lambda: app.scene.name.endswith("setup"))
    choose(app, "Score sheet")
    step_until(app, lambda: app.scene.name == sheet and not app.scene.dirty)
    assert app.scene.unread == "" and len(app.scene.lines) == 1
    assert line in app.scene.line_text(app.scene.lines[0])
    app.screen.close()


def test_a_set_up_on_a_read_only_folder_with_no_game_in_progress_never_says_its_games_do_not_read(
        read_only_state):
    """With no That's Not a Hat game in progress, its set-up said *kept games cannot be read:
    the state folder is read-only* of a file that read."""
    app = kiosk("title", state_dir=read_only_state)
    choose(app, "That's Not a Hat")
    step_until(app, lambda: app.scene.name == "hat-setup")
    assert "cannot be read" not in app.scene.subtitle
    assert not app.scene.items()[0].startswith("Resume")
    app.screen.close()


def test_a_read_only_folder_without_a_lock_file_resumes_the_game_in_progress_with_its_players(
        read_only_state):
    """Resumed with its players' names; its first entry cannot be saved, and the screen keeps
    saying so while the game is kept in memory."""
    table = Table(read_only_state, players=4)
    try:
        table.press(1, "SE")                                  # Not That Movie!
        table.wait_for("movie-setup")
        assert table.scene.items()[0].startswith("Resume"), table.scene.items()
        table.press(1, "E")                                   # Resume
        table.wait_for("movie")
        assert table.app.ctx.session.setup.names == {1: "Ana", 2: "Bo"}
        vote(table, {1: 8, 2: 8, 3: 7, 4: 8})
        assert table.app.lasting_notice == ("this game is not being saved: the state folder is "
                                            "read-only; the game is kept in memory")
    finally:
        table.close()
