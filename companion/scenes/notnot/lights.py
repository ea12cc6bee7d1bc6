"""The pads' button LEDs: the pressed button lit at each telling tap, the winners' at each
verdict (the previous ones put out)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from companion.games.notnot.sides import Side


class Lights(Protocol):
    """Pads with button LEDs (:class:`~companion.inputs.gpio.GpioPads`, the serial
    controller's pads)."""

    def light(self, player: int, side: Side) -> object:
        """Light ``player``'s ``side`` button."""
        ...

    def lights_off(self) -> None:
        """Put every button's light out."""
        ...


def winner_lights(pads: Lights) -> Callable[[list[tuple[int, Side]]], None]:
    """A ``Hooks.on_winners`` hook for ``pads``: lights the winners' buttons (the previous
    ones put out)."""
    def show(winners: list[tuple[int, Side]]) -> None:
        pads.lights_off()
        for player, side in winners:
            pads.light(player, side)
    return show


def tap_lights(pads: Lights) -> Callable[[int, Side, str], None]:
    """A ``Hooks.on_tap`` hook for ``pads``: lights the button just pressed (until the
    verdict puts it out)."""
    def show(player: int, side: Side, kind: str) -> None:
        pads.light(player, side)
    return show
