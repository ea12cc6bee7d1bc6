"""Whether the state database is sound, read without writing a byte, and how to recover.

What ``companion history --check`` prints and ``companion doctor``'s ``state`` line says:
the write-ahead log beside the file, SQLite's integrity check and every kept game's verdict,
each problem on a line, then how to recover (docs/KIOSK.md, "When the state database fails").
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError
from companion.storage import wal
from companion.storage.database import FILENAME, Database
from companion.storage.faults import RECOVERY, DamagedDatabase
from companion.storage.listing import GameLine, verdict
from companion.storage.recovery import game_ids


def check_lines(folder: Path) -> list[str]:
    """What is damaged in the state database in ``folder`` and how to recover (``[]``: it is
    sound), read without writing a byte (opened read-only, so its write-ahead log is not folded
    in): the log beside it, SQLite's integrity check and every kept game's verdict."""
    path = folder / FILENAME
    log_problems = wal.problems(path, wal.file_pages(path))   # before SQLite mends it away
    try:   # a log that is not there, or not to be trusted, is left as it lies
        database = Database.for_reading(folder, read_only=True, file_only=bool(
            log_problems or not Path(f"{path}-wal").exists()))
    except DamagedDatabase as error:
        return damage_lines([str(error)], log_problems, [], recoverable=bool(log_problems))
    with database:
        verdict = database.integrity_check()
        pages = [] if verdict == "ok" else verdict.splitlines()
        games = damaged_games(database)
    if not (log_problems or pages or games):
        return []
    first = [f"{path} is damaged: {pages[0]}" + (f" (and {len(pages) - 1} more problems)"
                                                 if len(pages) > 1 else "")] if pages else []
    return damage_lines(first, log_problems, games, path,
                        recoverable=bool(log_problems or pages))


def damaged_games(database: Database) -> list[tuple[int, str]]:
    """``(id, what is wrong)`` of every kept game, of any kind, that is damaged by the listing's
    verdict (set aside, or a field or round record that does not read)."""
    found = []
    for game_id in game_ids(database):
        try:
            kind = database.read("SELECT kind FROM games WHERE id = ?", (game_id,))[0][0]
            game = verdict(database, game_id, str(kind))
        except (CompanionError, IndexError) as error:
            found.append((game_id, f"its row does not read ({error})"))
            continue
        if isinstance(game, GameLine) and game.damaged:
            found.append((game_id, game.damaged))
    return found


def damage_lines(first: list[str], log_problems: list[str], games: list[tuple[int, str]],
                 path: Path | None = None, *, recoverable: bool) -> list[str]:
    """What is damaged, and how to recover: with ``--recover-to`` when ``recoverable`` (its
    log or its pages are damaged), else what becomes of the damaged games."""
    lines = list(first)
    where = f"{path}: " if path else ""
    lines += [f"{where}{line}" for line in log_problems]
    lines += [f"{where}game {game_id} is damaged: {reason[:100]}" for game_id, reason in games[:10]]
    if len(games) > 10:
        lines.append(f"{where}and {len(games) - 10} more damaged games")
    if log_problems:
        lines.append("Before the kiosk or any other command opens it, keep a copy of the state "
                     "folder as it is (sudo cp -a): SQLite folds its log into the file when it "
                     "closes.")
    if recoverable:
        lines.append(f"To recover the games that still read: companion history --recover-to "
                     f"NEW_FOLDER (see {RECOVERY}).")
    elif games:
        lines.append("The damaged games are kept as they are and never offered for resume; "
                     f"companion history lists them as damaged (see {RECOVERY}).")
    return lines
