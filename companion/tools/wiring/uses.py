"""What each pin of a pin map is wired to, which ground each group returns to, and colours.

A pin map (the config's ``[gpio]`` table, or a serial controller's pads)
becomes a list of :class:`Use`: one per wired pin, saying whether it carries a
player's button or LED, a control button or a dealer-pad face. Uses come in
groups (a player's pad, the controls, the dealer pad); each group's switches
share one ground return wire. Diagrams, tables and the parts list all read
these, so they agree with each other and with the config.

Colours: each player has a diagram colour (:func:`player_colour`); each side
has a suggested wire colour (:data:`WIRE_COLOURS`), the same on every pad, so
a builder can tell a pad's four wires apart. Ground is always black.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.config.settings import Pad
from companion.games.notnot.sides import Side

#: Diagram colour of players 1 to 12 (distinct, and dark enough for white text).
PLAYER_COLOURS: tuple[str, ...] = (
    "#c62828", "#1565c0", "#2e7d32", "#e65100", "#6a1b9a", "#00838f",
    "#ad1457", "#4e342e", "#558b2f", "#283593", "#9e7c00", "#37474f",
)

#: Suggested wire colour for each side's button, and for its LED.
WIRE_COLOURS: dict[Side, str] = {Side.N: "yellow", Side.E: "green", Side.S: "blue", Side.W: "white"}
LED_WIRE_COLOURS: dict[Side, str] = {Side.N: "orange", Side.E: "brown", Side.S: "violet",
                                     Side.W: "grey"}
GROUND_WIRE = "black"
#: Suggested wire colour of each control button, and of each dealer face (its own colour).
CONTROL_WIRES: dict[str, str] = {"menu": "brown", "confirm": "orange"}
DEALER_WIRES: dict[str, str] = {"RED": "red", "BLUE": "blue", "GREEN": "green", "YELLOW": "yellow",
                                "WHITE": "white", "VOID": "violet", "RULE": "grey"}

#: Diagram colour of the control buttons, and of each dealer face.
CONTROL_COLOUR = "#455a64"
DEALER_COLOURS: dict[str, str] = {
    "RED": "#d32f2f", "BLUE": "#1976d2", "GREEN": "#388e3c", "YELLOW": "#c79100",
    "WHITE": "#9e9e9e", "VOID": "#212121", "RULE": "#6d4c41",
}

SIDE_NAMES: dict[Side, str] = {Side.N: "north", Side.E: "east", Side.S: "south", Side.W: "west"}


def player_colour(player: int) -> str:
    """The diagram colour of ``player`` (numbered from 1; colours repeat after 12)."""
    return PLAYER_COLOURS[(player - 1) % len(PLAYER_COLOURS)]


@dataclass(frozen=True)
class Use:
    """One wired pin: ``pin`` (a BCM number or a board pin name) and what it drives.

    ``kind`` is ``"button"`` or ``"led"`` (a player's, with ``player`` and
    ``side``), ``"control"`` (``name`` = menu/confirm) or ``"dealer"``
    (``name`` = the face).
    """

    pin: Hashable
    kind: str
    player: int | None = None
    side: Side | None = None
    name: str = ""

    @property
    def group(self) -> str:
        """The group whose switches share a ground return: ``"P1"``, ``"controls"``,
        ``"dealer"``."""
        return (f"P{self.player}" if self.player is not None
                else {"control": "controls"}.get(self.kind, self.kind))

    @property
    def pad_side(self) -> Side:
        """The side of a pad's button or LED (only those have a side)."""
        assert self.side is not None, f"{self.kind} {self.name} is on no pad side"
        return self.side

    @property
    def label(self) -> str:
        """Short label for a diagram: ``"P1 N"``, ``"P1 N LED"``, ``"menu"``, ``"dealer RED"``."""
        if self.kind == "button":
            return f"P{self.player} {self.pad_side.value}"
        if self.kind == "led":
            return f"P{self.player} {self.pad_side.value} LED"
        if self.kind == "dealer":
            return f"dealer {self.name}"
        return self.name

    @property
    def colour(self) -> str:
        """Diagram colour: the player's, the control colour, or the dealer face's."""
        if self.player is not None:
            return player_colour(self.player)
        if self.kind == "dealer":
            return DEALER_COLOURS.get(self.name, CONTROL_COLOUR)
        return CONTROL_COLOUR

    @property
    def wire(self) -> str:
        """Suggested wire colour."""
        if self.kind == "button":
            return WIRE_COLOURS[self.pad_side]
        if self.kind == "led":
            return LED_WIRE_COLOURS[self.pad_side]
        wires = DEALER_WIRES if self.kind == "dealer" else CONTROL_WIRES
        return wires.get(self.name, "grey")

    @property
    def is_switch(self) -> bool:
        """Whether this pin reads a switch (which returns to ground), not an LED."""
        return self.kind != "led"


def pad_uses(pads: Sequence[Pad]) -> list[Use]:
    """Every button and LED pin of ``pads``, pad by pad, sides clockwise from N."""
    uses = []
    for pad in pads:
        uses += [Use(pin, "button", pad.player, side) for side, pin in pad.buttons.items()]
        if pad.leds is not None:
            uses += [Use(pin, "led", pad.player, side) for side, pin in pad.leds.items()
                     if pin is not None]
    return uses


def gpio_uses(pads: Sequence[Pad], controls: Mapping[str, int] = {},
              dealer: Mapping[str, int] = {}) -> list[Use]:
    """Every wired pin of a ``[gpio]`` map: the pads, then controls, then the dealer pad."""
    uses = pad_uses(pads)
    uses += [Use(pin, "control", name=name) for name, pin in controls.items()]
    uses += [Use(pin, "dealer", name=face) for face, pin in dealer.items()]
    return uses


def groups(uses: Sequence[Use]) -> dict[str, list[Use]]:
    """Uses by group, groups in order of first appearance."""
    grouped: dict[str, list[Use]] = {}
    for use in uses:
        grouped.setdefault(use.group, []).append(use)
    return grouped


def side_use(uses: Sequence[Use], kind: str, side: Side) -> Use | None:
    """The use of ``kind`` ("button"/"led") for ``side`` among one pad's ``uses``."""
    return next((use for use in uses if use.kind == kind and use.side == side), None)


def ground_returns(uses: Sequence[Use], grounds: Sequence[Hashable],
                   position: Callable[[Any], float]) -> dict[str, Hashable]:
    """Which ground pin each group's switches return to.

    ``grounds`` are the board's ground pins; ``position(pin)`` gives a pin's
    place along the board (a number). Each group, in order, gets the nearest
    of the grounds that carry the fewest groups so far: one ground each while
    they last, then shared evenly. Groups without switches (LEDs only) get none.
    """
    load = {pin: 0 for pin in grounds}
    returns: dict[str, Hashable] = {}
    for group, members in groups(uses).items():
        switches = [use for use in members if use.is_switch]
        if not switches:
            continue
        middle = sum(position(use.pin) for use in switches) / len(switches)
        best = min(grounds, key=lambda pin: (load[pin], abs(position(pin) - middle), position(pin)))
        load[best] += 1
        returns[group] = best
    return returns


def return_tags(returns: Mapping[str, Hashable],
                kind: Callable[[Any], str]) -> dict[Hashable, str]:
    """Tag of each common pin: its ``kind(pin)`` and the groups returning to it
    (``"GND P1 P7"``)."""
    grouped: dict[Hashable, list[str]] = {}
    for group, pin in returns.items():
        grouped.setdefault(pin, []).append(group)
    return {pin: " ".join([kind(pin)] + names) for pin, names in grouped.items()}
