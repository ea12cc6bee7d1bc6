"""The level-up splashes: when rule cards change the level (first game), the next roll is
preceded by one big banner per rule card, in the order they came up, each naming the level it
brings and the rule that level adds (a refill that draws the Not Not and the Arrow cards shows
Normal, then Hard).

The roll scene shows them; this module owns their words and which are due.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.display.draw_verdict import VerdictView
from companion.games.notnot.cards import LEVEL_OF_RULE_CARD, Level

if TYPE_CHECKING:
    from companion.games.notnot.game import Game

#: The rule each level adds, in two short lines.
NEWS: dict[Level, tuple[str, str]] = {
    Level.DISCOVERY: ("two dice: DIRECTION and COLOUR", "tap a card that matches one"),
    Level.NORMAL: ("the NOT die is rolled now", "an odd number of NOTs turns it round"),
    Level.HARD: ("the arrow on the deck says which", "side is UP this round"),
    Level.EXTREME: ("a LIAR on the deck", "adds one more NOT"),
}


def level_up_view(level: Level) -> VerdictView:
    """The splash for ``level``: its name and the rule it adds."""
    return VerdictView("nobody", f"LEVEL UP: {level.value.upper()}", NEWS[level])


def rule_levels(game: Game) -> list[Level]:
    """The level each rule card the game has drawn brought, in the order they came up."""
    return [LEVEL_OF_RULE_CARD[card.face] for card in game.removed if card.is_rule]


class LevelWatch:
    """Remembers, game by game, the rule cards drawn by the last roll shown, to spot level-ups."""

    def __init__(self) -> None:
        self._game: object | None = None
        self._seen = 0

    def reached(self, game: Game) -> list[Level]:
        """The levels ``game`` reached since its last roll, one per rule card drawn, in order
        (a new or resumed game: none); remembers them as seen."""
        levels = rule_levels(game)
        new = levels[self._seen:] if game is self._game else []
        self._game, self._seen = game, len(levels)
        return new
