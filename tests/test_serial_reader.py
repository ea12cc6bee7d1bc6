"""The host reader: pins to (player, side), controller ticks to host time, unplug and replug."""

import errno
import os
import queue
import select
import threading
import time

import pytest

from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.boards.avr import MEGA, NANO
from companion.inputs.serial.clock_sync import ClockSync, SyncSample, TickUnwrapper
from companion.inputs.serial.protocol import Edge, Filter, Heartbeat, Hello, Pong, encode, parse
from companion.inputs.serial.frames import FrameDecoder
from companion.inputs.serial.pads import player_notice, status_word
from companion.inputs.serial.reader import DEVICE_PATTERNS, ControllerLink, ControllerStatus, SerialReader, find_device

HELLO = Hello(1, 2, 5000, 0, "nano", NANO.pin_names)


def synced_link(mapping=None, offset_ns=5_000_000_000) -> ControllerLink:
    """A link that has seen hello and one zero-delay round trip: host ns = offset + ticks * 500."""
    link = ControllerLink(mapping, NANO)
    link.feed(encode(HELLO, 0), 0)
    link.ping(offset_ns)
    link.feed(encode(Pong(1, 0), 1), offset_ns)
    return link


def test_a_press_becomes_a_tap_for_the_mapped_player_and_side():
    link = synced_link({"D5": (3, Side.W)})
    events = link.feed(encode(Edge(NANO.pin_names.index("D5"), True, 2_000), 2), 6_000_000_000)
    assert events == [Tap(3, Side.W, 5_000_000_000 + 1_000_000, source="serial")]


def test_without_a_mapping_the_boards_default_pads_are_used():
    link = synced_link()
    events = link.feed(encode(Edge(NANO.pin_names.index("D7"), True, 0), 2), 0)
    assert [(tap.player, tap.side) for tap in events] == [NANO.default_map()["D7"]] == [(2, Side.E)]


def test_a_release_posts_nothing_and_an_unmapped_pin_is_counted():
    link = synced_link({"D2": (1, Side.N)})
    assert link.feed(encode(Edge(0, False, 10), 2) + encode(Edge(3, True, 10), 3), 0) == []
    assert link.unmapped == 1


def test_taps_in_one_read_are_posted_in_controller_tick_order():
    wire = encode(Edge(5, True, 900), 2) + encode(Edge(1, True, 100), 3) + encode(Edge(9, True, 500), 4)
    taps = synced_link().feed(wire, 0)
    assert [tap.t_ns for tap in taps] == sorted(tap.t_ns for tap in taps)
    assert [(tap.player, tap.side) for tap in taps] == [
        NANO.default_map()[NANO.pin_names[pin]] for pin in (1, 9, 5)]


def test_taps_wait_for_the_first_clock_sample_and_are_not_lost():
    link = ControllerLink(board=NANO)
    link.feed(encode(HELLO, 0), 0)
    assert link.feed(encode(Edge(0, True, 4_000), 1), 2_000_000) == []
    link.ping(1_000)
    synced, *taps = link.feed(encode(Pong(1, 2_000), 2), 1_400)
    assert taps == [Tap(1, Side.N, 1_200 + 2_000 * 500, source="serial")]
    assert isinstance(synced, ControllerStatus) and synced.synced
    assert synced.detail == "clock synced"


def test_taps_keep_the_controllers_order_when_the_clock_model_moves_between_frames():
    link = ControllerLink(board=NANO)
    link.feed(encode(HELLO, 0), 0)
    link.ping(1_000_000)
    link.feed(encode(Pong(1, 2_000), 1), 1_800_000)      # a slow round trip: tick 2,000 ~ 1.4 ms
    [first] = link.feed(encode(Edge(0, True, 4_000), 2), 3_000_000)
    link.ping(1_500_000)
    link.feed(encode(Pong(2, 3_000), 3), 1_510_000)       # a better one moves the model 0.9 ms back
    [second] = link.feed(encode(Edge(1, True, 4_010), 4), 3_100_000)  # 5 us after the first edge
    assert second.t_ns > first.t_ns
    assert second.t_ns - first.t_ns >= 10 * 500 * 0.99
    assert link.stats()["order_corrections"] == 1


def test_a_hello_announces_the_controller():
    events = ControllerLink(board=MEGA).feed(encode(Hello(1, 2, 5000, 0, "mega", MEGA.pin_names)), 7)
    assert len(events) == 1 and isinstance(events[0], ControllerStatus) and events[0].connected
    assert "mega" in events[0].detail and f"{len(MEGA.pins)} pins" in events[0].detail


