"""``companion bench all``: every benchmark in one run, as one JSON object.

Each benchmark (but those in :data:`APART`) runs in a process of its own (as
``companion bench NAME --json``), with the sizes in :data:`RUNS` (smaller than their
defaults, so the whole run takes about a minute), and its report goes under its name, with
this machine and the time of the run. The README's performance table is written from this
object (:mod:`companion.tools.perf_table`).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime

from companion.errors import CompanionError
from companion.tools.benchmarks import options

NAME = "all"
HELP = "run every benchmark once and print one JSON object (about a minute)"

#: Benchmarks ``bench all`` leaves out, and why (each is run on its own).
APART: dict[str, str] = {"web": "live pages for two minutes by default, longer than the rest "
                                "together",
                         "profile": "run on its own (issue 24): not in the performance budget",
                         "frames": "the play frames alone, already in latency's report; "
                                   "run on its own with --on-screen on a real display"}
#: Each benchmark and the options it runs with here.
RUNS: dict[str, tuple[str, ...]] = {
    "latency": ("--rounds", "200", "--frames", "60", "--idle-seconds", "2", "--play-rounds", "10"),
    "inputs": (),
    "judge": ("--cases", "50000"),
    "storage": (),
    "games-save": (),
    "serial-decode": ("--frames", "50000"),
}
#: The same at their smallest: a check that the whole run works (its figures mean nothing).
SMOKE: dict[str, tuple[str, ...]] = {
    "latency": ("--rounds", "10", "--frames", "10", "--idle-seconds", "1", "--play-rounds", "1"),
    "inputs": ("--edges", "100", "--presses", "20", "--glitches", "20"),
    "judge": ("--cases", "50", "--runs", "1"),
    "storage": ("--games", "1"),
    "games-save": ("--games", "1"),
    "serial-decode": ("--frames", "100"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--smoke", action="store_true",
                        help="run each benchmark at its smallest: a check that the run works, "
                             "not a measurement")
    options.add_json(parser)


def machine() -> dict:
    """What this run was measured on."""
    return {"system": platform.system(), "machine": platform.machine(),
            "processor": platform.processor() or platform.machine(), "cpus": os.cpu_count(),
            "python": platform.python_version()}


def run_one(name: str, extra: tuple[str, ...]) -> dict:
    """The JSON report of ``companion bench NAME --json`` run in a process of its own."""
    done = subprocess.run([sys.executable, "-m", "companion", "bench", name, *extra, "--json"],
                          capture_output=True, text=True,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                               "SDL_AUDIODRIVER": "dummy"})
    lines = done.stdout.strip().splitlines()
    try:
        report = json.loads(lines[-1]) if lines else None
    except json.JSONDecodeError:
        report = None
    if not isinstance(report, dict):
        said = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise CompanionError(f"bench all: {name} printed no report ({said[:120]})")
    return report


def run(args: argparse.Namespace) -> int:
    start = time.monotonic()
    runs = SMOKE if args.smoke else RUNS
    reports = {name: run_one(name, extra) for name, extra in runs.items()}
    document = {"measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
                "machine": machine(), "seconds": round(time.monotonic() - start, 1),
                "smoke": args.smoke,
                "benchmarks": reports}
    if args.json:
        print(json.dumps(document))
    else:
        for name, report in reports.items():
            print(f"{name}: {json.dumps(report)}")
        print(f"all benchmarks in {document['seconds']} s")
    return 0
