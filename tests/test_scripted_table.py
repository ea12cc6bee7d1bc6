"""The demo's scripted table presses as people at a table do, whatever the machine's speed.

Each press waits until the kiosk's loop has taken and shown the one before, and
comes at least the gap after it: every press reaches the game as its own press
(never as bounce, never in one loop pass with the next), however late the
table's thread or the loop runs.
"""

import pytest
import threading
import time
from collections.abc import Callable

from companion.simulation.scripted_tables import READ_S, ScriptedTable, demo_script
from companion.inputs.events import Tap
from companion.games.notnot.sides import Side
from companion.simulation.presses import MockGpioPresses

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow

GAP_NS = 40_000_000
SCRIPT = [(1, Side.N)] * 6 + [(2, Side.E)] * 3


class Loop:
    """A stand-in for the kiosk's loop: passes only when the test says so."""

    def __init__(self, table: ScriptedTable) -> None:
        self.table = table
        self.pressed = threading.Event()

    def passes_until_pressed(self, count: int) -> None:
        """Pass until the table has made ``count`` presses."""
        while self.table.done < count:
            self.table.loop_passed()
            self.pressed.wait(0.001)


def play(press: Callable[..., None]) -> ScriptedTable:
    table = ScriptedTable(SCRIPT, press, GAP_NS)
    table.start(0)
    Loop(table).passes_until_pressed(len(SCRIPT))
    table.stop()
    return table


def test_each_press_waits_for_two_passes_of_the_loop_after_the_one_before():
    passes_at_press = []
    table = ScriptedTable(SCRIPT, lambda *press: passes_at_press.append(table.passes), GAP_NS)
    table.start(0)
    Loop(table).passes_until_pressed(len(SCRIPT))
    table.stop()
    assert passes_at_press[0] >= 2
    assert all(later >= earlier + 2 for earlier, later in zip(passes_at_press, passes_at_press[1:]))


def test_presses_are_stamped_at_least_the_gap_apart():
    stamps = []
    play(lambda player, side, t_ns: stamps.append(t_ns))
    assert len(stamps) == len(SCRIPT)
    assert all(later - earlier >= GAP_NS for earlier, later in zip(stamps, stamps[1:]))


def test_every_press_on_one_button_reaches_the_game_as_a_tap():
    posted = []
    presses = MockGpioPresses(posted.append, players=2)
    try:
        play(presses.press)
    finally:
        presses.close()
    taps = [(event.player, event.side) for event in posted if isinstance(event, Tap)]
    assert taps == SCRIPT


def test_a_stopped_table_presses_no_more():
    pressed = []
    table = ScriptedTable(SCRIPT, lambda *press: pressed.append(press), GAP_NS)
    table.start(0)
    table.stop()
    table.loop_passed()
    assert not table._thread.is_alive() and not table.finished


def test_a_waiting_table_wakes_the_loop_for_each_pass_it_needs() -> None:
    """The kiosk's loop sleeps until its next timer when nothing is posted: the table asks
    for the passes it waits on, so an idle loop never sets the demo's pace."""
    woken = threading.Event()
    table = ScriptedTable(SCRIPT, lambda *press: None, GAP_NS, wake=woken.set)
    table.start(0)
    give_up = time.monotonic() + 10
    while table._thread.is_alive() and time.monotonic() < give_up:
        if woken.wait(timeout=0.01):      # a loop that passes only when woken
            woken.clear()
            table.loop_passed()
    table.stop()
    assert table.finished and table.passes >= 2 * len(SCRIPT)


def test_a_press_on_a_rounds_end_comes_the_guards_second_and_the_gap_after_the_one_before():
    """The kiosk takes an E less than a second after a round's end came for a late tap of the
    E that ended it: the table reads the end first, at any speed (a gap of 40 ms here)."""
    stamps = []
    table = ScriptedTable(SCRIPT, lambda player, side, t_ns: stamps.append(t_ns), GAP_NS,
                          reads={7})
    table.start(0)
    Loop(table).passes_until_pressed(len(SCRIPT))
    table.stop()
    assert stamps[7] - stamps[6] >= round(READ_S * 1e9) + GAP_NS


@pytest.mark.parametrize("game, ends", [("not-that-movie", 5), ("thats-not-a-hat", 1)])
def test_the_demo_script_reads_each_rounds_end_and_the_games_before_pressing_e_on_it(game, ends):
    script = demo_script(game, 3, 1)
    assert len(script.reads) == ends
    assert all(script.presses[index][1] is Side.E for index in script.reads)
    assert max(script.reads) == len(script.presses) - 2   # the game's end; then the score sheet
