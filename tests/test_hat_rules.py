"""That's Not a Hat: the rules the companion enforces, one test per rule."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from companion.games.hat.rules import HatError, HatGame


def penalise(game, player):
    """Play until ``player`` takes one penalty point as a wrong giver."""
    if game.turn is None:
        game.give(player, "left")
    else:
        while game.pending is None or game.pending.giver != player:
            game.give(game.turn, "left")     # gifts go round until ``player`` gives one
    return game.refuse("giver")


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_three_to_eight_players_play(players):
    assert HatGame(players).players == players


@pytest.mark.parametrize("players", [1, 2, 9, "5"])
def test_no_other_player_count_plays(players):
    with pytest.raises(HatError, match="3 to 8 players"):
        HatGame(players)


def test_two_players_play_the_variant_with_two_gifts_each():
    assert HatGame(2, two_gifts=True).players == 2
    with pytest.raises(HatError, match="with two gifts each is for 2 to 8"):
        HatGame(1, two_gifts=True)


def test_the_player_who_begins_draws_a_gift_from_the_shop():
    game = HatGame(4)
    assert game.phase == "start" and game.turn is None
    gift = game.give(3, "left")
    assert gift.from_shop and gift.giver == 3


def test_a_gift_goes_left_or_right_as_its_arrow_says():
    game = HatGame(5)
    assert game.give(5, "left").receiver == 1
    assert game.give(1, "right").receiver == 5


def test_a_special_card_may_go_to_anyone_but_the_giver():
    game = HatGame(6, special_cards=True)
    assert game.give(2, "any", to=5).receiver == 5
    with pytest.raises(HatError, match="not to the giver"):
        game.give(5, "any", to=5)


def test_the_special_cards_are_optional_and_set_aside_unless_the_set_up_adds_them():
    game = HatGame(6)
    assert not game.special_cards
    with pytest.raises(HatError, match="without the special cards"):
        game.give(2, "any", to=5)
    assert game.moves_made == 0


def test_a_game_kept_before_the_special_cards_setting_resumes_with_them():
    kept = {"kind": "thats-not-a-hat", "players": 4, "multi_round": False, "two_gifts": False,
            "moves": [{"move": "give", "giver": 1, "way": "any", "to": 3}]}
    game = HatGame.restore(kept)
    assert game.special_cards and game.pending.receiver == 3


def test_a_gift_goes_only_left_right_or_any_way():
    with pytest.raises(HatError, match="left, right or"):
        HatGame(4).give(1, "up")


def test_only_the_player_whose_turn_it_is_gives():
    game = HatGame(4)
    game.give(1, "left")
    with pytest.raises(HatError, match="player 2's turn"):
        game.give(3, "left")


def test_giving_on_accepts_the_gift_and_passes_the_old_gift():
    game = HatGame(4)
    game.give(1, "left")
    assert game.phase == "answering"
    gift = game.give(2, "left")
    assert not gift.from_shop and gift.giver == 2 and gift.receiver == 3


def test_a_wrong_giver_takes_the_penalty_point():
    game = HatGame(4)
    game.give(1, "left")
    assert game.refuse("giver") == 1
    assert game.penalties == {1: 1, 2: 0, 3: 0, 4: 0}


def test_a_wrong_receiver_takes_the_penalty_point():
    game = HatGame(4)
    game.give(1, "left")
    assert game.refuse("receiver") == 2
    assert game.penalties == {1: 0, 2: 1, 3: 0, 4: 0}


def test_only_a_gift_just_given_can_be_refused():
    game = HatGame(3)
    with pytest.raises(HatError, match="just given"):
        game.refuse("giver")
    game.give(1, "left")
    with pytest.raises(HatError, match="giver or the receiver"):
        game.refuse("both")


def test_a_refusal_reveals_the_card_and_is_kept_until_whoever_was_wrong_owns_up():
    """The refusal is a move: a snapshot taken before anyone owns up resumes with the gift
    revealed, and a penalty taken back leaves it revealed (the card was seen)."""
    game = HatGame(4)
    game.give(1, "left")
    assert game.reveal().revealed and game.phase == "answering"
    resumed = HatGame.restore(json.loads(json.dumps(game.snapshot())))
    assert resumed.pending is not None and resumed.pending.revealed
    with pytest.raises(HatError, match="refused already"):
        resumed.reveal()
    resumed.refuse("giver")
    resumed.undo()
    assert resumed.pending.revealed
    resumed.undo()                                   # the refusal itself, pressed by mistake
    assert not resumed.pending.revealed


def test_a_game_kept_before_refusals_were_moves_still_resumes():
    game = HatGame(4)
    game.give(1, "left")
    game.refuse("receiver")                          # no reveal before it: an older log
    resumed = HatGame.restore(json.loads(json.dumps(game.snapshot())))
    assert resumed.penalties[2] == 1 and resumed.turn == 2


def test_the_player_with_the_penalty_draws_the_next_gift_from_the_shop():
    game = HatGame(4)
    game.give(1, "left")
    game.give(2, "left")
    game.refuse("receiver")
    assert game.turn == 3 and game.draws_from_shop and game.phase == "giving"
    assert game.give(3, "right").from_shop


def test_the_reminder_shows_which_way_the_last_gift_went():
    game = HatGame(4)
    game.give(1, "left")
    game.give(2, "right")
    assert (game.last_gift.giver, game.last_gift.receiver, game.last_gift.way) == (2, 1, "right")
    game.refuse("giver")
    assert game.last_gift.way == "right" and game.turn == 2


def test_the_game_ends_when_a_player_reaches_three_penalty_points():
    game = HatGame(3)
    penalise(game, 2)
    penalise(game, 2)
    assert not game.over
    penalise(game, 2)
    assert game.over and game.penalties[2] == 3
    with pytest.raises(HatError, match="once the game is over"):
        game.give(2, "left")


def test_the_lowest_total_wins():
    game = HatGame(3)
    for player in (1, 2, 2, 1, 2):
        penalise(game, player)
    assert game.winners() == [3]


def test_tied_players_all_win():
    game = HatGame(4)
    for player in (1, 2, 1, 1):
        penalise(game, player)
    assert game.winners() == [3, 4]


def test_there_are_no_winners_before_the_end():
    with pytest.raises(HatError, match="not over"):
        HatGame(3).winners()


def test_multi_round_plays_as_many_rounds_as_players():
    game = HatGame(3, multi_round=True)
    assert game.rounds == 3
    for number in (1, 2, 3):
        assert game.round_number == number and game.phase == "start"
        for _ in range(3):
            penalise(game, number)
        if number < 3:
            assert game.phase == "round-over"
            game.next_round()
    assert game.over


def test_multi_round_keeps_running_totals():
    game = HatGame(3, multi_round=True)
    for player in (1, 2, 1, 1):
        penalise(game, player)
    game.next_round()
    penalise(game, 2)
    assert game.penalties == {1: 0, 2: 1, 3: 0}
    assert game.totals() == {1: 3, 2: 2, 3: 0}
    assert game.scores_by_round() == [{1: 3, 2: 1, 3: 0}, {1: 0, 2: 1, 3: 0}]


def test_multi_round_the_fewest_penalty_points_overall_win():
    game = HatGame(3, multi_round=True)
    rounds = ((3, 3, 3), (1, 1, 1), (2, 2, 1, 2))   # totals 1: 4, 2: 3, 3: 3
    for number, losers in enumerate(rounds, 1):
        for player in losers:
            penalise(game, player)
        if number < 3:
            game.next_round()
    assert game.totals() == {1: 4, 2: 3, 3: 3}
    assert game.winners() == [2, 3]


def test_the_next_round_starts_only_when_a_round_is_over():
    game = HatGame(3, multi_round=True)
    with pytest.raises(HatError, match="when a round is over"):
        game.next_round()


def test_undo_takes_back_a_wrongly_entered_penalty():
    game = HatGame(4)
    game.give(1, "left")
    game.refuse("receiver")
    game.undo()
    assert game.penalties == {1: 0, 2: 0, 3: 0, 4: 0} and game.phase == "answering"
    game.refuse("giver")
    assert game.penalties[1] == 1 and game.turn == 1


def test_undo_reopens_a_round_that_ended_by_mistake():
    game = HatGame(3)
    for _ in range(3):
        penalise(game, 1)
    game.undo()
    assert not game.over and game.penalties[1] == 2


def test_a_refused_move_changes_nothing():
    game = HatGame(4)
    game.give(1, "left")
    before = game.snapshot()
    with pytest.raises(HatError):
        game.give(4, "left")
    assert game.snapshot() == before


moves = st.lists(st.one_of(
    st.tuples(st.just("give"), st.integers(1, 8), st.sampled_from(["left", "right", "any"]),
              st.integers(1, 8)),
    st.tuples(st.just("refuse"), st.sampled_from(["giver", "receiver"])),
    st.tuples(st.just("next"),),
    st.tuples(st.just("undo"),),
), max_size=80)


def drive(game, steps):
    for step in steps:
        try:
            if step[0] == "give":
                game.give(step[1], step[2], to=step[3])
            elif step[0] == "refuse":
                game.refuse(step[1])
            elif step[0] == "next":
                game.next_round()
            else:
                game.undo()
        except HatError:
            pass


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(3, 8), st.booleans(), moves, moves)
def test_a_snapshot_resumes_the_game_exactly(players, multi_round, before, after):
    game = HatGame(players, multi_round=multi_round, special_cards=True)
    drive(game, before)
    resumed = HatGame.restore(json.loads(json.dumps(game.snapshot())))
    drive(game, after)
    drive(resumed, after)
    assert resumed.snapshot() == game.snapshot()
    assert (resumed.phase, resumed.turn, resumed.totals()) == (game.phase, game.turn, game.totals())
    assert max(game.penalties.values()) <= 3


@pytest.mark.parametrize("data, message", [
    ({"kind": "not-that-movie"}, "not a thats-not-a-hat game"),
    ({"kind": "thats-not-a-hat", "players": 3, "multi_round": False}, "missing 'two_gifts'"),
    ({"kind": "thats-not-a-hat", "players": 3, "multi_round": False, "two_gifts": False,
      "moves": [{"move": "refuse", "wrong": "giver"}]}, "move 1: only a gift just given"),
])
def test_a_broken_snapshot_is_refused_naming_what_is_wrong(data, message):
    with pytest.raises(HatError, match=message):
        HatGame.restore(data)


def test_the_score_sheet_keeps_each_rounds_penalties_totals_and_winners():
    game = HatGame(3, multi_round=True)
    for number, losers in enumerate(((1, 1, 1), (2, 2, 2), (1, 3, 3, 3)), 1):
        for player in losers:
            penalise(game, player)
        if number < 3:
            assert game.score_sheet()["winners"] == []
            game.next_round()
    sheet = json.loads(json.dumps(game.score_sheet()))
    assert sheet["rounds"] == [{"1": 3, "2": 0, "3": 0}, {"1": 0, "2": 3, "3": 0},
                               {"1": 1, "2": 0, "3": 3}]
    assert sheet["totals"] == {"1": 4, "2": 3, "3": 3} and sheet["winners"] == [2, 3]