def test_a_pin_map_naming_pins_the_controller_lacks_is_shown_on_connect():
    events = ControllerLink({"D2": (1, Side.N), "D40": (1, Side.E)}, NANO).feed(encode(HELLO), 0)
    assert "pin map names pins it lacks: D40" in events[0].detail


def test_heartbeats_report_the_controllers_loss_counters():
    link = synced_link()
    link.feed(encode(Heartbeat(10, 3, 1), 2), 0)
    assert (link.overflows, link.rx_errors) == (3, 1)
    assert link.stats()["lost_events"] == 3 and link.stats()["frames"] == 3


def test_the_firmwares_glitch_filter_and_the_glitches_it_dropped_are_in_the_stats():
    link = synced_link()
    assert link.stats()["min_press_us"] is None     # firmware 2 and older send no FILTER
    assert link.feed(encode(Filter(300, 0), 2) + encode(Filter(300, 4), 3), 0) == []
    assert (link.stats()["min_press_us"], link.stats()["glitches"]) == (300, 4)
    assert link.bad_messages == 0


def test_stamps_unwrap_across_the_48_bit_wrap():
    unwrap = TickUnwrapper()
    assert unwrap.unwrap(2**48 - 10) == 2**48 - 10
    assert unwrap.unwrap(5) == 2**48 + 5
    assert unwrap.unwrap(2**48 - 2) == 2**48 - 2  # a little back in time is still the same lap


def test_clock_sync_keeps_the_lowest_round_trips_and_fits_the_drift():
    sync = ClockSync(ticks_per_us=2)
    drift = 200e-6  # the controller runs 200 ppm slow
    for i in range(40):
        ticks = i * 2_000_000  # one second apart
        true_host = 10**9 + ticks * 500 * (1 + drift)
        delay = 50_000 if i % 3 else 3_000_000  # most round trips short, some long and lopsided
        sync.add(SyncSample(round(true_host - delay / 2), round(true_host + delay / 2 + (delay if i % 3 == 0 else 0)), ticks))
    assert abs(sync.drift - drift) < 5e-6
    t = 41 * 2_000_000
    assert abs(sync.to_host_ns(t) - (10**9 + t * 500 * (1 + drift))) < 30_000


def test_an_implausible_drift_is_bounded():
    sync = ClockSync(ticks_per_us=2, max_drift=0.01)
    sync.add(SyncSample(0, 0, 0))
    sync.add(SyncSample(10**9, 10**9, 1_000_000))  # would be 100 % slow
    assert abs(sync.drift - 0.01) < 1e-9


class FakePort:
    """A serial port that plays controller bytes and can be unplugged."""

    def __init__(self, wire: bytes):
        self.wire = bytearray(wire)
        self.written = bytearray()
        self.unplugged = threading.Event()
        self.in_waiting = len(self.wire)

    def read(self, n):
        if self.unplugged.is_set():
            raise OSError("device disconnected")
        data, self.wire[:] = bytes(self.wire), b""
        self.in_waiting = 0
        if not data:
            self.unplugged.wait(0.01)
        return data

    def write(self, data):
        if self.unplugged.is_set():
            raise OSError("device disconnected")
        self.written += data

    def close(self):
        pass


def test_an_unplugged_controller_is_reported_and_reopened():
    ports = [FakePort(encode(HELLO, 0)), FakePort(encode(HELLO, 0))]
    opened = []

    def open_serial(path):
        if len(opened) == len(ports):
            raise OSError("no such device")
        opened.append(ports[len(opened)])
        return opened[-1]

    events = queue.Queue()
    reader = SerialReader("/dev/fake", events.put, board=NANO, open_serial=open_serial,
                          reconnect_s=0.01, ping_interval_s=0.01).start()
    try:
        first = events.get(timeout=2)
        assert first.connected
        ports[0].unplugged.set()
        gone = events.get(timeout=2)
        assert not gone.connected and "unplugged" in gone.detail and "/dev/fake" in gone.detail
        back = events.get(timeout=2)
        assert back.connected
        assert reader.reconnects == 1
        sent = [parse(frame) for frame in FrameDecoder().feed(bytes(ports[1].written))]
        assert sent, "the reader asks the replugged controller to say hello"
    finally:
        reader.stop()


