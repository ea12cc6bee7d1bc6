"""The wiring check's bookkeeping: which buttons have been pressed, which are stuck, and the
lines that report each press, release and stuck button.

``companion buttons`` feeds it the transitions of the GPIO pads and of the
serial controller's pads (:class:`SerialButton`); its screen is
:mod:`companion.display.wiring_screen`. Given the GPIO pads (:meth:`WiringCheck.light_pads`),
a pad button with an LED in the pin map lights it from its press to its release, and the
press line names the LED's pin, so a dark LED is found at once.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from companion.boards.pi_header import describe
from companion.config import settings as config
from companion.games.notnot.sides import Side
from companion.inputs.debounce import Glitch, Held, Press, Release, Transition
from companion.inputs.events import ButtonKind

if TYPE_CHECKING:   # gpiozero loads only when a check runs
    from companion.inputs.gpio import Button, GpioPads


@dataclass(frozen=True)
class SerialButton:
    """A pad button on the serial controller: board pin ``pin`` is ``player``'s ``side``."""

    pin: str
    board: str
    player: int
    side: Side
    kind: ButtonKind = ButtonKind.PAD

    @property
    def label(self) -> str:
        return f"player {self.player} {self.side}"

    @property
    def where(self) -> str:
        """The pin, as the wiring check prints it."""
        return f"{self.board} {self.pin}"


def serial_buttons(loaded: config.Config) -> tuple[SerialButton, ...]:
    """The controller's pad buttons (``[[serial.pads]]``, else the board's own pads);
    none when ``[serial]`` is off."""
    from companion.boards.avr import board_named
    from companion.inputs.serial.pads import pin_map

    serial = loaded.serial
    if not serial.enabled:
        return ()
    mapping = pin_map(serial) or board_named(serial.board).default_map()
    return tuple(SerialButton(pin, serial.board, player, side)
                 for pin, (player, side) in mapping.items())


class WiringCheck:
    """What has been pressed so far, and the lines that report it (via ``write``)."""

    def __init__(self, buttons: tuple[Button | SerialButton, ...],
                 write: Callable[[str], object] = print) -> None:
        self.buttons, self.write = buttons, write
        self.pressed: set[Button | SerialButton] = set()
        self.stuck: set[Button | SerialButton] = set()
        self.latest: Button | SerialButton | None = None
        # the last lines, for a screen
        self.log: collections.deque[str] = collections.deque(maxlen=12)
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.pads: GpioPads | None = None
        #: The pad buttons' LEDs: (player, side) -> BCM GPIO (see :meth:`light_pads`).
        self.led_gpios: dict[tuple[int, Side], int] = {}

    def light_pads(self, pads: GpioPads) -> None:
        """Light the LEDs of ``pads`` (those its pin map gives) as their buttons are pressed.
        The LEDs stay ``pads``' own: they are closed with it, all at once."""
        from companion.inputs.gpio import leds_of

        self.pads, self.led_gpios = pads, leds_of(pads.settings)

    def on_transition(self, button: Button | SerialButton, transition: Transition) -> None:
        """Report one press, release or held button (called from the input thread)."""
        with self.lock:
            led = self.switch_led(button, transition)
            for line in self.report(button, transition, led):
                self.log.append(line)
                self.write(line)
            if len(self.pressed) == len(self.buttons):
                self.done.set()

    def switch_led(self, button: Button | SerialButton, transition: Transition) -> int | None:
        """Light ``button``'s LED on its press, put it out on its release; the LED's GPIO, or
        ``None`` if the button has none (a control, a serial pad, a pad side without one)."""
        if self.pads is None or isinstance(button, SerialButton) or button.side is None:
            return None
        gpio = self.led_gpios.get((button.player, button.side))
        if gpio is not None and isinstance(transition, (Press, Release)):
            self.pads.light(button.player, button.side, isinstance(transition, Press))
        return gpio

    def report(self, button: Button | SerialButton, transition: Transition,
               led: int | None = None) -> list[str]:
        """The lines for one transition of ``button``; a press names ``led``, the GPIO of the
        LED it lit."""
        where = button.where if isinstance(button, SerialButton) else describe(button.gpio)
        name = f"{button.label:<12} {where:<16}"
        if isinstance(transition, Press):
            self.pressed.add(button)
            self.latest = button
            lit = f"; lit LED {describe(led)}" if led is not None else ""
            return [f"{name} pressed   t = {transition.t_ns / 1e9:.6f} s{lit}",
                    f"{'':12} {len(self.pressed)}/{len(self.buttons)} pressed; "
                    f"{self.missing_text()}"]
        if isinstance(transition, Release):
            self.stuck.discard(button)
            held_ms = (transition.t_ns - transition.press_ns) / 1e6
            bounce = ("bounce filtered by the controller" if isinstance(button, SerialButton)
                      else f"{transition.bounce_edges} bounce edges")
            return [f"{name} released  after {held_ms:.1f} ms, {bounce}"]
        if isinstance(transition, Held):
            self.stuck.add(button)
            return [f"{name} STUCK     held {(transition.t_ns - transition.press_ns) / 1e9:.1f} s: "
                    "check the switch and its wiring"]
        if isinstance(transition, Glitch):
            return [f"{name} glitch    {transition.edges} edges over "
                    f"{(transition.last_ns - transition.t_ns) / 1e6:.2f} ms, never closed for "
                    "gpio.min_press_us: not a press"]
        return []

    def missing(self) -> list[Button | SerialButton]:
        """The buttons not pressed yet, in pin-map order."""
        return [button for button in self.buttons if button not in self.pressed]

    def missing_text(self) -> str:
        missing = self.missing()
        if not missing:
            return "every button works"
        groups: dict[str, list[str]] = {}
        for button in missing:
            head, _, tail = (button.label.rpartition(" ") if button.kind == ButtonKind.PAD
                             else (button.label, "", ""))
            groups.setdefault(head, []).append(tail)
        return "not yet: " + "; ".join(" ".join([head, *tails]).strip()
                                       for head, tails in groups.items())
