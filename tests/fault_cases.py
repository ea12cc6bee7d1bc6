"""Fault injection for the fault tests (tests/test_fault_*.py): damaged state, bad input, and a
judge of how each command answers.

Each ``*_cases`` function gives ``(name, spoil)`` pairs; ``spoil(folder)`` damages a state
folder made by :func:`kept_folder`. :func:`outcome` runs a command in-process, as
``companion ...`` would, and says how it ended. Run as a script, it tries every case and prints
the counts per category and outcome as JSON (the numbers in the issue's closing note)::

    .venv/bin/python tests/fault_cases.py
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shutil
import sqlite3
import sys
from argparse import Namespace
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from companion.cli import main
from companion.commands import simulate
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore

#: Not Not games kept by :func:`kept_folder`: three finished, one unfinished after 3 rounds.
FINISHED_IDS, UNFINISHED_ID = (1, 2, 3), 4
MOVIE_ID, HAT_ID = 5, 6
#: The game the field cases damage (finished), and the rest that must stay listed.
DAMAGED_ID = 2
#: What every command is tried with.
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("history",), ("history", "--json"), ("history", "--check"),
    ("score-sheet", "not-that-movie"), ("score-sheet", "thats-not-a-hat"),
    ("simulate", "--resume", "--json"),
)


@dataclass(frozen=True)
class Outcome:
    """How one command ended."""

    code: int
    out: str
    err: str

    @property
    def clear(self) -> bool:
        """No internal error, no traceback, and a failure says so in one ``companion:`` line."""
        text = self.out + self.err
        if "internal error" in text or "Traceback" in text:
            return False
        said = [line for line in self.err.splitlines() if line.startswith("companion")]
        return self.code in (0, 1) or (self.code == 2 and len(said) == 1)

    @property
    def kind(self) -> str:
        """``ok``, ``refused`` (exit 1 or 2 with a clear line) or ``UNCLEAR``."""
        if not self.clear:
            return "UNCLEAR"
        return "ok" if self.code == 0 else "refused"


def outcome(argv: list[str], stdin: bytes = b"") -> Outcome:
    """Run ``companion argv`` in this process with ``stdin``; how it ended."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:   # argparse
                code = exit_.code if isinstance(exit_.code, int) else 2
            except BaseException as error:   # what main let through: a traceback
                err.write(f"Traceback: {type(error).__name__}: {error}\n")
                code = 99
    finally:
        sys.stdin = saved_stdin
    return Outcome(code, out.getvalue(), err.getvalue())


def on(folder: Path, command: tuple[str, ...]) -> list[str]:
    """``command``'s argv with ``--state-dir folder``."""
    return [*command, "--state-dir", str(folder)]


# ---------------------------------------------------------------- the kept state
def kept_folder(folder: Path) -> Path:
    """A state folder with three finished Not Not games, one unfinished after three rounds,
    one finished Not That Movie! and one finished That's Not a Hat game; closed (checkpointed)."""
    args = Namespace(seed=7, players=3, level="normal", tie_window_us=1000)
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        for seed in range(3):
            args.seed = 7 + seed
            list(simulate.start(args, store)[2])
        records = simulate.start(args, store)[2]
        for _ in range(3):
            next(records)
        movie = GameStore(database, kind="not-that-movie")
        game_id = movie.create(3, {"team": "Popcorn"}, {})
        movie.finish(game_id, {"rounds": [5, 7], "total": 12, "stars": 2, "title": "Fans"})
        hat = GameStore(database, kind="thats-not-a-hat")
        game_id = hat.create(2, {}, {})
        hat.finish(game_id, {"rounds": [{"1": 0, "2": 1}, {"1": 2, "2": 0}]})
    return folder


def copy_of(pristine: Path, folder: Path) -> Path:
    """A copy of the state folder ``pristine`` in ``folder``."""
    shutil.copytree(pristine, folder, dirs_exist_ok=True)
    return folder


def write_raw(folder: Path, sql: str, parameters: tuple = ()) -> None:
    """Run ``sql`` on the state database past SQLite's checks, as a damaged disk might."""
    raw = sqlite3.connect(folder / FILENAME, isolation_level=None)
    raw.execute("PRAGMA ignore_check_constraints = ON")
    raw.execute(sql, parameters)
    raw.close()


# ---------------------------------------------------------------- the cases
#: Values a damaged field may hold: bad JSON, JSON of a wrong type, SQL of a wrong type.
BAD_VALUES: tuple[tuple[str, object], ...] = (
    ("cut JSON", '{"level": "nor'), ("JSON list", "[1, 2]"), ("JSON number", "42"),
    ("JSON string", '"text"'), ("JSON null", "null"), ("integer", 7), ("real", 2.5),
    ("blob", b"\x00\xff\xfe"), ("not UTF-8 text", "CAST(x'ff00fe' AS TEXT)"), ("NULL", None),
    ("deep JSON", "[" * 5000 + "]" * 5000), ("huge number", "9" * 5000),
)
NULLABLE = ("result", "finished_at")
GAME_COLUMNS = ("state", "players", "settings", "snapshot", "result", "started_at", "finished_at")


def _set(table: str, column: str, where: str, value: object) -> Callable[[Path], None]:
    if isinstance(value, str) and value.startswith("CAST("):
        return lambda folder: write_raw(folder,
                                        f"UPDATE {table} SET {column} = {value} WHERE {where}")
    return lambda folder: write_raw(folder, f"UPDATE {table} SET {column} = ? WHERE {where}",
                                    (value,))


