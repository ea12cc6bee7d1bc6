"""``companion bench judge``: how fast ``companion judge`` answers many cases.

Makes N random cases (seeded), pipes them through a real ``companion judge``
process and times it from start to the last answer (the fastest of ``--runs``); prints what
it measured, and that time in units of its floor in this run: a plain Python process parsing
and answering the same lines (:func:`~companion.tools.benchmarks.floors.plain_json_loop`);
and the same for the processor time each used, which other programs hardly change (the ratio
the performance guard holds).
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from companion.games.notnot import data_file
from companion.games.notnot.cards import TABLE_FACES, Level
from companion.games.notnot.dice import NEGATIONS
from companion.games.notnot.sides import SIDES
from companion.tools.argtypes import whole_number
from companion.tools.benchmarks import floors, options

NAME = "judge"
HELP = "time `companion judge` over many random cases"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cases", type=whole_number(1, 10_000_000, "cases"), default=100_000,
                        metavar="N", help="random cases to judge (1 to 10000000, default 100000)")
    parser.add_argument("--runs", type=whole_number(1, 100, "runs"), default=3, metavar="N",
                        help="time the judge and its floor N times each, taking turns, and keep "
                             "the fastest of each (1 to 100, default 3)")
    options.add_seed(parser, "the random cases")
    options.add_json(parser)


def random_case(rng: random.Random) -> dict:
    """A case the judge answers: a roll the dice can show (a face of the direction die and one
    of the colour die, in either order), any table, level, negation, arrow and Liar."""
    faces = rng.sample(TABLE_FACES, 4)
    dice = data_file.not_not()[0]
    return {
        "level": rng.choice(list(Level)).value,
        "dice": rng.sample([rng.choice(dice.direction), rng.choice(dice.colour)], 2),
        "negation": rng.choice(list(NEGATIONS)),
        "liar": rng.random() < 0.25,
        "up": rng.choice(SIDES).value,
        "table": dict(zip((s.value for s in SIDES), faces)),
    }


def run(args: argparse.Namespace) -> int:
    rng = random.Random(args.seed)
    payload = "".join(json.dumps(random_case(rng)) + "\n" for _ in range(args.cases)).encode()
    times, floor_times = [], []
    for _ in range(args.runs):   # taking turns, so a busy moment slows both alike
        judged, done = floors.timed_child([sys.executable, "-m", "companion", "judge"], payload)
        times.append(judged)
        floor_times.append(floors.plain_json_loop(payload))
    seconds, floor = min(t.wall for t in times), min(t.wall for t in floor_times)
    cpu, floor_cpu = min(t.cpu for t in times), min(t.cpu for t in floor_times)
    answers = done.stdout.count(b"\n")
    report = {"cases": args.cases, "runs": args.runs, "answers": answers,
              "errors": done.stdout.count(b'"error"'),
              "seconds": round(seconds, 3), "cases_per_second": round(args.cases / seconds),
              "plain_loop_seconds": round(floor, 3),
              "to_plain_loop": floors.ratio(seconds, floor),
              # processor time, which other programs on the machine hardly change: the guard's
              "cpu_seconds": round(cpu, 3), "plain_loop_cpu_seconds": round(floor_cpu, 3),
              "cpu_to_plain_loop": floors.ratio(cpu, floor_cpu)}
    print(json.dumps(report) if args.json else
          f"{answers} answers to {args.cases} cases in {seconds:.2f} s "
          f"({report['cases_per_second']}/s; {report['to_plain_loop']}x a plain JSON loop)")
    return 0 if answers == args.cases and done.returncode == 0 else 1
