"""The thinking profile: a player's reaction times split by what the round asked.

A reaction time is the player's first answer after the dice landed, when it went to a valid
side (a win, a tie, or a valid answer after the close), in ms from the round's open. A round
counts in every split it asked: its negation count, the Liar, a turned arrow, a colour word
(drawn in a mismatched ink), its criteria. Below the stated minimum a figure is "too few
rounds to tell"; above it, its median has a distribution-free interval.
"""

import math
import random
import statistics

import pytest

from companion.games.notnot.profile import (
    CONFIDENCE,
    MIN_ROUNDS,
    TOO_FEW,
    conditions_of,
    median_interval,
    profile_of,
)
from companion.games.notnot.record import RoundRecord, TapRecord, reaction_ms
from companion.games.notnot.verdict import Verdict


def record(taps=(), valid=("N",), dice=("UP", "NOTHING"), negation="NOTHING", liar=False,
           up="N", level="extreme") -> RoundRecord:
    """A round with these dice and taps ``(player, side, µs, verdict)``."""
    return RoundRecord(
        n=1, level=level, dice=dice, negation=negation, liar=liar, up=up, table={},
        valid=tuple(valid), taps=tuple(TapRecord(p, s, t, Verdict(v)) for p, s, t, v in taps),
        winners=(), penalties=(), scores={}, dealt=())


def binomial_below(n: int, k: int) -> float:
    """The chance that fewer than ``k`` of ``n`` values fall below the median."""
    return sum(math.comb(n, i) for i in range(k)) / 2 ** n


def test_a_reaction_is_the_first_answer_after_the_open_to_a_valid_side():
    won = record([(1, "E", -50_000, "early"), (1, "N", 612_000, "win")])
    assert reaction_ms(won, 1) == 612
    late = record([(2, "N", 400_000, "win"), (1, "N", 700_000, "late")])
    assert reaction_ms(late, 1) == 700


def test_a_wrong_answer_and_a_second_tap_are_no_reaction():
    wrong = record([(1, "E", 300_000, "wrong"), (1, "N", 500_000, "ignored")])
    assert reaction_ms(wrong, 1) is None
    assert reaction_ms(record([(1, "N", 500_000, "win")], valid=()), 1) is None
    assert reaction_ms(record([(2, "N", 500_000, "win")]), 1) is None


def test_a_round_counts_in_every_condition_it_asked():
    asked = record(dice=("LEFT", "RED"), negation="NOT NOT", liar=True, up="E")
    assert set(conditions_of(asked)) == {"negations-2", "liar", "arrow", "stroop", "both"}
    plain = record(dice=("NOTHING", "NOTHING"), negation="NOT NOT NOT")
    assert set(conditions_of(plain)) == {"negations-3", "neither"}


def test_a_round_whose_colour_die_shows_a_colour_word_showed_a_mismatched_ink():
    assert "stroop" in conditions_of(record(dice=("NOTHING", "BLUE")))
    assert "stroop" not in conditions_of(record(dice=("UP", "NOTHING")))


def test_the_liar_and_the_arrow_count_only_as_the_record_stored_them():
    assert "liar" not in conditions_of(record(liar=False, level="hard"))
    assert "arrow" not in conditions_of(record(up="N"))
    assert "arrow" in conditions_of(record(up="W"))


def test_below_the_minimum_a_figure_is_too_few_rounds_to_tell():
    rounds = [(record([(1, "N", 500_000 + i, "win")], negation="NOT"), 1)
              for i in range(MIN_ROUNDS - 1)]
    figure = profile_of(rounds).figure("negations-1")
    assert figure.rounds == MIN_ROUNDS - 1 and not figure.enough
    assert figure.to_json()["too_few"] == TOO_FEW
    enough = profile_of(rounds + rounds[:1]).figure("negations-1")
    assert enough.enough and enough.rounds == MIN_ROUNDS


@pytest.mark.parametrize("n", [6, 10, 31, 200, 1001])
def test_the_median_interval_is_the_widest_order_statistics_at_the_stated_confidence(n):
    rng = random.Random(n)
    values = sorted(rng.gauss(500, 60) for _ in range(n))
    low, high = median_interval(values)
    k = values.index(low) + 1
    assert high == values[n - k] and low <= statistics.median(values) <= high
    assert 1 - 2 * binomial_below(n, k) >= CONFIDENCE          # it covers
    assert 1 - 2 * binomial_below(n, k + 1) < CONFIDENCE       # and no narrower pair does


def test_too_few_values_have_no_median_interval():
    assert median_interval([1.0, 2.0, 3.0, 4.0, 5.0]) is None


def test_wrong_and_too_early_rates_count_the_rounds_a_player_sat_in():
    rounds = [(record([(1, "E", 300_000, "wrong")]), 1),
              (record([(1, "E", -10_000, "early"), (1, "N", 500_000, "win")]), 1),
              (record([(2, "N", 500_000, "win")]), 1),
              (record([(1, "N", 450_000, "win")]), 1)]
    profile = profile_of(rounds)
    assert (profile.rounds, profile.wrong, profile.early) == (4, 1, 1)
    assert profile.wrong_rate == profile.early_rate == 1 / 4
    assert profile.overall.rounds == 2


def test_what_costs_most_is_the_slowest_condition_against_the_fastest():
    quick = [(record([(1, "N", 400_000 + i, "win")], dice=("UP", "NOTHING")), 1)
             for i in range(MIN_ROUNDS)]
    slow = [(record([(1, "N", 810_000 + i, "win")], dice=("UP", "NOTHING"),
                    negation="NOT NOT NOT"), 1) for i in range(MIN_ROUNDS)]
    profile = profile_of(quick + slow)
    cost = profile.costliest()
    assert cost is not None and (cost.condition, cost.fastest) == ("negations-3", "negations-0")
    slow_median = profile.figure("negations-3").median_ms
    quick_median = profile.figure("negations-0").median_ms
    assert slow_median is not None and quick_median is not None
    assert cost.ms == pytest.approx(slow_median - quick_median)
    assert cost.line("Ana") == f"NOT NOT NOT costs Ana {slow_median - quick_median:.0f} ms"


def test_a_gap_the_rounds_cannot_tell_from_chance_costs_nothing():
    """Medians 2 ms apart, their 95% intervals overlapping: no cost is claimed."""
    quick = [(record([(1, "N", 380_000 + 5_000 * i, "win")], dice=("UP", "NOTHING")), 1)
             for i in range(MIN_ROUNDS)]
    slow = [(record([(1, "N", 382_000 + 5_000 * i, "win")], dice=("UP", "NOTHING"),
                    negation="NOT"), 1) for i in range(MIN_ROUNDS)]
    profile = profile_of(quick + slow)
    gap = profile.figure("negations-1").median_ms - profile.figure("negations-0").median_ms
    assert gap == pytest.approx(2.0)
    assert profile.costliest() is None


def test_nothing_costs_without_two_conditions_of_enough_rounds_one_slower():
    rounds = [(record([(1, "N", 400_000, "win")], dice=("UP", "NOTHING")), 1)] * MIN_ROUNDS
    assert profile_of(rounds[:MIN_ROUNDS - 1]).costliest() is None
    assert profile_of(rounds).costliest() is None   # NOTHING and a direction: the same times
