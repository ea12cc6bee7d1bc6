"""Leading-edge debounce and stuck detection, one rule per test."""

import pytest
from hypothesis import given, strategies as st

from companion.inputs.debounce import Debouncer, Held, Press, Release

MS = 1_000_000
DEBOUNCE = 10 * MS
STUCK = 5_000 * MS


def debouncer(**kw):
    return Debouncer(DEBOUNCE, STUCK, **kw)


def feed(machine, edges):
    found = []
    for active, t in edges:
        found += machine.edge(active, t)
    return found


def presses(found):
    return [t.t_ns for t in found if isinstance(t, Press)]


def test_the_first_edge_of_a_press_is_the_press_and_keeps_its_stamp():
    edges = [(i % 2 == 0, 1000 * MS + i * 250_000) for i in range(21)]
    assert presses(feed(debouncer(), edges)) == [1000 * MS]


def test_bounces_on_release_do_not_press_again():
    edges = [(True, 0), (False, 80 * MS), (True, 80 * MS + 300_000), (False, 80 * MS + 600_000)]
    assert presses(feed(debouncer(), edges)) == [0]


def test_a_new_press_needs_the_button_released_for_the_debounce_time():
    machine = debouncer()
    first = feed(machine, [(True, 0), (False, 50 * MS)])
    too_soon = feed(machine, [(True, 50 * MS + DEBOUNCE - 1)])
    later = feed(machine, [(False, 90 * MS), (True, 90 * MS + DEBOUNCE)])
    assert presses(first) == [0]
    assert presses(too_soon) == []
    assert presses(later) == [90 * MS + DEBOUNCE]


def test_a_release_counts_the_bounce_edges_of_its_press():
    machine = debouncer()
    feed(machine, [(True, 0), (False, 100_000), (True, 200_000), (False, 60 * MS)])
    assert machine.poll(60 * MS + DEBOUNCE) == [Release(60 * MS, 0, 2)]


def test_a_button_held_past_the_stuck_time_is_reported_once():
    machine = debouncer()
    feed(machine, [(True, 0)])
    assert machine.poll(STUCK - 1) == []
    assert machine.poll(STUCK) == [Held(STUCK, 0)]
    assert machine.poll(STUCK * 2) == []


def test_a_stuck_button_presses_again_only_after_release():
    machine = debouncer()
    feed(machine, [(True, 0)])
    machine.poll(STUCK)
    chatter = feed(machine, [(False, STUCK + MS), (True, STUCK + 2 * MS)])
    after = feed(machine, [(False, STUCK + 3 * MS), (True, STUCK + 3 * MS + DEBOUNCE)])
    assert presses(chatter) == []
    assert presses(after) == [STUCK + 3 * MS + DEBOUNCE]


def test_a_button_already_closed_at_start_is_not_a_press():
    machine = debouncer(active=True, t_ns=0)
    assert presses(feed(machine, [(False, 10 * MS), (True, 10 * MS + DEBOUNCE)])) == [10 * MS + DEBOUNCE]


def test_an_edge_older_than_the_last_moves_nothing():
    machine = debouncer()
    feed(machine, [(True, 100 * MS)])
    assert feed(machine, [(False, 50 * MS)]) == []
    assert machine.last_edge_ns == 100 * MS and machine.active


@pytest.mark.slow
@given(st.lists(st.integers(min_value=1, max_value=DEBOUNCE - 1), max_size=40),
       st.integers(min_value=0, max_value=10**15))
def test_any_burst_with_gaps_under_the_debounce_time_is_one_press_at_its_first_edge(gaps, start):
    t, edges = start, [(True, start)]
    for number, gap in enumerate(gaps, start=1):
        t += gap
        edges.append((number % 2 == 0, t))
    assert presses(feed(debouncer(), edges)) == [start]
