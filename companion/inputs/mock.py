"""Mock GPIO with exact stamps: gpiozero's ``MockFactory``, extended.

gpiozero's own ``MockPin`` fires ``when_changed`` with ``monotonic()`` as the
stamp and ignores bounce. :class:`StampedMockPin` lets a test, a benchmark or
a demo drive an edge with an exact ``t_ns`` (delivered as ``ticks`` in seconds,
as the lgpio factory does with the kernel's stamp) and a bounce pattern.
:class:`StampedMockFactory` makes such pins and can hold callbacks back and
deliver them out of order, or from a delivery thread like lgpio's alert thread.
The code under test is the real one: :class:`companion.inputs.gpio.GpioPads`
built with ``pin_factory=StampedMockFactory()``.

>>> factory = StampedMockFactory()
>>> pin = factory.pin(4)
>>> pin.function, pin.pull = "input", "up"
>>> pin.tap(1_000_000_000, hold_ns=80_000_000, bounces=3)   # press, 3 bounces, release

Presses respect the pin's pull: with a pull-up a press drives the pin low.
"""

from __future__ import annotations

import queue
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from gpiozero.pins.mock import MockFactory, MockPin, PinState
from gpiozero.pins.pi import PiPin

#: Default gap between the edges of a bounce burst (20 edges in 5 ms).
BOUNCE_GAP_NS = 250_000
#: The most bounces one burst may have (a real switch bounces a few dozen times at worst):
#: keeps a mock press's time and memory bounded.
MAX_BOUNCES = 1000


class StampedMockPin(MockPin):
    """A mock pin whose edges carry exact stamps; see the module docstring.

    It models a switch: ``closed`` says whether the switch is pressed, and
    setting the pull keeps a closed switch's level (as on hardware).
    """

    closed = False
    _state: bool
    _last_change: float

    def _set_pull(self, value: str | None) -> None:
        super()._set_pull(value)   # drives the input to the pull, as an open switch would
        if self.closed:
            self._change_state(self.active_level)

    @property
    def active_level(self) -> bool:
        """The level a closed switch gives: low with a pull-up, high otherwise."""
        return self._pull != "up"

    def drive(self, level: bool, t_ns: int) -> None:
        """Set the input to ``level`` at ``t_ns``, firing ``when_changed(t_ns / 1e9, level)``.

        Does nothing if the pin is already at ``level`` (no edge, as on hardware).
        """
        assert self._function == "input"
        level = bool(level)
        if self._state == level:
            return
        ticks = t_ns / 1e9
        self.states.append(PinState(ticks - self._last_change, level))
        self._state, self._last_change = level, ticks
        wanted = "rising" if level else "falling"
        if self._edges in ("both", wanted) and self._when_changed is not None:
            self.factory.deliver_later(self, ticks, level)

    def fire(self, ticks: float, level: bool) -> None:
        """Deliver one edge's ``when_changed(ticks, level)`` now (the factory calls this)."""
        if self._when_changed is not None:
            PiPin._call_when_changed(self, ticks, level)

    def burst(self, level: bool, t_ns: int, bounces: int = 0, gap_ns: int = BOUNCE_GAP_NS) -> int:
        """An edge to ``level`` at ``t_ns`` followed by ``bounces`` flips away and back,
        ``gap_ns`` apart; the level ends at ``level``. Returns the stamp of the last edge.

        More than :data:`MAX_BOUNCES` bounces is a ``ValueError``."""
        if not 0 <= bounces <= MAX_BOUNCES:
            raise ValueError(f"bounces must be 0 to {MAX_BOUNCES}, not {bounces}")
        for step in range(2 * bounces + 1):
            self.drive(level if step % 2 == 0 else not level, t_ns + step * gap_ns)
        return t_ns + 2 * bounces * gap_ns

    def press(self, t_ns: int, bounces: int = 0, gap_ns: int = BOUNCE_GAP_NS) -> int:
        """Close the switch at ``t_ns`` with ``bounces`` bounces; the stamp of the last edge."""
        self.closed = True
        return self.burst(self.active_level, t_ns, bounces, gap_ns)

    def release(self, t_ns: int, bounces: int = 0, gap_ns: int = BOUNCE_GAP_NS) -> int:
        """Open the switch at ``t_ns`` with ``bounces`` bounces; the stamp of the last edge."""
        self.closed = False
        return self.burst(not self.active_level, t_ns, bounces, gap_ns)

    def tap(self, t_ns: int, hold_ns: int = 50_000_000, bounces: int = 0,
            gap_ns: int = BOUNCE_GAP_NS) -> int:
        """Press at ``t_ns`` and release ``hold_ns`` later, each with ``bounces`` bounces.

        Returns the stamp of the last edge; the next press of this pin must come
        at least the debounce time after it.
        """
        self.press(t_ns, bounces, gap_ns)
        return self.release(t_ns + hold_ns, bounces, gap_ns)


