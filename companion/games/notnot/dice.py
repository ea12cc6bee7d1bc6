"""The three dice and one roll of them.

Two criteria dice (a direction die and a colour die) and the negation die. A
die is a tuple of faces; rolling takes an injected ``random.Random``. Which
faces the dice carry comes from the data file read by :mod:`companion.games.notnot.data_file`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.notnot.cards import Level
from companion.games.notnot.sides import DIRECTIONS, Side

NOTHING = "NOTHING"
COLOUR_FACES: tuple[str, ...] = ("RED", "BLUE", "GREEN", "YELLOW")
CRITERIA_FACES: tuple[str, ...] = DIRECTIONS + COLOUR_FACES + (NOTHING,)
#: How many negations each negation-die face stands for.
NEGATIONS: dict[str, int] = {"NOTHING": 0, "NOT": 1, "NOT NOT": 2, "NOT NOT NOT": 3}


def _faces(name: str, faces: object, allowed: tuple[str, ...]) -> tuple[str, ...]:
    if not isinstance(faces, (list, tuple)) or not faces:
        raise ValueError(f"dice.{name} must be a non-empty list of faces")
    for face in faces:
        if face not in allowed:
            raise ValueError(f"dice.{name}: {face!r} is not one of {', '.join(allowed)}")
    return tuple(faces)


@dataclass(frozen=True)
class DiceSet:
    """The faces of the direction, colour and negation dice."""

    direction: tuple[str, ...]
    colour: tuple[str, ...]
    negation: tuple[str, ...]

    @classmethod
    def from_mapping(cls, data: dict) -> DiceSet:
        """Checked dice from a mapping like the ``[dice]`` table of the data file."""
        return cls(
            _faces("direction", data.get("direction"), DIRECTIONS + (NOTHING,)),
            _faces("colour", data.get("colour"), COLOUR_FACES + (NOTHING,)),
            _faces("negation", data.get("negation"), tuple(NEGATIONS)),
        )


@dataclass(frozen=True)
class DeckRecipe:
    """How many cards of each kind the deck has, and how their backs are made."""

    portals_per_colour: int = 8
    void_cards: int = 8
    liar_share: float = 0.25

    @classmethod
    def from_mapping(cls, data: dict) -> DeckRecipe:
        recipe = cls(int(data["portals_per_colour"]), int(data["void_cards"]),
                     float(data["liar_share"]))
        if recipe.portals_per_colour < 1 or recipe.void_cards < 0:
            raise ValueError("deck: portals_per_colour must be >= 1 and void_cards >= 0")
        if not 0.0 <= recipe.liar_share <= 1.0:
            raise ValueError("deck.liar_share must lie between 0 and 1")
        return recipe


@dataclass(frozen=True)
class Roll:
    """What the screen shows for one round."""

    criteria: tuple[str, str]
    negation: str
    up: Side
    liar: bool
    level: Level

    def to_dict(self) -> dict:
        return {
            "level": self.level.value,
            "dice": list(self.criteria),
            "negation": self.negation,
            "liar": self.liar,
            "up": self.up.value,
        }


def roll_dice(dice: DiceSet, level: Level, rng: random.Random, up: Side, liar: bool) -> Roll:
    """Roll the dice the level uses; ``up`` and ``liar`` come from the deck's top card.

    Discovery rolls no negation die; only Hard and Extreme turn "up", and only
    Extreme shows the Liar.
    """
    criteria = (rng.choice(dice.direction), rng.choice(dice.colour))
    negation = rng.choice(dice.negation) if level.rolls_negation else NOTHING
    return Roll(
        criteria=criteria,
        negation=negation,
        up=up if level.uses_arrow else Side.N,
        liar=liar if level.uses_liar else False,
        level=level,
    )
