"""``companion history``: the finished games kept in the state folder.

One line per game, newest first: when it ended, players, level, rounds,
winners and scores, and "ended early" for a game the table ended before its
rules did. ``--json`` prints every stored detail instead, rounds
with their taps, stamps and verdicts included.
"""

from __future__ import annotations

import json
import sys

from companion.argtypes import whole_number
from companion.errors import CompanionError
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore, SavedGame
from companion.storage.location import state_dir

NAME = "history"
HELP = "list the finished games kept in the state folder"


def add_arguments(parser) -> None:
    parser.add_argument("--state-dir", metavar="DIR",
                        help="the state folder (default: $COMPANION_STATE_DIR, /var/lib/companion "
                             "if it exists, else ~/.local/state/companion)")
    parser.add_argument("--limit", type=whole_number(1, 1_000_000, "games"), metavar="N",
                        help="only the N newest games")
    parser.add_argument("--json", action="store_true", help="print a JSON list with every round")


def describe(game: SavedGame) -> str:
    """One line for a finished game."""
    result = game.result or {}
    scores = "  ".join(f"P{player} {n}" for player, n in result.get("scores", {}).items())
    winners = " ".join(f"P{player}" for player in result.get("winners", ())) or "-"
    ended = (game.finished_at or "").replace("T", " ")[:19]
    level = str(game.settings.get("level", "-")) + (" (simulated)" if game.settings.get("simulated") else "")
    early = "  (ended early)" if game.ended_early else ""
    return (f"{game.id:>5}  {ended:<19}  {game.players:>7}  {level:<22}  {len(game.rounds):>6}  "
            f"{winners:<8}  {scores}{early}")


def run(args) -> int:
    folder = state_dir(args.state_dir)
    games = []
    try:
        present = (folder / FILENAME).exists()
    except OSError as error:
        raise CompanionError(f"cannot read the state folder {folder}: {error.strerror}") from None
    if present:
        with Database.in_folder(folder) as database:
            games = GameStore(database).finished(limit=args.limit)
    if args.json:
        json.dump([game.to_dict() for game in games], sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
        return 0
    if not games:
        where = folder if folder.is_dir() else f"{folder} (no such folder)"
        print(f"No finished games yet in {where}.")
        return 0
    print(f"{'Game':>5}  {'Finished (UTC)':<19}  {'Players':>7}  {'Level':<22}  {'Rounds':>6}  {'Winners':<8}  Scores")
    for game in games:
        print(describe(game))
    return 0
