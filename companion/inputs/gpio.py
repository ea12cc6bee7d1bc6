"""Arcade buttons on the Pi's GPIO header, stamped with the kernel's edge stamp.

Each button pin is read at pin level through gpiozero: ``pin.when_changed(ticks,
state)`` carries the edge's stamp (under the lgpio pin factory, the kernel's
``CLOCK_MONOTONIC`` event stamp, in seconds), which becomes ``t_ns``. Library
debounce is off; each pin has its own leading-edge
:class:`~companion.inputs.debounce.Debouncer`, so a press keeps the stamp of
its first edge however much the switch bounces. Every pad pin's raw edge is also kept in
:attr:`GpioPads.edge_log` (:mod:`companion.inputs.edge_log`), for a round's replay. Every press
becomes one event
handed to ``post``: a :class:`Tap` for a pad button, :class:`Control` or
:class:`Dealer` for the optional buttons, and :class:`Stuck` once for a
button held past the stuck time. This module never decides anything (not even
whether ``settings.enabled``: that is the caller's choice).

Use::

    from companion.config.settings import load
    from companion.inputs.gpio import GpioPads, open_gpio

    pads = GpioPads(load().gpio, post=events.put)            # lgpio on a Pi
    pads = open_gpio(load().gpio, post=events.put)           # same; CompanionError if no GPIO
    pads = GpioPads(settings, post, pin_factory=StampedMockFactory())  # tests, demos
    ...
    pads.light(2, Side.E)        # the winner's LED, if the pin map has one
    pads.close()

Callbacks run in gpiozero's thread (lgpio's alert thread on a Pi; the driving
thread under mock pins), so ``post`` must be thread-safe (``queue.Queue.put``
is).

Pins open and close all together. Under lgpio, closing one gpiozero input while
others stay open on the chip leaves the others deaf (gpiozero #1189; reproduced
on a kernel GPIO chip in the Pi in a box, tests/vm); closing every pin and opening
them all again hears presses. So nothing closes one pad: to reopen, close the
``GpioPads`` and make a new one.

A watcher thread calls :meth:`GpioPads.poll` to report stuck buttons; pass
``watch_s=None`` and call :meth:`poll` yourself when stamps are not real
``time.monotonic_ns()`` stamps (tests with made-up stamps).
"""

from __future__ import annotations

import logging
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpiozero import LED, InputDevice
from gpiozero.exc import GPIOZeroError, PinFactoryFallback

from companion.boards.pi_header import describe
from companion.config.settings import GpioSettings
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.inputs.debounce import Debouncer, Held, Press, Transition
from companion.inputs.edge_log import Edge, EdgeLog
from companion.inputs.events import ButtonKind, Control, Dealer, Event, Stuck, Tap

log = logging.getLogger(__name__)

#: Pin factories whose ``ticks`` are CLOCK_MONOTONIC seconds of the edge itself.
STAMPING_FACTORIES = ("LGPIOFactory", "MockFactory")

SOURCE = "gpio"
#: How long after its stamp an edge may still be on its way to its callback: lgpio's alert
#: thread reads the kernel's events every 0.5 ms at most. The watcher confirms releases and
#: the glitch filter's presses only up to this long ago, so an edge on its way is never
#: overtaken (a spike whose opening edge is late is not taken as a press).
EDGE_DELIVERY_NS = 1_000_000
#: How long after its stamp an edge may still be on its way when the process is busy: a frame
#: being drawn holds Python's lock, and lgpio's callbacks wait for it (tens of ms on a loaded
#: Pi; far more under emulation). The watcher confirms releases and glitches only up to this
#: long ago: one confirmed while a bounce is still on its way would split a bouncing press into
#: two presses, or drop it. Nothing waits for them (a button's next edge confirms its release
#: by its own stamp), so this costs only how soon a release is reported.
QUIET_DELIVERY_NS = 250_000_000


def confirmation_delay_ns(settings: GpioSettings) -> int:
    """How long after its stamp a press the glitch filter confirms is posted at the earliest:
    the minimum press and :data:`EDGE_DELIVERY_NS` (0 without a filter). A round waits this
    much longer for taps stamped before its close."""
    return settings.min_press_ns + EDGE_DELIVERY_NS if settings.min_press_ns else 0


