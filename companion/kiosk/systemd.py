"""Telling systemd how the service is doing: ready, alive, status.

systemd starts the kiosk as a ``Type=notify`` service with a watchdog. It
passes the address of a datagram socket in ``NOTIFY_SOCKET`` (a leading ``@``
means Linux's abstract socket namespace) and, with ``WatchdogSec=``, the
watchdog period in ``WATCHDOG_USEC``. The service sends ``READY=1`` once its
first frame is on screen and ``WATCHDOG=1`` from its main loop; if the loop
stalls for longer than the period, systemd kills and restarts it.

Without ``NOTIFY_SOCKET`` (a laptop, a test, a terminal) every call does
nothing, so the main loop calls :class:`Notifier` unconditionally. A failed
send is logged once and never raised: the game must not die because systemd
went away.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger(__name__)


def socket_address(value: str | None) -> str | None:
    """The address to send to for a ``NOTIFY_SOCKET`` value, or ``None``.

    A path (``/run/systemd/notify``) is used as it is; ``@name`` becomes the
    abstract address ``"\\0name"``. Anything else (empty, relative, a lone
    ``@``) means "no socket".
    """
    if not value or len(value) < 2:
        return None
    if value.startswith("@"):
        return "\0" + value[1:]
    if value.startswith("/"):
        return value
    return None


def watchdog_interval(environ: Mapping[str, str] | None = None,
                      pid: int | None = None) -> float | None:
    """Seconds between watchdog pings: half of ``WATCHDOG_USEC``, or ``None``.

    ``None`` when there is no watchdog: the variable is absent, not a positive
    integer, or ``WATCHDOG_PID`` names another process (the variables were
    inherited from a parent that systemd watches, not meant for us).
    """
    environ = os.environ if environ is None else environ
    usec = environ.get("WATCHDOG_USEC", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    watched_pid = environ.get("WATCHDOG_PID")
    if watched_pid and watched_pid != str(os.getpid() if pid is None else pid):
        return None
    return int(usec) / 2_000_000


class Notifier:
    """Sends ``READY=1``, ``WATCHDOG=1`` and ``STATUS=`` to systemd.

    Build one at start-up; call :meth:`ready` after the first frame and
    :meth:`watchdog` on every pass of the main loop (it sends at most once per
    half watchdog period). ``environ`` and ``clock`` (seconds, monotonic) are
    there for tests.
    """

    def __init__(self, environ: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        environ = os.environ if environ is None else environ
        self.address = socket_address(environ.get("NOTIFY_SOCKET"))
        #: Seconds between watchdog pings, or ``None`` when nobody watches.
        self.interval = watchdog_interval(environ)
        self._clock = clock
        self._last_ping: float | None = None
        self._warned = False
        self._socket: socket.socket | None = None
        if self.address is not None:
            self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)

    @property
    def enabled(self) -> bool:
        """True when systemd gave us a socket to notify."""
        return self._socket is not None

    def send(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines in one datagram; True if it was sent."""
        if self._socket is None or not assignments:
            return False
        assert self.address is not None  # the socket is opened only for an address
        try:
            self._socket.sendto("\n".join(assignments).encode("utf-8"), self.address)
        except OSError as error:
            if not self._warned:
                log.warning("cannot notify systemd at %s: %s", self.address.replace("\0", "@"),
                            error)
                self._warned = True
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        """Tell systemd that start-up is done (``READY=1``), with a status line."""
        lines = ["READY=1"] + ([f"STATUS={status}"] if status else [])
        sent = self.send(*lines)
        self._last_ping = self._clock()  # READY counts as a sign of life
        return sent

    def status(self, text: str) -> bool:
        """Set the one-line status ``systemctl status`` shows."""
        return self.send(f"STATUS={text}")

    def stopping(self) -> bool:
        """Tell systemd that the service is shutting down on purpose."""
        return self.send("STOPPING=1")

    def watchdog(self) -> bool:
        """Ping the watchdog if half its period has passed since the last ping.

        Returns True when a ``WATCHDOG=1`` datagram was sent on this call.
        Cheap enough to call on every frame.
        """
        if self._socket is None or self.interval is None:
            return False
        now = self._clock()
        if self._last_ping is not None and now - self._last_ping < self.interval:
            return False
        self._last_ping = now
        return self.send("WATCHDOG=1")

    def close(self) -> None:
        """Close the socket; later calls do nothing."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def __enter__(self) -> Notifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