def field_cases(game_id: int = DAMAGED_ID) -> Iterator[tuple[str, Callable[[Path], None]]]:
    """Every stored field of game ``game_id`` and of its second round, spoiled every way."""
    for column in GAME_COLUMNS:
        for label, value in BAD_VALUES:
            if value is not None or column in NULLABLE:
                yield f"game {game_id} {column}: {label}", _set("games", column, f"id = {game_id}",
                                                                value)
    for label, value in BAD_VALUES[:-3] + BAD_VALUES[-2:]:
        yield f"game {game_id} round 2: {label}", _set("rounds", "record",
                                                       f"game_id = {game_id} AND n = 2", value)


def snapshot_cases() -> Iterator[tuple[str, Callable[[Path], None]]]:
    """The unfinished game's snapshot with one field of a wrong type or value."""
    for key, value in (("players", "3"), ("seed", None), ("round_no", -1.5), ("over", "no"),
                       ("deck", 5), ("table", []), ("points", {"x": 1}), ("level", "easy"),
                       ("dice", "none"), ("timing", {"x": 1}), ("recipe", []),
                       ("players", 1000), ("players", 0), ("points", {"1": [], "2": [], "7": []}),
                       ("timing.tie_window_ns", -5), ("timing.tie_window_ns", 10**10),
                       ("timing.idle_timeout_ns", 0), ("timing.round_timeout_ns", 1.5),
                       ("timing.choice_timeout_ns", 10**30)):
        yield f"unfinished snapshot {key} = {value!r}", _set_snapshot(key, value)


def _set_snapshot(key: str, value: object) -> Callable[[Path], None]:
    return lambda folder: write_raw(
        folder, "UPDATE games SET snapshot = json_set(snapshot, ?, json(?)) WHERE id = ?",
        (f"$.{key}", json.dumps(value), UNFINISHED_ID))


def byte_cases(count: int = 60, seed: int = 14) -> Iterator[tuple[str, Callable[[Path], None]]]:
    """``count`` random changes of 1 to 8 bytes inside the database's pages (past its header)."""
    rng = random.Random(seed)
    for number in range(count):
        changes = [(rng.randrange(100, 1 << 20), rng.randrange(256))
                   for _ in range(rng.randint(1, 8))]
        yield f"random bytes #{number}", lambda folder, changes=changes: _poke(folder, changes)


def _poke(folder: Path, changes: list[tuple[int, int]]) -> None:
    path = folder / FILENAME
    data = bytearray(path.read_bytes())
    for offset, value in changes:
        data[offset % len(data)] = value
    path.write_bytes(bytes(data))


def truncation_cases() -> Iterator[tuple[str, Callable[[Path], None]]]:
    """The database cut short: at page boundaries and mid-page."""
    for cut in (0, 50, 100, 4096, 4096 + 777, 2 * 4096, 3 * 4096 + 10, 5 * 4096, -4096, -1000):
        yield f"cut at {cut}", lambda folder, cut=cut: _cut(folder, cut)


def _cut(folder: Path, cut: int) -> None:
    path = folder / FILENAME
    data = path.read_bytes()
    path.write_bytes(data[:cut] if cut >= 0 else data[:len(data) + cut])


def foreign_cases() -> Iterator[tuple[str, Callable[[Path], None]]]:
    """Another program's database, or a newer companion's, in place of ours."""
    def other(version: int, tables: str) -> Callable[[Path], None]:
        def make(folder: Path) -> None:
            for name in (FILENAME, FILENAME + "-wal", FILENAME + "-shm"):
                (folder / name).unlink(missing_ok=True)
            raw = sqlite3.connect(folder / FILENAME)
            if tables:
                raw.execute(tables)
            raw.execute(f"PRAGMA user_version = {version}")
            raw.commit()
            raw.close()
        return make
    yield "another program, version 0", other(0, "CREATE TABLE notes (x)")
    yield "another program, version 2", other(2, "CREATE TABLE notes (x)")
    yield "another program, version 3, no tables", other(3, "")
    yield "a newer companion (version 99)", lambda folder: write_raw(folder,
                                                                     "PRAGMA user_version = 99")
    yield "a text file", lambda folder: (folder / FILENAME).write_text("shopping list\n" * 400)


def sheet_cases() -> Iterator[tuple[str, Callable[[Path], None]]]:
    """Every field of the kept Not That Movie! and That's Not a Hat games, spoiled every way."""
    for game_id in (MOVIE_ID, HAT_ID):
        yield from ((name, spoil) for name, spoil in field_cases(game_id) if "round 2" not in name)


CATEGORIES: dict[str, Callable[[], Iterator]] = {
    "wrong type or bad JSON in a stored field": field_cases,
    "a score-sheet game's field spoiled": sheet_cases,
    "unfinished game's snapshot of a wrong type": snapshot_cases,
    "random byte changes inside pages": byte_cases,
    "truncated database": truncation_cases,
    "another program's or a newer database": foreign_cases,
}


def counts(scratch: Path) -> dict:
    """Every case of every category against every command: outcome counts per category."""
    pristine = kept_folder(scratch / "pristine")
    report: dict[str, Counter] = {}
    for category, cases in CATEGORIES.items():
        tally = report.setdefault(category, Counter())
        for number, (_name, spoil) in enumerate(cases()):
            folder = copy_of(pristine, scratch / f"{category[:10]}-{number}")
            spoil(folder)
            for command in COMMANDS:
                tally[outcome(on(folder, command)).kind] += 1
            shutil.rmtree(folder)
    return {category: dict(tally) for category, tally in report.items()}


if __name__ == "__main__":
    import logging
    import tempfile

    logging.disable(logging.WARNING)
    with tempfile.TemporaryDirectory() as scratch:
        print(json.dumps(counts(Path(scratch)), indent=2))
