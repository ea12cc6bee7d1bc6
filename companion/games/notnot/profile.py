"""A player's thinking profile: how long each kind of round takes them, from the saved rounds.

Pure: it reads :class:`~companion.games.notnot.record.RoundRecord` values and the seat that was
the player's in each, nothing else (no I/O, no clock).

**The reaction time** of a round (:func:`companion.games.notnot.record.reaction_ms`, the same
on the end screen's chart) is the hand's stamp of the player's *answer* (their first tap at or
after the open; a head start does not shorten it) in ms from the round's open (the flip that
showed the dice), when that answer
went to a side the round made valid: a win, a tie, or a valid answer after the close (stored as
"ignored", read back as late; a slower player's valid answer, so that the figure is not only
the rounds they won). A wrong answer, a tap before the dice landed and a second tap are no
reaction time. Only what was stamped and saved counts: the kiosk saves the taps it had when it
judged the round (the close plus its settle time), so an answer slower than that is not seen.

**What a round asked** is read from the record as follows (each round counts in every split it
belongs to, so the splits overlap):

- *negations*: the negation die's face (``record.negation``: NOTHING 0 to NOT NOT NOT 3; in
  Discovery the die is not rolled, stored NOTHING, so 0). The Liar's extra negation in Extreme
  is its own split, not added to the count.
- *the Liar*: ``record.liar`` (stored true only in Extreme, where the Liar counts).
- *a turned arrow*: ``record.up`` is not "N" (only Hard and Extreme turn it).
- *Stroop*: the record keeps no ink. It is derived from the dice: every word that names a colour
  is drawn in an ink other than that colour (:mod:`companion.display.stroop`, the rulings), so a
  round whose colour die shows a colour word showed a mismatched ink; one whose colour die shows
  NOTHING did not.
- *criteria*: the faces of the two criteria dice (``record.dice``): direction only, colour only,
  both, or neither.

The negation splits mix rounds that asked other things too (a colour word in two rounds of
three); each negation count is also given *alone* (``negations_alone``): over the rounds that
asked nothing else that costs (no Liar, no turned arrow, no colour word), so that the figures
differ by the negations only.

Each figure has the number of reaction times behind it, their median and interquartile range,
and a distribution-free confidence interval for the median (:func:`median_interval`). Below
:data:`MIN_ROUNDS` times a figure is "too few rounds to tell" and gives no numbers.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.games.notnot.dice import COLOUR_FACES, NEGATIONS, NOTHING
from companion.games.notnot.record import RoundRecord, reaction_ms, whole_ms
from companion.games.notnot.verdict import Verdict

#: The fewest reaction times a figure is given with; below, "too few rounds to tell".
MIN_ROUNDS = 10
#: The confidence of the median's interval.
CONFIDENCE = 0.95
TOO_FEW = "too few rounds to tell"

#: Each condition a round can ask, by key, and how it is named on screen.
CONDITIONS: dict[str, str] = {
    "negations-0": "no NOT", "negations-1": "NOT", "negations-2": "NOT NOT",
    "negations-3": "NOT NOT NOT", "liar": "the Liar", "arrow": "a turned arrow",
    "stroop": "a mismatched ink", "direction": "a direction alone",
    "colour": "a colour alone", "both": "a direction and a colour", "neither": "no criterion",
}
#: The negation counts alone (:func:`asks_only_negations`), by key.
ALONE: dict[str, str] = {f"alone-{n}": f"{word} alone" for n, word in
                         enumerate(("no NOT", "NOT", "NOT NOT", "NOT NOT NOT"))}


def conditions_of(record: RoundRecord) -> tuple[str, ...]:
    """The keys of :data:`CONDITIONS` that ``record``'s round asked (see the module docstring)."""
    keys = [f"negations-{NEGATIONS.get(record.negation, 0)}"]
    if record.liar:
        keys.append("liar")
    if record.up != "N":
        keys.append("arrow")
    direction, colour = (record.dice + (NOTHING, NOTHING))[:2]
    if colour in COLOUR_FACES:
        keys.append("stroop")
    keys.append({(True, False): "direction", (False, True): "colour",
                 (True, True): "both"}.get((direction != NOTHING, colour != NOTHING), "neither"))
    return tuple(keys)


def asks_only_negations(record: RoundRecord) -> bool:
    """Whether ``record``'s round asked nothing that costs but its negations."""
    return not {"liar", "arrow", "stroop"} & set(conditions_of(record))


def median_interval(ordered: Sequence[float], confidence: float = CONFIDENCE
                    ) -> tuple[float, float] | None:
    """A distribution-free interval for the median of the sample ``ordered`` (sorted).

    The binomial order-statistic interval: the ``k``-th smallest and ``k``-th largest values,
    with ``k`` the largest for which the chance that fewer than ``k`` of ``n`` values fall below
    the true median (Binomial(n, 1/2)) is at most half of ``1 - confidence``; so it covers the
    median with at least ``confidence``, whatever the times' distribution. None when the sample
    is too small for any such interval (fewer than 6 values at 95 %).
    """
    n = len(ordered)
    tail = (1 - confidence) / 2
    below, k = 0.0, 0
    log_all = n * math.log(2)
    for i in range(n // 2 + 1):
        below += math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1)
                          - log_all)
        if below > tail:
            break
        k = i + 1
    return (ordered[k - 1], ordered[n - k]) if k else None


