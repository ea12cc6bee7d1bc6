"""Floors: the least a benchmark's work could cost on this machine, measured in the same run.

A figure divided by its floor means the same on a laptop, a busy CI machine and a Pi: the
machine's speed cancels out and what is left is the code's. Each floor does the bare part of
the work with nothing of ours in it:

- a full frame: copying a prepared full-screen image onto the screen and presenting it (the
  same rotation and flip the kiosk's frame ends with);
- the judge: a plain Python process that reads the same JSON lines, parses each and writes
  an answer line;
- a save: one bare SQLite insert of the same bytes, in its own transaction, with the state
  database's durability settings (WAL, ``synchronous=FULL``).
"""

from __future__ import annotations

import resource
import sqlite3
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.display.screen import Screen

#: The plain loop the judge is compared with: parse each line, answer each line.
PLAIN_JSON_LOOP = ("import json, sys\n"
                   "for line in sys.stdin:\n"
                   "    json.loads(line)\n"
                   "    sys.stdout.write('{\"ok\":true}\\n')\n")


def ratio(figure: float, floor: float) -> float:
    """``figure`` in units of its ``floor`` (2 decimals)."""
    return round(figure / floor, 2) if floor > 0 else float("inf")


def present_times_ns(screen: Screen, frames: int) -> list[int]:
    """Times (ns) of copying a prepared full-screen image onto ``screen`` and presenting it."""
    image = screen.canvas.copy()
    times = []
    for _ in range(frames):
        start = time.perf_counter_ns()
        screen.canvas.blit(image, (0, 0))
        screen.present()
        times.append(time.perf_counter_ns() - start)
    return times


@dataclass(frozen=True)
class ChildTimes:
    """How long a child process ran: from its start to its end (``wall``), and the processor
    time it used (``cpu``: user and system; a busy machine slows the first, hardly the
    second)."""

    wall: float
    cpu: float


def timed_child(argv: list[str], payload: bytes
                ) -> tuple[ChildTimes, subprocess.CompletedProcess[bytes]]:
    """Run ``argv`` with ``payload`` on its standard input; its times and the finished
    process (with its standard output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, input=payload, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return ChildTimes(wall, cpu), done


def plain_json_loop(payload: bytes) -> ChildTimes:
    """How long a plain Python process takes to parse and answer the JSON lines of
    ``payload``, from its start to its last line."""
    return timed_child([sys.executable, "-c", PLAIN_JSON_LOOP], payload)[0]


def bare_insert_ms(folder: Path, rows: list[bytes]) -> float:
    """Median milliseconds of one SQLite insert of each of ``rows``, each in its own
    transaction, WAL and ``synchronous=FULL``, in a scratch database in ``folder``."""
    path = folder / "floor.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("CREATE TABLE floor (data BLOB)")
        times = []
        for row in rows:
            start = time.perf_counter()
            connection.execute("BEGIN IMMEDIATE")
            connection.execute("INSERT INTO floor VALUES (?)", (row,))
            connection.execute("COMMIT")
            times.append(time.perf_counter() - start)
    finally:
        connection.close()
        for leftover in folder.glob("floor.sqlite3*"):
            leftover.unlink()
    return statistics.median(times) * 1000
