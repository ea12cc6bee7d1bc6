"""A frame the controller sent once and the host receives again, however late and
whatever came between, is never a second tap and never a "controller restarted" alarm; a
controller that really restarted is still seen (its boot HELLO, its clock gone back)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_serial_restarts import HOUR_TICKS, Table, hello, restarts, taps

from companion.inputs.serial.protocol import Edge, Heartbeat, Pong, encode

TICKS_PER_MS = 2_000


def heartbeats(table: Table, start: int, end: int) -> list:
    """The controller's heartbeats every 100 ms from ``start`` to ``end`` ticks (idle)."""
    events: list = []
    for at in range(start, end + 1, 100 * TICKS_PER_MS):
        events += table.send(Heartbeat(at, 0, 0), table.host(at))
    return events


def test_a_press_frame_received_again_a_second_later_is_no_restart_and_no_second_tap():
    table = Table()
    table.sync(1_000)
    table.seq = 41
    frame = encode(Edge(4, True, 1_000 * TICKS_PER_MS), 42)
    events = table.link.feed(frame, table.host(1_000 * TICKS_PER_MS) + 1_000_000)
    events += heartbeats(table, 1_100 * TICKS_PER_MS, 2_000 * TICKS_PER_MS)
    events += table.link.feed(frame, table.host(2_000 * TICKS_PER_MS))   # the same bytes again
    events += table.sync(2_100 * TICKS_PER_MS)
    assert restarts(events) == []
    assert [tap.t_ns for tap in taps(events)] == [table.host(1_000 * TICKS_PER_MS)]


def test_a_press_received_again_after_seventy_newer_ones_gives_no_second_tap():
    table = Table()
    table.sync(1_000)
    events = table.press(0, 10 * TICKS_PER_MS)
    for n in range(1, 71):
        events += table.press(n % 16, (10 + 10 * n) * TICKS_PER_MS)
    events += table.press(0, 10 * TICKS_PER_MS)                          # the first one again
    events += table.sync(800 * TICKS_PER_MS)
    assert restarts(events) == []
    assert len(taps(events)) == 71


def test_a_heartbeat_received_again_later_is_no_restart():
    table = Table()
    table.sync(1_000)
    table.seq = 10
    frame = encode(Heartbeat(100 * TICKS_PER_MS, 0, 0), 11)
    events = table.link.feed(frame, table.host(100 * TICKS_PER_MS))
    events += heartbeats(table, 200 * TICKS_PER_MS, 1_000 * TICKS_PER_MS)
    events += table.link.feed(frame, table.host(1_000 * TICKS_PER_MS))
    assert restarts(events) == [] and table.link.synced


def test_a_pong_received_again_later_is_no_restart():
    table = Table()
    table.sync(1_000)
    heard = table.host(100 * TICKS_PER_MS)
    table.link.ping(heard - 10_000)
    frame = encode(Pong(table.link._token, 100 * TICKS_PER_MS), 20)
    events = table.link.feed(frame, heard + 10_000)
    events += heartbeats(table, 200 * TICKS_PER_MS, 1_000 * TICKS_PER_MS)
    events += table.link.feed(frame, table.host(1_000 * TICKS_PER_MS))
    assert restarts(events) == [] and table.link.synced


def test_a_controller_that_restarted_and_says_hello_is_seen_and_its_presses_are_taps():
    table = Table()
    table.sync(HOUR_TICKS)
    table.press(4, HOUR_TICKS + 10 * TICKS_PER_MS)
    table.boot(table.host(HOUR_TICKS) + 1_000_000_000)
    events = table.send(hello(0), table.host(0))
    events += table.sync(100 * TICKS_PER_MS)
    events += table.press(4, 200 * TICKS_PER_MS)          # the same pin, an earlier tick
    assert len(restarts(events)) == 1
    assert [tap.t_ns for tap in taps(events)] == [table.host(200 * TICKS_PER_MS)]


def test_a_controller_that_restarted_unheard_is_seen_by_its_heartbeat_after_replays():
    table = Table()
    table.sync(HOUR_TICKS)
    table.press(4, HOUR_TICKS + 10 * TICKS_PER_MS)
    table.press(4, HOUR_TICKS + 10 * TICKS_PER_MS)        # a replay: nothing
    table.boot(table.host(HOUR_TICKS) + 1_000_000_000)    # its HELLO lost
    [status] = restarts(table.send(Heartbeat(50 * TICKS_PER_MS, 0, 0), table.host(0)))
    assert status.alarm and "clock went back" in status.detail


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(gaps_ms=st.lists(st.integers(1, 400), min_size=1, max_size=40),
       pins=st.lists(st.integers(0, 15), min_size=40, max_size=40),
       replays=st.lists(st.tuples(st.integers(0, 39), st.integers(0, 60)), max_size=30),
       chunk=st.integers(1, 64))
def test_fuzz_any_stream_with_replays_gives_each_press_once_and_no_restart_alarm(
        gaps_ms, pins, replays, chunk):
    """A running controller's presses, heartbeats and pongs, with frames sent again any number
    of frames later: each press is one tap at its own stamp, and nobody is told of a restart."""
    table = Table()
    table.sync(1_000)
    at, frames, pressed = 1_000, [], []
    for n, gap in enumerate(gaps_ms):
        at += gap * TICKS_PER_MS
        table.seq = (table.seq + 1) & 0xFF
        frames.append((encode(Edge(pins[n], True, at), table.seq), table.host(at)))
        pressed.append(table.host(at))
        table.seq = (table.seq + 1) & 0xFF
        frames.append((encode(Heartbeat(at + 10, 0, 0), table.seq), table.host(at + 10)))
    wire = list(frames)
    for original, later in sorted(replays, key=lambda r: -r[0]):
        if original < len(frames):
            wire.insert(min(len(wire), original + 1 + later), frames[original])
    events: list = []
    for frame, heard in wire:
        for cut in range(0, len(frame), chunk):
            events += table.link.feed(frame[cut:cut + chunk], heard + 1_000_000)
    events += table.sync(at + 100 * TICKS_PER_MS)
    assert restarts(events) == []
    assert sorted(tap.t_ns for tap in taps(events)) == pressed
