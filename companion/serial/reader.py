"""The host side of the serial controller: reads frames, stamps taps, posts them.

:class:`SerialReader` owns one serial port (pyserial). In its own thread it
decodes frames (:mod:`companion.serial.frames`), learns the controller clock
from ping round trips (:mod:`companion.serial.clock_sync`) and turns each
press edge into ``Tap(player, side, t_ns, source="serial")`` with ``t_ns`` on
the host's ``CLOCK_MONOTONIC``, through a pin map ``{pin name: (player,
side)}`` (default: the board's map in :mod:`companion.serial.boards`). It only
stamps and posts: ``post(event)`` receives :class:`~companion.rules.taps.Tap`
and :class:`ControllerStatus` events; the main loop decides.

It survives unplugging: a failed read closes the port, posts
``ControllerStatus(connected=False)``, and it reopens the same path every
``reconnect_s`` until the controller is back (and says hello again).
"""

from __future__ import annotations

import glob
import logging
import threading
import time
from dataclasses import dataclass
from typing import Callable, Mapping

from companion.errors import CompanionError
from companion.rules.sides import Side
from companion.rules.taps import Tap
from companion.serial.boards import BOARDS, NANO, Board
from companion.serial.clock_sync import ClockSync, SyncSample, TickUnwrapper
from companion.serial.frames import FrameDecoder
from companion.serial.protocol import (Edge, Heartbeat, Hello, HelloRequest, Ping, Pong,
                                       ProtocolError, encode, parse)

log = logging.getLogger(__name__)

BAUD = 1_000_000
#: Where ``find_device`` looks: the kiosk's udev symlink (systemd/99-companion-buttons.rules)
#: first, then by-id names.
DEVICE_PATTERNS = ("/dev/companion-buttons", "/dev/serial/by-id/*")


@dataclass(frozen=True)
class ControllerStatus:
    """The controller connected or went away; ``detail`` says what happened, for the screen."""

    connected: bool
    detail: str
    t_ns: int = 0


