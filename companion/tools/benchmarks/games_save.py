"""``companion bench games-save``: how long saving one entry of the other two games takes.

Not That Movie! and That's Not a Hat save the game after every entry that
changed it (a vote locked, a token placed, a gift given, a penalty), in one
SQLite transaction with ``synchronous=FULL``, on the loop's thread. This
plays the demo's scripted games (seeded) through the pad machines into a fresh
database in ``--state-dir`` (default: a temporary folder; on the Pi, point it
at the SD card's state folder) and prints each save's time as measured.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.hat.pads import HatPads
from companion.games.hat.rules import HatGame
from companion.games.movie.pads import MoviePads
from companion.games.movie.rules import MovieGame
from companion.simulation.scripted_tables import GAMES, MOVIE, demo_script, menu_script
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.tools.benchmarks import options

NAME = "games-save"
HELP = ("time saving an entry of Not That Movie! or That's Not a Hat "
        "(one transaction, synchronous=FULL)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.add_saving(parser, "games of each kind", players=(3, 6))


def play_and_save(database: Database, kind: str, players: int, seed: int) -> list[float]:
    """One scripted game of ``kind``, saved after each entry; each save's time in seconds."""
    game: MovieGame | HatGame
    pads: MoviePads | HatPads
    if kind == MOVIE:
        game = MovieGame(players)
        pads = MoviePads(game)
    else:
        game = HatGame(players)
        pads = HatPads(game)
    kept = KeptGame.start(database, game, {"benchmark": True})
    script = demo_script(kind, players, seed).presses
    times = []
    for player, side in script[len(menu_script(kind, players)):]:
        moves = game.moves_made
        pads.press(player, side)
        if game.moves_made != moves:
            start = time.perf_counter()
            kept.moved()
            kept.sync(database)
            times.append(time.perf_counter() - start)
    start = time.perf_counter()
    kept.finish()
    kept.sync(database)
    return times + [time.perf_counter() - start]


def run(args: argparse.Namespace) -> int:
    times: dict[str, list[float]] = {kind: [] for kind in GAMES}
    with tempfile.TemporaryDirectory(prefix="companion-bench-", dir=args.state_dir) as folder:
        with Database.in_folder(folder) as database:
            for n in range(args.games):
                for kind in GAMES:
                    times[kind] += play_and_save(database, kind, args.players, args.seed + n)
    report = {"folder": (str(Path(args.state_dir).resolve()) if args.state_dir
                         else tempfile.gettempdir()),
              "games_each": args.games, "players": args.players}
    for kind, seconds in times.items():
        ms = sorted(t * 1000 for t in seconds)
        report[kind] = {"saves": len(ms), "save_ms_median": round(statistics.median(ms), 3),
                        "save_ms_p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 3),
                        "save_ms_max": round(ms[-1], 3)}
    if args.json:
        print(json.dumps(report))
        return 0
    for kind in GAMES:
        r = report[kind]
        print(f"{kind}: {r['saves']} saves in {report['folder']}: median {r['save_ms_median']} ms, "
              f"p99 {r['save_ms_p99']} ms, max {r['save_ms_max']} ms")
    return 0
