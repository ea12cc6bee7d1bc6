"""That's Not a Hat: set-up (players, rounds, gifts each, special cards), start, score sheet.

Selecting a choice steps it to its next value. ``Start`` begins a game kept
in the state database; ``Resume`` continues the one a power cut interrupted;
``Score sheet`` shows the games kept.
With fewer pads than the game's fewest players (3, or 2 with two gifts
each) the fewest are offered, the subtitle says which players lack a pad, and
Start and Resume start nothing but a notice saying the same (as in every set-up,
:class:`~companion.scenes.common.setup_menu.SetupMenu`). A kept game offered for
resume brings its choices and its seats' names to the set-up.
The special cards are left out unless chosen: the rulebook's set-up puts
them aside and adds them only "if you're playing with the special cards".
"""

from __future__ import annotations

from companion.games.hat.rules import MAX_PLAYERS, MIN_PLAYERS, MIN_PLAYERS_WITH_TWO_GIFTS, HatGame
from companion.games.notnot.words import player_label
from companion.scenes.changes import ToHat, ToHatSetup, ToHatSheet
from companion.scenes.common.bookkeeping import BookkeepingSetup
from companion.scenes.common.setup_menu import START, counted
from companion.scenes.core import Context
from companion.storage.bookkeeping import KeptGame

#: The longest list of penalties the "Resume" item spells out; past it, it names who has most.
PENALTIES_FACT_MAX = 40


def penalties_fact(totals: dict[int, int], names: dict[int, str]) -> str:
    """What the "Resume" item says of the kept game's penalties: each player's (``penalties
    Ana 1, P2 0, P3 2``), or for a long list who has the most (``most penalties: P3 2``)."""
    listed = ", ".join(f"{player_label(seat, names)} {totals[seat]}" for seat in sorted(totals))
    if len(listed) <= PENALTIES_FACT_MAX:
        return f"penalties {listed}"
    most = max(totals.values())
    if most == 0:
        return "no penalties yet"
    leaders = ", ".join(player_label(seat, names) for seat in sorted(totals)
                        if totals[seat] == most)
    return f"most penalties: {leaders} {most}"


class HatSetupScene(BookkeepingSetup[ToHatSetup, HatGame]):
    """Players, rounds, gifts each, special cards, start, score sheet (and resume)."""

    name = "hat-setup"
    title = "That's Not a Hat"
    game_class = HatGame
    here = ToHatSetup()
    play_move = ToHat
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.multi_round, self.two_gifts, self.special_cards = False, False, False

    def fewest_players(self) -> int:
        """3, or 2 with two gifts each."""
        return MIN_PLAYERS_WITH_TWO_GIFTS if self.two_gifts else MIN_PLAYERS

    def kept_facts(self, kept: KeptGame[HatGame]) -> list[str]:
        game = kept.game
        return [counted(game.players, "player"), f"round {game.round_number} of {game.rounds}",
                penalties_fact(game.totals(), self.kept_names)]

    def take_settings(self, game: HatGame, settings: dict) -> None:
        self.multi_round, self.two_gifts = game.multi_round, game.two_gifts
        self.special_cards = game.special_cards

    def settings_items(self) -> list[str]:
        rounds = "as many as players" if self.multi_round else "one"
        return [f"Players: {self.players}", f"Rounds: {rounds}",
                f"Gifts each: {'two' if self.two_gifts else 'one'}",
                f"Special cards: {'with' if self.special_cards else 'without'}", START,
                "Score sheet"]

    def choose_setting(self, index: int) -> None:
        if index == 0:
            self.step_players()
        elif index == 1:
            self.multi_round = not self.multi_round
        elif index == 2:
            self.two_gifts = not self.two_gifts   # the fewest players change: 2 or 3
            counts = self.player_counts()
            self.players = min(max(self.players, counts[0]), counts[-1])
        elif index == 3:
            self.special_cards = not self.special_cards
        elif index == 4:
            settings = {"multi_round": self.multi_round, "two_gifts": self.two_gifts,
                        "special_cards": self.special_cards}
            self.start(HatGame(self.players, **settings), settings)
        else:
            self.ctx.go(ToHatSheet())
