"""Not That Movie!: set-up (players, votes on the pads or discs, who starts, team) and start.

Selecting a choice steps it to its next value. ``Start`` begins a game kept
in the state database; ``Resume`` continues the one a power cut interrupted
(offered, it brings its choices and its seats' names to the set-up; back in a pad vote, a
notice says everyone votes, again if they had);
``Score sheet`` shows the games kept. With fewer pads than the game's fewest
players the subtitle says which players need a pad, and Start and Resume start
nothing but a notice saying the same (as in every set-up,
:class:`~companion.scenes.common.setup_menu.SetupMenu`).
"""

from __future__ import annotations

from companion.games.movie.rules import MAX_PLAYERS, MIN_PLAYERS, ROUNDS, VOTINGS, MovieGame
from companion.scenes.changes import ToMovie, ToMovieSetup, ToMovieSheet
from companion.scenes.common.bookkeeping import BookkeepingSetup
from companion.scenes.common.setup_menu import START, counted, next_in
from companion.scenes.core import Context
from companion.storage.bookkeeping import KeptGame

TEAMS = ("Popcorn", "The Critics", "Front Row", "Late Show", "Matinee", "Director's Cut",
         "Box Office", "End Credits")
VOTING_WORDS = {"pads": "on the pads", "discs": "with the voting discs"}


class MovieSetupScene(BookkeepingSetup[ToMovieSetup, MovieGame]):
    """Players, votes, first holder, team, start, score sheet (and resume)."""

    name = "movie-setup"
    title = "Not That Movie!"
    game_class = MovieGame
    here = ToMovieSetup()
    play_move = ToMovie
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.voting, self.first_holder, self.team = "pads", 1, TEAMS[0]

    def players_changed(self) -> None:
        """The tokens start with a player who plays."""
        self.first_holder = min(self.first_holder, self.players)

    def kept_facts(self, kept: KeptGame[MovieGame]) -> list[str]:
        game, team = kept.game, kept.settings.get("team")
        return [*([team] if isinstance(team, str) else []), counted(game.players, "player"),
                f"round {game.round_number} of {ROUNDS}", counted(game.total(), "point")]

    def resume(self) -> None:
        """Go on with the kept game; back in a pad vote, a notice says everyone votes, again if
        they had (a secret vote is never kept: the votes made before the power cut are gone,
        and whether anyone had voted is not known)."""
        game = None if self.unfinished is None else self.unfinished.game
        super().resume()
        if game is not None and game.phase == "voting" and game.voting == "pads":
            self.ctx.services.notify(f"round {game.round_number}: everyone votes, again if "
                                     "they had (a secret vote is never kept)")

    def take_settings(self, game: MovieGame, settings: dict) -> None:
        self.voting, self.first_holder = game.voting, game.first_holder
        self.team = settings.get("team", self.team)

    def settings_items(self) -> list[str]:
        return [f"Players: {self.players}", f"Votes: {VOTING_WORDS[self.voting]}",
                f"Tokens start with: {self.ctx.session.setup.label(self.first_holder)}",
                f"Team: {self.team}",
                START, "Score sheet"]

    def choose_setting(self, index: int) -> None:
        if index == 0:
            self.step_players()
        elif index == 1:
            self.voting = next_in(VOTINGS, self.voting)
        elif index == 2:
            self.first_holder = next_in(tuple(range(1, self.players + 1)), self.first_holder)
        elif index == 3:
            self.team = next_in(TEAMS, self.team)
        elif index == 4:
            self.start(MovieGame(self.players, self.voting, self.first_holder),
                       {"voting": self.voting, "first_holder": self.first_holder,
                        "team": self.team})
        else:
            self.ctx.go(ToMovieSheet())
