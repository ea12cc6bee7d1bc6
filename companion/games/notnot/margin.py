"""The margin of victory: how close a round's photo finish was, at the precision it honestly has.

The margin is the gap from the round's first valid tap (a win or a tie) to the next *counted*
tap by another player: any verdict but early or ignored (so a wrong tap counts, a second tap
or a tap after the close does not). With nobody else counted there is no margin.

Each input stamps with its own honest resolution: the keyboard to the whole millisecond, the
GPIO pads to 0.1 ms, the serial controller (and simulated players) to the microsecond. A margin
between two taps is only as fine as the coarser of the two.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.notnot.record import RoundRecord, TapRecord
from companion.games.notnot.verdict import RACED, WINNING, Verdict

#: The honest resolution of each input's stamps, in microseconds.
STEP_US = {"keyboard": 1000, "gpio": 100, "serial": 1, "bot": 1}
#: The resolution assumed for a source not listed above.
FINEST_STEP_US = 1


def step_us(*sources: str) -> int:
    """The coarsest honest resolution among ``sources``, in microseconds."""
    return max((STEP_US.get(source, FINEST_STEP_US) for source in sources), default=FINEST_STEP_US)


def _runner_up_at(taps: Sequence[TapRecord]) -> tuple[int, int] | None:
    """Where in ``taps`` (a round's taps in stamp order) the first valid tap and the next counted
    tap by another player are, or ``None``."""
    first = next((i for i, tap in enumerate(taps) if tap.verdict in WINNING), None)
    if first is None:
        return None
    winner = taps[first]
    second = next((i for i, tap in enumerate(taps) if i != first and tap.t_us >= winner.t_us
                   and tap.verdict in RACED and tap.player != winner.player), None)
    return None if second is None else (first, second)


def runner_up(taps: Sequence[TapRecord]) -> tuple[TapRecord, TapRecord] | None:
    """The first valid tap and the next counted tap by another player, or ``None``."""
    at = _runner_up_at(taps)
    return None if at is None else (taps[at[0]], taps[at[1]])


def gap_us(first: TapRecord, later: TapRecord) -> int | float:
    """Microseconds from tap ``first`` to tap ``later``, to the nanosecond the stamps carry
    (without the float noise of subtracting fractional microseconds)."""
    return round(later.t_us - first.t_us, 3)


def margin_us(taps: Sequence[TapRecord]) -> int | float | None:
    """The margin of victory in microseconds (see the module docstring), or ``None``."""
    pair = runner_up(taps)
    return None if pair is None else gap_us(*pair)


def margin_text(margin: float, step: int) -> str:
    """``margin`` microseconds as milliseconds to ``step`` µs: ``3 ms``, ``3.4 ms``, ``3.412 ms``.

    A margin that rounds to nothing at this resolution reads ``under 1 ms`` (or ``0.1 ms``...).
    """
    decimals = {1000: 0, 100: 1, 10: 2}.get(step, 3)
    rounded = round(margin / step) * step
    if rounded == 0:
        return f"under {step / 1000:.{decimals}f} ms"
    return f"{rounded / 1000:.{decimals}f} ms"


def margin_fields(taps: Sequence[TapRecord], sources: Sequence[str]) -> dict:
    """The record's margin: ``margin_us`` (``None`` without one) and ``margin_step_us``, the
    honest resolution of the round's stamps: that of the margin's two taps, else the coarsest
    input among the round's taps (``None`` without taps).

    ``taps`` are the record's taps in stamp order, ``sources`` the input each came from.
    """
    at = _runner_up_at(taps)
    step = None if at is None else step_us(sources[at[0]], sources[at[1]])
    if step is None and sources:
        step = step_us(*sources)
    return {"margin_us": margin_us(taps), "margin_step_us": step}


def close_calls(record: RoundRecord) -> tuple[dict[int, float], dict[int, float]]:
    """A round's close calls, in µs: ``(wins, losses)``.

    ``wins``: the player of the first valid tap -> the round's margin (when it has one and the
    round was won, not tied: a tie's margin is the gap between tied taps, nobody's win).
    ``losses``: each player whose first answer was on a valid spot but after the first valid
    tap, without tying -> how far behind it they were.
    """
    first = next((tap for tap in record.taps if tap.verdict in WINNING), None)
    if first is None:
        return {}, {}
    tied = first.verdict == Verdict.TIE
    wins = {} if record.margin_us is None or tied else {first.player: record.margin_us}
    losses: dict[int, float] = {}
    answered = {first.player}
    for tap in record.taps:
        if tap.verdict == Verdict.EARLY or tap.player in answered:
            continue
        answered.add(tap.player)
        if tap.side in record.valid and tap.verdict != Verdict.TIE and tap.t_us >= first.t_us:
            losses[tap.player] = gap_us(first, tap)
    return wins, losses
