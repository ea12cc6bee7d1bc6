"""Restoring a kept Not Not game from its stored snapshot, checked before it is offered.

:meth:`companion.games.notnot.game.Game.restore` builds a game from whatever the
snapshot holds; a snapshot damaged on disk (a wrong type, a bad value) may
restore and fail only later, mid-game. :func:`restore_checked` restores it,
checks the stored numbers' types, plays the next round on a second copy (through
the pure rules: the dice are rolled, nobody taps) and scores it, so a damaged
snapshot is refused here, in one line, and the game can be set aside instead
of offered for resume. :func:`records_checked` reads the kept rounds' records
the same way.
"""

from __future__ import annotations

from companion.errors import DAMAGED_DATA_ERRORS, StateError
from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord

#: Stored snapshot fields and the type each must have.
TYPED_FIELDS: tuple[tuple[str, type], ...] = (
    ("players", int), ("seed", int), ("round_no", int), ("over", bool))


class DamagedSnapshot(StateError, ValueError):
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
        trial.result()
        if not trial.over and not trial.awaiting_cards():
            play_untapped_round(trial)
    except DAMAGED_DATA_ERRORS as error:
        raise DamagedSnapshot(f"the snapshot does not restore ({type(error).__name__}: "
                              f"{str(error)[:60]})") from None
    return game


def play_untapped_round(game: Game) -> None:
    """Roll the next round of ``game`` and finish it with nobody tapping."""
    game.finish_round(game.open_round(game.next_roll(), t_open_ns=0))


def records_checked(rounds: tuple[dict, ...]) -> tuple[RoundRecord, ...]:
    """The kept rounds' records, read; :class:`DamagedSnapshot` naming the first that does not."""
    records = []
    for record in rounds:
        try:
            records.append(RoundRecord.from_json(record))
        except DAMAGED_DATA_ERRORS as error:
            n = record.get("n") if isinstance(record, dict) else None
            raise DamagedSnapshot(f"round {n} does not read ({type(error).__name__})") from None
    return tuple(records)
