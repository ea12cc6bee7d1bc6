"""Which clock the pads' edge stamps are on: the first press of the pin map, stamped, beside
CLOCK_MONOTONIC and CLOCK_REALTIME read as it arrives.

The stamps must be CLOCK_MONOTONIC, the clock the kiosk's loop reads; ``companion buttons
--clock-check`` and ``companion doctor --clock-check`` ask here. The pads are also opened
here for the wiring check (:func:`open_watched_pads`), and mock pins pressed
(:class:`MockTaps`) when there is no header.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.config import settings as config
from companion.errors import CompanionError
from companion.inputs.debounce import Press, Transition

if TYPE_CHECKING:   # gpiozero loads only when a check runs, not for every `companion` command
    from companion.inputs.gpio import Button, GpioPads
    from companion.inputs.mock import StampedMockFactory

#: How long a mock press is held.
MOCK_HOLD_NS = 60_000_000
#: How long a mock press stays closed after its last bounce, at least (a press with many
#: bounces is held longer, so its release never starts inside its bounces).
MOCK_CLOSED_NS = 30_000_000
#: A stamp this close before a clock's reading is on that clock.
SAME_CLOCK_NS = 1_000_000_000


def mock_factory() -> StampedMockFactory:
    """Mock pins that stamp their edges, for a machine without a header."""
    from companion.inputs.mock import StampedMockFactory
    return StampedMockFactory()


def open_watched_pads(loaded: config.Config, on_transition: Callable[[Button, Transition], None],
                      factory: StampedMockFactory | None) -> GpioPads:
    """The pads of ``loaded`` with nothing posted anywhere, each change told to
    ``on_transition``."""
    from companion.inputs.gpio import open_gpio

    if not loaded.gpio.pads and not loaded.gpio.controls and not loaded.gpio.dealer:
        raise CompanionError(f"{loaded.source}: no GPIO buttons in the pin map")
    return open_gpio(loaded.gpio, post=lambda event: None, pin_factory=factory,
                     on_transition=on_transition, watch_s=None if factory else 0.05)


def mock_hold_ns(bounces: int) -> int:
    """How long a mock press with ``bounces`` bounces is held: :data:`MOCK_HOLD_NS`, or its
    bounces and :data:`MOCK_CLOSED_NS` after them if that is longer."""
    from companion.inputs.mock import BOUNCE_GAP_NS

    return max(MOCK_HOLD_NS, 2 * bounces * BOUNCE_GAP_NS + MOCK_CLOSED_NS)


class MockTaps:
    """Presses mock pins one after another on the check's own timeline.

    Each tap is held :data:`MOCK_HOLD_NS` (longer if its bounces need it: see
    :func:`mock_hold_ns`) and starts on CLOCK_MONOTONIC now, or when the previous tap's
    release has settled (its last edge plus the debounce time) if that is later. So no tap
    starts inside the one before it, however fast the taps come: every press is seen, and
    the same presses give the same lines on any machine.
    """

    def __init__(self, pads: GpioPads, factory: StampedMockFactory) -> None:
        self.pads, self.factory = pads, factory
        #: When the next tap may start (ns): the previous release, settled.
        self.free_ns: int | None = None

    def tap(self, gpio: int, bounces: int) -> None:
        """Press and release mock ``gpio``, then let the pads see the release settle."""
        start = time.monotonic_ns()
        if self.free_ns is not None:
            start = max(start, self.free_ns)
        last = self.factory.pin(gpio).tap(start, mock_hold_ns(bounces), bounces)
        self.free_ns = last + self.pads.settings.debounce_ns
        self.pads.poll(self.free_ns)


def first_press_stamps(loaded: config.Config, factory: StampedMockFactory | None,
                       gpio: int | None = None) -> tuple[int, int, int] | None:
    """Wait for one press of the pin map: its edge stamp, then CLOCK_MONOTONIC and
    CLOCK_REALTIME read right after it arrived (ns); ``None`` on Ctrl-C.

    With mock pins (``factory``) pin ``gpio`` (else the first button's) is pressed.
    """
    first: list[tuple[int, int, int]] = []
    got = threading.Event()

    def on_transition(button: Button, transition: Transition) -> None:
        if isinstance(transition, Press) and not got.is_set():
            first.append((transition.t_ns, time.monotonic_ns(), time.time_ns()))
            got.set()

    with open_watched_pads(loaded, on_transition, factory) as pads:
        if factory is None:
            print("press any button once")
        else:
            MockTaps(pads, factory).tap(pads.buttons[0].gpio if gpio is None else gpio, 0)
        try:
            while not got.wait(0.2):
                pass
        except KeyboardInterrupt:
            return None
    return first[0]


def clock_verdict(stamp: int, monotonic: int, realtime: int) -> tuple[str, bool]:
    """Which clock ``stamp`` (taken just before ``monotonic``/``realtime``) is on, and whether
    that is the right one."""
    if 0 <= monotonic - stamp < SAME_CLOCK_NS:
        return "stamps are CLOCK_MONOTONIC: good", True
    if 0 <= realtime - stamp < SAME_CLOCK_NS:
        return ("stamps are CLOCK_REALTIME: they cannot be compared with the display's "
                "time.monotonic_ns(); report this"), False
    return "stamps are on neither clock; report this", False
