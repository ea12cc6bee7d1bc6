"""Not That Movie! and That's Not a Hat play on when the state database cannot be written, as
Not Not does: the table is told on screen, nothing is lost, and once the file is mended the
next entry writes the whole game (docs/KIOSK.md, "When the state database fails")."""

import pytest

from games_kiosk import Table
from test_movie_kiosk import place, vote
from companion.display.draw_notice import UNSAVED_MARK
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.games.hat.rules import HatGame
from companion.games.movie.rules import MovieGame

DAMAGED = b"this is not a database " * 100
#: Each game: its title menu item, the set-up items to select to start it, its play scene.
GAMES = {"Not That Movie!": (1, [5], "movie", MovieGame),
         "That's Not a Hat": (2, [5], "hat", HatGame)}


def entries(table, game: str, first: bool) -> None:
    """A few entries on the pads: the votes and a token on screen 1, else a token on screen 2;
    or two gifts passed on to the left."""
    if game == "Not That Movie!":
        if first:
            vote(table, {1: 8, 2: 8, 3: 7, 4: 8})
        place(table, 1 if first else 2)
    else:
        for _ in range(2):
            table.press(table.scene.kept.game.turn or 1, "W")


@pytest.mark.parametrize("game", GAMES)
def test_a_damaged_state_database_leaves_the_game_playing_told_and_saved_once_mended(
        tmp_path, game):
    item, setup, scene, game_class = GAMES[game]
    database = tmp_path / "companion.sqlite3"
    database.write_bytes(DAMAGED)
    table = Table(tmp_path, players=4)
    try:
        table.menu(item, setup)
        table.wait_for(scene)
        assert table.app.notice[0].startswith("this game is not being saved: ")
        entries(table, game, first=True)
        assert table.scene.name == scene and table.app.lasting_notice
        said = table.app.notice[0]
        table.app.notice = (said, 0)   # once its time is up: the mark, the scores in sight
        table.app.step()
        assert table.app.notice is None and table.app.lasting_notice == said
        assert UNSAVED_MARK in [piece.text for piece in table.app.ctx.services.frame.drawn["mark"]]
        moves = table.scene.kept.game.moves_made
        assert moves > 0
        database.unlink()                       # mended: the next try opens a new file
        entries(table, game, first=False)
        assert table.app.notice[0] == "saving again: the game is saved up to now"
        assert table.app.lasting_notice is None
        snapshot = table.scene.kept.game.snapshot()
    finally:
        table.close()
    with Database.in_folder(tmp_path) as db:
        kept = KeptGame.resume(db, game_class)
    assert kept is not None and kept.game.snapshot() == snapshot
