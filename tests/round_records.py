"""A finished round's record written the way a test says it: each tap as (player, spot, µs from
the open, verdict), each winner as (player, card, spot taken from)."""

from __future__ import annotations

from companion.games.notnot.record import RoundRecord, TapRecord, WinnerRecord
from companion.games.notnot.verdict import Verdict


def round_record(taps=(), winners=(), valid=("N",), margin_us=None) -> RoundRecord:
    """A round of the discovery level (a RED roll) with these taps, winners and valid spots."""
    return RoundRecord(
        n=1, level="discovery", dice=("RED", "NOTHING"), negation="NOTHING", liar=False, up="N",
        table={}, valid=tuple(valid),
        taps=tuple(TapRecord(p, side, t_us, Verdict(v)) for p, side, t_us, v in taps),
        winners=tuple(WinnerRecord(*winner) for winner in winners), penalties=(), scores={},
        dealt=(), margin_us=margin_us)
