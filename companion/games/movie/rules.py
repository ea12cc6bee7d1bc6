"""Not That Movie!: tokens, mistakes, points per round and the five-round total.

The rulebook, as the companion enforces it:

- 2 to 7 players play 5 rounds as one team. Players are numbered clockwise
  (see :mod:`companion.games.seats`); the stack of tokens passes to the left.
- Each round every player secretly votes for one screen 1-8; with 2 players
  each player votes with two discs for two different screens.
- The token holder places a token on a screen nobody voted for. If nobody did,
  the token stays coloured and the stack passes left. If somebody did, it is
  a mistake: exactly the players who voted for it are revealed and the token
  turns grey. The rulebook says that after a first mistake "nothing happens
  and you continue the game", so the stack stays with the holder.
- A screen takes at most one token per round.
- The round ends when all tokens are placed (7, or 6 with 2 players) or at
  the second mistake. It scores 1 point per coloured token, plus 1 bonus when
  all 7 tokens were placed without a mistake, or 2 bonus with 2 players when
  all 6 were placed without a mistake (8 points at most either way).
- The next round begins with the player who placed the last token.
- After round 5 the game ends; the total is rated by :mod:`.rating`.

Tables that keep the physical voting discs do not enter votes: the holder
enters each token's outcome ("nobody" or "mistake"), and the screen is
optional. The game is kept as a list of moves; its state is those moves
replayed, which gives undo and a snapshot for resuming after power loss.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import MovieError
from companion.games.moves import MoveLog
from companion.games.movie.rating import Rating, rate
from companion.games.seats import left_of

MIN_PLAYERS, MAX_PLAYERS = 2, 7
SCREENS: tuple[int, ...] = tuple(range(1, 9))
ROUNDS = 5
MISTAKES_THAT_END_A_ROUND = 2
#: How votes reach the companion: secretly on the pads, or not at all
#: (the table keeps its physical voting discs and enters outcomes).
VOTINGS: tuple[str, ...] = ("pads", "discs")


def tokens_for(players: int) -> int:
    """Tokens in play: 7, or 6 with 2 players (one goes back in the box)."""
    return 6 if players == 2 else 7


def discs_for(players: int) -> int:
    """Voting discs per player: 2 with 2 players, else 1."""
    return 2 if players == 2 else 1


def round_bonus(players: int, placed: int, mistakes: int) -> int:
    """Bonus points for a round: only when every token went down without a mistake.

    1 bonus with 7 tokens; 2 bonus with 2 players and 6 tokens.
    """
    if mistakes or placed < tokens_for(players):
        return 0
    return 2 if players == 2 else 1


@dataclass(frozen=True)
class Placement:
    """One token put down by ``holder``.

    ``screen`` is ``None`` only when a table with physical discs did not enter
    it. ``voters`` are the players who voted for the screen (the reveal of a
    mistake); with physical discs the companion does not know them: ``()``.
    """

    screen: int | None
    holder: int
    mistake: bool
    voters: tuple[int, ...] = ()

    @property
    def coloured(self) -> bool:
        return not self.mistake


@dataclass
class MovieRound:
    """The round being played: who holds the stack, the votes, the tokens down."""

    number: int
    holder: int
    votes: dict[int, tuple[int, ...]] | None = None
    placements: list[Placement] = field(default_factory=list)

    @property
    def mistakes(self) -> int:
        return sum(p.mistake for p in self.placements)

    @property
    def coloured(self) -> int:
        return sum(p.coloured for p in self.placements)

    @property
    def covered(self) -> frozenset[int]:
        """Screens that already carry a token this round."""
        return frozenset(p.screen for p in self.placements if p.screen is not None)


@dataclass(frozen=True)
class RoundScore:
    """A finished round as the score sheet records it."""

    number: int
    placed: int
    coloured: int
    mistakes: int
    bonus: int
    last_placer: int

    @property
    def points(self) -> int:
        return self.coloured + self.bonus

    def to_dict(self) -> dict:
        """The round's record as the games store keeps it (``n`` is the round number)."""
        return {"n": self.number, "placed": self.placed, "coloured": self.coloured,
                "mistakes": self.mistakes, "bonus": self.bonus, "points": self.points,
                "last_placer": self.last_placer}


