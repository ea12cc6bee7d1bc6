"""Files of the state folder deleted while the kiosk plays: no save is lost, and it is said.

A write-ahead log deleted mid-game (``rm companion.sqlite3-wal``) is folded into the database
at the kiosk's next save, which a power cut then keeps; the state folder's lock file deleted is
held again, so a second writer is refused as before.
"""

import logging
import shutil

import pytest
from fault_cases import on, outcome
from kiosk_helpers import kiosk
from test_scenes_saving import PLAYERS, SEED, choose, play

from companion.display.draw_notice import draw_notice
from companion.storage import owner
from companion.storage.database import FILENAME, Database
from companion.storage.deleted_log import FOLDED_IN
from companion.storage.games import GameStore


def saved_rounds(folder) -> list[list[int]]:
    """The round numbers kept of each Not Not game in ``folder``, by game id."""
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        ids = [game_id for (game_id,) in database.read("SELECT id FROM games ORDER BY id")]
        return [[record["n"] for record in store.get(game_id).rounds] for game_id in ids]


def kiosk_saving_in(folder):
    """A kiosk playing a new game saved in ``folder``, holding its lock as ``companion run``
    does, and the notices it shows."""
    app = kiosk("setup", state_dir=folder, seed=SEED, players=PLAYERS)
    app.ctx.services.lock = owner.take(folder, "the kiosk")   # as companion run gives it
    said, notify = [], app.ctx.services.notify
    app.ctx.services.notify = lambda line: (said.append(line), notify(line))
    choose(app, "Start")
    return app, said


def close(app) -> None:
    app.screen.close()
    app.ctx.services.close_database()
    app.ctx.services.lock.release()


@pytest.mark.slow
def test_a_save_log_deleted_mid_game_is_folded_into_the_database_at_the_next_save(tmp_path,
                                                                                  caplog):
    """The kiosk saved into the deleted log it held open: a power cut lost every save since,
    and every command then refused the folder (a tester's rm while the kiosk played)."""
    folder = tmp_path / "state"
    app, said = kiosk_saving_in(folder)
    play(app, rounds=2)
    (folder / f"{FILENAME}-wal").unlink()
    with caplog.at_level(logging.WARNING):
        play(app, rounds=1)                           # the verdict's save
    cut = shutil.copytree(folder, tmp_path / "after a power cut")   # as kill -9 leaves it
    assert saved_rounds(cut) == [[1, 2, 3]]
    assert said == [FOLDED_IN]
    assert "was deleted while the kiosk ran: its saves were written into the database" \
        in caplog.text
    play(app, rounds=1)                               # saved in the new log from then on
    cut = shutil.copytree(folder, tmp_path / "after a second power cut")
    assert saved_rounds(cut) == [[1, 2, 3, 4]] and said == [FOLDED_IN]
    close(app)


class ReadBeside:
    """The kiosk's connection while another program reads the database: a checkpoint cannot
    be made whole (SQLite answers busy) until :attr:`reading` ends."""

    def __init__(self, connection) -> None:
        self.connection = connection
        self.reading = True

    def execute(self, sql: str, *parameters):
        if self.reading and "wal_checkpoint" in sql:
            return self.connection.execute("SELECT 1, -1, -1")
        return self.connection.execute(sql, *parameters)

    def __getattr__(self, name: str):
        return getattr(self.connection, name)


@pytest.mark.slow
def test_a_save_log_that_cannot_be_folded_in_yet_keeps_the_saves_waiting_and_says_so(tmp_path):
    folder = tmp_path / "state"
    app, _ = kiosk_saving_in(folder)
    play(app, rounds=1)
    database = app.ctx.services.database()
    database.connection = reader = ReadBeside(database.connection)
    (folder / f"{FILENAME}-wal").unlink()
    play(app, rounds=1)
    assert app.lasting_notice == ("this game is not being saved: the save log was deleted; the "
                                  "game is kept in memory")
    reader.reading = False
    play(app, rounds=1)
    app.step()
    assert app.lasting_notice is None
    cut = shutil.copytree(folder, tmp_path / "after a power cut")
    assert saved_rounds(cut) == [[1, 2, 3]]
    close(app)


def test_the_folded_log_notice_holds_on_the_800x480_notice_line():
    app = kiosk("title")
    drawn = draw_notice(app.screen.canvas, app.ctx.services.layout, FOLDED_IN)
    app.screen.close()
    assert " ".join(line.text for line in drawn) == FOLDED_IN


@pytest.mark.slow
def test_a_lock_file_deleted_under_the_kiosk_is_held_again_and_a_second_writer_refused(tmp_path,
                                                                                      caplog):
    """With its lock file deleted, companion players add wrote beside the playing kiosk, and
    the phone page said the kiosk had stopped (a tester's rm companion.lock)."""
    folder = tmp_path / "state"
    app, _ = kiosk_saving_in(folder)
    play(app, rounds=1)
    (folder / owner.LOCK_FILE).unlink()
    with caplog.at_level(logging.WARNING):
        play(app, rounds=1)
    second = outcome(on(folder, ("players", "add", "Zed")))
    assert second.code == 2 and "the kiosk (pid" in second.err and "is using" in second.err
    assert "lock file" in caplog.text and "the kiosk holds it again" in caplog.text
    assert owner.holder(folder).startswith("the kiosk (pid")   # what the phone page reads
    close(app)
    assert saved_rounds(folder) == [[1, 2]]
