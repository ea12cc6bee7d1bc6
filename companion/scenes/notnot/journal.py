"""The saves of the kiosk's Not Not games that are not on disk yet, in order
(:class:`Journal`), and a kept game found again for resume (:class:`UnfinishedGame`).

:mod:`companion.scenes.notnot.saving` fills the journal and writes it out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion.errors import CompanionError
from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord
from companion.storage.games import GameStore


@dataclass(frozen=True)
class UnfinishedGame:
    """A kept game that restores: its id, the game after its last finished round, its rounds'
    records."""

    id: int
    game: Game
    rounds: tuple[RoundRecord, ...]


#: One waiting save: writes to the store for the game the ref names.
Write = Callable[[GameStore, "GameRef"], None]


@dataclass
class GameRef:
    """A game being saved: its id once its first save is on disk."""

    id: int | None = None


@dataclass
class Journal:
    """The kiosk's saves not yet on disk, in order (of this game and of games before it), and
    why the last try failed."""

    waiting: list[tuple[GameRef, Write]] = field(default_factory=list)
    #: What the table is told while saves wait (the notice on screen until they are written).
    failing: str | None = None


def saved_id(ref: GameRef) -> int:
    """The id of ``ref``'s game; a ``CompanionError`` if its first save was dropped."""
    if ref.id is None:
        raise CompanionError("the game itself was never saved")
    return ref.id
