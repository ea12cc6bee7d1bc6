"""The pads' button LEDs: the pressed button lit at each telling tap, the winners' at each
verdict (the previous ones put out)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.notnot.sides import Side


def winner_lights(pads: Any) -> Callable[[list], None]:
    """A ``Hooks.on_winners`` hook for GPIO ``pads`` (anything with ``lights_off`` and
    ``light``)."""
    def show(winners: list) -> None:
        pads.lights_off()
        for player, side in winners:
            pads.light(player, side)
    return show


def tap_lights(pads: Any) -> Callable[[int, Side, str], None]:
    """A ``Hooks.on_tap`` hook for GPIO ``pads``: lights the button just pressed (until the
    verdict puts it out)."""
    def show(player: int, side: Side, kind: str) -> None:
        pads.light(player, side)
    return show
