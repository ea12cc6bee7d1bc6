"""Restoring a kept Not Not game from its stored snapshot, checked before it is offered.

:meth:`companion.games.notnot.game.Game.restore` builds a game from whatever the
snapshot holds; a snapshot damaged on disk (a wrong type, a bad value) may
restore and fail only later, mid-game. :func:`restore_checked` restores it,
checks the stored numbers' types, plays the next round on a second copy and
scores it, so a damaged snapshot is refused here, in one line, and the game
can be set aside instead of offered for resume.
"""

from __future__ import annotations

from companion.errors import DAMAGED_DATA_ERRORS
from companion.games.notnot.game import Game
from companion.simulation.virtual_game import bots_for, play_round, result

#: Stored snapshot fields and the type each must have.
TYPED_FIELDS: tuple[tuple[str, type], ...] = (
    ("players", int), ("seed", int), ("round_no", int), ("over", bool))


class DamagedSnapshot(ValueError):
    """A stored snapshot that does not restore to a playable game; the message says why."""


def restore_checked(snapshot: dict) -> Game:
    """The game of ``snapshot``, or :class:`DamagedSnapshot` naming what is wrong."""
    if not isinstance(snapshot, dict):
        raise DamagedSnapshot("the snapshot is not a JSON object")
    for name, kind in TYPED_FIELDS:
        value = snapshot.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise DamagedSnapshot(f"snapshot field {name!r} is not {kind.__name__}")
    try:
        game = Game.restore(snapshot)
        trial = Game.restore(snapshot)
        result(trial)
        if not trial.over and not trial.awaiting_cards():
            play_round(trial, bots_for(trial))
    except DAMAGED_DATA_ERRORS as error:
        raise DamagedSnapshot(f"the snapshot does not restore ({type(error).__name__}: "
                              f"{str(error)[:60]})") from None
    return game