def test_the_device_is_found_by_the_kiosks_stable_name_first(tmp_path):
    assert DEVICE_PATTERNS[0] == "/dev/companion-buttons"
    (tmp_path / "usb-1a86_USB_Serial-if00-port0").touch()
    assert find_device((str(tmp_path / "missing"), str(tmp_path / "*"))).endswith("port0")
    with pytest.raises(CompanionError, match="no serial controller found"):
        find_device((str(tmp_path / "none*"),))


def test_a_controller_that_says_it_is_another_board_than_the_settings_name_is_not_played():
    """Its pins are another board's: a press would count for another player (a tester's Nano
    D2, player 1 N, came in as the Mega's player 6 S). Nothing it sends is taken, the corner
    says so for good, and the line says what to write."""
    link = ControllerLink({"D2": (6, Side.S)}, MEGA)
    nano = Hello(3, 2, 5000, 0, "nano", NANO.pin_names)
    said = link.feed(encode(nano, 0), 7)
    assert said[0].alarm and said[0].kind == "board" and not said[0].connected
    assert 'the settings say board = "mega": write board = "nano" in [serial]' in said[0].detail
    assert status_word(said[0]) == "wrong board"
    link.ping(5_000_000_000)
    later = link.feed(encode(nano, 1) + encode(Pong(1, 0), 2) + encode(Edge(0, True, 100), 3),
                      5_000_000_000)
    assert later == [] and not link.synced, "asked again, said once, and no press taken"
    assert link.next_request(6_000_000_000) == link.hello_request()


def test_a_controller_naming_a_board_the_companion_does_not_know_is_told_to_be_flashed():
    said = ControllerLink(board=NANO).feed(encode(Hello(3, 2, 5000, 0, "uno", ("P0", "P1"))), 7)
    assert said[0].kind == "board"
    assert "no board is called 'uno' (choose from mega, nano): flash the nano" in said[0].detail


def test_the_board_the_settings_name_connects_without_an_alarm():
    said = ControllerLink(board=NANO).feed(encode(HELLO), 7)
    assert not said[0].alarm and said[0].kind == ""


def statuses_of(reader_args, until, timeout=5.0):
    """Start a SerialReader with ``reader_args``; the statuses it posts until ``until(status)``."""
    events = queue.Queue()
    reader = SerialReader(post=events.put, board=NANO, **reader_args).start()
    said = []
    try:
        while not said or not until(said[-1]):
            said.append(events.get(timeout=timeout))
    finally:
        reader.stop()
    return said


def test_a_port_another_program_has_open_is_said_busy_not_missing():
    """Two kiosks (or the wiring check beside the kiosk) on one controller would each read
    half its bytes: the first to open it keeps it, the second says who is in the way."""
    main, side = os.openpty()
    name = os.ttyname(side)
    first = SerialReader(name, lambda event: None, board=NANO, reconnect_s=0.01).start()
    try:
        assert select.select([main], [], [], 5)[0], "the first reader opened it and asked hello"
        said = statuses_of({"path": name, "reconnect_s": 0.01},
                           until=lambda status: status.kind == "busy")
    finally:
        first.stop()
        os.close(main)
        os.close(side)
    assert "another program has it open" in said[-1].detail and not said[-1].connected
    assert player_notice(said[-1]) == "button controller in use by another program"
    assert status_word(said[-1]) == "in use"


@pytest.mark.parametrize("path, what", [("/dev/null", "it is not a serial device:"),
                                        ("{tmp}", "it is not a serial device (a folder)"),
                                        ("{tmp}/file", "it is not a serial device (a file)")])
def test_a_path_that_is_no_serial_device_is_said_so_not_waited_for(tmp_path, path, what):
    (tmp_path / "file").write_text("not a port")
    path = path.format(tmp=tmp_path)
    said = statuses_of({"path": path, "reconnect_s": 0.01},
                       until=lambda status: status.kind == "refused")
    assert what in said[-1].detail and path in said[-1].detail
    assert [status.kind for status in said] == ["refused"], "said once, not a missing board"


def test_a_port_this_user_may_not_open_names_the_dialout_group_once():
    tries = threading.Semaphore(0)

    def denied(path):
        tries.release()
        raise PermissionError(errno.EACCES, "Permission denied", path)

    events = queue.Queue()
    reader = SerialReader("/dev/null", events.put, board=NANO, open_serial=denied,
                          reconnect_s=0.001).start()
    try:
        said = events.get(timeout=5)
        for _ in range(5):   # tried again and again meanwhile
            assert tries.acquire(timeout=5)
    finally:
        reader.stop()
    assert said.kind == "refused" and "permission denied" in said.detail
    assert "needs the group dialout" in said.detail
    assert events.empty(), "one line per reason, not one per try"


