"""The reader against a controller that restarts, repeats itself or reports late:
a restart starts the clock sync afresh, a repeat gives no second tap, and one
controller's taps never change order. Each rule has a test and a hypothesis fuzz."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings, strategies as st

from companion.games.notnot.taps import Tap
from companion.boards.avr import NANO
from companion.inputs.serial.clock_sync import ClockSync, SyncSample, TickOrder
from companion.inputs.serial.frames import FrameDecoder
from companion.inputs.serial.protocol import Edge, Heartbeat, Hello, HelloRequest, Pong, encode, parse
from companion.inputs.serial.reader import ControllerLink, ControllerStatus

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow

HOUR_TICKS = 3600 * 2_000_000
NS_PER_TICK = 500


def hello(ticks: int = 0) -> Hello:
    return Hello(1, 2, 5000, ticks, "nano", NANO.pin_names)


class Table:
    """A link fed by a controller whose tick 0 is at host ``boot_ns``; pongs come back at once."""

    def __init__(self, boot_ns: int = 10**9, start_ticks: int = 0) -> None:
        self.link = ControllerLink(board=NANO)
        self.seq = 0
        self.boot(boot_ns, start_ticks)
        self.events = self.send(hello(start_ticks), self.host(start_ticks))

    def boot(self, boot_ns: int, start_ticks: int = 0) -> None:
        """The controller (re)starts: tick ``start_ticks`` is host ``boot_ns``."""
        self.boot_ns, self.start_ticks, self.seq = boot_ns, start_ticks, 0

    def host(self, ticks: int) -> int:
        return self.boot_ns + (ticks - self.start_ticks) * NS_PER_TICK

    def send(self, message, now_ns: int) -> list:
        self.seq = (self.seq + 1) & 0xFF
        return self.link.feed(encode(message, self.seq), now_ns)

    def sync(self, ticks: int, round_trip_ns: int = 20_000) -> list:
        """A ping answered at controller ``ticks``, its round trip centred on the truth."""
        now = self.host(ticks)
        self.link.ping(now - round_trip_ns // 2)
        return self.send(Pong(self.link._token, ticks), now + round_trip_ns // 2)

    def press(self, pin: int, ticks: int, heard_ns: int | None = None) -> list:
        return self.send(Edge(pin, True, ticks), heard_ns or self.host(ticks) + 1_000_000)


def taps(events: list) -> list[Tap]:
    return [event for event in events if isinstance(event, Tap)]


def restarts(events: list) -> list[ControllerStatus]:
    return [e for e in events if isinstance(e, ControllerStatus) and "restarted" in e.detail]


# ---- restarts ---------------------------------------------------------------------------

def test_a_controller_clock_that_goes_back_restarts_the_clock_sync():
    table = Table()
    table.sync(HOUR_TICKS)
    table.boot(table.host(HOUR_TICKS) + 5_000_000)           # a brown-out, its hello lost
    events = table.send(Heartbeat(200_000, 0, 0), table.host(200_000))
    [status] = restarts(events)
    assert status.alarm and "clock went back" in status.detail
    table.sync(300_000)
    [tap] = taps(table.press(0, 400_000))
    assert abs(tap.t_ns - table.host(400_000)) <= 10_000      # not an hour off


def test_taps_heard_from_a_restarted_controller_wait_for_its_new_clock():
    table = Table()
    table.sync(HOUR_TICKS)
    table.boot(table.host(HOUR_TICKS) + 5_000_000)
    assert taps(table.press(3, 100_000)) == []                # the old clock would be an hour off
    [tap] = taps(table.sync(300_000))
    assert abs(tap.t_ns - table.host(100_000)) <= 10_000


def test_a_new_hello_with_a_clock_gone_back_restarts_the_clock_sync():
    table = Table()
    table.sync(HOUR_TICKS)
    table.boot(table.host(HOUR_TICKS) + 1_000_000)
    assert restarts(table.send(hello(0), table.host(0)))
    assert not table.link.synced


def test_a_hello_that_continues_the_clock_is_no_restart():
    table = Table()
    table.sync(2_000_000)
    assert table.send(hello(2_100_000), table.host(2_100_000)) == []
    assert table.link.synced and table.link.restarts == 0


def test_a_pong_the_clock_learned_so_far_cannot_explain_restarts_the_clock_sync():
    table = Table()
    table.sync(2_000_000)
    table.boot(table.host(2_000_000) + 1_000_000, start_ticks=HOUR_TICKS)  # a clock far ahead
    events = table.sync(HOUR_TICKS + 4_000)
    [status] = restarts(events)
    assert "cannot be right" in status.detail and table.link.synced
    [tap] = taps(table.press(1, HOUR_TICKS + 10_000))
    assert abs(tap.t_ns - table.host(HOUR_TICKS + 10_000)) <= 10_000


def test_after_a_silent_restart_the_reader_asks_the_controller_to_say_hello():
    table = Table()
    table.sync(HOUR_TICKS)
    table.boot(table.host(HOUR_TICKS))
    table.send(Heartbeat(0, 0, 0), table.host(0))
    sent = [parse(frame) for frame in FrameDecoder().feed(table.link.next_request(0))]
    assert isinstance(sent[0], HelloRequest) and len(sent) == 2
    table.send(hello(1_000), table.host(1_000))
    assert not table.link.hello_wanted


@settings(max_examples=300, deadline=None)
@given(uptime_s=st.integers(1, 10**6), down_ms=st.integers(0, 10_000),
       restart_ticks=st.integers(0, 2**47), silent=st.booleans(),
       round_trips=st.lists(st.integers(1_000, 3_000_000), min_size=1, max_size=6),
       press_after=st.integers(0, 4_000_000))
def test_fuzz_after_any_restart_taps_land_within_the_round_trip_of_the_truth(
        uptime_s, down_ms, restart_ticks, silent, round_trips, press_after):
    """A restart is seen when the new clock starts more than 50 ms (here 0.1 s) before the
    newest stamp seen, or more than 1 s (here 1.1 s, plus the drift bound over the time
    down) after where the old clock would be: a restarted controller's clock starts near 0."""
    table = Table()
    uptime = uptime_s * 2_000_000
    table.sync(uptime)
    first_seen = restart_ticks + (400_000 if silent else 0)   # the first stamp after it
    went_back = first_seen < uptime - 200_000
    ahead = restart_ticks - (uptime + down_ms * 2_000) > 2_200_000 + 0.04 * down_ms * 2_000
    assume(went_back or ahead)
    table.boot(table.host(uptime) + down_ms * 1_000_000, start_ticks=restart_ticks)
    if not silent:
        table.send(hello(restart_ticks), table.host(restart_ticks))
    at = restart_ticks
    for round_trip in round_trips:
        at += 400_000
        table.sync(at, round_trip)
    pressed = at + press_after
    [tap] = taps(table.press(2, pressed, table.host(pressed) + 2_000_000))
    assert abs(tap.t_ns - table.host(pressed)) <= min(round_trips) // 2 + 1


