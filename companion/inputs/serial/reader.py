"""The host side of the serial controller: reads frames, stamps taps, posts them.

:class:`SerialReader` owns one serial port (pyserial). In its own thread it
decodes frames (:mod:`companion.inputs.serial.frames`), learns the controller clock
from ping round trips (:mod:`companion.inputs.serial.clock_sync`) and turns each
press edge into ``Tap(player, side, t_ns, source="serial")`` with ``t_ns`` on
the host's ``CLOCK_MONOTONIC``, through a pin map ``{pin name: (player,
side)}`` (default: the board's map in :mod:`companion.boards.avr`). It only
stamps and posts: ``post(event)`` receives :class:`~companion.games.notnot.taps.Tap`
and :class:`ControllerStatus` events; the main loop decides.

It survives unplugging: a failed read closes the port, posts
``ControllerStatus(connected=False)``, and it reopens the same path every
``reconnect_s`` until the controller is back (and says hello again).
"""

from __future__ import annotations

import errno
import glob
import itertools
import logging
import os
import stat
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion.boards.avr import BOARDS, NANO, Board
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.inputs.serial.clock_sync import ClockSync, SyncSample, TickOrder, TickUnwrapper
from companion.inputs.serial.frames import FrameDecoder
from companion.inputs.serial.protocol import (
    Edge,
    Filter,
    Heartbeat,
    Hello,
    HelloRequest,
    Ping,
    Pong,
    ProtocolError,
    encode,
    parse,
)

log = logging.getLogger(__name__)

BAUD = 1_000_000
#: The kiosk's udev symlink (systemd/99-companion-buttons.rules): the board, wherever it is
#: plugged.
UDEV_DEVICE = "/dev/companion-buttons"
#: Where ``find_device`` looks: the udev symlink first, then by-id names.
DEVICE_PATTERNS = (UDEV_DEVICE, "/dev/serial/by-id/*")


#: A controller clock that steps back further than this has restarted. (An edge may
#: carry a stamp one debounce time, 5 ms, older than the newest stamp seen.)
RESTART_STEP_S = 0.05
#: How many recent heartbeats are remembered to drop one received again (about 7 minutes of
#: an idle controller's): a replayed heartbeat is no restart.
RECENT_HEARTBEATS = 4096


#: Numbers each :class:`ControllerStatus` as it is made.
STATUS_COUNTER = itertools.count()


@dataclass(frozen=True)
class ControllerStatus:
    """What the controller is doing, for the screen; ``detail`` says it in words.

    ``connected``: it talks to the host. ``synced``: its clock is known, so its
    taps are judged. ``alarm``: something the table should see went wrong
    (unplugged, silent, restarted, presses lost). ``device``: the controller's
    path (filled in by :class:`SerialReader`). ``kind`` names what happened for the
    players' words (:data:`companion.inputs.serial.pads.PLAYER_WORDS`): ``missing``,
    ``unplugged``, ``silent``, ``talking``, ``pins``, ``restarted``, ``overflow``; ``""``:
    said from ``connected`` and ``synced``.
    """

    connected: bool
    detail: str
    t_ns: int = 0
    synced: bool = False
    alarm: bool = False
    device: str = ""
    kind: str = ""
    #: The order the reader said it in (:func:`companion.inputs.events.event_order`): a restart
    #: and the clock synced again after it can share one stamp, and the later must stay later.
    said: int = field(default_factory=lambda: next(STATUS_COUNTER), compare=False, repr=False)


@dataclass(frozen=True)
class PinEdge:
    """Pin ``pin`` of the controller was pressed or released at controller ``ticks``
    (``t_ns`` on the host clock once the clock is synced, else ``None``). Posted only
    by a link asked to ``report_edges`` (the wiring check)."""

    pin: str
    pressed: bool
    ticks: int
    t_ns: int | None


def find_device(patterns: Iterable[str] = DEVICE_PATTERNS) -> str:
    """The serial controller's stable path; :class:`CompanionError` if there is none."""
    for pattern in patterns:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    raise CompanionError("no serial controller found (looked for "
                         f"{', '.join(patterns)}): plug it in or give its path")


