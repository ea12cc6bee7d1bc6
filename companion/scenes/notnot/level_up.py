"""The level-up splash: when a rule card changes the level (first game), the next roll is
preceded by a big banner naming the new level and the rule it adds.

The roll scene shows it; this module owns its words and when it is due.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.display.draw_verdict import VerdictView
from companion.games.notnot.cards import Level

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


class LevelWatch:
    """Remembers the level of the last roll shown, game by game, to spot a level-up."""

    def __init__(self) -> None:
        self._game: object | None = None
        self._level: Level | None = None

    def changed(self, game: Game) -> bool:
        """Whether ``game`` plays another level than at its last roll (a new or resumed game:
        never); remembers the level now played."""
        changed = game is self._game and game.level != self._level
        self._game, self._level = game, game.level
        return changed
