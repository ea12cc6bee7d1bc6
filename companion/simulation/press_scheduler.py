"""Presses at their due time, on a thread of their own.

Simulated players (the demo) and the latency benchmark press buttons from
outside the loop, as real hands do: each action is queued with a due
``time.monotonic_ns()`` stamp and run on the scheduler's thread when that
time comes. The loop never waits for it.
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
        self._wake = threading.Condition()
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

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._stopped and (not self._due
                                             or self._due[0][0] > time.monotonic_ns()):
                    wait = (self._due[0][0] - time.monotonic_ns()) / 1e9 if self._due else None
                    self._wake.wait(wait)
                if self._stopped:
                    return
                _, _, action = heapq.heappop(self._due)
            action()
