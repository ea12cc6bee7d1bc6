"""The demo's scripted table presses every button of its script, however late its thread runs.

A busy machine delays the table's thread: presses due 40 ms apart then come in
a burst. Each must still reach the game as its own press, never as bounce.
"""

import threading
import time

from companion.games_demo import ScriptedTable
from companion.inputs.events import Tap
from companion.rules.sides import Side
from companion.simulated_presses import MockGpioPresses

GAP_NS = 40_000_000
SCRIPT = [(1, Side.N)] * 6 + [(2, Side.E)] * 3


def run_late(script, press) -> None:
    """Run ``script`` through a table whose every press is long overdue when it starts."""
    table = ScriptedTable(script, press, GAP_NS)
    finished = threading.Event()
    table.start(time.monotonic_ns() - 10 * len(script) * GAP_NS)   # all due before now: a burst
    table.scheduler.at(time.monotonic_ns(), finished.set)
    assert finished.wait(60) and table.finished
    table.stop()


def test_presses_of_a_late_table_are_stamped_at_least_the_gap_apart():
    stamps = []
    run_late(SCRIPT, lambda player, side, t_ns: stamps.append(t_ns))
    assert len(stamps) == len(SCRIPT)
    assert all(later - earlier >= GAP_NS for earlier, later in zip(stamps, stamps[1:]))


def test_a_burst_of_presses_on_one_button_reaches_the_game_as_that_many_taps():
    posted = []
    presses = MockGpioPresses(posted.append, players=2)
    try:
        run_late(SCRIPT, presses.press)
    finally:
        presses.close()
    taps = [(event.player, event.side) for event in posted if isinstance(event, Tap)]
    assert taps == SCRIPT
