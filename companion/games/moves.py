"""A game kept as the list of its moves, for undo and for resuming.

The bookkeeping games (Not That Movie!, That's Not a Hat) store nothing but
their settings and the moves made so far. Their state is those moves replayed
from the start, so taking back a move is replaying all but the last one, and
a snapshot (settings + moves, JSON-able) restores the game exactly after a
power loss. A move is a dict ``{"move": name, ...}`` handled by the method its game's
``MOVES`` table names for it, which either raises the game's error and changes
nothing, or applies the move.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Self

#: What the pads of a game kept as its moves say of a press that does nothing now (both
#: bookkeeping games' pad machines; their scenes tell the player so).
IGNORED = "ignored"


class MoveLog(ABC):
    """Base of a game kept as its moves.

    A subclass sets ``KIND`` (the snapshot's ``kind``), ``ERROR`` (its
    ``ValueError`` subclass), ``SETTINGS`` (the constructor's argument names,
    which are also attribute names) and ``MOVES`` (move name -> method name),
    and implements the abstract methods: ``_start()`` (the state before any move),
    ``phase``, ``round_number``, ``round_records()`` and ``score_sheet()``.
    """

    KIND = ""
    ERROR: type[ValueError] = ValueError
    SETTINGS: tuple[str, ...] = ()
    MOVES: dict[str, str] = {}

    players: int

    def _begin(self) -> None:
        self._moves: list[dict] = []
        self._start()

    @abstractmethod
    def _start(self) -> None:
        """Set up the game's starting state: each game (movie, hat) defines its own."""

    def _do(self, move: dict) -> Any:
        """Apply ``move`` and remember it; the game's error if it is not allowed."""
        name = self.MOVES.get(str(move.get("move"))) if isinstance(move, dict) else None
        if name is None:
            raise self.ERROR(f"unknown move {move!r}")
        result = getattr(self, name)(move)
        self._moves.append(move)
        return result

    def undo(self) -> None:
        """Take back the last move (a wrong press, a mistyped entry)."""
        if not self._moves:
            raise self.ERROR("there is nothing to undo")
        moves = self._moves[:-1]
        self._begin()
        for move in moves:
            self._do(move)

    @property
    @abstractmethod
    def phase(self) -> str:
        """What the game waits for (its last two are ``round-over`` and ``game-over``): each
        game (movie, hat) names its own."""

    @property
    @abstractmethod
    def round_number(self) -> int:
        """The round being played, from 1: each game (movie, hat) defines its own."""

    @abstractmethod
    def round_records(self) -> list[dict]:
        """A JSON-able record (``{"n": number, ...}``) of every round that is over: each game
        defines its own."""

    @abstractmethod
    def score_sheet(self) -> dict:
        """The game's result as its score sheet keeps it: each game defines its own."""

    @property
    def moves_made(self) -> int:
        """How many moves the game holds (what :meth:`undo` can take back)."""
        return len(self._moves)

    @property
    def last_move(self) -> dict | None:
        """A copy of the last move made, or ``None`` before the first."""
        return dict(self._moves[-1]) if self._moves else None

    def _check_player(self, player: object, what: str) -> int:
        """``player`` if it is a seat 1..players, else the game's error naming ``what``."""
        if isinstance(player, bool) or not isinstance(player, int) \
                or not 1 <= player <= self.players:
            raise self.ERROR(f"{what} must be a player 1 to {self.players}, not {player!r}")
        return player

    def snapshot(self) -> dict:
        """The whole game as JSON-able data; :meth:`restore` continues it exactly."""
        data: dict[str, object] = {"kind": self.KIND}
        data.update({name: getattr(self, name) for name in self.SETTINGS})
        data["moves"] = [dict(move) for move in self._moves]
        return data

    @classmethod
    def restore(cls, data: dict) -> Self:
        """The game a :meth:`snapshot` describes; the game's error names what is wrong."""
        if not isinstance(data, dict) or data.get("kind") != cls.KIND:
            raise cls.ERROR(f"snapshot: not a {cls.KIND} game")
        try:
            game = cls(**{name: data[name] for name in cls.SETTINGS})
            moves = data["moves"]
        except KeyError as error:
            raise cls.ERROR(f"snapshot: missing {error}") from None
        if not isinstance(moves, list) or not all(isinstance(move, dict) for move in moves):
            raise cls.ERROR("snapshot: moves is not a list of objects")
        for number, move in enumerate(moves, 1):
            try:
                game._do(dict(move))
            except (cls.ERROR, KeyError, ValueError) as error:
                raise cls.ERROR(f"snapshot: move {number}: {error}") from None
        return game
