"""Which spots a roll makes valid to tap.

The rulings, in order:

- ``C`` is the set of criteria faces that are not NOTHING; ``n`` the negation
  count (NOT=1, NOT NOT=2, NOT NOT NOT=3, plus 1 for the Liar in Extreme; 0 in
  Discovery). The round is negated when ``n`` is odd.
- A card matches a direction when it lies on that side (after turning "up"),
  and a colour when its portal has that colour. A void card matches no colour
  and is never a valid tap.
- Not negated, ``C`` empty: nobody may tap.
- Not negated: valid = portals matching at least one face in ``C``.
- Negated, ``C`` empty: valid = every portal.
- Negated: valid = portals failing at least one face in ``C``.
- A tap is required but no card is valid: reroll.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.notnot.cards import PORTAL_COLOURS, Level
from companion.games.notnot.dice import NEGATIONS, NOTHING
from companion.games.notnot.sides import DIRECTIONS, SIDES, Side, side_of


@dataclass(frozen=True)
class Ruling:
    """The judge's answer for one roll and table.

    ``tap`` False: nobody may tap (``valid`` empty, ``reroll`` False).
    ``reroll`` True: a tap is required but no card is valid.
    """

    tap: bool
    valid: tuple[Side, ...]
    reroll: bool

    def to_dict(self) -> dict:
        return {"tap": self.tap, "valid": [side.value for side in self.valid],
                "reroll": self.reroll}


def negation_count(level: Level, negation: str, liar: bool) -> int:
    """How many negations apply: the die (not in Discovery), plus the Liar in Extreme."""
    count = NEGATIONS[negation] if level.rolls_negation else 0
    if level.uses_liar and liar:
        count += 1
    return count


def matches(face: str, side: Side, criterion: str, up: Side) -> bool:
    """Whether the card ``face`` lying on ``side`` meets one criterion face."""
    if criterion in DIRECTIONS:
        return side_of(criterion, up) == side
    return face == criterion


def judge(
    level: Level,
    criteria: tuple[str, ...],
    negation: str = NOTHING,
    liar: bool = False,
    up: Side = Side.N,
    table: Mapping[Side, str | None] | None = None,
) -> Ruling:
    """Judge a roll: which of the four spots may be tapped.

    ``table`` maps each side to the face lying there (``RED`` ... ``WHITE`` or
    ``VOID``). ``up`` counts only in Hard and Extreme, ``liar`` only in Extreme.
    """
    table = table or {}
    if not level.uses_arrow:
        up = Side.N
    faces = [face for face in criteria if face != NOTHING]
    negated = negation_count(level, negation, liar) % 2 == 1
    if not negated and not faces:
        return Ruling(tap=False, valid=(), reroll=False)
    valid = []
    for side in SIDES:
        card = table.get(side)
        if card not in PORTAL_COLOURS:
            continue  # a void card (or an empty spot) is never a valid tap
        if not faces:
            valid.append(side)  # negated nothing: any portal
        elif negated and not all(matches(card, side, face, up) for face in faces):
            valid.append(side)
        elif not negated and any(matches(card, side, face, up) for face in faces):
            valid.append(side)
    return Ruling(tap=True, valid=tuple(valid), reroll=not valid)