def test_a_board_that_sends_bytes_but_no_frames_is_not_understood_rather_than_silent():
    class Babbling(FakePort):
        def read(self, n):
            return b"Hello from a sketch at 9600 baud\r\n"

    said = statuses_of({"path": "/dev/fake", "open_serial": lambda path: Babbling(b""),
                        "silence_s": 0.05},
                       until=lambda status: status.kind in ("garbled", "silent"))
    assert said[-1].kind == "garbled" and "no frame of the companion's protocol" in said[-1].detail
    assert player_notice(said[-1]) == "button controller not understood: check its firmware"
    assert status_word(said[-1]) == "garbled"   # the corner: there, not unplugged


def test_a_fault_in_the_companions_own_reading_is_said_so_with_its_traceback_never_unplugged(
        caplog):
    """A bug in the link was reported as an unplugged cable, without its traceback, and the
    reader opened the port again at once, 30 times in 0.3 s (a code reviewer)."""
    opened = []

    class Tripping(FakePort):
        def read(self, n):
            return b"\x00"

    def open_serial(path):
        opened.append(path)
        return Tripping(b"")

    def broken_feed(data, now_ns):
        raise KeyError("a bug in the link")

    events = queue.Queue()
    reader = SerialReader("/dev/fake", events.put, board=NANO, open_serial=open_serial,
                          reconnect_s=30)
    reader.link.feed = broken_feed
    reader.start()
    try:
        said = events.get(timeout=5)
        time.sleep(0.2)                                   # a spinning reader opens it again
    finally:
        reader.stop()
    assert said.kind == "failed" and not said.connected
    assert "the companion's reading failed (KeyError: 'a bug in the link')" in said.detail
    assert status_word(said) == "not read" and "fault of the companion" in player_notice(said)
    assert "Traceback" in caplog.text and len(opened) == 1


def test_a_board_that_sends_nothing_is_silent():
    class Quiet(FakePort):
        def read(self, n):
            self.unplugged.wait(0.005)
            return b""

    said = statuses_of({"path": "/dev/fake", "open_serial": lambda path: Quiet(b""),
                        "silence_s": 0.05},
                       until=lambda status: status.kind in ("garbled", "silent"))
    assert said[-1].kind == "silent" and status_word(said[-1]) == "silent"


def refusing_reader(path) -> tuple[SerialReader, queue.Queue]:
    """A reader of ``path`` whose every open is refused as a file's would be (not a tty),
    trying again every millisecond; and the queue of what it says."""
    def refused(name):
        raise OSError(errno.ENOTTY, "Inappropriate ioctl for device")

    events: queue.Queue = queue.Queue()
    return SerialReader(str(path), events.put, board=NANO, open_serial=refused,
                        reconnect_s=0.001).start(), events


def test_a_refusal_is_said_again_once_the_path_went_away_and_came_back(tmp_path):
    path = tmp_path / "board"
    path.write_text("not a port")
    reader, events = refusing_reader(path)
    try:
        first = events.get(timeout=30)
        path.unlink()
        gone = events.get(timeout=30)                  # the reader saw it gone (said once)
        path.write_text("back, and still not a port")
        again = events.get(timeout=30)
    finally:
        reader.stop()
    assert (first.kind, gone.kind, again.kind) == ("refused", "missing", "refused")
    assert "(a file)" in again.detail
    assert status_word(gone) == "unplugged"       # the corner does not keep "cannot open"


def test_a_port_that_goes_away_after_a_refusal_is_said_gone_even_if_said_missing_before(
        tmp_path):
    """Missing at the start, then there but refused, then gone: the corner kept "cannot open"
    for a device no longer there (a regression tester)."""
    path = tmp_path / "board"
    reader, events = refusing_reader(path)
    try:
        said = [events.get(timeout=30)]                # missing at the start
        path.write_text("a file, not a port")
        said.append(events.get(timeout=30))            # refused
        path.unlink()
        said.append(events.get(timeout=30))            # gone again
    finally:
        reader.stop()
    assert [status.kind for status in said] == ["missing", "refused", "missing"]
    assert [status_word(status) for status in said] == ["unplugged", "cannot open", "unplugged"]
