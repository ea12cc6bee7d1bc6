"""``companion bench profile``: how long a player's thinking profile takes over many rounds.

Keeps simulated games of named thinking bots (:mod:`companion.simulation.named_games`) in a
fresh database in ``--state-dir`` (default: a temporary folder) until the first player has sat
in ``--rounds`` rounds, then times what ``companion players profile`` does: reading that
player's rounds from the database and making the profile. Prints what it measured on this
run. Not in ``bench all`` (:data:`companion.tools.benchmarks.every.APART`).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from companion.games.notnot.profile import profile_of
from companion.simulation.named_games import keep_simulated
from companion.storage.database import Database
from companion.storage.played_games import rounds_of
from companion.storage.players import PlayerStore
from companion.tools.argtypes import whole_number
from companion.tools.benchmarks import options

NAME = "profile"
HELP = "time a player's thinking profile over 10,000 saved rounds (read and computed)"
#: The bots' names.
NAMES = ("Ana", "Bo", "Cy", "Di")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rounds", type=whole_number(1, 1_000_000, "rounds"), default=10_000,
                        metavar="N", help="rounds the profiled player sat in (default 10000)")
    options.add_seed(parser, "the simulated games")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="folder for the benchmark's database (default: a temporary folder)")
    options.add_json(parser)


def measure(folder: Path, rounds: int, seed: int) -> dict:
    """Keep games in ``folder`` until the first player has ``rounds`` rounds, then time their
    profile; the figures measured."""
    start = time.perf_counter()
    with Database.in_folder(folder) as database:
        games = kept = 0
        while kept < rounds:
            kept += keep_simulated(database, NAMES, seed + games)[1]
            games += 1
    generated = time.perf_counter() - start
    with Database.for_reading(folder) as database:
        start = time.perf_counter()
        player = PlayerStore(database).find(NAMES[0])
        read = rounds_of(database, player.id)
        after_read = time.perf_counter()
        profile = profile_of(read.rounds)
        done = time.perf_counter()
    return {"rounds": profile.rounds, "games": games, "generate_s": round(generated, 3),
            "read_ms": round((after_read - start) * 1000, 1),
            "profile_ms": round((done - after_read) * 1000, 1),
            "total_ms": round((done - start) * 1000, 1)}


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="companion-bench-", dir=args.state_dir) as folder:
        report = {"folder": (str(Path(args.state_dir).resolve()) if args.state_dir
                             else tempfile.gettempdir()),
                  **measure(Path(folder), args.rounds, args.seed)}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"profile of {report['rounds']} rounds ({report['games']} games kept in "
          f"{report['generate_s']} s in {report['folder']}): read {report['read_ms']} ms, "
          f"profile {report['profile_ms']} ms, total {report['total_ms']} ms")
    return 0