# ---- repeats ----------------------------------------------------------------------------

def test_an_edge_frame_received_twice_gives_one_tap():
    table = Table()
    table.sync(1_000)
    frame = encode(Edge(4, True, 5_000), 7)
    assert len(taps(table.link.feed(frame + frame, table.host(6_000)))) == 1
    assert table.link.stats()["repeated_frames"] == 1


def test_a_press_received_again_in_another_frame_gives_one_tap():
    table = Table()
    table.sync(1_000)
    assert len(taps(table.press(4, 5_000) + table.press(4, 5_000))) == 1
    assert table.link.stats()["repeated_presses"] == 1


@settings(max_examples=300, deadline=None)
@given(edges=st.lists(st.tuples(st.integers(0, 15), st.integers(10_000, 10**9)),
                      min_size=1, max_size=30, unique=True),
       twice=st.lists(st.booleans(), min_size=30, max_size=30),
       chunk=st.integers(1, 64))
def test_fuzz_repeated_frames_never_give_a_second_tap(edges, twice, chunk):
    table = Table()
    table.sync(1_000)
    wire = b""
    edges.sort(key=lambda edge: edge[1])   # a running controller's clock goes forward
    for seq, (edge, again) in enumerate(zip(edges, twice), start=10):
        frame = encode(Edge(edge[0], True, edge[1]), seq)
        wire += frame + (frame if again else b"")
    got = []
    for at in range(0, len(wire), chunk):
        got += taps(table.link.feed(wire[at:at + chunk], 2 * 10**9))
    assert len(got) == len(edges)


# ---- order ------------------------------------------------------------------------------

def test_an_edge_reported_late_keeps_its_place_before_later_taps():
    order = TickOrder()
    later = order.place(10_000, 5_000_000, 0.495)
    earlier = order.place(9_000, 5_100_000, 0.495)            # the model moved by then
    assert earlier < later and later - earlier >= 1_000 * 0.495


@settings(max_examples=300, deadline=None)
@given(ticks=st.lists(st.integers(0, 10_000_000), min_size=2, max_size=40),
       late=st.lists(st.integers(0, 10_000), min_size=40, max_size=40),
       moves=st.lists(st.tuples(st.integers(0, 40), st.integers(1_000, 5_000_000),
                                st.integers(-1_000_000, 1_000_000)), max_size=8))
def test_fuzz_one_controllers_taps_never_change_order(ticks, late, moves):
    """Edges reported up to 5 ms late, pongs of any round trip between them: the host
    stamps are in the controllers tick order."""
    link = ControllerLink(board=NANO)
    link.feed(encode(hello()), 0)
    sync = link.sync
    assert isinstance(sync, ClockSync)
    sync.add(SyncSample(10**9, 10**9 + 3_000_000, 0))
    reports = sorted(zip(ticks, late[:len(ticks)]), key=lambda tl: tl[0] + tl[1])
    placed = []
    for number, (tick, _) in enumerate(reports):
        for when, round_trip, skew in moves:
            if when == number:
                mid = 10**9 + tick * NS_PER_TICK + skew
                sync.add(SyncSample(mid - round_trip // 2, mid + round_trip // 2, tick))
        seq = (number + 1) & 0xFF
        placed += [(tick, tap.t_ns) for tap in taps(link.feed(
            encode(Edge(number % 16, True, tick), seq), 0))]
    by_host = [tick for tick, _ in sorted(placed, key=lambda tt: (tt[1], tt[0]))]
    assert by_host == sorted(by_host)