def find_device(patterns=DEVICE_PATTERNS) -> str:
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
    """

    def __init__(self, mapping: Mapping[str, tuple[int, Side]] | None = None,
                 board: Board | None = None) -> None:
        self.board = board or NANO
        self.mapping = dict(mapping) if mapping is not None else None
        self.decoder = FrameDecoder()
        self.unwrapper = TickUnwrapper()
        self.sync: ClockSync | None = None
        self.hello: Hello | None = None
        self.overflows = 0
        self.rx_errors = 0
        self.unmapped = 0
        self.bad_messages = 0
        self._pins = self.board.pin_names
        self._token = 0
        self._pings: dict[int, int] = {}
        self._held: list[tuple[int, int, Side]] = []

    def restart(self) -> None:
        """Forget the stream (the port was reopened): framing, clock, pending pings."""
        self.decoder.resync()
        self.unwrapper.reset()
        self.sync = None
        self.hello = None
        self._pings.clear()
        self._held.clear()

    def hello_request(self) -> bytes:
        return encode(HelloRequest())

    def ping(self, now_ns: int) -> bytes:
        """The bytes of a new ping, sent at ``now_ns``."""
        self._token = (self._token + 1) & 0xFFFFFFFF
        self._pings[self._token] = now_ns
        if len(self._pings) > 64:
            del self._pings[min(self._pings)]
        return encode(Ping(self._token), seq=self._token)

    def _pin_map(self) -> Mapping[str, tuple[int, Side]]:
        if self.mapping is not None:
            return self.mapping
        board = BOARDS.get(self.hello.board) if self.hello else None
        return (board or self.board).default_map()

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

    def _handle(self, message, now_ns: int, events: list) -> None:
        if isinstance(message, Hello):
            self.restart_clock(message)
            detail = (f"{message.board} controller (firmware {message.version}, "
                      f"{len(message.pins)} pins)")
            missing = self.missing_pins()
            if missing:
                detail += f"; pin map names pins it lacks: {', '.join(missing)}"
            events.append(ControllerStatus(True, detail, now_ns))
            return
        ticks = self.unwrapper.unwrap(message.ticks) if hasattr(message, "ticks") else None
        if isinstance(message, Pong):
            sent = self._pings.pop(message.token, None)
            if sent is not None and self.sync is not None:
                self.sync.add(SyncSample(sent, now_ns, ticks))
        elif isinstance(message, Heartbeat):
            self.overflows, self.rx_errors = message.lost_events, message.rx_errors
        elif isinstance(message, Edge) and message.pressed:
            name = self._pins[message.pin] if message.pin < len(self._pins) else None
            target = self._pin_map().get(name) if name else None
            if target is None:
                self.unmapped += 1
                return
            self._held.append((ticks, target[0], target[1]))

    def missing_pins(self) -> list[str]:
        """Pins of the pin map that the connected controller does not have."""
        if self.mapping is None or self.hello is None:
            return []
        return sorted(set(self.mapping) - set(self.hello.pins))

    def stats(self) -> dict:
        """Counters for logs and the status screen."""
        decoder = self.decoder
        return {"frames": decoder.frames, "crc_errors": decoder.crc_errors,
                "bad_frames": decoder.bad_frames, "lost_frames": decoder.lost,
                "lost_events": self.overflows, "rx_errors": self.rx_errors,
                "unmapped": self.unmapped, "bad_messages": self.bad_messages}

    def restart_clock(self, hello: Hello) -> None:
        """A (re)started controller: its pins, and a clock learned afresh."""
        self.hello = hello
        self._pins = hello.pins
        self.unwrapper.reset()
        self.unwrapper.unwrap(hello.ticks)
        self.sync = ClockSync(hello.ticks_per_us)
        self._held.clear()

    def _release_held(self) -> list:
        """Taps waiting for the clock, as soon as it is known, oldest stamp first."""
        if not self._held or self.sync is None or not self.sync.ready:
            return []
        held, self._held = sorted(self._held), []
        return [Tap(player, side, self.sync.to_host_ns(ticks), source="serial")
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
                 silence_s: float = 1.0) -> None:
        self.path = path
        self.post = post
        self.link = ControllerLink(mapping, board)
        self.clock = clock
        self.open_serial = open_serial or _open_pyserial
        self.ping_interval_s = ping_interval_s
        self.reconnect_s = reconnect_s
        self.silence_s = silence_s
        self.reconnects = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> "SerialReader":
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
        """Read until :meth:`stop`: connect, read, reconnect after an unplug."""
        connected_once = False
        while not self._stop.is_set():
            port = self._open()
            if port is None:
                self._stop.wait(self.reconnect_s)
                continue
            if connected_once:
                self.reconnects += 1
            connected_once = True
            reason = self._read_until_gone(port)
            try:
                port.close()
            except Exception:  # closing a vanished device may fail too
                pass
            if reason:
                self.post(ControllerStatus(False, reason, self.clock()))

    def _open(self):
        try:
            return self.open_serial(self.path)
        except Exception as error:  # SerialException, OSError: not there (yet)
            log.debug("serial: cannot open %s: %s", self.path, error)
            return None

    def _read_until_gone(self, port) -> str | None:
        """Serve one open port; returns why it ended (None when asked to stop)."""
        link = self.link
        link.restart()
        silent_posted = False
        try:
            port.write(link.hello_request())
            last_ping = last_frame = time.monotonic()
            while not self._stop.is_set():
                data = port.read(max(1, getattr(port, "in_waiting", 0) or 0))
                now_ns = self.clock()
                if data:
                    frames_before = link.decoder.frames
                    for event in link.feed(data, now_ns):
                        self.post(event)
                    if link.decoder.frames != frames_before:
                        last_frame, silent_posted = time.monotonic(), False
                wall = time.monotonic()
                if wall - last_ping >= self.ping_interval_s:
                    port.write(link.hello_request() if link.hello is None
                               else link.ping(self.clock()))
                    last_ping = wall
                if wall - last_frame > self.silence_s and not silent_posted:
                    self.post(ControllerStatus(False, f"controller on {self.path} is silent",
                                               now_ns))
                    silent_posted = True
        except Exception as error:  # the device went away mid-read or mid-write
            return f"controller on {self.path} unplugged ({error})"
        return None


def _open_pyserial(path: str):
    import serial

    return serial.Serial(path, BAUD, timeout=0.02, write_timeout=0.5)
