"""The winners' button LEDs: lit at each verdict, the previous ones put out."""

from __future__ import annotations


def winner_lights(pads):
    """A ``Context.on_winners`` hook for GPIO ``pads`` (anything with ``lights_off`` and ``light``)."""
    def show(winners) -> None:
        pads.lights_off()
        for player, side in winners:
            pads.light(player, side)
    return show
