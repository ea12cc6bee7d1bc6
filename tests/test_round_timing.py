"""The timing rulings of a round, with injected stamps (nanoseconds)."""

import pytest
import itertools

from hypothesis import given, strategies as st

from companion.games.notnot.judge import Ruling
from companion.games.notnot.round import Round, Timing
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap

N, E, S, W = Side.N, Side.E, Side.S, Side.W
MS = 1_000_000
OPEN = 1_000 * MS
TIMING = Timing(tie_window_ns=1 * MS)
VALID_N_E = Ruling(tap=True, valid=(N, E), reroll=False)
NOBODY = Ruling(tap=False, valid=(), reroll=False)


def judged(ruling, *taps, timing=TIMING):
    round_ = Round(ruling, OPEN, timing)
    for tap in taps:
        round_.offer(tap)
    outcome = round_.outcome()
    return outcome, {(v.tap.player, v.tap.t_ns): v.verdict for v in outcome.verdicts}


def tap(player, side, after_open_ms):
    return Tap(player, side, OPEN + int(after_open_ms * MS))


def test_the_first_valid_tap_wins():
    outcome, verdicts = judged(VALID_N_E, tap(1, N, 450), tap(2, E, 400))
    assert [t.player for t in outcome.winners] == [2]
    assert verdicts[(2, OPEN + 400 * MS)] == "win"


def test_taps_are_ordered_by_stamp_never_by_arrival():
    early, late = tap(1, N, 300.000), tap(2, N, 300.002 + 1)  # 1.002 ms apart
    for arrival in itertools.permutations([early, late]):
        outcome, _ = judged(VALID_N_E, *arrival)
        assert [t.player for t in outcome.winners] == [1]


def test_valid_taps_within_the_tie_window_tie():
    outcome, verdicts = judged(VALID_N_E, tap(1, N, 300), tap(2, E, 300.9))
    assert [t.player for t in outcome.winners] == [1, 2]
    assert set(verdicts.values()) == {"tie"}


def test_a_tap_exactly_one_tie_window_after_the_first_still_ties():
    outcome, _ = judged(VALID_N_E, tap(1, N, 300), tap(2, E, 301))
    assert [t.player for t in outcome.winners] == [1, 2]


def test_the_round_closes_a_tie_window_after_the_first_valid_tap_and_later_taps_are_late():
    outcome, verdicts = judged(VALID_N_E, tap(1, N, 300), tap(2, E, 301.001), tap(3, S, 305))
    assert [t.player for t in outcome.winners] == [1]
    assert verdicts[(2, OPEN + 301_001_000)] == "late"
    assert verdicts[(3, OPEN + 305 * MS)] == "late"  # a wrong card after the close costs nothing
    assert outcome.penalties == ()


def test_taps_before_the_round_opens_are_too_early_and_ignored():
    outcome, verdicts = judged(VALID_N_E, tap(1, N, -5), tap(2, E, 400))
    assert verdicts[(1, OPEN - 5 * MS)] == "early"
    assert [t.player for t in outcome.winners] == [2]


def test_a_too_early_tap_does_not_use_up_the_players_answer():
    outcome, _ = judged(VALID_N_E, tap(1, S, -5), tap(1, N, 300))
    assert [t.player for t in outcome.winners] == [1]


def test_only_a_players_first_tap_counts():
    outcome, verdicts = judged(VALID_N_E, tap(1, S, 200), tap(1, N, 250), tap(2, E, 400))
    assert verdicts[(1, OPEN + 200 * MS)] == "wrong"
    assert verdicts[(1, OPEN + 250 * MS)] == "ignored"
    assert [t.player for t in outcome.winners] == [2]
    assert outcome.penalties == (1,)


def test_a_player_loses_at_most_one_card_a_round():
    outcome, _ = judged(VALID_N_E, tap(1, S, 200), tap(1, W, 210), tap(1, S, 220))
    assert outcome.penalties == (1,)


def test_a_wrong_tap_before_the_winner_is_penalised():
    outcome, verdicts = judged(VALID_N_E, tap(3, W, 100), tap(1, N, 300))
    assert outcome.penalties == (3,)
    assert verdicts[(3, OPEN + 100 * MS)] == "wrong"


