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

import sqlite3
import statistics
import subprocess
import sys
import time
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


def plain_json_loop_s(payload: bytes) -> float:
    """Seconds a plain Python process takes to parse and answer the JSON lines of ``payload``,
    from its start to its last line."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", PLAIN_JSON_LOOP], input=payload, capture_output=True,
                   check=True)
    return time.perf_counter() - start


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
