"""That's Not a Hat: set-up (players, one round or as many as players, two gifts each) and start.

Selecting a choice steps it to its next value. ``Start`` begins a game kept
in the state database; ``Resume`` continues the one a power cut interrupted.
"""

from __future__ import annotations

from companion.hat.rules import MAX_PLAYERS, MIN_PLAYERS, MIN_PLAYERS_WITH_TWO_GIFTS, HatGame
from companion.scenes.bookkeeping import BookkeepingSetup
from companion.scenes.setup import next_in


class HatSetupScene(BookkeepingSetup):
    """Players, rounds, gifts each, start (and resume)."""

    name = "hat-setup"
    title = "That's Not a Hat"
    game_class = HatGame
    play_scene = "hat"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.players, self.multi_round, self.two_gifts = 4, False, False

    def settings_items(self) -> list[str]:
        rounds = "as many as players" if self.multi_round else "one"
        return [f"Players: {self.players}", f"Rounds: {rounds}",
                f"Gifts each: {'two' if self.two_gifts else 'one'}", "Start"]

    def choose_setting(self, index: int) -> None:
        if index == 0:
            lowest = MIN_PLAYERS_WITH_TWO_GIFTS if self.two_gifts else MIN_PLAYERS
            self.players = next_in(tuple(range(lowest, MAX_PLAYERS + 1)), self.players)
        elif index == 1:
            self.multi_round = not self.multi_round
        elif index == 2:
            self.two_gifts = not self.two_gifts
            if not self.two_gifts:
                self.players = max(self.players, MIN_PLAYERS)
        else:
            self.start(HatGame(self.players, self.multi_round, self.two_gifts),
                       {"multi_round": self.multi_round, "two_gifts": self.two_gifts})