@dataclass(frozen=True)
class Button:
    """What one input pin is: a pad button (``player``, ``side``), a control (``name``)
    or a dealer button (``name`` is the face)."""

    gpio: int
    kind: ButtonKind
    player: int = 0
    side: Side | None = None
    name: str = ""

    @property
    def label(self) -> str:
        """How people call it: ``"player 2 E"``, ``"menu"``, ``"dealer RED"``."""
        if self.kind == ButtonKind.PAD:
            return f"player {self.player} {self.side}"
        return self.name if self.kind == ButtonKind.CONTROL else f"dealer {self.name}"

    def pressed(self, t_ns: int) -> Event:
        """The event a press of this button at ``t_ns`` posts."""
        if self.kind == ButtonKind.PAD:
            assert self.side is not None  # every pad button has a side
            return Tap(self.player, self.side, t_ns, SOURCE)
        if self.kind == ButtonKind.CONTROL:
            return Control(self.name, t_ns, SOURCE)
        return Dealer(self.name, t_ns, SOURCE)

    def stuck(self, press_ns: int) -> Stuck:
        """The event for this button held down since ``press_ns``."""
        return Stuck(self.player, self.side, press_ns, self.label, SOURCE)


def buttons_of(settings: GpioSettings) -> tuple[Button, ...]:
    """Every button the pin map wires: pads in player order (N E S W), controls, dealer."""
    buttons = [Button(gpio, ButtonKind.PAD, pad.player, side)
               for pad in settings.pads for side, gpio in pad.buttons.items()]
    buttons += [Button(gpio, ButtonKind.CONTROL, name=name)
                for name, gpio in settings.controls.items()]
    buttons += [Button(gpio, ButtonKind.DEALER, name=face)
                for face, gpio in settings.dealer.items()]
    return tuple(buttons)


def leds_of(settings: GpioSettings) -> dict[tuple[int, Side], int]:
    """Every button LED the pin map wires: ``(player, side)`` to its BCM GPIO, in player
    order (N E S W)."""
    return {(pad.player, side): gpio for pad in settings.pads
            for side, gpio in (pad.leds.items() if pad.leds else ()) if gpio is not None}


def stamp_ns(ticks: float) -> int:
    """gpiozero ``ticks`` (seconds) as integer nanoseconds.

    Exact for stamps under 2**51 ns (26 days of uptime), within a few ns after:
    gpiozero hands the kernel's nanoseconds over as a float of seconds.
    """
    return round(ticks * 1e9)


class ButtonInput:
    """One button pin: its gpiozero device, its debouncer, and its edge callback."""

    def __init__(self, owner: GpioPads, button: Button, factory: Any) -> None:
        self.owner, self.button = owner, button
        settings = owner.settings
        self.device = InputDevice(button.gpio, pull_up=settings.pull_up, pin_factory=factory)
        pin = self.device.pin
        self.debouncer = Debouncer(settings.debounce_ns, settings.stuck_ns,
                                   min_press_ns=settings.min_press_ns,
                                   active=self.is_active(pin.state), t_ns=time.monotonic_ns())
        pin.bounce = None      # library debounce would move the stamp to the last bounce
        pin.edges = "both"
        pin.when_changed = self.on_change   # gpiozero keeps only a weak reference

    def is_active(self, level: int) -> bool:
        """Whether the pin ``level`` means the switch is closed."""
        return bool(level) != self.owner.settings.pull_up

    def on_change(self, ticks: float, level: int) -> None:
        """gpiozero's edge callback: stamp, debounce, post."""
        if level not in (0, 1):   # lgpio reports 2 for a watchdog timeout
            return
        active, t_ns = self.is_active(level), stamp_ns(ticks)
        if self.button.kind == ButtonKind.PAD:
            self.owner.edge_log.record(Edge(self.button.player, Side(self.button.side).value, t_ns,
                                            active, SOURCE))
        self.owner.handle(self, self.debouncer.edge, active, t_ns)
        if self.debouncer.confirm_at_ns() is not None:
            self.owner.wake_watcher()

    def close(self) -> None:
        self.device.pin.when_changed = None
        self.device.close()


