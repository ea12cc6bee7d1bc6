"""The record of one finished round, typed: what was rolled, who tapped, who took what.

:meth:`companion.games.notnot.game.Game.finish_round` returns a
:class:`RoundRecord`; every reader (the game log, the verdict, the deal
prompt, the reaction-time chart, storage) reads its fields. Its JSON form is
the one stored and printed by ``companion simulate --json``:
:meth:`RoundRecord.to_json` gives exactly that dict and
:meth:`RoundRecord.from_json` reads it back (``from_json(d).to_json() == d``).

A tap's verdict is the :class:`~companion.games.notnot.verdict.Verdict`
:meth:`companion.games.notnot.round.Round.outcome` gave it, "late" (an answer
after the close) included. The JSON keeps the form it always had, where a late
tap is "ignored"; reading it back, a player's first ignored tap that was not
early is the late one (a round's taps are stored in stamp order). A stored
verdict that is not one of the five stored forms is refused (ValueError).

A round played with head starts (handicaps, :mod:`companion.scenes.notnot.head_starts`) keeps
them (``head_starts_us``, seat -> µs) and, for each tap a head start moved, its real stamp
(``real_us``) beside the stamp it was judged at (``t_us``). Both keys are written only then, so
the record of a round without head starts is exactly what it always was.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.games.notnot.verdict import WINNING, Verdict


@dataclass(frozen=True)
class TapRecord:
    """One tap: who, which side, when (microseconds from the round's open, as judged) and its
    verdict; ``real_us``: its real stamp, when a head start moved it (else None)."""

    player: int
    side: str
    t_us: int | float
    verdict: Verdict
    real_us: int | float | None = None

    @property
    def hand_us(self) -> int | float:
        """When the hand pressed, from the open: the real stamp, whatever a head start did."""
        return self.t_us if self.real_us is None else self.real_us

    def to_json(self) -> dict:
        """The stored form; a late tap is stored as "ignored"."""
        verdict = Verdict.IGNORED if self.verdict == Verdict.LATE else self.verdict
        data = {"player": self.player, "side": self.side, "t_us": self.t_us,
                "verdict": str(verdict)}
        if self.real_us is not None:
            data["real_us"] = self.real_us
        return data


@dataclass(frozen=True)
class WinnerRecord:
    """``player`` took the ``card`` face from the spot ``from_side``."""

    player: int
    card: str
    from_side: str

    def to_json(self) -> dict:
        return {"player": self.player, "card": self.card, "from": self.from_side}


@dataclass(frozen=True)
class DealtRecord:
    """One thing the refill did: "placed" ``card`` on ``side``, a "to-bottom" void, or a
    "rule" card after which the level is ``level``."""

    what: str
    card: str
    side: str | None = None
    level: str | None = None

    def to_json(self) -> dict:
        data: dict = {"what": self.what, "card": self.card}
        if self.side is not None:
            data["side"] = self.side
        if self.level is not None:
            data["level"] = self.level
        return data


@dataclass(frozen=True)
class RoundRecord:
    """One finished round. ``table`` holds the faces before the round (None: an empty spot);
    ``valid`` the sides that could be tapped; ``taps`` every tap in stamp order; ``scores``
    each player's point cards after it; ``dealt`` the refill that followed."""

    n: int
    level: str
    dice: tuple[str, ...]
    negation: str
    liar: bool
    up: str
    table: dict[str, str | None]
    valid: tuple[str, ...]
    taps: tuple[TapRecord, ...]
    winners: tuple[WinnerRecord, ...]
    penalties: tuple[int, ...]
    scores: dict[int, int]
    dealt: tuple[DealtRecord, ...]
    #: The margin of victory in µs (the photo finish, see :mod:`companion.games.notnot.margin`):
    #: None without one, and in records stored before margins were kept.
    margin_us: int | float | None = None
    #: The honest resolution of the round's stamps in µs (None without taps, or in old records).
    margin_step_us: int | None = None
    #: Each seat's head start in µs, when the round was played with any (handicaps).
    head_starts_us: dict[int, int] = field(default_factory=dict)

    def players_with(self, verdict: Verdict) -> list[int]:
        """Players with a tap of ``verdict``, each once, in stamp order."""
        seen: list[int] = []
        for tap in self.taps:
            if tap.verdict == verdict and tap.player not in seen:
                seen.append(tap.player)
        return seen

    def cards_before_refill(self, cards_left: int) -> int:
        """The deck's count during the round, from its count after the refill this record
        says (each card placed or rule card came off the deck; a second void went back under
        it): what its verdict shows, on the kiosk and the phone page."""
        return cards_left + sum(1 for item in self.dealt if item.what in ("placed", "rule"))

    def tapped_side(self, winner: WinnerRecord) -> str:
        """The side ``winner`` tapped to win (the side they took from, if no tap says)."""
        return next((tap.side for tap in self.taps if tap.player == winner.player
                     and tap.verdict in WINNING), winner.from_side)

    def to_json(self) -> dict:
        """The stored form, key for key as it always was, the margin after the taps."""
        return {
            "n": self.n, "level": self.level, "dice": list(self.dice), "negation": self.negation,
            "liar": self.liar, "up": self.up, "table": dict(self.table), "valid": list(self.valid),
            "taps": [tap.to_json() for tap in self.taps],
            "margin_us": self.margin_us, "margin_step_us": self.margin_step_us,
            "winners": [winner.to_json() for winner in self.winners],
            "penalties": list(self.penalties),
            "scores": {str(player): n for player, n in self.scores.items()},
            "dealt": [item.to_json() for item in self.dealt],
        } | ({"head_starts_us": {str(seat): us for seat, us in self.head_starts_us.items()}}
             if self.head_starts_us else {})

    @classmethod
    def from_json(cls, data: dict) -> RoundRecord:
        """Read a stored record; a damaged one raises KeyError, TypeError or ValueError."""
        return cls(
            n=data["n"], level=data["level"], dice=tuple(data["dice"]),
            negation=data["negation"], liar=data["liar"], up=data["up"],
            table=dict(data["table"]), valid=tuple(data["valid"]),
            taps=taps_from_json(data["taps"]),
            winners=tuple(WinnerRecord(w["player"], w["card"], w["from"]) for w in data["winners"]),
            penalties=tuple(data["penalties"]),
            scores={int(player): n for player, n in data["scores"].items()},
            dealt=tuple(DealtRecord(d["what"], d["card"], d.get("side"), d.get("level"))
                        for d in data["dealt"]),
            margin_us=data.get("margin_us"), margin_step_us=data.get("margin_step_us"),
            head_starts_us={int(seat): us for seat, us in data.get("head_starts_us", {}).items()},
        )


def taps_from_json(taps: list[dict]) -> tuple[TapRecord, ...]:
    """Stored taps, in stamp order; a player's first ignored tap that was not early is late. A
    verdict that is never stored (no verdict at all, or "late") raises ValueError."""
    answered: set[int] = set()
    records = []
    for tap in taps:
        verdict = Verdict(tap["verdict"])
        if verdict == Verdict.LATE:
            raise ValueError("a late tap is stored as ignored")
        if verdict == Verdict.IGNORED and tap["player"] not in answered:
            verdict = Verdict.LATE
        if verdict != Verdict.EARLY:
            answered.add(tap["player"])
        records.append(TapRecord(tap["player"], tap["side"], tap["t_us"], verdict,
                                 tap.get("real_us")))
    return tuple(records)


def answer_of(record: RoundRecord, seat: int) -> TapRecord | None:
    """Seat ``seat``'s answer in ``record``: their first tap at or after the open, or None."""
    return next((tap for tap in record.taps
                 if tap.player == seat and tap.verdict != Verdict.EARLY), None)


def reaction_ms(record: RoundRecord, seat: int) -> float | None:
    """Seat ``seat``'s reaction time in ``record`` (ms from the open), if their answer went to a
    valid side (a win, a tie, or a valid answer after the close); None for a wrong answer or
    none. A reaction is the hand's: a head start does not shorten it. The one definition the end
    screen's chart, the title's and ``players board``'s medians and ``players profile`` read."""
    answer = answer_of(record, seat)
    if answer is None or answer.side not in record.valid or answer.verdict == Verdict.WRONG:
        return None
    return answer.hand_us / 1000


def whole_ms(ms: float) -> str:
    """A reaction time in ms (or a median of them, or the gap between two medians) as every
    screen and command shows it: rounded once, from the exact value, to a whole ms, a half up
    (``587.476`` reads ``587``, ``587.5`` reads ``588``), so that the end screen, the title's
    leaderboard, ``players board`` and ``players profile`` say the same number."""
    return f"{math.floor(ms + 0.5)}"


def reaction_times_ms(records: Iterable[RoundRecord]) -> dict[int, list[float]]:
    """Each player's reaction times (:func:`reaction_ms`), in round order, for every seat that
    tapped in ``records``."""
    times: dict[int, list[float]] = {}
    for record in records:
        for seat in dict.fromkeys(tap.player for tap in record.taps):
            ms = reaction_ms(record, seat)
            if ms is not None:
                times.setdefault(seat, []).append(ms)
    return times
