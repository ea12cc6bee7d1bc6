"""``companion bench storage``: how long saving one finished round takes.

Plays simulated games (seeded) and saves each round with the game's snapshot
in one transaction, as the kiosk does, into a fresh database in ``--state-dir``
(default: a temporary folder; on the Pi, point it at the SD card's state
folder). Prints the per-round commit times it measured: they are the time the
main loop would spend on the disk at the end of each round; and the median in units of its
floor in this run, a bare SQLite insert of the same bytes with the same durability
(:func:`~companion.tools.benchmarks.floors.bare_insert_ms`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from companion.games.notnot import data_file as data
from companion.games.notnot.game import Game
from companion.simulation.virtual_game import play
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.tools.benchmarks import floors, options

NAME = "storage"
HELP = "time saving a round and its snapshot (one SQLite transaction, WAL, synchronous=FULL)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.add_saving(parser, "Not Not games", players=(2, 8))


def save_games(folder: Path, games: int, players: int,
               seed: int) -> tuple[list[float], list[bytes]]:
    """Play and save ``games`` games in ``folder``; each round's save time in seconds, and the
    bytes each save wrote (its record and snapshot, as JSON: the floor inserts the same)."""
    dice, recipe = data.not_not()
    times, rows = [], []
    with Database.in_folder(folder) as database:
        store = GameStore(database, kind="benchmark")
        for n in range(games):
            game = Game.new(players, "first-game", seed + n, dice=dice, recipe=recipe)
            game_id = store.create(players, {"seed": seed + n}, game.snapshot())
            for record in play(game):
                snapshot, final = game.snapshot(), game.result() if game.over else None
                start = time.perf_counter()
                store.save_round(game_id, record.to_json(), snapshot, result=final)
                times.append(time.perf_counter() - start)
                rows.append(json.dumps([record.to_json(), snapshot, final]).encode())
    return times, rows


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="companion-bench-", dir=args.state_dir) as folder:
        times, rows = save_games(Path(folder), args.games, args.players, args.seed)
        size = sum(f.stat().st_size for f in Path(folder).glob(FILENAME + "*"))
        floor = floors.bare_insert_ms(Path(folder), rows)
    ms = sorted(t * 1000 for t in times)
    report = {
        "folder": str(Path(args.state_dir).resolve()) if args.state_dir else tempfile.gettempdir(),
        "games": args.games, "rounds": len(ms),
        "save_ms_median": round(statistics.median(ms), 3),
        "save_ms_p99": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 3),
        "save_ms_max": round(ms[-1], 3),
        "database_bytes": size,
        "bare_insert_ms_median": round(floor, 3),
    }
    report["median_to_bare_insert"] = floors.ratio(report["save_ms_median"], floor)
    print(json.dumps(report) if args.json else
          f"{report['rounds']} rounds saved in {report['folder']}: "
          f"median {report['save_ms_median']} ms, "
          f"p99 {report['save_ms_p99']} ms, max {report['save_ms_max']} ms; database {size} bytes; "
          f"{report['median_to_bare_insert']}x a bare SQLite insert")
    return 0
