"""Leading-edge debounce and stuck detection, one rule per test."""

import pytest
from hypothesis import given, strategies as st

from companion.inputs.debounce import Debouncer, Glitch, Held, Press, Release

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


# -- the glitch filter (gpio.min_press_us) ------------------------------------------------------
MIN_PRESS = 300_000   # 300 µs
US = 1_000


def filtered():
    return Debouncer(DEBOUNCE, STUCK, min_press_ns=MIN_PRESS)


@pytest.mark.parametrize("spike_us", [5, 50, 200, 299])
def test_with_the_glitch_filter_a_spike_shorter_than_the_minimum_press_is_no_press(spike_us):
    machine = filtered()
    found = feed(machine, [(True, 0), (False, spike_us * US)])
    found += machine.poll(spike_us * US + DEBOUNCE)
    assert found == [Glitch(0, spike_us * US, 2)]


def test_with_the_glitch_filter_a_press_counts_once_closed_for_the_minimum_at_its_first_stamp():
    machine = filtered()
    assert machine.edge(True, 7 * MS) == []
    assert machine.confirm_at_ns() == 7 * MS + MIN_PRESS
    assert machine.poll(7 * MS + MIN_PRESS - 1) == []
    assert machine.poll(7 * MS + MIN_PRESS) == [Press(7 * MS)]
    assert machine.confirm_at_ns() is None


def test_with_the_glitch_filter_a_bouncing_press_keeps_its_first_stamp():
    machine = filtered()
    bounces = [(i % 2 == 0, i * 40 * US) for i in range(9)]   # closed from 320 µs on
    assert feed(machine, bounces) == []
    assert machine.poll(320 * US + MIN_PRESS) == [Press(0)]


def test_with_the_glitch_filter_a_press_released_after_the_minimum_counts_at_its_release_edge():
    machine = filtered()
    assert feed(machine, [(True, 0), (False, MIN_PRESS)]) == [Press(0)]
    assert machine.poll(MIN_PRESS + DEBOUNCE) == [Release(MIN_PRESS, 0, 0)]


def test_with_the_glitch_filter_a_press_right_after_a_glitch_counts():
    machine = filtered()
    feed(machine, [(True, 0), (False, 20 * US)])
    assert feed(machine, [(True, DEBOUNCE + MS), (False, DEBOUNCE + 60 * MS)]) == [
        Glitch(0, 20 * US, 2), Press(DEBOUNCE + MS)]


@given(st.lists(st.integers(1, 2_000_000), min_size=1, max_size=40))
def test_with_the_glitch_filter_every_press_closed_the_minimum_and_is_stamped_at_a_closing_edge(gaps):
    """Random edge trains: a press is reported exactly when some closed stretch lasts the
    minimum, and it carries the stamp of the first edge after a quiet open stretch."""
    machine, t, edges = filtered(), 0, []
    for i, gap in enumerate(gaps):
        t += gap
        edges.append((i % 2 == 0, t))
    found = feed(machine, edges) + machine.poll(t + STUCK - 1)
    closing = {stamp for active, stamp in edges if active}
    long_enough = any(active and end - start >= MIN_PRESS for (active, start), (_, end)
                      in zip(edges, edges[1:] + [(None, t + STUCK - 1)]))
    assert all(stamp in closing for stamp in presses(found))
    assert bool(presses(found)) == long_enough
