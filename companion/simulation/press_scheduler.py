"""Presses at their due time, on a thread of their own.

Simulated players (the demo) and the latency benchmark press buttons from
outside the loop, as real hands do: each action is queued with a due
``time.monotonic_ns()`` stamp and run on the scheduler's thread when that
time comes. The loop never waits for it, unless it reads its instants from
:meth:`PressScheduler.now_ns` (the demo's loop): an instant is then read only once every
action due by it has run, so a loop never decides at an instant whose presses are still on
their way, however late a busy machine runs the scheduler's thread.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable


class PressScheduler:
    """Runs queued actions at their due monotonic times, on one daemon thread."""

    def __init__(self, name: str = "presses") -> None:
        self._due: list[tuple[int, int, Callable[[], None]]] = []
        self._order = 0
        lock = threading.Lock()
        #: Wakes the scheduler's thread: an action queued, or the scheduler stopped.
        self._wake = threading.Condition(lock)
        #: Wakes :meth:`now_ns`: an action ran, or the thread ended.
        self._ran = threading.Condition(lock)
        self._running = False
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Drop what is still queued and end the thread."""
        with self._wake:
            self._stopped = True
            self._wake.notify()
        if self._thread.is_alive():
            self._thread.join(timeout=2)

    def at(self, due_ns: int, action: Callable[[], None]) -> None:
        """Run ``action`` on the scheduler's thread at ``due_ns`` (monotonic)."""
        with self._wake:
            self._order += 1
            heapq.heappush(self._due, (due_ns, self._order, action))
            self._wake.notify()

    def now_ns(self) -> int:
        """``time.monotonic_ns()``, returned once every action due at or before it has run
        (at once while the thread is not running: not started, stopped or ended)."""
        t_ns = time.monotonic_ns()
        with self._ran:
            self._ran.wait_for(lambda: self._caught_up(t_ns))
        return t_ns

    def _caught_up(self, t_ns: int) -> bool:
        """Whether nothing due at or before ``t_ns`` is left to run (called holding the lock)."""
        if self._stopped or not self._thread.is_alive():
            return True
        return not self._running and (not self._due or self._due[0][0] > t_ns)

    def _run(self) -> None:
        try:
            while True:
                with self._wake:
                    while not self._stopped and (not self._due
                                                 or self._due[0][0] > time.monotonic_ns()):
                        wait = (self._due[0][0] - time.monotonic_ns()) / 1e9 if self._due \
                            else None
                        self._wake.wait(wait)
                    if self._stopped:
                        return
                    _, _, action = heapq.heappop(self._due)
                    self._running = True
                try:
                    action()
                finally:
                    with self._ran:
                        self._running = False
                        self._ran.notify_all()
        finally:
            with self._ran:   # an action that raised ends the thread: nothing waits for it
                self._stopped = True
                self._ran.notify_all()