class ControllerLink:
    """Decoding and stamping, without threads or ports: bytes in, events out.

    :meth:`feed` takes bytes read at host time ``now_ns`` and returns the
    events to post (taps ordered by controller ticks). :meth:`ping` returns the
    bytes of the next ping to write. :class:`SerialReader` drives it; tests and
    the simulator drive it directly.

    A controller restart is noticed three ways, and the clock is then learned
    afresh: a HELLO, HEARTBEAT, PONG or EDGE whose clock went back more than
    :data:`RESTART_STEP_S`; a PONG that the clock learned so far cannot
    explain (:meth:`ClockSync.contradicts`).

    A frame received again, however late, is neither a tap nor a restart: the
    decoder drops the repeat of the frame just before (same sequence number);
    here an edge no newer than the newest edge taken on its pin (the firmware
    reports each pin's edges in stamp order, so it was taken already), a PONG
    whose ping was answered already, and a HEARTBEAT taken already are
    dropped before their clock is looked at (``stale_frames``;
    ``repeated_presses`` for presses). A HELLO is the boot frame: one whose
    clock went back always restarts. Taps are placed by :class:`TickOrder`,
    so the controller's order is always the host's order.
    """

    def __init__(self, mapping: Mapping[str, tuple[int, Side]] | None = None,
                 board: Board | None = None, report_edges: bool = False) -> None:
        self.board = board or NANO
        self.report_edges = report_edges
        self.mapping = dict(mapping) if mapping is not None else None
        self.decoder = FrameDecoder()
        self.unwrapper = TickUnwrapper()
        self.order = TickOrder()
        self.sync: ClockSync | None = None
        self.hello: Hello | None = None
        #: The board the controller says it is, when not the one the settings name (``None``:
        #: the same): it is asked who it is until it is the right one, and nothing else is read.
        self.wrong_board: str | None = None
        #: True after a restart noticed without a HELLO: the reader asks for one.
        self.hello_wanted = False
        self.overflows = 0
        self.rx_errors = 0
        #: The firmware's glitch filter in us (0: off; ``None``: not told, firmware 2 or older)
        #: and the glitches it dropped, from its FILTER messages.
        self.min_press_us: int | None = None
        self.glitches = 0
        self.unmapped = 0
        self.bad_messages = 0
        self.restarts = 0
        self.repeated_presses = 0
        self.stale_frames = 0
        #: Presses that were waiting for a clock that then restarted.
        self.lost_to_restart = 0
        self._pins = self.board.pin_names
        self._token = 0
        self._pings: dict[int, int] = {}
        self._held: list[tuple[int, int, Side]] = []
        self._newest: int | None = None
        #: The newest edge taken per pin (ticks): an edge no newer was taken already.
        self._pin_newest: dict[int, int] = {}
        self._heartbeats: dict[Heartbeat, None] = {}
        self._default_map: tuple[Board | None, Mapping[str, tuple[int, Side]]] = (None, {})

    def restart(self) -> None:
        """Forget the stream (the port was reopened): framing, clock, pending pings."""
        self.decoder.resync()
        self.unwrapper.reset()
        self.order.reset()
        self.sync = None
        self.hello = None
        self.wrong_board = None
        self.hello_wanted = False
        self.min_press_us, self.glitches = None, 0
        self._pings.clear()
        self._held.clear()
        self._forget_frames()

    def _forget_frames(self) -> None:
        """A new clock: no frame of it was taken yet."""
        self._newest = None
        self._pin_newest.clear()
        self._heartbeats.clear()

    def hello_request(self) -> bytes:
        return encode(HelloRequest())

    def next_request(self, now_ns: int) -> bytes:
        """What to send at the next ping time: a HELLO_REQUEST until the controller has
        said who it is, then a ping (with a HELLO_REQUEST too after a silent restart)."""
        if self.hello is None:
            return self.hello_request()
        return (self.hello_request() if self.hello_wanted else b"") + self.ping(now_ns)

    def ping(self, now_ns: int) -> bytes:
        """The bytes of a new ping, sent at ``now_ns``."""
        self._token = (self._token + 1) & 0xFFFFFFFF
        self._pings[self._token] = now_ns
        if len(self._pings) > 64:
            del self._pings[min(self._pings)]
        return encode(Ping(self._token), seq=self._token)

    def _pin_map(self) -> Mapping[str, tuple[int, Side]]:
        """The pin map: the one given, else the connected board's own pads (built once)."""
        if self.mapping is not None:
            return self.mapping
        board = (BOARDS.get(self.hello.board) if self.hello else None) or self.board
        if self._default_map[0] is not board:
            self._default_map = (board, board.default_map())
        return self._default_map[1]

    def feed(self, data: bytes, now_ns: int) -> list:
        """Decode ``data`` (read at ``now_ns``); the events it produces, taps in tick order."""
        events: list = []
        for frame in self.decoder.feed(data):
            try:
                message = parse(frame)
            except ProtocolError as error:
                self.bad_messages += 1
                log.debug("serial: %s", error)
                continue
            self._handle(message, now_ns, events)
        return events + self._release_held()

    def _handle(self, message: object, now_ns: int, events: list) -> None:
        if self.wrong_board is not None and not isinstance(message, Hello):
            return   # another board than the settings name: its frames are not read
        if isinstance(message, Hello):
            self._hello(message, now_ns, events)
        elif isinstance(message, Pong):
            self._pong(message, now_ns, events)
        elif isinstance(message, Heartbeat):
            self._heartbeat(message, now_ns, events)
        elif isinstance(message, Edge):
            self._edge(message, now_ns, events)
        elif isinstance(message, Filter):
            self.min_press_us, self.glitches = message.min_press_us, message.glitches

    def _edge(self, edge: Edge, now_ns: int, events: list) -> None:
        """A new edge of its pin: its clock looked at, reported, held as a tap if a press."""
        newest = self._pin_newest.get(edge.pin)
        if newest is not None and self.unwrapper.peek(edge.ticks) <= newest:
            if edge.pressed:
                self.repeated_presses += 1
            else:
                self.stale_frames += 1
            return
        ticks = self._ticks(edge.ticks, now_ns, events)
        self._pin_newest[edge.pin] = ticks
        if self.report_edges:
            events.append(self._pin_edge(edge, ticks))
        if edge.pressed:
            self._press(edge, ticks)

    def _pin_edge(self, edge: Edge, ticks: int) -> PinEdge:
        """The edge for the wiring check: its pin's name, and its host stamp once synced."""
        name = self._pins[edge.pin] if edge.pin < len(self._pins) else f"#{edge.pin}"
        sync = self.sync
        return PinEdge(name, edge.pressed, ticks,
                       sync.to_host_ns(ticks) if sync is not None and sync.ready else None)

    def _hello(self, hello: Hello, now_ns: int, events: list) -> None:
        """The first HELLO starts the clock; a later one restarts it if its clock went back."""
        detail = f"{hello.board} controller (firmware {hello.version}, {len(hello.pins)} pins)"
        if hello.board != self.board.name:   # its pins are another board's: nothing is taken
            if self.wrong_board != hello.board:
                self.wrong_board = hello.board
                events.append(ControllerStatus(
                    False, f"{detail}; {self.other_board(hello.board)}; until then none of its "
                    "presses is taken", now_ns, alarm=True, kind="board"))
            return
        self.wrong_board = None
        if self.hello is None:
            self.restart_clock(hello)
            missing = self.missing_pins()
            if missing:
                detail += f"; pin map names pins it lacks: {', '.join(missing)}"
            events.append(ControllerStatus(True, detail, now_ns, kind="pins" if missing else ""))
            return
        self.hello, self._pins = hello, hello.pins
        self._ticks(hello.ticks, now_ns, events)
        self.hello_wanted = False

    def _ticks(self, raw: int, now_ns: int, events: list) -> int:
        """The unwrapped ticks of stamp ``raw``; a clock that went back restarts the sync."""
        ticks = self.unwrapper.unwrap(raw)
        step = RESTART_STEP_S * 1e6 * (self.hello.ticks_per_us if self.hello else 2)
        if self._newest is not None and ticks < self._newest - step:
            self._restart_sync("its clock went back", now_ns, events)
            ticks = self.unwrapper.unwrap(raw)
        self._newest = ticks if self._newest is None else max(self._newest, ticks)
        return ticks

    def _pong(self, pong: Pong, now_ns: int, events: list) -> None:
        """A clock sample; one that cannot be right restarts. A pong whose ping is not
        waiting (answered already: a pong received again) says nothing."""
        sent = self._pings.pop(pong.token, None)
        if sent is None:
            self.stale_frames += 1
            return
        ticks = self._ticks(pong.ticks, now_ns, events)
        if self.sync is None:
            return
        sample = SyncSample(sent, now_ns, ticks)
        if self.sync.contradicts(sample):
            self._restart_sync("a clock sample that cannot be right", now_ns, events)
            sample = SyncSample(sent, now_ns, self._ticks(pong.ticks, now_ns, events))
        was_ready = self.sync is not None and self.sync.ready
        if self.sync is not None:
            self.sync.add(sample)
            if not was_ready and self.sync.ready:
                events.append(ControllerStatus(True, "clock synced", now_ns, synced=True))

    def _heartbeat(self, heartbeat: Heartbeat, now_ns: int, events: list) -> None:
        """The clock and the loss counters; edges newly lost to full rings are an alarm. A
        heartbeat taken already (received again) says nothing."""
        if heartbeat in self._heartbeats:
            self.stale_frames += 1
            return
        self._ticks(heartbeat.ticks, now_ns, events)
        self._heartbeats[heartbeat] = None
        if len(self._heartbeats) > RECENT_HEARTBEATS:
            del self._heartbeats[next(iter(self._heartbeats))]
        lost = heartbeat.lost_events - self.overflows
        if lost > 0:
            events.append(ControllerStatus(
                True, f"its buffer overflowed: {lost} edges lost", now_ns,
                synced=self.synced, alarm=True, kind="overflow"))
        self.overflows, self.rx_errors = heartbeat.lost_events, heartbeat.rx_errors

    def _press(self, edge: Edge, ticks: int) -> None:
        """Hold a press for release as a tap, unless its pin is unmapped."""
        name = self._pins[edge.pin] if edge.pin < len(self._pins) else None
        target = self._pin_map().get(name) if name else None
        if target is None:
            self.unmapped += 1
            return
        self._held.append((ticks, target[0], target[1]))

    @property
    def synced(self) -> bool:
        """Whether the controller's clock is known (its taps are released)."""
        return self.sync is not None and self.sync.ready

    def _restart_sync(self, why: str, now_ns: int, events: list) -> None:
        """The controller restarted: release or count the waiting taps, learn the clock afresh."""
        events.extend(self._release_held())
        self.lost_to_restart += len(self._held)
        self._held.clear()
        self.restarts += 1
        self.unwrapper.reset()
        self.order.reset()
        self._forget_frames()
        self.sync = ClockSync(self.hello.ticks_per_us) if self.hello else None
        self.hello_wanted = True
        events.append(ControllerStatus(True, f"controller restarted ({why}): "
                                       "syncing its clock afresh", now_ns, alarm=True,
                                       kind="restarted"))

    def other_board(self, said: str) -> str:
        """What to do when the controller says it is the board ``said``, not the settings'
        (its pins are another board's: pads would be read as other players' or not at all)."""
        mine = f'the settings say board = "{self.board.name}"'
        if said in BOARDS:
            return f'{mine}: write board = "{said}" in [serial], or plug in the {self.board.name}'
        return (f"{mine}, and no board is called {said!r} (choose from "
                f"{', '.join(sorted(BOARDS))}): flash the {self.board.name} with the "
                "companion's firmware")

    def missing_pins(self) -> list[str]:
        """Pins of the pin map that the connected controller does not have."""
        if self.mapping is None or self.hello is None:
            return []
        return sorted(set(self.mapping) - set(self.hello.pins))

    def stats(self) -> dict:
        """The link's counters: frames, CRC errors, lost events, order corrections, the
        firmware's glitch filter and glitches (read by the tests; nothing shows them yet)."""
        decoder = self.decoder
        return {"frames": decoder.frames, "crc_errors": decoder.crc_errors,
                "bad_frames": decoder.bad_frames, "lost_frames": decoder.lost,
                "repeated_frames": decoder.duplicates, "repeated_presses": self.repeated_presses,
                "stale_frames": self.stale_frames,
                "lost_events": self.overflows, "rx_errors": self.rx_errors,
                "min_press_us": self.min_press_us, "glitches": self.glitches,
                "unmapped": self.unmapped, "bad_messages": self.bad_messages,
                "restarts": self.restarts, "lost_to_restart": self.lost_to_restart,
                "order_corrections": self.order.corrections}

    def restart_clock(self, hello: Hello) -> None:
        """A (re)started controller: its pins, and a clock learned afresh."""
        self.hello = hello
        self.hello_wanted = False
        self._pins = hello.pins
        self.unwrapper.reset()
        self._forget_frames()
        self._newest = self.unwrapper.unwrap(hello.ticks)
        self.sync = ClockSync(hello.ticks_per_us)
        self.order.reset()
        self._held.clear()

    def _release_held(self) -> list:
        """Taps waiting for the clock, as soon as it is known, in tick order.

        Each stamp comes from the clock model, placed by :class:`TickOrder`
        so that it never contradicts the tick order of this controller's
        earlier taps, even when the model moves between frames.
        """
        if not self._held or not self.synced:
            return []
        held, self._held = sorted(self._held), []
        sync = self.sync
        assert sync is not None  # synced
        return [Tap(player, side, self.order.place(ticks, sync.to_host_ns(ticks),
                                                   sync.min_ns_per_tick), source="serial")
                for ticks, player, side in held]


