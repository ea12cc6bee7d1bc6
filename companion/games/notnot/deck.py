"""The deck and the four spots around it.

- Cards: portal cards of each colour and void cards, each with a back (arrow
  and maybe the Liar symbol), built from a :class:`DeckRecipe` and a seeded RNG.
- Set-up (rulebook steps 2 and 3): the opening cross is four shuffled portal
  cards; the remaining portal and void cards are then shuffled together, so
  voids are spread through the whole deck. For the first game the deck is, top
  to bottom: stack C with the Not Not card shuffled in, the Arrow card, stack
  B, the Liar card, stack A.
- Refill: empty spots are filled from the top in N, E, S, W order. A second
  void goes to the bottom and the next card is drawn; a rule card changes the
  level, leaves the game, and the next card is drawn. When the deck cannot
  fill the spots, the game is over; why, in words, with cards still in the deck.

The deck is a list with its top card first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.notnot.cards import LEVEL_OF_RULE_CARD, PORTAL_COLOURS, VOID, Card, Level
from companion.games.notnot.dice import DeckRecipe
from companion.games.notnot.sides import SIDES, Side

Table = dict[Side, Card | None]


def build_cards(recipe: DeckRecipe, rng: random.Random) -> list[Card]:
    """Every portal and void card, with random backs, in a fixed order."""
    faces = [colour for colour in PORTAL_COLOURS for _ in range(recipe.portals_per_colour)]
    faces += [VOID] * recipe.void_cards
    return [
        Card(face, rng.choice(SIDES), rng.random() < recipe.liar_share, ident)
        for ident, face in enumerate(faces, start=1)
    ]


def rule_card(face: str, ident: int) -> Card:
    return Card(face, Side.N, False, ident)


def empty_table() -> Table:
    return {side: None for side in SIDES}


def void_on(table: Table) -> Side | None:
    """The side where a void card lies, if any."""
    return next((side for side in SIDES
                 if (card := table[side]) is not None and card.is_void), None)


def empty_spots(table: Table) -> list[Side]:
    return [side for side in SIDES if table[side] is None]


@dataclass(frozen=True)
class Dealt:
    """One thing that happened during a refill, for the table to follow.

    ``what`` is "placed" (``card`` goes on ``side``), "to-bottom" (a second
    void goes under the deck) or "rule" (a rule card came up; ``level`` is the
    level from now on).
    """

    what: str
    card: Card
    side: Side | None = None
    level: Level | None = None

    def to_dict(self) -> dict:
        data = {"what": self.what, "card": self.card.face}
        if self.side is not None:
            data["side"] = self.side.value
        if self.level is not None:
            data["level"] = self.level.value
        return data


def can_fill(table: Table, deck: list[Card]) -> bool:
    """Whether the deck holds enough placeable cards for every empty spot."""
    portals = sum(1 for card in deck if card.is_portal)
    spare_void = 1 if void_on(table) is None and any(card.is_void for card in deck) else 0
    return portals + spare_void >= len(empty_spots(table))


def why_it_cannot_fill(table: Table, deck: list[Card]) -> str:
    """Why ``deck`` cannot fill ``table``'s empty spots (:func:`can_fill` is false), in words:
    ``the deck cannot fill the 2 empty spots: its 2 cards left are 2 voids, and a void lies on
    the table already``."""
    empty, portals = len(empty_spots(table)), sum(1 for card in deck if card.is_portal)
    voids = sum(1 for card in deck if card.is_void)
    held = [f"{portals} portal card{'' if portals == 1 else 's'}"] if portals else []
    held += [f"{voids} void{'' if voids == 1 else 's'}"] if voids else []
    cards = (f"its {len(deck)} card{'' if len(deck) == 1 else 's'} left "
             f"{'is' if len(deck) == 1 else 'are'} {' and '.join(held)}" if held else
             "it is empty" if not deck else "it holds no card to place")
    one_void = (", and a void lies on the table already" if voids and void_on(table) else
                ", and one void at most may lie on the table" if voids > 1 else "")
    return f"the deck cannot fill the {empty} empty spot{'' if empty == 1 else 's'}: " \
           f"{cards}{one_void}"


def why_over_with_cards_left(table: Table, deck: list[Card]) -> str:
    """Why a game that ended with cards still in its deck is over (:func:`why_it_cannot_fill`,
    capitalised: ``The deck cannot fill the 3 empty spots: its 2 cards left are 2 portal
    cards``), which a table reading the deck's count may take for a game stopped early; empty
    while ``deck`` can fill ``table``'s spots, and when it is empty (the table sees why)."""
    if not deck or can_fill(table, deck):
        return ""
    why = why_it_cannot_fill(table, deck)
    return why[:1].upper() + why[1:]


def refill(table: Table, deck: list[Card], level: Level) -> tuple[Level, list[Dealt]]:
    """Fill the empty spots from the top of ``deck`` (both changed in place).

    Returns the level after any rule cards and what happened, in order. The
    caller checks :func:`can_fill` first; if the deck runs dry anyway, the
    remaining spots stay empty.
    """
    dealt: list[Dealt] = []
    for side in empty_spots(table):
        while deck and table[side] is None:
            if void_on(table) is not None and all(card.is_void for card in deck):
                return level, dealt  # only voids left: they can never be placed
            card = deck.pop(0)
            if card.is_rule:
                level = LEVEL_OF_RULE_CARD[card.face]
                dealt.append(Dealt("rule", card, level=level))
            elif card.is_void and void_on(table) is not None:
                deck.append(card)
                dealt.append(Dealt("to-bottom", card))
            else:
                table[side] = card
                dealt.append(Dealt("placed", card, side=side))
    return level, dealt


def deal_cross(cards: list[Card], rng: random.Random) -> tuple[Table, list[Card]]:
    """Lay out the opening cross and shuffle what is left (rulebook steps 2 and 3).

    The portal cards are shuffled and the first four go on N, E, S, W; the
    other portal cards and every void card are then shuffled together.
    Returns the table and the remaining cards, top first.
    """
    portals = [card for card in cards if card.is_portal]
    rng.shuffle(portals)
    table = empty_table()
    for side, card in zip(SIDES, portals):
        table[side] = card
    rest = portals[len(SIDES):] + [card for card in cards if not card.is_portal]
    rng.shuffle(rest)
    return table, rest


def first_game_deck(rest: list[Card], rng: random.Random, first_ident: int) -> list[Card]:
    """The first game's deck from the cards left after the layout, top first.

    Stack C with the Not Not card shuffled in, the Arrow card, stack B, the
    Liar card, stack A (three roughly equal stacks).
    """
    third = len(rest) // 3
    stack_a, stack_b, stack_c = rest[:third], rest[third:2 * third], rest[2 * third:]
    stack_c = stack_c + [rule_card("NOT NOT", first_ident)]
    rng.shuffle(stack_c)
    return (stack_c + [rule_card("ARROW", first_ident + 1)]
            + stack_b + [rule_card("LIAR", first_ident + 2)] + stack_a)


def set_up(recipe: DeckRecipe, rng: random.Random, first_game: bool) -> tuple[Table, list[Card]]:
    """Lay out the portal cross, shuffle the rest, and stack the deck (rule cards: first game)."""
    cards = build_cards(recipe, rng)
    table, rest = deal_cross(cards, rng)
    if first_game:
        return table, first_game_deck(rest, rng, first_ident=len(cards) + 1)
    return table, rest
