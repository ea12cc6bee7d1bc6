"""Commands that only read never write: no schema made, no file migrated, no log folded or
removed, no game set aside, nothing made beside the file; a deleted log is refused in one line;
a full disk is said to be full; a new database's schema is no news."""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
from argparse import Namespace
from pathlib import Path

import pytest
from fault_cases import Outcome, copy_of, on, outcome

from companion.commands import simulate
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.storage.schema import MIGRATIONS

#: Every command that only reads, as a user types it (``--state-dir`` added).
READERS: tuple[tuple[str, ...], ...] = (
    ("history",), ("history", "--json"), ("history", "--game", "1"), ("replay", "1", "1"),
    ("score-sheet", "not-that-movie"), ("players", "list"), ("players", "board"),
    ("players", "profile", "Ana"),
)


def files(folder: Path) -> dict[str, bytes]:
    """Every file in the state folder, byte for byte."""
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def one_line(result: Outcome) -> str:
    """The one ``companion:`` line a refused command printed (a failing test shows it all)."""
    assert result.code == 2 and result.clear, result
    [line] = [line for line in result.err.splitlines() if line.startswith("companion")]
    return line


@pytest.fixture(scope="module")
def cut_off(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A state folder as a kiosk killed before its first checkpoint leaves it: every game only
    in the log (database, -wal, -shm)."""
    where = tmp_path_factory.mktemp("cut-off")
    args = Namespace(seed=11, players=3, level="normal", tie_window_us=1000)
    with Database.in_folder(where / "live") as database:
        database.connection.execute("PRAGMA wal_autocheckpoint = 0")
        list(simulate.start(args, GameStore(database))[2])
        shutil.copytree(where / "live", where / "state")   # while the kiosk holds it open
    return where / "state"


@pytest.mark.parametrize("command", READERS, ids=" ".join)
def test_a_deleted_write_ahead_log_is_refused_by_every_reader_and_left_as_evidence(
        cut_off: Path, tmp_path: Path, command: tuple[str, ...]) -> None:
    folder = copy_of(cut_off, tmp_path / "state")
    (folder / f"{FILENAME}-wal").unlink()
    before = files(folder)
    line = one_line(outcome(on(folder, command)))
    assert str(folder / FILENAME) in line and "the write-ahead log was deleted" in line \
        and "history --check" in line
    assert files(folder) == before   # no schema made, no -shm removed
    check = outcome(on(folder, ("history", "--check")))
    assert check.code == 1 and "the write-ahead log was deleted" in check.out


def older_file(folder: Path, version: int) -> Path:
    """A state folder whose database is at schema ``version``, with one finished game."""
    folder.mkdir()
    with Database(folder / FILENAME, migrations=MIGRATIONS[:version]) as database:
        if version:
            with database.transaction() as db:
                db.execute("INSERT INTO games (kind, state, players, settings, snapshot, result, "
                           "started_at, finished_at) VALUES ('not-not', 'finished', 2, '{}', "
                           "'{}', '{\"winners\": [1], \"scores\": {\"1\": 1, \"2\": 0}}', "
                           "'2025-01-01T10:00:00Z', '2025-01-01T10:05:00Z')")
    return folder


@pytest.mark.parametrize("version", [0, 1, 3, 4])
def test_readers_read_an_older_file_as_it_is_without_migrating_it(tmp_path: Path,
                                                                  version: int) -> None:
    folder = older_file(tmp_path / "state", version)
    before = files(folder)
    for command in READERS[:3] + READERS[4:7]:
        result = outcome(on(folder, command))
        assert result.clear and "schema" not in result.err, (command, result)
    history = outcome(on(folder, ("history",)))
    assert history.code == 0
    assert ("No finished Not Not games yet" in history.out) if version == 0 else \
        ("P1 1  P2 0" in history.out)
    assert files(folder) == before
    with sqlite3.connect(f"file:{folder / FILENAME}?mode=ro", uri=True) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == version


def test_board_and_profile_leave_a_damaged_file_untouched(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    assert outcome(["simulate", "--games", "4", "--names", "Ana,Bo", "--state-dir",
                    str(folder)]).code == 0
    (folder / "companion.lock").unlink()
    data = bytearray((folder / FILENAME).read_bytes())
    data[20 * 4096:21 * 4096] = random.Random(1).randbytes(4096)   # dd ... seek=20 count=1
    (folder / FILENAME).write_bytes(bytes(data))
    before = files(folder)
    for command in (("players", "board"), ("players", "profile", "Ana")):
        result = outcome(on(folder, command))
        assert result.clear and "set aside" not in result.err, (command, result)
        assert files(folder) == before, command   # not a row written, no -wal or -shm made


class ShmCannotGrow:
    """A connection on a disk with no room left: SQLite cannot grow its ``-shm`` index."""

    in_transaction = False

    def execute(self, *args: object) -> None:
        error = sqlite3.OperationalError("disk I/O error")
        error.sqlite_errorname = "SQLITE_IOERR_SHMSIZE"
        raise error

    def close(self) -> None:
        pass


def disk_with(monkeypatch: pytest.MonkeyPatch, folder: Path, free_blocks: int) -> None:
    """``folder``'s disk as 1 GB with ``free_blocks`` blocks of 4 kB free, and SQLite failing
    to grow its index there."""
    blocks = 2**30 // 4096
    disk = os.statvfs_result((4096, 4096, blocks, free_blocks, free_blocks, 0, 0, 0, 0,
                                     255))
    monkeypatch.setattr(os, "statvfs", lambda path: disk)
    monkeypatch.setattr(sqlite3, "connect", lambda *args, **kwargs: ShmCannotGrow())


@pytest.mark.parametrize("command", [("players", "add", "Zed"), ("history",)], ids=" ".join)
def test_a_full_disk_is_said_to_be_full_not_a_failing_card(
        cut_off: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        command: tuple[str, ...]) -> None:
    folder = copy_of(cut_off, tmp_path / "state")
    disk_with(monkeypatch, folder, free_blocks=0)
    line = one_line(outcome(on(folder, command)))
    assert f"the disk holding {folder / FILENAME} is full: 0 kB left" in line, line
    assert "card may be failing" not in line


def test_history_still_reads_a_full_disk_a_refused_writer_left_an_empty_log_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "state"
    assert outcome(["simulate", "--games", "2", "--names", "Ana,Bo", "--state-dir",
                    str(folder)]).code == 0
    (folder / f"{FILENAME}-wal").write_bytes(b"")   # as a writer refused on the full disk leaves
    real_connect = sqlite3.connect
    disk_with(monkeypatch, folder, free_blocks=0)
    monkeypatch.setattr(sqlite3, "connect", lambda where, *args, **kwargs: real_connect(
        where, *args, **kwargs) if "immutable=1" in str(where) else ShmCannotGrow())
    result = outcome(on(folder, ("history",)))
    assert result.code == 0 and result.err == "", result
    assert [line.split()[0] for line in result.out.splitlines()[1:]] == ["2", "1"]


def test_an_input_output_error_with_room_on_the_disk_may_be_the_card(
        cut_off: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = copy_of(cut_off, tmp_path / "state")
    disk_with(monkeypatch, folder, free_blocks=2**30 // 4096 // 2)
    line = one_line(outcome(on(folder, ("players", "add", "Zed"))))
    assert "input/output error" in line and "card may be failing" in line


@pytest.mark.parametrize("command", [("players", "add", "Zed"), ("simulate",)], ids=" ".join)
def test_a_new_state_folder_is_made_without_news_of_its_schema(
        tmp_path: Path, command: tuple[str, ...]) -> None:
    folder = tmp_path / "new"
    result = outcome([command[0], "--state-dir", str(folder), *command[1:]])
    assert result.code == 0 and result.err == "", result


def test_upgrading_a_kept_file_is_said(tmp_path: Path) -> None:
    folder = older_file(tmp_path / "state", 3)
    result = outcome(on(folder, ("players", "add", "Zed")))
    assert result.code == 0 and "schema 4" in result.err and "schema 7" in result.err


def test_resume_in_a_folder_that_is_not_there_makes_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "none"
    line = one_line(outcome(["simulate", "--resume", "--state-dir", str(folder)]))
    assert line == f"companion: no unfinished game to resume in {folder}"
    assert not folder.exists()


def test_check_names_a_real_problem_first_not_sqlites_heading(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    assert outcome(["simulate", "--games", "4", "--names", "Ana,Bo", "--state-dir",
                    str(folder)]).code == 0
    data = bytearray((folder / FILENAME).read_bytes())
    for page in range(8192, len(data), 4096):   # most pages spoiled past their headers
        data[page + 100:page + 600] = b"Z" * 500
    (folder / FILENAME).write_bytes(bytes(data))
    check = outcome(on(folder, ("history", "--check")))
    assert check.code == 1 and "***" not in check.out, check
    assert check.out.startswith(f"{folder / FILENAME} is damaged: "), check


def row_gone(monkeypatch: pytest.MonkeyPatch, game_id: int) -> None:
    """Game ``game_id`` listed by the file's index but its row not read back, as a damaged page
    leaves the two (the index still names the game, the table's page no longer holds it)."""
    from companion.storage import games, listing

    real = games.read_game

    def reading(database: Database, wanted: int, kind: str) -> games.SavedGame:
        if wanted == game_id:
            raise games.NoSuchGame(f"there is no {kind} game {wanted} in {database.path}")
        return real(database, wanted, kind)

    monkeypatch.setattr(games, "read_game", reading)
    monkeypatch.setattr(listing, "read_game", reading)


def test_a_listed_game_whose_row_does_not_read_is_damaged_not_missing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The listing once stopped at such a game: 'there is no not-not game 3', exit 2."""
    folder = tmp_path / "state"
    assert outcome(["simulate", "--games", "3", "--names", "Ana,Bo", "--state-dir",
                    str(folder)]).code == 0
    row_gone(monkeypatch, 2)
    result = outcome(on(folder, ("history",)))
    assert result.code == 0 and result.clear, result
    [line] = [line for line in result.out.splitlines() if line.split()[:1] == ["2"]]
    assert "the file lists it, but its row does not read" in line
    assert len([line for line in result.out.splitlines() if "damaged" in line]) == 1
    board = outcome(on(folder, ("players", "board")))
    assert board.code == 0 and board.err == (
        f"companion: 1 kept game in {folder} does not read and is left out (companion history "
        f"--check --state-dir {folder} says why)\n")