class MovieGame(MoveLog):
    """One game of Not That Movie! for ``players`` players.

    ``voting`` is ``"pads"`` (the companion holds the secret votes and judges
    each token) or ``"discs"`` (physical discs; the holder enters outcomes).
    ``first_holder`` is the player who most recently went to the cinema.
    Every move either raises :class:`MovieError` and changes nothing, or is
    applied and remembered for :meth:`undo` and :meth:`snapshot`.
    """

    KIND = "not-that-movie"
    ERROR = MovieError
    SETTINGS = ("players", "voting", "first_holder")
    MOVES = {"votes": "_apply_votes", "place": "_apply_place", "record": "_apply_record",
             "next-round": "_apply_next_round"}

    def __init__(self, players: int, voting: str = "pads", first_holder: int = 1) -> None:
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise MovieError(f"Not That Movie! is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                             f"players, not {players!r}")
        if voting not in VOTINGS:
            raise MovieError(f"voting must be one of {', '.join(VOTINGS)}, not {voting!r}")
        self.players = players
        self.voting = voting
        self.first_holder = self._check_player(first_holder, "first holder")
        self._begin()

    # -- state ---------------------------------------------------------------

    def _start(self) -> None:
        self.scores: list[RoundScore] = []
        self.round = MovieRound(1, self.first_holder)

    @property
    def tokens(self) -> int:
        return tokens_for(self.players)

    @property
    def discs(self) -> int:
        return discs_for(self.players)

    @property
    def round_number(self) -> int:
        """The round being played (the last one, once the game is over)."""
        return self.round.number

    @property
    def holder(self) -> int:
        """The player who holds the stack of tokens and places the next one."""
        return self.round.holder

    @property
    def phase(self) -> str:
        """``voting``, ``placing``, ``round-over`` or ``game-over``."""
        if self._round_over():
            return "game-over" if self.round.number == ROUNDS else "round-over"
        if self.voting == "pads" and self.round.votes is None:
            return "voting"
        return "placing"

    @property
    def over(self) -> bool:
        return self.phase == "game-over"

    def _round_over(self) -> bool:
        return (self.round.mistakes >= MISTAKES_THAT_END_A_ROUND
                or len(self.round.placements) == self.tokens)

    def tokens_left(self) -> int:
        """Tokens still in the stack this round."""
        return self.tokens - len(self.round.placements)

    def total(self) -> int:
        """Points of all finished rounds."""
        return sum(score.points for score in self.scores)

    def rating(self) -> Rating:
        """Stars and title for the total so far (final once the game is over)."""
        return rate(self.players, self.total())

    def score_sheet(self) -> dict:
        """The score sheet's line so far, JSON-able: points per round, total, rating.

        Stars and title rate the total of the rounds played so far; they are
        the result once the game is over.
        """
        rating = self.rating()
        return {"players": self.players, "rounds": [s.points for s in self.scores],
                "total": self.total(), "stars": rating.stars, "title": rating.title,
                "row": rating.row, "note": rating.note}

    def round_records(self) -> list[dict]:
        """A record (``n``, points, bonus, ...) of every round that is over."""
        return [score.to_dict() for score in self.scores]

    def revealed_votes(self) -> dict[int, tuple[int, ...]]:
        """Everyone's votes, once the round is over ("now you can show your discs").

        Raises :class:`MovieError` while the round is still being played.
        """
        if self.phase not in ("round-over", "game-over"):
            raise MovieError("votes stay secret until the round ends")
        return dict(self.round.votes or {})

    # -- moves ---------------------------------------------------------------

    def cast_votes(self, votes: Mapping[int, Sequence[int]]) -> None:
        """Lock in this round's secret votes: player -> screens (one, two with 2 players)."""
        self._do({"move": "votes", "votes": {str(p): list(s) for p, s in dict(votes).items()}})

    def place(self, screen: int) -> Placement:
        """The holder puts a token on ``screen``; the companion judges it from the votes."""
        return self._do({"move": "place", "screen": screen})

    def record(self, mistake: bool, screen: int | None = None) -> Placement:
        """With physical discs: the holder enters a token's outcome (screen optional)."""
        return self._do({"move": "record", "mistake": mistake, "screen": screen})

    def next_round(self) -> None:
        """Start the next round; the player who placed the last token takes the stack."""
        self._do({"move": "next-round"})

    def _apply_votes(self, move: dict) -> None:
        if self.voting != "pads":
            raise MovieError("this table votes with physical discs: enter outcomes, not votes")
        if self.phase != "voting":
            raise MovieError(f"votes are cast at the start of a round, not during {self.phase}")
        self.round.votes = self._check_votes(move["votes"])

    def _check_votes(self, votes: object) -> dict[int, tuple[int, ...]]:
        if not isinstance(votes, Mapping):
            raise MovieError(f"votes must map each player to screens, not {votes!r}")
        checked: dict[int, tuple[int, ...]] = {}
        for key, screens in votes.items():
            player = self._check_player(_as_int(key, "player"), "voter")
            if not isinstance(screens, (list, tuple)):
                raise MovieError(f"player {player}'s vote must list screens, not {screens!r}")
            screens = tuple(self._check_screen(s) for s in screens)
            if len(screens) != self.discs:
                raise MovieError(f"player {player} must vote for {self.discs} screen(s), "
                                 f"not {len(screens)}")
            if len(set(screens)) != len(screens):
                raise MovieError(f"player {player} cannot choose the same title on both discs")
            checked[player] = screens
        missing = sorted(set(range(1, self.players + 1)) - set(checked))
        if missing:
            raise MovieError(f"players {missing} have not voted")
        return checked

    def _apply_place(self, move: dict) -> Placement:
        if self.voting != "pads":
            raise MovieError("this table votes with physical discs: enter the outcome")
        self._check_placing()
        screen = self._check_free(move["screen"])
        assert self.round.votes is not None  # placing begins once every vote is in
        voters = tuple(p for p, screens in sorted(self.round.votes.items()) if screen in screens)
        return self._put(Placement(screen, self.holder, bool(voters), voters))

    def _apply_record(self, move: dict) -> Placement:
        if self.voting != "discs":
            raise MovieError("this table votes on the pads: enter the screen, the companion judges")
        self._check_placing()
        if not isinstance(move["mistake"], bool):
            raise MovieError(f"an outcome is mistake true or false, not {move['mistake']!r}")
        screen = move["screen"]
        if screen is not None:
            screen = self._check_free(screen)
        return self._put(Placement(screen, self.holder, move["mistake"]))

    def _put(self, placement: Placement) -> Placement:
        self.round.placements.append(placement)
        if placement.coloured and not self._round_over():
            self.round.holder = left_of(self.holder, self.players)
        if self._round_over():
            self.scores.append(self._score())
        return placement

    def _score(self) -> RoundScore:
        placed = len(self.round.placements)
        mistakes = self.round.mistakes
        return RoundScore(self.round.number, placed, self.round.coloured, mistakes,
                          round_bonus(self.players, placed, mistakes),
                          self.round.placements[-1].holder)

    def _apply_next_round(self, move: dict) -> None:
        if self.phase != "round-over":
            raise MovieError(f"the next round starts when a round is over, not during {self.phase}")
        self.round = MovieRound(self.round.number + 1, self.scores[-1].last_placer)

    # -- checks --------------------------------------------------------------

    def _check_placing(self) -> None:
        if self.phase != "placing":
            raise MovieError(f"tokens are placed once everyone has voted, not during {self.phase}")

    def _check_free(self, screen: object) -> int:
        screen = self._check_screen(screen)
        if screen in self.round.covered:
            raise MovieError(f"screen {screen} already has a token this round")
        return screen

    def _check_screen(self, screen: object) -> int:
        if isinstance(screen, bool) or not isinstance(screen, int) or screen not in SCREENS:
            raise MovieError(f"screens are numbered 1 to 8, not {screen!r}")
        return screen


def _as_int(value: Any, what: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise MovieError(f"{what} must be a number, not {value!r}") from None
