"""The four table sides around the deck, and how "up" rotates directions.

Seen from above like a map, ``N`` is up by agreement, ``E`` right, ``S`` down,
``W`` left. In Hard and Extreme the arrow on the deck's top card names the
side that is up; the other directions follow clockwise, keeping handedness.
"""

from __future__ import annotations

from enum import Enum


class Side(str, Enum):
    """A fixed table side. The value is its one-letter name."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    def __str__(self) -> str:
        return self.value

    @property
    def index(self) -> int:  # type: ignore[override]  # a side's position, not str.index
        """Position in clockwise order N, E, S, W (also the tie-break order)."""
        return SIDES.index(self)


#: Clockwise from north; also the order used whenever sides are listed.
SIDES: tuple[Side, ...] = (Side.N, Side.E, Side.S, Side.W)

#: Direction faces clockwise from up.
DIRECTIONS: tuple[str, ...] = ("UP", "RIGHT", "DOWN", "LEFT")


def side_of(direction: str, up: Side = Side.N) -> Side:
    """The table side a direction face names when ``up`` is the side that is up.

    >>> side_of("RIGHT", Side.E)
    <Side.S: 'S'>
    """
    return SIDES[(SIDES.index(up) + DIRECTIONS.index(direction)) % 4]


def parse_side(text: str) -> Side:
    """``"n"``/``"N"`` -> ``Side.N``; raises ``ValueError`` naming the text."""
    try:
        return Side(str(text).strip().upper())
    except ValueError:
        raise ValueError(f"{text!r} is not a side (N, E, S or W)") from None
