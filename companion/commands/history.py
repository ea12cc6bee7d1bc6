"""``companion history``: the finished games kept in the state folder.

One line per game, newest first: when it ended (local time), players, level,
rounds, winners and scores, and "ended early" for a game the table ended
before its rules did; a game that does not read is listed as damaged,
with what is wrong, and the listing goes on. ``--json`` prints every stored
detail instead, rounds with their taps, stamps and verdicts included. Games
are read a page at a time (:mod:`companion.storage.listing`), so memory stays
bounded however long the history. ``--check`` runs SQLite's integrity check
and says how to recover if it fails; ``--recover-to DIR`` copies every game
that still reads into a new state database in DIR.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path

from companion.commands.argtypes import whole_number
from companion.storage.database import FILENAME, Database
from companion.storage.faults import RECOVERY, DamagedDatabase
from companion.storage.games import NOT_NOT
from companion.storage.listing import GameLine, game_lines, whole_games
from companion.storage.location import state_dir
from companion.storage.recovery import recover

NAME = "history"
HELP = "list the finished games kept in the state folder"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state-dir", metavar="DIR",
                        help="the state folder (default: $COMPANION_STATE_DIR, /var/lib/companion "
                             "if it exists, else ~/.local/state/companion)")
    parser.add_argument("--limit", type=whole_number(1, 1_000_000, "games"), metavar="N",
                        help="only the N newest games")
    parser.add_argument("--json", action="store_true", help="print a JSON list with every round")
    parser.add_argument("--check", action="store_true",
                        help="check the state database (SQLite integrity check) and say how to "
                             "recover if it is damaged")
    parser.add_argument("--recover-to", metavar="DIR",
                        help="copy every game that still reads into a new state database in DIR "
                             "(the damaged one is only read)")


def local_time(stamp: str | None) -> str:
    """A stored UTC ISO 8601 ``stamp`` in this machine's local time, to the second."""
    if stamp is None:
        return ""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except (TypeError, ValueError, OverflowError):
        return str(stamp or "")[:19]


def describe(game: GameLine) -> str:
    """One line for a listed game."""
    if game.damaged:
        return f"{game.id:>5}  damaged, set aside: {game.damaged[:100]}"
    scores = game.result.get("scores")
    scores = "  ".join(f"P{player} {n}" for player, n in scores.items()) \
        if isinstance(scores, dict) else "?"
    winners = game.result.get("winners")
    winners = " ".join(f"P{player}" for player in winners) if isinstance(winners, list) else "?"
    level = str(game.settings.get("level", "-"))[:22] + \
        (" (simulated)" if game.settings.get("simulated") else "")
    return (f"{game.id:>5}  {local_time(game.finished_at):<19}  {game.players:>7}  {level:<22}  "
            f"{game.rounds:>6}  {winners or '-':<8}  {scores}"
            + ("  (ended early)" if game.ended_early else ""))


def check(database: Database) -> int:
    """Print the integrity check's verdict: 0 if ok, else 1 with how to recover."""
    verdict = database.integrity_check()
    if verdict == "ok":
        print(f"{database.path}: ok")
        return 0
    lines = verdict.splitlines()
    print(f"{database.path} is damaged: {lines[0]}" + (f" (and {len(lines) - 1} more problems)"
                                                      if len(lines) > 1 else ""))
    print(f"To recover the games that still read: companion history --recover-to NEW_FOLDER "
          f"(see {RECOVERY}).")
    return 1


def recover_to(database: Database, folder: Path) -> int:
    """Copy the games that read into ``folder``; say how many, and which were left behind."""
    recovered = recover(database, folder)
    print(f"copied {len(recovered.copied)} games into {folder / FILENAME}; "
          f"{len(recovered.left)} did not read and stay only in {database.path}")
    for game_id, reason in recovered.left:
        print(f"  game {game_id}: {reason[:100]}")
    return 0


def print_json(database: Database, limit: int | None) -> None:
    """A JSON list of the listed games, written one game at a time."""
    sys.stdout.write("[")
    for number, game in enumerate(whole_games(database, NOT_NOT, limit)):
        entry = {"id": game.id, "damaged": game.damaged} if isinstance(game, GameLine) \
            else game.to_dict()
        sys.stdout.write(("," if number else "") + json.dumps(entry, separators=(",", ":")))
    sys.stdout.write("]\n")


def print_lines(database: Database, limit: int | None, folder: Path) -> None:
    """The table of listed games, or a line saying there are none."""
    lines = game_lines(database, NOT_NOT, limit)
    first = next(lines, None)
    if first is None:
        print(f"No finished games yet in {folder}.")
        return
    print(f"{'Game':>5}  {'Finished (local)':<19}  {'Players':>7}  {'Level':<22}  {'Rounds':>6}  "
          f"{'Winners':<8}  Scores")
    print(describe(first))
    for game in lines:
        print(describe(game))


def run(args: argparse.Namespace) -> int:
    folder = state_dir(args.state_dir)
    if not Database.kept_in(folder):
        if args.json:
            print("[]")
        else:
            where = folder if folder.is_dir() else f"{folder} (no such folder)"
            print(f"No finished games yet in {where}.")
        return 0
    with Database.for_reading(folder) as database:
        if args.check:
            return check(database)
        if args.recover_to:
            return recover_to(database, Path(args.recover_to))
        try:
            if args.json:
                print_json(database, args.limit)
            else:
                print_lines(database, args.limit, folder)
        except DamagedDatabase as error:
            verdict = database.integrity_check().splitlines()[0]
            raise DamagedDatabase(f"{error} (integrity check: {verdict[:120]})") from None
    return 0