class StampedMockFactory(MockFactory):
    """A ``MockFactory`` making :class:`StampedMockPin` pins by default.

    Callbacks are delivered at once in the driving thread, unless they are
    being held (:meth:`holding`) or ``threaded=True`` hands them to one
    delivery thread, as lgpio's alert thread does on a Pi (:meth:`wait` then
    waits until every edge driven so far has been delivered).
    """

    def __init__(self, revision: str | None = None, pin_class: type = StampedMockPin, *,
                 threaded: bool = False) -> None:
        super().__init__(revision=revision, pin_class=pin_class)
        self._held: list | None = None
        self._queue: queue.Queue | None = None
        if threaded:
            self._queue = queue.Queue()
            threading.Thread(target=self._deliver_forever, name="mock-gpio-alerts",
                             daemon=True).start()

    def deliver_later(self, pin: StampedMockPin, ticks: float, level: bool) -> None:
        """Deliver ``pin``'s callback now, or queue it (held or threaded)."""
        if self._held is not None:
            self._held.append((pin, ticks, level))
        elif self._queue is not None:
            self._queue.put((pin, ticks, level))
        else:
            self._fire(pin, ticks, level)

    @staticmethod
    def _fire(pin: StampedMockPin, ticks: float, level: bool) -> None:
        pin.fire(ticks, level)

    def _deliver_forever(self) -> None:
        assert self._queue is not None  # started only when threaded
        while True:
            item = self._queue.get()
            try:
                if item is None:
                    return
                self._fire(*item)
            finally:
                self._queue.task_done()

    def wait(self) -> None:
        """Block until every edge driven so far has been delivered (threaded mode)."""
        if self._queue is not None:
            self._queue.join()

    @contextmanager
    def holding(self, order: str = "reverse", rng: random.Random | None = None) -> Iterator[None]:
        """Hold every callback back while the block runs, then deliver them out of order.

        ``order="reverse"`` delivers the pins last-driven first; ``"shuffle"``
        interleaves the pins at random (``rng``). Either way one pin's own
        edges stay in order, as the kernel keeps them per line.
        """
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            for item in out_of_order(held, order, rng or random.Random(0)):
                self._fire(*item)

    def close(self) -> None:
        if self._queue is not None:
            self._queue.put(None)
        super().close()


def out_of_order(items: list, order: str, rng: random.Random) -> list:
    """``(pin, ticks, level)`` items reordered across pins, each pin's own items kept in order."""
    lanes: dict = {}
    for item in items:
        lanes.setdefault(id(item[0]), []).append(item)
    queues = list(lanes.values())
    if order == "reverse":
        return [item for lane in reversed(queues) for item in lane]
    if order != "shuffle":
        raise ValueError(f"order must be 'reverse' or 'shuffle', not {order!r}")
    result = []
    while queues:
        lane = rng.choice(queues)
        result.append(lane.pop(0))
        if not lane:
            queues.remove(lane)
    return result