class SerialReader:
    """Reads a serial controller in a thread and posts its taps and status.

    ``open_serial(path)`` returns an open port object with ``read``,
    ``in_waiting``, ``write`` and ``close`` (default: ``serial.Serial`` at
    1,000,000 baud). ``clock`` is the host clock (``time.monotonic_ns``).
    """

    def __init__(self, path: str, post: Callable[[object], None],
                 mapping: Mapping[str, tuple[int, Side]] | None = None,
                 board: Board | None = None, *, clock: Callable[[], int] = time.monotonic_ns,
                 open_serial: Callable[[str], object] | None = None,
                 ping_interval_s: float = 0.2, reconnect_s: float = 0.5,
                 silence_s: float = 1.0, report_edges: bool = False) -> None:
        self.path = path
        self._post_event = post
        self.link = ControllerLink(mapping, board, report_edges)
        self.clock = clock
        self.open_serial = open_serial or _open_pyserial
        self.ping_interval_s = ping_interval_s
        self.reconnect_s = reconnect_s
        self.silence_s = silence_s
        self.reconnects = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def post(self, event: object) -> None:
        """Post ``event``, a status naming this reader's device."""
        if isinstance(event, ControllerStatus) and not event.device:
            event = replace(event, device=self.path)
        self._post_event(event)

    def start(self) -> SerialReader:
        """Start reading in a daemon thread."""
        self._thread = threading.Thread(target=self.run, name="serial-reader", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the thread to finish and wait for it."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def run(self) -> None:
        """Read until :meth:`stop`: connect, read, reconnect after an unplug. A device
        that is not there at the start is reported once, and opened when it appears; one that
        is there but cannot be opened is reported once per reason (:func:`open_refusal`)."""
        connected_once = missing_posted = False
        refused = ""
        while not self._stop.is_set():
            port, refusal = self._open()
            if port is None:
                if refusal is not None and refusal[1] != refused:
                    self.post(ControllerStatus(False, refusal[1], self.clock(), alarm=True,
                                               kind=refusal[0]))
                    refused = refusal[1]
                elif refusal is None:   # not there: a refusal once it is back is news again
                    # said once; and after a refusal, whose word the corner would keep
                    was_refused, refused = bool(refused), ""
                    if was_refused or not (connected_once or missing_posted):
                        self.post(ControllerStatus(False, f"no controller on {self.path} yet",
                                                   self.clock(), alarm=True, kind="missing"))
                        missing_posted = True
                self._stop.wait(self.reconnect_s)
                continue
            if connected_once:
                self.reconnects += 1
            connected_once, refused = True, ""
            reason, kind = self._read_until_gone(port)
            try:
                port.close()
            except Exception:  # closing a vanished device may fail too
                pass
            if reason:
                self.post(ControllerStatus(False, reason, self.clock(), alarm=True, kind=kind))
            if kind == "failed":   # the same bytes would fail again at once: not in a spin
                self._stop.wait(self.reconnect_s)

    def _open(self) -> tuple[Any, tuple[str, str] | None]:
        """The open port, or ``None`` and why (:func:`open_refusal`; ``None``: not there)."""
        try:
            return self.open_serial(self.path), None
        except Exception as error:  # SerialException, OSError
            log.debug("serial: cannot open %s: %s", self.path, error)
            return None, open_refusal(self.path, error)

    def _read_until_gone(self, port: Any) -> tuple[str | None, str]:
        """Serve one open port; returns why it ended (``None`` when asked to stop) and the kind
        of its status: ``unplugged`` (the port failed: the device went away), or ``failed`` (a
        fault of the companion's own reading, its traceback in the journal)."""
        link = self.link
        link.restart()
        silent_posted = False
        try:
            port.write(link.hello_request())
            last_ping = last_frame = time.monotonic()
            heard = False   # bytes came since the last frame
            while not self._stop.is_set():
                data = port.read(max(1, getattr(port, "in_waiting", 0) or 0))
                now_ns = self.clock()
                if data:
                    heard = True
                    frames_before = link.decoder.frames
                    for event in link.feed(data, now_ns):
                        self.post(event)
                    if link.decoder.frames != frames_before:
                        if silent_posted:
                            self.post(ControllerStatus(True, "talking again", now_ns,
                                                       synced=link.synced, kind="talking"))
                        last_frame, silent_posted, heard = time.monotonic(), False, False
                wall = time.monotonic()
                if wall - last_ping >= self.ping_interval_s:
                    port.write(link.next_request(self.clock()))
                    last_ping = wall
                if wall - last_frame > self.silence_s and not silent_posted:
                    self.post(self._silence(heard, now_ns))
                    silent_posted = True
        except OSError as error:  # the device went away mid-read or mid-write (SerialException)
            return f"controller on {self.path} unplugged ({error})", "unplugged"
        except Exception as error:  # a fault of ours: never called an unplugged cable
            log.exception("serial: reading the controller on %s failed", self.path)
            return (f"controller on {self.path}: the companion's reading failed "
                    f"({type(error).__name__}: {error}); trying again", "failed")
        return None, "unplugged"

    def _silence(self, heard: bool, now_ns: int) -> ControllerStatus:
        """No frame for :attr:`silence_s`: the controller is silent, or (``heard``: bytes came
        that make no frame) talks something other than the protocol."""
        if heard:
            return ControllerStatus(
                False, f"controller on {self.path} sends bytes that are no frame of the "
                f"companion's protocol: another firmware, or not at {BAUD:,} baud "
                "(flash the companion's firmware: hardware/firmware)", now_ns, alarm=True,
                kind="garbled")
        return ControllerStatus(False, f"controller on {self.path} is silent", now_ns,
                                alarm=True, kind="silent")


def open_refusal(path: str, error: BaseException) -> tuple[str, str] | None:
    """Why the serial device ``path`` did not open with ``error``, as a status kind and its
    line: ``None`` when it is not there (unplugged: the reader waits for it quietly);
    ``busy`` when another program has it open; ``refused`` for a path that is no serial
    device, or one this user may not open."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    where = f"controller on {path}"
    if not stat.S_ISCHR(mode):
        what = "a folder" if stat.S_ISDIR(mode) else "a file"
        return "refused", (f"{where}: it is not a serial device ({what}): [serial] device "
                           "names the controller's port, such as /dev/companion-buttons")
    number = error_number(error)
    if number in (errno.EACCES, errno.EPERM):
        return "refused", (f"{where}: you cannot open it (permission denied): the kiosk's "
                           "user needs the group dialout")
    if number in (errno.EAGAIN, errno.EBUSY):
        return "busy", (f"{where}: another program has it open (another kiosk, or "
                        "companion buttons while the kiosk runs: sudo systemctl stop "
                        "companion first)")
    if number == errno.ENOTTY:
        return "refused", (f"{where}: it is not a serial device: [serial] device names "
                           "the controller's port, such as /dev/companion-buttons")
    return "refused", f"{where}: cannot open it: {error}"


def error_number(error: BaseException | None) -> int | None:
    """The ``errno`` of ``error`` or of an error it was raised from (pyserial wraps the
    system's, sometimes with no number of its own)."""
    while error is not None:
        number = getattr(error, "errno", None)
        if isinstance(number, int):
            return number
        args = getattr(error, "args", ())
        if args and isinstance(args[0], int):
            return args[0]
        error = error.__cause__ or error.__context__
    return None


def _open_pyserial(path: str) -> Any:
    import serial

    return serial.Serial(path, BAUD, timeout=0.02, write_timeout=0.5, exclusive=True)
