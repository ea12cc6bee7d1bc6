"""How simulated presses (the demo's bots, the latency benchmark) enter the kiosk.

This is the one place that wires simulated hands to the input layer. Each
press closes and opens a mock switch on the pin the pin map gives that
player's button: gpiozero's mock pins (``companion.inputs.mock``) fire the
real :class:`companion.inputs.gpio.GpioPads` edge callbacks, which stamp,
debounce and post a ``Tap`` to the loop, exactly as on a Pi. With
``controller="simavr"`` each press closes a button pin of the real
controller firmware running in simavr (:mod:`companion.simulation.firmware_sim.live`),
read by the real serial reader (:mod:`companion.inputs.serial.pads`), which
stamps on the controller, syncs its clock and posts the ``Tap``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from companion.config import settings as settings_file
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.inputs.gpio import GpioPads
from companion.inputs.mock import StampedMockFactory

if TYPE_CHECKING:
    from companion.kiosk.loop import App

#: How long a simulated finger holds a button down.
HOLD_NS = 5_000_000


class MockGpioPresses:
    """Simulated presses on mock GPIO pins, read by the real GPIO input layer."""

    name = "mock GPIO pins read by companion.inputs.gpio (edge stamps, debounce)"

    def __init__(self, post: Callable[[object], None], players: int,
                 config: settings_file.Config | None = None) -> None:
        gpio = (config or settings_file.load()).gpio
        if players > len(gpio.pads):
            raise CompanionError(f"the pin map has pads for {len(gpio.pads)} players, "
                                 f"not {players}")
        self.tie_window_ns = gpio.tie_window_ns
        self.factory = StampedMockFactory()
        self.pads = GpioPads(gpio, post, pin_factory=self.factory, watch_s=0.02)
        self.pins = {(pad.player, side): self.factory.pin(number)
                     for pad in gpio.pads for side, number in pad.buttons.items()}
        self.last_edge_ns = 0
        #: How many times each switch bounces as it closes and as it opens (the demo's replay
        #: shows them; the judged stamp is the first edge's either way).
        self.bounces = 0

    def press(self, player: int, side: Side, t_ns: int | None = None) -> None:
        """Player ``player`` taps spot button ``side`` at ``t_ns`` (default: now): a closing
        edge stamped ``t_ns``, and the opening one 5 ms later, each with :attr:`bounces`."""
        self.last_edge_ns = time.monotonic_ns() if t_ns is None else t_ns
        self.pins[(player, Side(side))].tap(self.last_edge_ns, hold_ns=HOLD_NS,
                                            bounces=self.bounces)

    def close(self) -> None:
        self.pads.close()
        self.factory.close()


class SimavrPresses:
    """Simulated presses on the button pins of the controller firmware running in simavr."""

    name = "the controller firmware in simavr, read by companion.inputs.serial (stamps, clock sync)"

    #: How long to wait for the simulated controller's clock to be synced.
    READY_S = 20

    def __init__(self, post: Callable[[object], None], players: int,
                 config: settings_file.Config | None = None) -> None:
        from companion.boards.avr import MEGA, NANO
        from companion.inputs.serial.pads import SerialPads
        from companion.simulation.firmware_sim.live import SimulatedController

        board = NANO if players <= NANO.players else MEGA
        if players > board.players:
            raise CompanionError(f"the controller seats {board.players} players, not {players}")
        self.controller = SimulatedController(board)
        serial = (config or settings_file.load()).serial
        settings = replace(serial, enabled=True, device=self.controller.path, board=board.name,
                           pads=())
        self.tie_window_ns = settings.tie_window_ns
        self.pads = SerialPads(settings, post, ping_interval_s=0.05).start()
        self.last_edge_ns = 0

    def wait_ready(self) -> None:
        """Wait until the reader knows the controller's clock (taps are judged from then on)."""
        end = time.monotonic() + self.READY_S
        while not self.pads.reader.link.synced:
            if time.monotonic() > end:
                self.close()
                raise CompanionError(f"the simulated controller did not answer within "
                                     f"{self.READY_S} s")
            time.sleep(0.02)

    def press(self, player: int, side: Side, t_ns: int | None = None) -> None:
        """Player ``player`` taps spot button ``side`` now (held 5 ms, simulated).

        ``t_ns`` (a menu press's intended stamp) is not used: the controller stamps
        the edge itself, and :class:`~companion.simulation.firmware_sim.live.SimulatedController`
        never presses one button again inside its debounce lock."""
        self.last_edge_ns = time.monotonic_ns()
        self.controller.press(player, side, hold_us=HOLD_NS / 1000)

    def close(self) -> None:
        """Stop reading and stop the simulation."""
        self.pads.close()
        self.controller.close()


#: The press paths by name (``companion demo --controller``).
CONTROLLERS = ("gpio-mock", "simavr")


def press_path(app: App, players: int,
               controller: str = "gpio-mock") -> MockGpioPresses | SimavrPresses:
    """The input path simulated presses take into ``app`` (its loop's ``post``):
    mock GPIO pins, or (``"simavr"``) the controller firmware in simavr."""
    presses: MockGpioPresses | SimavrPresses
    if controller == "simavr":
        from companion.inputs.serial.pads import SERIAL_SETTLE_S

        presses = SimavrPresses(app.post, players)
        presses.wait_ready()
        pace = app.ctx.services.pace
        app.ctx.services.pace = replace(pace, settle_s=max(pace.settle_s, SERIAL_SETTLE_S))
    else:
        presses = MockGpioPresses(app.post, players)
        app.ctx.services.edge_log = presses.pads.edge_log
    app.ctx.services.tie_window_ns = presses.tie_window_ns
    return presses