class GpioPads:
    """The pads, control buttons and dealer pad of ``settings`` on GPIO, posting to ``post``.

    ``pin_factory``: a gpiozero pin factory (``None``: gpiozero's default, lgpio
    on a Pi). ``on_transition(button, transition)``: also told every press,
    confirmed release (with its bounce count) and held button, for the wiring
    check. ``watch_s``: how often a watcher thread calls :meth:`poll`
    (``None``: no thread); with a glitch filter (``settings.min_press_ns``) it also wakes when
    a press has stayed closed long enough to count, so the press is posted at once.
    ``edge_log``: where every pad pin's raw edges are kept for the round's replay (default: a
    log of its own, :attr:`edge_log`).
    """

    def __init__(self, settings: GpioSettings, post: Callable[[Event], None], *,
                 pin_factory: Any = None,
                 on_transition: Callable[[Button, Transition], None] | None = None,
                 watch_s: float | None = 0.05, edge_log: EdgeLog | None = None) -> None:
        self.settings, self.post, self.on_transition = settings, post, on_transition
        self.edge_log = edge_log if edge_log is not None else EdgeLog()
        self.lock = threading.Lock()
        self.inputs: list[ButtonInput] = []
        self.leds: dict[tuple[int, Side], LED] = {}
        self._stop = threading.Event()
        self._wake = threading.Event()   # before any pin is armed: its first edge may wake it
        self._watcher: threading.Thread | None = None
        opening = ""
        try:
            for button in buttons_of(settings):
                opening = f"{button.label} ({describe(button.gpio)})"
                self.inputs.append(ButtonInput(self, button, pin_factory))
            for (player, side), gpio in leds_of(settings).items():
                opening = f"player {player} {side}'s light ({describe(gpio)})"
                self.leds[(player, side)] = LED(gpio, pin_factory=pin_factory)
        except Exception as error:
            self.close()
            if is_lgpio_error(error):
                raise CompanionError(kernel_refusal(opening, error)) from None
            raise
        self.factory = self.inputs[0].device.pin_factory if self.inputs else pin_factory
        warn_unless_stamping(self.factory)
        if watch_s is not None:
            self._watcher = threading.Thread(target=self._watch, args=(watch_s,),
                                             name="gpio-stuck-watch", daemon=True)
            self._watcher.start()

    @property
    def buttons(self) -> tuple[Button, ...]:
        """Every watched button, in pin-map order."""
        return tuple(entry.button for entry in self.inputs)

    def handle(self, entry: ButtonInput, step: Callable[..., list[Transition]],
               *args: object) -> None:
        """Run one debouncer step for ``entry`` and post what it found."""
        with self.lock:
            transitions = step(*args)
        for transition in transitions:
            if isinstance(transition, Press):
                self.post(entry.button.pressed(transition.t_ns))
            elif isinstance(transition, Held):
                log.warning("%s (%s) is stuck", entry.button.label, describe(entry.button.gpio))
                self.post(entry.button.stuck(transition.press_ns))
            if self.on_transition is not None:
                self.on_transition(entry.button, transition)

    def poll(self, now_ns: int | None = None) -> None:
        """Confirm presses (glitch filter) and releases and report stuck buttons as of
        ``now_ns``: an instant by which every edge stamped before it has been seen (default:
        :data:`EDGE_DELIVERY_NS` ago for presses and stuck buttons, :data:`QUIET_DELIVERY_NS`
        ago for releases and glitches)."""
        if now_ns is None:
            clock = time.monotonic_ns()
            now_ns, quiet_ns = clock - EDGE_DELIVERY_NS, clock - QUIET_DELIVERY_NS
        else:
            quiet_ns = now_ns
        for entry in self.inputs:
            self.handle(entry, entry.debouncer.poll, now_ns, quiet_ns)

    def _watch(self, every_s: float) -> None:
        while not self._stop.is_set():
            self._wake.wait(self._sleep_s(every_s))
            self._wake.clear()
            if not self._stop.is_set():
                self.poll()

    def _sleep_s(self, every_s: float) -> float:
        """How long the watcher sleeps: ``every_s``, or until the first press waiting to be
        confirmed has stayed closed long enough (and its edges had time to arrive)."""
        with self.lock:
            due = [t for entry in self.inputs if (t := entry.debouncer.confirm_at_ns())]
        if not due:
            return every_s
        wake_ns = min(due) + EDGE_DELIVERY_NS
        return min(every_s, max(0.0, (wake_ns - time.monotonic_ns()) / 1e9))

    def wake_watcher(self) -> None:
        """A press waits to be confirmed: the watcher works out its sleep again."""
        self._wake.set()

    def light(self, player: int, side: Side, on: bool = True) -> bool:
        """Switch player ``player``'s ``side`` LED; ``False`` if the pin map gives it none."""
        led = self.leds.get((player, Side(side)))
        if led is None:
            return False
        led.value = on
        return True

    def lights_off(self) -> None:
        """Switch every LED off."""
        for led in self.leds.values():
            led.off()

    def close(self) -> None:
        """Stop watching, release every pin.

        A pin the kernel still holds is logged, not raised: releasing a line re-claims it as a
        plain input, and lgpio's alert thread can keep the old claim alive a moment longer
        ("GPIO busy"); the presses already seen stay good, and the next claim is the kernel's
        to sort out.
        """
        self._stop.set()
        self._wake.set()
        for entry in self.inputs:
            try:
                entry.close()
            except Exception as error:  # noqa: BLE001 - lgpio raises its own error type
                log.warning("%s (%s) was not released: %s", entry.button.label,
                            describe(entry.button.gpio), error)
        for (player, side), led in self.leds.items():
            try:
                led.close()
            except Exception as error:  # noqa: BLE001 - lgpio raises its own error type
                log.warning("player %d %s's light was not released: %s", player, side, error)
        self.inputs, self.leds = [], {}

    def __enter__(self) -> GpioPads:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_gpio(settings: GpioSettings, post: Callable[[Event], None], **options: Any) -> GpioPads:
    """``GpioPads(settings, post, **options)``, or a one-line ``CompanionError`` saying
    why the pins cannot be opened (not a Pi, lgpio missing, a pin busy).

    The kiosk catches it to fall back to the keyboard.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PinFactoryFallback)   # the error says it in one line
            return GpioPads(settings, post, **options)
    except GPIOZeroError as error:
        raise CompanionError(f"cannot open the GPIO pins: {error} (on a Pi: sudo apt install "
                             "python3-lgpio; without a Pi, use mock pins: --mock)") from None


def is_lgpio_error(error: Exception) -> bool:
    """Whether ``error`` is lgpio's own error (``lgpio.error``: the kernel refused a line),
    which gpiozero passes on as it is, not as a ``GPIOZeroError``."""
    return type(error).__module__ == "lgpio"


def kernel_refusal(opening: str, error: Exception) -> str:
    """One line for a pin the kernel would not give: which one (``opening``), lgpio's words,
    and who may hold it. "GPIO busy" is the usual one: the kiosk's service holds every pin of
    the map while it runs, and an interface switched on in config.txt (SPI, I2C, 1-Wire, the
    UART) holds its pins from boot."""
    why = ("another program holds it: the kiosk's service while it runs (sudo systemctl stop "
           "companion, then try again), or an interface switched on in config.txt that uses "
           "this pin (companion doctor says which)") if "busy" in str(error).lower() else \
        "the kernel refused it (companion doctor checks the GPIO chip)"
    return f"cannot open {opening}: {error}: {why}"


def warn_unless_stamping(factory: Any) -> None:
    """Log a warning if ``factory``'s edge ticks are not CLOCK_MONOTONIC edge stamps."""
    names = {cls.__name__ for cls in type(factory).__mro__}
    if factory is not None and not names & set(STAMPING_FACTORIES):
        log.warning("pin factory %s does not give kernel edge stamps; "
                    "use lgpio (GPIOZERO_PIN_FACTORY=lgpio) for fair judging",
                    type(factory).__name__)
