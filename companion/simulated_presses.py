"""How simulated presses (the demo's bots, the latency benchmark) enter the kiosk.

This is the one place that wires simulated hands to the input layer. Each
press closes and opens a mock switch on the pin the pin map gives that
player's button: gpiozero's mock pins (``companion.inputs.mock``) fire the
real :class:`companion.inputs.gpio.GpioPads` edge callbacks, which stamp,
debounce and post a ``Tap`` to the loop, exactly as on a Pi.
"""

from __future__ import annotations

import time

from companion import config as settings_file
from companion.errors import CompanionError
from companion.inputs.gpio import GpioPads
from companion.inputs.mock import StampedMockFactory
from companion.rules.sides import Side

#: How long a simulated finger holds a button down.
HOLD_NS = 5_000_000


class MockGpioPresses:
    """Simulated presses on mock GPIO pins, read by the real GPIO input layer."""

    name = "mock GPIO pins read by companion.inputs.gpio (edge stamps, debounce)"

    def __init__(self, post, players: int, config=None) -> None:
        gpio = (config or settings_file.load()).gpio
        if players > len(gpio.pads):
            raise CompanionError(f"the pin map has pads for {len(gpio.pads)} players, not {players}")
        self.tie_window_ns = gpio.tie_window_ns
        self.factory = StampedMockFactory()
        self.pads = GpioPads(gpio, post, pin_factory=self.factory, watch_s=0.02)
        self.pins = {(pad.player, side): self.factory.pin(number)
                     for pad in gpio.pads for side, number in pad.buttons.items()}
        self.last_edge_ns = 0

    def press(self, player: int, side: Side, t_ns: int | None = None) -> None:
        """Player ``player`` taps spot button ``side`` at ``t_ns`` (default: now): a closing
        edge stamped ``t_ns``, and the opening one 5 ms later."""
        self.last_edge_ns = time.monotonic_ns() if t_ns is None else t_ns
        self.pins[(player, Side(side))].tap(self.last_edge_ns, hold_ns=HOLD_NS)

    def close(self) -> None:
        self.pads.close()
        self.factory.close()


def press_path(app, players: int) -> MockGpioPresses:
    """The input path simulated presses take into ``app`` (its loop's ``post``)."""
    presses = MockGpioPresses(app.post, players)
    app.ctx.tie_window_ns = presses.tie_window_ns
    return presses
