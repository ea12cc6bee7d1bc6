"""The choice of level, number of players and way of dealing, then the start.

Selecting a choice steps it to its next value; selecting ``Start`` begins
a game with those settings. When a game is kept unfinished (a power cut),
the menu is led by "Resume the game in progress", naming its round and level.
"""

from __future__ import annotations

from companion.scenes.context import DEAL_CHOICES, LEVEL_CHOICES
from companion.scenes.flow import resume_game, start_game
from companion.scenes.saving import unfinished_game
from companion.scenes.setup_menu import SetupMenu

#: Up to 12: a Mega serial controller seats 12 players (docs/INPUTS.md).
PLAYER_CHOICES = tuple(range(2, 13))


def next_in(choices: tuple, value) -> object:
    """The value after ``value`` in ``choices``, wrapping round."""
    return choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


class SetupScene(SetupMenu):
    """Level, players, dealing, start (and resume)."""

    name = "setup"
    title = "Not Not: new game"

    def find_unfinished(self):
        return unfinished_game(self.ctx)

    def resume_item(self) -> str:
        game = self.unfinished.game
        return f"Resume the game in progress: round {game.round_no + 1}, {game.level.value}"

    def resume(self) -> None:
        resume_game(self.ctx, self.unfinished)

    def settings_items(self) -> list[str]:
        s = self.ctx.settings
        return [f"Level: {s.level.replace('-', ' ')}", f"Players: {s.players}",
                f"Deals: {s.deals}", "Start"]

    def choose_setting(self, index: int) -> None:
        s = self.ctx.settings
        if index == 0:
            s.level = next_in(LEVEL_CHOICES, s.level)
        elif index == 1:
            s.players = next_in(PLAYER_CHOICES, s.players)
        elif index == 2:
            s.deals = next_in(DEAL_CHOICES, s.deals)
        else:
            start_game(self.ctx)
