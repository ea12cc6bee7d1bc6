"""Whether the state database is sound, read without writing a byte, and how to recover.

What ``companion history --check`` prints and ``companion doctor``'s ``state`` line says:
the write-ahead log beside the file, the damaged logs kept beside it when it was opened
(:func:`companion.storage.wal.keep_damaged`), SQLite's integrity check, every kept game's
verdict and every kept Not Not round read as the replay reads it
(:func:`companion.storage.restoring.read_record`, only here: the listings stay fast), each
problem on a line, then how to recover (docs/KIOSK.md, "When the state database fails").
"""

from __future__ import annotations

from pathlib import Path

from companion.errors import CompanionError
from companion.storage import wal
from companion.storage.database import FILENAME, Database
from companion.storage.faults import RECOVERY, DamagedDatabase
from companion.storage.games import NOT_NOT, SavedGame, runs, runs_words
from companion.storage.listing import GameLine, verdict
from companion.storage.recovery import game_ids
from companion.storage.restoring import UnreadableRecord, read_record
from companion.storage.score_sheets import HAT, MOVIE

#: The damaged games, and the rounds that do not read, named one a line (then how many more).
SHOWN = 10
#: The command that lists the kept games of each kind, the damaged ones among them.
LISTED_BY = {NOT_NOT: "companion history", MOVIE: f"companion score-sheet {MOVIE}",
             HAT: f"companion score-sheet {HAT}"}
#: A damaged game: its id, what is wrong, and its kind ("" when its row does not read).
Damaged = tuple[int, str, str]


def check_lines(folder: Path) -> list[str]:
    """What is damaged in the state database in ``folder`` and how to recover (``[]``: it is
    sound), read without writing a byte (opened read-only, so its write-ahead log is not folded
    in): the log beside it, the damaged logs kept beside it, SQLite's integrity check, every kept
    game's verdict and every kept Not Not round's record."""
    path = folder / FILENAME
    log_problems = wal.steady_problems(path)   # before SQLite mends it away
    kept = kept_log_lines(path)
    try:   # a log that is not there, or not to be trusted, is left as it lies
        database = Database.for_reading(folder, file_only=bool(
            log_problems or not Path(f"{path}-wal").exists()))
    except DamagedDatabase as error:
        return damage_lines([str(error)], log_problems, [], kept=kept,
                            recoverable=bool(log_problems))
    with database:
        verdict = database.integrity_check()
        pages = [] if verdict == "ok" else verdict.splitlines()
        games, rounds = damaged_games(database)
    if not (log_problems or kept or pages or games or rounds):
        return []
    first = [f"{path} is damaged: {pages[0]}" + (f" (and {len(pages) - 1} more problems)"
                                                 if len(pages) > 1 else "")] if pages else []
    return damage_lines(first, log_problems, games, path, rounds=rounds, kept=kept,
                        recoverable=bool(log_problems or pages))


def unseen_saves(folder: Path) -> str:
    """The first thing the write-ahead log beside the state database in ``folder`` loses (its
    header that does not check, a damaged frame with saves after it, ...), or "": what a
    listing shows is then the file without those saves."""
    path = folder / FILENAME
    if not (path.is_file() and Path(f"{path}-wal").is_file()):   # a log deleted: every reader
        return ""                                                  # refuses it, in one line
    lost = wal.steady_problems(path)
    return lost[0] if lost else ""


def kept_log_lines(path: Path) -> list[str]:
    """One line for each damaged write-ahead log kept beside the database ``path`` when it was
    opened, with what SQLite did not read of it (a log kept for being cut short reads whole:
    the saves it lost are past its end)."""
    lines = []
    for copy in wal.kept_copies(path):
        try:
            lost = wal.lost_in(copy.read_bytes())
        except OSError as error:
            what = f"it does not read ({error.strerror})"
        else:
            what = f"it {lost[1]}, and those saves are not in the database" if lost else \
                "it was cut short, and the saves past its end are not in the database"
        lines.append(f"{copy.name} is a damaged write-ahead log kept when the database was "
                     f"opened: {what}")
    return lines


