"""The input doorbell: wakes the sleeping loop as soon as a kernel input device has news.

On the Pi's console (SDL's KMSDRM driver) SDL reads touches and keys from the kernel's
input devices (``/dev/input/event*``) only when the loop asks it for events. A loop that
slept until its next timer would take a touch late, unless it looked every so often
(:data:`companion.kiosk.loop.WINDOW_POLL_MS`: ten wake-ups a second while a round waits,
most of what an idle kiosk costs). The doorbell watches the same devices from a thread of
its own, blocked in ``select``: when one has something to read, it reads its own copy of
the events (the kernel gives every reader of a device each event: SDL's copy is left
whole) and rings (the loop's ``wake``), so the loop takes the window's events from SDL at
once. Every :data:`RESCAN_S` it looks in the folder again, for a device plugged in or
unplugged (SDL hears of those through udev, and reads them whenever the loop asks).

A device it may not read is skipped (the kiosk's unit lets it read them all); the folder
missing is a machine with no input device yet. Either way the loop still takes the
window's events on every pass it makes for its own timers.
"""

from __future__ import annotations

import errno
import logging
import os
import select
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

#: The kernel's input devices, as SDL's KMSDRM input finds them.
INPUT_FOLDER = Path("/dev/input")
#: How often the doorbell looks for devices plugged in or unplugged, in seconds.
RESCAN_S = 2.0
#: The most bytes read from a device at once (a keyboard's or a touch's events, 24 bytes each).
READ_BYTES = 4096


class InputDoorbell:
    """Calls ``ring`` from its own thread whenever one of the ``event*`` devices in ``folder``
    has input to read (at most once per wake of its thread, whatever the count of events).

    :meth:`start` starts the thread; :meth:`close` stops it and closes every device."""

    def __init__(self, ring: Callable[[], None], folder: Path = INPUT_FOLDER,
                 rescan_s: float = RESCAN_S) -> None:
        self.ring, self.folder, self.rescan_s = ring, folder, rescan_s
        #: The devices watched now: their path and open descriptor.
        self.devices: dict[Path, int] = {}
        self._refused: set[Path] = set()
        self._stop_read, self._stop_write = os.pipe()
        self._thread = threading.Thread(target=self._run, name="input doorbell", daemon=True)

    def start(self) -> None:
        """Open the devices there are and start watching them."""
        self._rescan()
        self._thread.start()

    def close(self) -> None:
        """Stop watching: the thread ends, every device and the stop pipe are closed."""
        os.write(self._stop_write, b"x")
        if self._thread.is_alive():
            self._thread.join()
        for fd in self.devices.values():
            os.close(fd)
        self.devices.clear()
        os.close(self._stop_read)
        os.close(self._stop_write)

    def _run(self) -> None:
        rescan_at = time.monotonic() + self.rescan_s
        while True:
            ready, _, _ = select.select([self._stop_read, *self.devices.values()], [], [],
                                        max(0.0, rescan_at - time.monotonic()))
            if self._stop_read in ready:
                return
            had_input = [self._drain(path) for path, fd in list(self.devices.items())
                         if fd in ready]
            if any(had_input):
                self.ring()
            if time.monotonic() >= rescan_at:
                self._rescan()
                rescan_at = time.monotonic() + self.rescan_s

    def _rescan(self) -> None:
        """Watch the devices that appeared in the folder; let go of those that went."""
        try:
            present = {path for path in self.folder.glob("event*")}
        except OSError:
            present = set()
        for path in set(self.devices) - present:
            self._let_go(path)
        self._refused &= present
        for path in sorted(present - set(self.devices) - self._refused):
            try:
                self.devices[path] = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
            except OSError as error:
                self._refused.add(path)
                log.warning("the input doorbell cannot read %s (%s): its keys and touches "
                            "are taken only when the loop wakes for its own timers",
                            path, error.strerror)

    def _drain(self, path: Path) -> bool:
        """Read what ``path`` has (the doorbell's own copy); whether it had input. A device
        that reads as gone (unplugged, or at its end) is let go: the next rescan finds it
        again if it is back."""
        had_input = False
        while True:
            try:
                data = os.read(self.devices[path], READ_BYTES)
            except BlockingIOError:
                return had_input
            except OSError as error:
                if error.errno not in (errno.ENODEV, errno.EIO):
                    log.debug("the input doorbell lets go of %s: %s", path, error.strerror)
                self._let_go(path)
                return had_input
            if not data:
                self._let_go(path)
                return had_input
            had_input = True

    def _let_go(self, path: Path) -> None:
        os.close(self.devices.pop(path))
