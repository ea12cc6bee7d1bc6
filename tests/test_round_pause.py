"""Taps are final: a pause closes an open round at the pause, and dice once seen never come back."""

import pytest

from companion.games.notnot import data_file as data
from companion.games.notnot.game import Game, RuleError, dice_of
from companion.games.notnot.judge import Ruling
from companion.games.notnot.round import Round, Timing
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap

N, E, S, W = Side.N, Side.E, Side.S, Side.W
MS = 1_000_000
OPEN = 1_000 * MS
VALID_N = Ruling(tap=True, valid=(N,), reroll=False)
NOBODY = Ruling(tap=False, valid=(), reroll=False)


def paused(ruling, pause_ms, *taps):
    round_ = Round(ruling, OPEN, Timing())
    for player, side, after_ms in taps:
        round_.offer(Tap(player, side, OPEN + after_ms * MS))
    round_.close_at(OPEN + pause_ms * MS)
    return round_


def new_game(level="discovery", seed=1):
    dice, recipe = data.not_not()
    return Game.new(4, level, seed, dice=dice, recipe=recipe)


def test_a_pause_closes_the_round_at_the_pause():
    round_ = paused(VALID_N, 500, (1, S, 200))
    assert round_.closes_at_ns == OPEN + 500 * MS


def test_a_wrong_tap_before_the_pause_still_costs_its_card():
    round_ = paused(VALID_N, 500, (1, S, 200))
    assert round_.answered and round_.outcome().penalties == (1,)


def test_a_valid_tap_before_the_pause_still_wins():
    round_ = paused(VALID_N, 500, (2, N, 300))
    assert [tap.player for tap in round_.outcome().winners] == [2]


def test_a_tap_stamped_after_the_pause_is_late():
    round_ = paused(VALID_N, 500, (3, N, 501))
    outcome = round_.outcome()
    assert outcome.winners == () and [v.verdict for v in outcome.verdicts] == ["late"]
    assert not round_.answered


def test_a_pause_never_reopens_a_round_that_already_closed():
    round_ = paused(VALID_N, 5_000, (2, N, 300))
    assert round_.closes_at_ns == OPEN + 300 * MS + Timing().tie_window_ns


def test_a_round_paused_before_anyone_answered_is_cancelled_and_new_dice_are_rolled():
    game = new_game()
    seen = [game.next_roll() for _ in range(3)]
    assert seen[0] == seen[1] == seen[2]  # the same round rolls the same dice
    for _ in range(5):
        round_ = game.open_round(game.next_roll(), OPEN)
        round_.close_at(OPEN + 100 * MS)
        game.cancel_round(round_)
        assert game.next_roll() not in seen
        seen.append(game.next_roll())
    assert game.round_no == 0


@pytest.mark.parametrize("level", ["discovery", "extreme"])
def test_dice_once_seen_never_come_back_in_the_same_round_whatever_the_seed(level):
    """The dice (both criteria and the negation) of each cancelled roll are not rolled again
    for the round: over many seeds, three pauses in a row each bring dice not seen before."""
    for seed in range(300):
        game = new_game(level, seed)
        seen = []
        for _ in range(3):
            roll = game.next_roll()
            assert dice_of(roll) not in seen, (seed, dice_of(roll), seen)
            seen.append(dice_of(roll))
            round_ = game.open_round(roll, OPEN)
            round_.close_at(OPEN)
            game.cancel_round(round_)


def test_dice_on_screen_when_the_power_went_never_come_back_after_the_resume():
    for seed in range(300):
        game = new_game("discovery", seed)
        roll = game.next_roll()
        resumed = Game.restore(game.snapshot_seeing(roll))
        assert dice_of(resumed.next_roll()) != dice_of(roll), seed
        assert resumed.cancelled == 1


def test_a_round_with_an_answer_cannot_be_cancelled():
    game = new_game()
    round_ = game.open_round(game.next_roll(), OPEN)
    round_.offer(Tap(1, N, OPEN + 10 * MS))
    round_.close_at(OPEN + 100 * MS)
    with pytest.raises(RuleError, match="taps are final"):
        game.cancel_round(round_)


def test_a_restored_game_remembers_a_cancelled_roll():
    game = new_game()
    round_ = game.open_round(game.next_roll(), OPEN)
    round_.close_at(OPEN)
    game.cancel_round(round_)
    assert Game.restore(game.snapshot()).next_roll() == game.next_roll()


def test_what_a_tap_counts_for_is_known_at_the_tap():
    round_ = Round(VALID_N, OPEN, Timing())
    taps = [Tap(1, S, OPEN - MS), Tap(2, S, OPEN + 100 * MS), Tap(3, N, OPEN + 200 * MS),
            Tap(2, N, OPEN + 200 * MS + 500)]
    for tap in taps:
        round_.offer(tap)
    assert [round_.feedback_of(tap) for tap in taps] == ["early", "wrong", "counted", "ignored"]


def test_when_nobody_may_tap_a_tap_is_wrong_at_once():
    round_ = Round(NOBODY, OPEN, Timing())
    tap = Tap(4, E, OPEN + 100 * MS)
    round_.offer(tap)
    assert round_.feedback_of(tap) == "wrong"
