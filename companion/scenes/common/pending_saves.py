"""The kiosk's saves that are not on disk yet (:class:`PendingSaves`): Not Not's in order, each
for the game a :class:`GameRef` names, and the bookkeeping games whose last save failed.

:mod:`companion.scenes.notnot.saving` and :mod:`companion.scenes.common.kept_saves` fill it and
write it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.storage.bookkeeping import KeptGame
from companion.storage.games import GameStore
from companion.storage.notnot_saves import NewGame, Save


@dataclass
class GameRef:
    """A game being saved: its id once its first save is on disk."""

    id: int | None = None


@dataclass
class PendingSaves:
    """The kiosk's saves not yet on disk, in order (of this game and of games before it), and
    why the last try failed."""

    waiting: list[tuple[GameRef, NewGame | Save]] = field(default_factory=list)
    #: Not That Movie! and That's Not a Hat games whose stored game is behind the one played
    #: (each written whole by its next :meth:`~companion.storage.bookkeeping.KeptGame.sync`).
    kept: list[KeptGame[Any]] = field(default_factory=list)
    #: What the table is told while saves wait (the notice on screen until they are written).
    failing: str | None = None
    #: When the waiting saves are tried again if nothing tries them before (``None``: none
    #: wait, or none has been counted yet): a game over, or a menu, saves no round to try them.
    retry_at_ns: int | None = None
    #: The Not Not game left for the title while some of its saves waited: the state database is
    #: behind it, so the set-up goes on with it as it is here (a ``NotNotPlay``).
    left: Any = None


def write(store: GameStore, ref: GameRef, save: NewGame | Save) -> None:
    """Write ``save`` for ``ref``'s game: a new game gets its id in ``ref``; any other save
    needs that id (a ``CompanionError`` if the game itself was never saved)."""
    if isinstance(save, NewGame):
        ref.id = save.create(store)
    elif ref.id is None:
        raise CompanionError("the game itself was never saved")
    else:
        save.write(store, ref.id)