def test_when_nobody_may_tap_any_tap_is_wrong():
    outcome, verdicts = judged(NOBODY, tap(1, N, 500), tap(2, E, 2_999))
    assert outcome.penalties == (1, 2)
    assert outcome.winners == ()


def test_a_round_where_nobody_may_tap_closes_after_the_idle_timeout():
    round_ = Round(NOBODY, OPEN, TIMING)
    assert round_.closes_at_ns == OPEN + TIMING.idle_timeout_ns
    outcome, verdicts = judged(NOBODY, tap(1, N, 3_000.001))
    assert outcome.penalties == () and verdicts[(1, OPEN + 3_000_001_000)] == "late"


def test_a_round_that_gets_no_valid_tap_closes_after_the_round_timeout_with_no_winner():
    round_ = Round(VALID_N_E, OPEN, TIMING)
    round_.offer(tap(1, S, 500))
    assert round_.closes_at_ns == OPEN + TIMING.round_timeout_ns
    outcome = round_.outcome()
    assert outcome.winners == () and outcome.penalties == (1,)


def test_once_every_player_has_answered_wrong_the_round_closes_at_the_last_answer():
    round_ = Round(VALID_N_E, OPEN, TIMING, seats=3)
    round_.offer(tap(1, S, 500))
    round_.offer(tap(3, W, 900))
    assert round_.closes_at_ns == OPEN + TIMING.round_timeout_ns   # P2 may still win
    round_.offer(tap(2, S, 700))
    assert round_.closes_at_ns == OPEN + 900 * MS
    outcome = round_.outcome()
    assert outcome.winners == () and outcome.penalties == (1, 2, 3)


def test_once_every_player_has_tapped_when_nobody_may_the_round_closes_at_the_last_tap():
    round_ = Round(NOBODY, OPEN, TIMING, seats=2)
    round_.offer(tap(2, E, 1_200))
    round_.offer(tap(1, N, 400))
    assert round_.closes_at_ns == OPEN + 1_200 * MS
    assert round_.outcome().penalties == (1, 2)


def test_a_seat_that_only_tapped_too_early_has_not_answered_and_the_clock_runs_on():
    round_ = Round(VALID_N_E, OPEN, TIMING, seats=2)
    round_.offer(tap(1, S, 500))
    round_.offer(tap(2, S, -100))
    assert round_.closes_at_ns == OPEN + TIMING.round_timeout_ns


def test_a_late_arriving_earlier_tap_brings_the_close_forward():
    round_ = Round(VALID_N_E, OPEN, TIMING)
    round_.offer(tap(2, E, 400))
    assert round_.closes_at_ns == OPEN + 401 * MS
    round_.offer(tap(1, N, 300))
    assert round_.closes_at_ns == OPEN + 301 * MS


def test_the_tie_window_is_configurable_for_the_serial_controller():
    serial = Timing(tie_window_ns=20_000)
    outcome, _ = judged(VALID_N_E, Tap(1, N, OPEN + 300_000_000), Tap(2, E, OPEN + 300_021_000), timing=serial)
    assert [t.player for t in outcome.winners] == [1]
    outcome, _ = judged(VALID_N_E, Tap(1, N, OPEN + 300_000_000), Tap(2, E, OPEN + 300_020_000), timing=serial)
    assert [t.player for t in outcome.winners] == [1, 2]


taps_strategy = st.lists(
    st.builds(Tap, st.integers(1, 6), st.sampled_from(SIDES), st.integers(OPEN - 50 * MS, OPEN + 12_000 * MS)),
    max_size=12,
)


@pytest.mark.slow
@given(taps_strategy, st.randoms(use_true_random=False))
def test_any_arrival_order_gives_the_same_verdicts(taps, rng):
    shuffled = list(taps)
    rng.shuffle(shuffled)
    first, _ = judged(VALID_N_E, *taps)
    second, _ = judged(VALID_N_E, *shuffled)
    assert first == second


@pytest.mark.slow
@given(taps_strategy)
def test_every_player_has_at_most_one_counted_answer(taps):
    outcome, _ = judged(VALID_N_E, *taps)
    counted = [v.tap.player for v in outcome.verdicts if v.verdict in ("win", "tie", "wrong")]
    assert len(counted) == len(set(counted))
