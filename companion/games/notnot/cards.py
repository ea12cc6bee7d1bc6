"""Cards and levels.

A card is a portal card (with a coloured portal), a void card (no portal) or a
rule card (Not Not, Arrow, Liar). Portal and void cards have a back: an arrow
pointing to a table side as the card lies on the deck, and a Liar symbol or
none. Card faces are named by one word everywhere (screen, JSON, logs):
``RED BLUE GREEN YELLOW WHITE`` for portals, ``VOID``, and ``NOT NOT``,
``ARROW``, ``LIAR`` for rule cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from companion.games.notnot.sides import Side

PORTAL_COLOURS: tuple[str, ...] = ("RED", "BLUE", "GREEN", "YELLOW", "WHITE")
VOID = "VOID"
RULE_CARDS: tuple[str, ...] = ("NOT NOT", "ARROW", "LIAR")
#: Faces a card on the table can show.
TABLE_FACES: tuple[str, ...] = PORTAL_COLOURS + (VOID,)


class Level(str, Enum):
    """A difficulty level; each adds one rule to the one before."""

    DISCOVERY = "discovery"  # two criteria dice
    NORMAL = "normal"        # + the negation die
    HARD = "hard"            # + the arrow on the deck's top card names "up"
    EXTREME = "extreme"      # + the Liar symbol adds a negation

    def __str__(self) -> str:
        return self.value

    @property
    def rolls_negation(self) -> bool:
        return self is not Level.DISCOVERY

    @property
    def uses_arrow(self) -> bool:
        return self in (Level.HARD, Level.EXTREME)

    @property
    def uses_liar(self) -> bool:
        return self is Level.EXTREME


#: The level each rule card switches the first game to.
LEVEL_OF_RULE_CARD: dict[str, Level] = {
    "NOT NOT": Level.NORMAL,
    "ARROW": Level.HARD,
    "LIAR": Level.EXTREME,
}


@dataclass(frozen=True)
class Card:
    """One physical card. ``ident`` tells apart cards with the same face."""

    face: str
    arrow: Side = Side.N
    liar: bool = False
    ident: int = 0

    @property
    def is_portal(self) -> bool:
        return self.face in PORTAL_COLOURS

    @property
    def is_void(self) -> bool:
        return self.face == VOID

    @property
    def is_rule(self) -> bool:
        return self.face in RULE_CARDS

    def __str__(self) -> str:
        return self.face

    def to_dict(self) -> dict:
        return {"face": self.face, "arrow": self.arrow.value, "liar": self.liar,
                "ident": self.ident}

    @classmethod
    def from_dict(cls, data: dict) -> Card:
        return cls(data["face"], Side(data["arrow"]), bool(data["liar"]), int(data["ident"]))