@dataclass(frozen=True)
class Figure:
    """One condition's reaction times: how many, and (with enough) median, quartiles and the
    median's interval, in ms, exact (shown rounded once, :func:`whole_ms`; 0.1 ms in JSON)."""

    condition: str
    rounds: int
    median_ms: float | None = None
    quartiles_ms: tuple[float, float] | None = None
    interval_ms: tuple[float, float] | None = None

    @property
    def label(self) -> str:
        return {**CONDITIONS, **ALONE}.get(self.condition, "every round")

    @property
    def enough(self) -> bool:
        return self.median_ms is not None

    def to_json(self) -> dict:
        data: dict = {"condition": self.condition, "label": self.label, "rounds": self.rounds}
        if not self.enough:
            return {**data, "too_few": TOO_FEW}
        return {**data, "median_ms": round(self.median_ms or 0.0, 1),
                "iqr_ms": [round(ms, 1) for ms in self.quartiles_ms or ()],
                "interval_ms": [round(ms, 1) for ms in self.interval_ms or ()],
                "confidence": CONFIDENCE}


def figure_of(condition: str, times: list[float]) -> Figure:
    """The :class:`Figure` of ``times`` (ms, any order); numbers only from :data:`MIN_ROUNDS`."""
    if len(times) < MIN_ROUNDS:
        return Figure(condition, len(times))
    ordered = sorted(times)
    q1, _, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
    return Figure(condition, len(ordered), statistics.median(ordered), (q1, q3),
                  median_interval(ordered))


@dataclass(frozen=True)
class Cost:
    """What costs a player most: the condition with the slowest median against their fastest."""

    condition: str
    fastest: str
    ms: float

    def line(self, name: str) -> str:
        """``NOT NOT NOT costs Ana 410 ms``."""
        return f"{CONDITIONS[self.condition]} costs {name} {whole_ms(self.ms)} ms"


@dataclass(frozen=True)
class Profile:
    """A player's profile over ``rounds`` rounds: a figure per condition, every answer's
    figure (``overall``), each negation count alone, and how often they tapped a wrong side
    or before the dice."""

    rounds: int
    overall: Figure
    figures: tuple[Figure, ...]
    negations_alone: tuple[Figure, ...]
    wrong: int
    early: int

    @property
    def wrong_rate(self) -> float | None:
        return self.wrong / self.rounds if self.rounds else None

    @property
    def early_rate(self) -> float | None:
        return self.early / self.rounds if self.rounds else None

    def figure(self, condition: str) -> Figure:
        return next(figure for figure in self.figures if figure.condition == condition)

    def costliest(self) -> Cost | None:
        """The condition with the slowest median against the one with the fastest, among those
        with enough rounds; None with fewer than two, or when the two medians' intervals
        overlap (:func:`apart`: a gap the rounds cannot tell from chance, such as 2 ms)."""
        known = [figure for figure in self.figures if figure.enough]
        if len(known) < 2:
            return None
        slowest = max(known, key=lambda figure: figure.median_ms or 0.0)
        fastest = min(known, key=lambda figure: figure.median_ms or 0.0)
        if not apart(slowest, fastest):
            return None
        gap = (slowest.median_ms or 0.0) - (fastest.median_ms or 0.0)
        return Cost(slowest.condition, fastest.condition, gap)

    def to_json(self) -> dict:
        cost = self.costliest()
        return {"rounds": self.rounds, "min_rounds": MIN_ROUNDS,
                "overall": self.overall.to_json(),
                "conditions": [figure.to_json() for figure in self.figures],
                "negations_alone": [figure.to_json() for figure in self.negations_alone],
                "wrong": self.wrong, "wrong_rate": rounded(self.wrong_rate),
                "early": self.early, "early_rate": rounded(self.early_rate),
                "costliest": None if cost is None else
                {"condition": cost.condition, "label": CONDITIONS[cost.condition],
                 "against": cost.fastest, "ms": round(cost.ms, 1)}}


def apart(slower: Figure, faster: Figure) -> bool:
    """Whether ``slower``'s median is surely above ``faster``'s: the lower end of its
    interval (:func:`median_interval`) above the upper end of the other's."""
    if slower.interval_ms is None or faster.interval_ms is None:
        return False
    return slower.interval_ms[0] > faster.interval_ms[1]


def rounded(rate: float | None) -> float | None:
    return None if rate is None else round(rate, 4)


def profile_of(rounds: Iterable[tuple[RoundRecord, int]]) -> Profile:
    """The profile of the player who sat in the given seat of each ``(record, seat)``."""
    times: dict[str, list[float]] = {condition: [] for condition in (*CONDITIONS, *ALONE)}
    every: list[float] = []
    played = wrong = early = 0
    for record, seat in rounds:
        played += 1
        mine = [tap for tap in record.taps if tap.player == seat]
        wrong += any(tap.verdict == Verdict.WRONG for tap in mine)
        early += any(tap.verdict == Verdict.EARLY for tap in mine)
        ms = reaction_ms(record, seat)
        if ms is None:
            continue
        every.append(ms)
        asked = conditions_of(record)
        for condition in asked:
            times[condition].append(ms)
        if asks_only_negations(record):
            times[asked[0].replace("negations", "alone")].append(ms)
    return Profile(played, figure_of("overall", every),
                   tuple(figure_of(condition, times[condition]) for condition in CONDITIONS),
                   tuple(figure_of(condition, times[condition]) for condition in ALONE),
                   wrong, early)
