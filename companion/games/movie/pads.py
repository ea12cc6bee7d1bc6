"""Not That Movie! on the pads: which press makes which move.

A pure state machine fed ``(player, side)`` presses, between the pads and
:class:`~companion.games.movie.rules.MovieGame`. The kiosk scene draws what it holds.

- Voting (pad votes): every player votes on their own pad as
  :mod:`companion.games.movie.voting` describes; when the last vote is confirmed
  the votes are locked in and the holder places the first token.
- Placing, pad votes: on the holder's pad ``N``/``S`` move a pointer over the
  free screens (shown to all: placing a token is public), ``E`` places the
  token there; the companion answers "nobody voted for it" or "mistake".
- Placing, physical discs: on the holder's pad ``E`` means "nobody voted for
  it" (the token stays coloured) and ``S`` means "mistake".
- ``W`` on the pad of the player who placed the last token takes it back.
- When a round is over, ``E`` on any pad starts the next round.
"""

from __future__ import annotations

from companion.games.moves import IGNORED
from companion.games.movie.rules import SCREENS, MovieGame, Placement
from companion.games.movie.voting import VOTED, SecretVote
from companion.games.notnot.sides import Side, parse_side

#: What a press did, beside the voting words of :mod:`companion.games.movie.voting`.
VOTES_LOCKED, MOVED, PLACED, UNDONE, NEXT_ROUND = (
    "votes-locked", "moved", "placed", "undone", "next-round")


class MoviePads:
    """The pads' view of a :class:`MovieGame`: feed presses, read what to draw."""

    def __init__(self, game: MovieGame) -> None:
        self.game = game
        self.vote = SecretVote(game.players)
        self.pointer = self._free_screens()[0]

    @property
    def last(self) -> Placement | None:
        """The last token placed this round (``None`` before any): the screen's answer to it,
        and the one its placer's ``W`` takes back. Read from the game, never kept beside it,
        so a machine built over a game resumed after a power cut knows it too."""
        placements = self.game.round.placements
        return placements[-1] if placements else None

    def press(self, player: int, side: Side | str) -> str:
        """Feed one pad press; returns what it did (a word for screen and sound)."""
        side = parse_side(side)
        phase = self.game.phase
        if phase == "voting":
            return self._vote(player, side)
        if phase == "placing":
            if side is Side.W:
                return self._take_back(player)
            if player != self.game.holder:
                return IGNORED
            return self._place(side) if self.game.voting == "pads" else self._record(side)
        if phase == "round-over":
            if side is Side.W:
                return self._take_back(player)
            if side is Side.E and player in range(1, self.game.players + 1):
                self.game.next_round()
                self.vote = SecretVote(self.game.players)
                self.pointer = self._free_screens()[0]
                return NEXT_ROUND
        if phase == "game-over" and side is Side.W:
            return self._take_back(player)
        return IGNORED

    def _vote(self, player: int, side: Side) -> str:
        said = self.vote.press(player, side)
        if said == VOTED and self.vote.complete:
            self.game.cast_votes(self.vote.votes())
            return VOTES_LOCKED
        return said

    def _place(self, side: Side) -> str:
        free = self._free_screens()
        if side in (Side.N, Side.S):
            step = 1 if side is Side.N else -1
            self.pointer = free[(free.index(self.pointer) + step) % len(free)]
            return MOVED
        self.game.place(self.pointer)
        if self.game.phase == "placing":
            self.pointer = self._free_screens()[0]
        return PLACED

    def _record(self, side: Side) -> str:
        if side is Side.N:
            return IGNORED
        self.game.record(mistake=side is Side.S)
        return PLACED

    def _take_back(self, player: int) -> str:
        if self.last is None or self.last.holder != player:
            return IGNORED
        self.game.undo()
        self.pointer = self._free_screens()[0]
        return UNDONE

    def _free_screens(self) -> list[int]:
        covered = self.game.round.covered
        return [screen for screen in SCREENS if screen not in covered]
