"""The demo's simulated table: when its bots press and with which stamps, so that one seed
always plays the same game (the pure plan, without a kiosk)."""

from __future__ import annotations

import kiosk_helpers  # noqa: F401  (headless SDL drivers)
from companion.games.notnot.judge import Ruling
from companion.games.notnot.round import Round, Timing
from companion.games.notnot.sides import Side
from companion.simulation.demo_table import (
    MENU_PAUSE_MS,
    MIN_MENU_GAP_MS,
    PRESS_LATENCY_MS,
    SimulatedTable,
)

MS = 1_000_000
OPEN = 50_000 * MS               # the flip that showed the dice
SETTLE = 2 * PRESS_LATENCY_MS * MS
TAP_N = Ruling(tap=True, valid=(Side.N,), reroll=False)
NOBODY = Ruling(tap=False, valid=(), reroll=False)


def presses_of(planned: list[tuple[int, Side, int]], ruling: Ruling = TAP_N,
               table: SimulatedTable | None = None) -> list[tuple[int, int, Side]]:
    """What ``table`` presses in a round opened at :data:`OPEN`, ``planned`` as offsets."""
    table = table or SimulatedTable(3, 1, press=lambda *_: None)
    table.plan(planned)
    return table.round_presses(Round(ruling, OPEN, Timing()), SETTLE)


def test_each_press_is_stamped_at_the_open_plus_its_planned_offset():
    assert presses_of([(2, Side.N, 300 * MS), (1, Side.E, 280 * MS)]) == [
        (OPEN + 280 * MS, 1, Side.E), (OPEN + 300 * MS, 2, Side.N)]


def test_a_press_before_the_dice_landed_is_stamped_before_the_open():
    assert presses_of([(1, Side.W, -90 * MS), (1, Side.N, 400 * MS)]) == [
        (OPEN - 90 * MS, 1, Side.W), (OPEN + 400 * MS, 1, Side.N)]


def test_the_bots_stop_pressing_a_latency_before_the_round_is_judged():
    close = OPEN + 400 * MS + Timing().tie_window_ns       # the first valid answer's window
    last = close + SETTLE - PRESS_LATENCY_MS * MS
    planned = [(1, Side.N, 400 * MS), (2, Side.E, last - OPEN - 1), (3, Side.S, last - OPEN)]
    assert [player for _, player, _ in presses_of(planned)] == [1, 2]


def test_in_a_round_nobody_may_tap_the_bots_stop_a_latency_before_its_idle_close_is_judged():
    last = Timing().idle_timeout_ns + SETTLE - PRESS_LATENCY_MS * MS   # from the open
    planned = [(1, Side.N, last - 1), (2, Side.N, last)]
    assert presses_of(planned, ruling=NOBODY) == [(OPEN + last - 1, 1, Side.N)]


def test_a_button_is_not_pressed_again_within_the_menu_gap():
    gap = MIN_MENU_GAP_MS * MS
    planned = [(1, Side.N, 400 * MS), (1, Side.N, 400 * MS + gap - 1), (2, Side.S, 500 * MS),
               (2, Side.S, 500 * MS + gap)]
    assert [t - OPEN for t, _, _ in presses_of(planned, ruling=NOBODY)] == [
        400 * MS, 500 * MS, 500 * MS + gap]


def test_no_early_press_on_a_button_a_menu_press_used_since_the_last_round():
    table = SimulatedTable(3, 1, press=lambda *_: None)
    table.menu_presses(1, [Side.E])                        # the dealer confirms the deal
    assert presses_of([(1, Side.E, -50 * MS), (2, Side.E, -50 * MS)], table=table) == [
        (OPEN - 50 * MS, 2, Side.E)]


class LateThread:
    """The table's presses thread on a busy machine: it keeps each action until the test
    makes them, all at once, long after they were due."""

    def __init__(self) -> None:
        self.held: list = []

    def at(self, due_ns: int, action) -> None:
        self.held.append(action)

    def catch_up(self) -> None:
        for action in self.held:
            action()


def test_menu_presses_are_stamped_at_their_planned_times_however_late_they_are_made():
    made: list[tuple[int, Side, int]] = []
    late = LateThread()
    table = SimulatedTable(3, 1, press=lambda *press: made.append(press), scheduler=late)
    table.menu_presses(1, [Side.S, Side.S, Side.E], start_ns=OPEN)   # down twice, select
    late.catch_up()
    gap = MENU_PAUSE_MS * MS
    assert made == [(1, Side.S, OPEN + gap), (1, Side.S, OPEN + 2 * gap),
                    (1, Side.E, OPEN + 3 * gap)]