def damaged_games(database: Database) -> tuple[list[Damaged], list[tuple[int, int, str]]]:
    """``(id, what is wrong, kind)`` of every kept game, of any kind, that is damaged by the
    listing's verdict (set aside, or a field or round record that does not read), and ``(id, round,
    what is wrong)`` of every round of a Not Not game the verdict reads whole whose record
    does not read as the replay reads it (:func:`unreadable_rounds`)."""
    found: list[Damaged] = []
    rounds: list[tuple[int, int, str]] = []
    for game_id in game_ids(database):
        try:
            kind = str(database.read("SELECT kind FROM games WHERE id = ?", (game_id,))[0][0])
            game = verdict(database, game_id, kind)
        except (CompanionError, IndexError) as error:
            found.append((game_id, f"its row does not read ({error})", ""))
            continue
        if isinstance(game, GameLine) and game.damaged:
            found.append((game_id, game.damaged, kind))
        elif isinstance(game, SavedGame) and game.kind == NOT_NOT:
            rounds += [(game_id, n, what) for n, what in unreadable_rounds(game)]
    return found, rounds


def unreadable_rounds(game: SavedGame) -> list[tuple[int, str]]:
    """``(round, what is wrong)`` of each kept round of Not Not ``game`` whose record does not
    read (:func:`companion.storage.restoring.read_record`: its shape, then its values)."""
    found = []
    for number, record in enumerate(game.rounds, 1):
        try:
            read_record(record)
        except UnreadableRecord as error:
            n = record.get("n")   # the store checked it is the round's number
            found.append((n if isinstance(n, int) else number,
                          f": {error}" if error.shaped else f" ({error})"))
    return found


def damage_lines(first: list[str], log_problems: list[str], games: list[Damaged],
                 path: Path | None = None, *, rounds: list[tuple[int, int, str]] | None = None,
                 kept: list[str] | None = None, recoverable: bool) -> list[str]:
    """What is damaged, and how to recover: with ``--recover-to`` when ``recoverable`` (its
    log or its pages are damaged), else what becomes of the damaged games and rounds; and what
    to do with the damaged logs ``kept`` beside it."""
    lines = list(first)
    where = f"{path}: " if path else ""
    rounds, kept = rounds or [], kept or []
    lines += [f"{where}{line}" for line in log_problems + kept]
    lines += [f"{where}game {game_id} is damaged: {reason[:100]}"
              for game_id, reason, _ in games[:SHOWN]]
    if len(games) > SHOWN:
        lines.append(f"{where}and {len(games) - SHOWN} more damaged games")
    lines += [f"{where}game {game_id} round {n} does not read{what[:100]}"
              for game_id, n, what in rounds[:SHOWN]]
    if len(rounds) > SHOWN:
        lines.append(f"{where}and {len(rounds) - SHOWN} more rounds that do not read")
    if kept:
        lines.append("The companion does not read a kept log back: keep it for whoever mends the "
                     "file (the saves past its damage may be in it), then move it out of the "
                     f"state folder and the check passes (see {RECOVERY}).")
    if log_problems:
        lines.append("Before the kiosk or any other command opens it, keep a copy of the state "
                     "folder as it is (sudo cp -a): SQLite folds its log into the file when it "
                     "closes.")
    if recoverable:
        lines.append(f"To recover the games that still read: companion history --recover-to "
                     f"NEW_FOLDER (see {RECOVERY}).")
    elif games:
        listed = listed_where(games)
        lines.append("The damaged games are kept as they are and never offered for resume"
                     f"{'; ' if listed else ''}{listed} (see {RECOVERY}).")
    if rounds and not recoverable:
        lines.append("The rounds that do not read are kept as they are: companion replay names "
                     "them, the players' board and profiles leave them out, and an unfinished "
                     f"game with one is never offered for resume (see {RECOVERY}).")
    return lines


def listed_where(games: list[Damaged]) -> str:
    """Which command lists the damaged ``games`` (:data:`LISTED_BY`): ``companion history
    lists them as damaged`` when one lists them all, else each with its games (``companion
    history lists game 2 as damaged, companion score-sheet not-that-movie lists game 5``);
    a game of no kind a command lists is not named ("" when none is)."""
    by_command: dict[str, list[int]] = {}
    for game_id, _, kind in games:
        if kind in LISTED_BY:
            by_command.setdefault(LISTED_BY[kind], []).append(game_id)
    if len(by_command) == 1 and len(next(iter(by_command.values()))) == len(games):
        return f"{next(iter(by_command))} lists {'it' if len(games) == 1 else 'them'} as damaged"
    said = [f"{command} lists {ids_words(ids)}" for command, ids in by_command.items()]
    return f"{said[0]} as damaged{''.join(f', {more}' for more in said[1:])}" if said else ""


def ids_words(ids: list[int]) -> str:
    """Game ids as runs (``game 5``, ``games 2, 9-11``), the first :data:`SHOWN` runs only
    (then ``and more``)."""
    found = runs(sorted(ids))
    return runs_words(found[:SHOWN], "game") + (" and more" if len(found) > SHOWN else "")
