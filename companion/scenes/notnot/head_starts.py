"""Head starts at the round: a seat's head start taken off its tap stamps before the judge.

Handicaps are optional (``[game] handicaps``); a game's head starts, seat -> µs, are fixed at
its start (:attr:`NotNotPlay.head_starts <companion.scenes.notnot.play.NotNotPlay>`). The judge
(:mod:`companion.games.notnot.round`) never knows of them: this adapter hands it the stamps it
judges by, and puts the real ones back in the round's record. The rules:

- A tap stamped before the open is judged on its real stamp: too early, whatever its head start
  (a head start never makes a tap before the open valid).
- A tap at or after the open is judged at its stamp less its player's head start, but never
  before the open: a head start is used up when the dice land (two players whose head starts
  both reach back to the open tie there).
- The first valid tap, ties, the close and the margin are all on the judged stamps.
- A tap stamped after a pause is judged on its real stamp: after the close.
- The round waits its largest head start past its close, so a tap whose head start brings it
  inside the close is heard (after a pause: no later than the pause).

The record keeps each moved tap's real stamp (``real_us``) beside the judged one, and the
round's head starts, so reaction times stay those of the hands.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from companion.errors import CompanionError
from companion.games.notnot.game import micros
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.round import Round
from companion.games.notnot.taps import Tap
from companion.scenes.core import Context
from companion.storage.players import table_head_starts

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class StartedTap(Tap):
    """A tap judged at a stamp its head start moved: ``real_ns`` is its edge stamp."""

    real_ns: int = field(default=0, compare=False)


def head_starts_for(ctx: Context) -> dict[int, int]:
    """The head starts (seat -> µs) of the game the set-up starts: none with handicaps off;
    else those its seats' kept players have (the set-up's own when it knows no players). A
    state database that cannot be read is said on screen, and the game is played without."""
    setup = ctx.session.setup
    if not setup.handicaps:
        return {}
    if setup.player_ids:
        try:
            setup.head_starts = table_head_starts(ctx.services.database(), setup.player_ids,
                                                  setup.handicaps)
        except CompanionError as error:
            log.warning("head starts not read: %s", error)
            ctx.services.notify("head starts could not be read: this game has none")
            return {}
    return {seat: us for seat, us in sorted(setup.head_starts.items())
            if 1 <= seat <= setup.players and us > 0}


def judged_tap(tap: Tap, head_starts_us: Mapping[int, int], t_open_ns: int,
               paused_at_ns: int | None = None) -> Tap:
    """``tap`` as the judge takes it: moved earlier by its player's head start (see the module
    docstring), or as it is when no head start moves it."""
    start_ns = head_starts_us.get(tap.player, 0) * 1000
    after_pause = paused_at_ns is not None and tap.t_ns > paused_at_ns
    if not start_ns or tap.t_ns <= t_open_ns or after_pause:
        return tap
    return StartedTap(tap.player, tap.side, max(t_open_ns, tap.t_ns - start_ns), tap.source,
                      real_ns=tap.t_ns)


def wait_ns(head_starts_us: Mapping[int, int]) -> int:
    """How long past its close a round waits for taps a head start brings inside it."""
    return max(head_starts_us.values(), default=0) * 1000


def with_head_starts(record: RoundRecord, round_: Round,
                     head_starts_us: Mapping[int, int]) -> RoundRecord:
    """``record`` of ``round_`` with its head starts and the real stamps of the taps they moved
    (the record as it is when the round had none)."""
    if not head_starts_us:
        return record
    taps = [verdict.tap for verdict in round_.outcome().verdicts]
    return replace(record, head_starts_us=dict(sorted(head_starts_us.items())), taps=tuple(
        replace(kept, real_us=micros(tap.real_ns - round_.t_open_ns))
        if isinstance(tap, StartedTap) else kept for kept, tap in zip(record.taps, taps)))
