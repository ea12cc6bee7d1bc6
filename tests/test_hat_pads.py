"""That's Not a Hat on the pads: presses in, moves out, whole games by presses."""

import pytest
import copy
import random

from companion.games.hat.pads import HatPads
from companion.games.hat.rules import HatGame
from companion.scenes.hat.play import reminder


def press(pads, player, sides):
    return [pads.press(player, side) for side in sides]


def test_west_gives_left_and_east_gives_right():
    pads = HatPads(HatGame(4))
    assert pads.press(2, "W") == "gave" and pads.game.last_gift.receiver == 3
    assert pads.press(3, "E") == "gave" and pads.game.last_gift.receiver == 2


def test_only_the_player_whose_turn_it_is_gives():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    assert press(pads, 3, "WEN") == ["ignored"] * 3
    assert pads.game.turn == 2


def test_north_gives_a_special_card_to_the_player_chosen():
    pads = HatPads(HatGame(5, special_cards=True))
    assert pads.press(1, "N") == "choosing" and pads.chosen == 2
    assert press(pads, 1, "NN") == ["stepped", "stepped"] and pads.chosen == 4
    assert pads.press(3, "E") == "ignored"
    assert pads.press(1, "E") == "gave" and pads.game.last_gift.receiver == 4
    assert pads.game.last_gift.way == "any"


def test_a_special_card_is_never_offered_to_its_giver():
    pads = HatPads(HatGame(3, special_cards=True))
    pads.press(1, "N")
    shown = set()
    for _ in range(4):
        pads.press(1, "S")
        shown.add(pads.chosen)
    assert shown == {2, 3}


def test_without_the_special_cards_north_gives_nothing():
    pads = HatPads(HatGame(4))
    assert pads.press(1, "N") == "ignored"
    assert pads.prompt == "start" and pads.game.moves_made == 0


def test_west_cancels_choosing_a_special_card():
    pads = HatPads(HatGame(3, special_cards=True))
    pads.press(1, "N")
    assert pads.press(1, "W") == "cancelled"
    assert pads.prompt == "start" and pads.game.moves_made == 0


def test_the_receiver_refuses_with_south_and_the_wrong_player_owns_up_with_north():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    assert pads.press(2, "S") == "refused" and pads.prompt == "who-was-wrong"
    assert pads.press(3, "N") == "ignored"
    assert pads.press(1, "S") == "ignored"
    assert pads.press(1, "N") == "penalty"
    assert pads.game.penalties[1] == 1 and pads.game.turn == 1 and pads.game.draws_from_shop


def test_the_receiver_can_own_up_to_a_wrong_refusal():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    assert press(pads, 2, "SN") == ["refused", "penalty"]
    assert pads.game.penalties[2] == 1 and pads.game.turn == 2


def test_west_on_the_receivers_pad_cancels_a_refusal():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    pads.press(2, "S")
    assert pads.press(2, "W") == "cancelled"
    assert pads.prompt == "answering" and pads.game.penalties[2] == 0


def test_south_then_east_on_the_pad_of_the_last_entry_takes_it_back():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    assert pads.press(3, "S") == "ignored"
    assert pads.press(1, "S") == "asked" and pads.prompt == "taking-back"
    assert pads.press(2, "E") == "ignored"
    assert pads.press(1, "E") == "undone" and pads.game.moves_made == 0
    assert pads.prompt == "start"
    pads.press(1, "W")
    press(pads, 2, "SN")            # player 2 refused, then owned up by mistake
    assert press(pads, 2, "SE") == ["asked", "undone"]
    assert pads.game.penalties[2] == 0


def test_a_penalty_taken_back_leaves_the_refusal_for_whoever_was_wrong_to_own_up():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    press(pads, 2, "SN")            # the card was revealed; player 2 owned up by mistake
    press(pads, 2, "SE")            # and takes the penalty back
    assert pads.prompt == "who-was-wrong" and pads.game.penalties[2] == 0
    assert pads.press(1, "N") == "penalty" and pads.game.penalties[1] == 1


def test_a_refusal_whose_penalty_was_taken_back_can_still_be_cancelled_by_the_receiver():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    press(pads, 2, "SNSE")          # refused, owned up, took the penalty back
    assert pads.press(2, "W") == "cancelled" and pads.prompt == "answering"


def test_after_a_penalty_the_reminder_offers_the_take_back_to_the_player_who_took_it():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    press(pads, 2, "SN")            # player 2 refused, then owned up: the last entry is theirs
    _, _, hint = reminder(pads, lambda player, side: side.value, lambda player: f"P{player}")
    assert hint.endswith("P2 S: take back")
    assert pads.press(1, "S") == "ignored" and pads.press(2, "S") == "asked"


def test_west_or_south_keeps_an_entry_that_was_going_to_be_taken_back():
    pads = HatPads(HatGame(4))
    pads.press(1, "W")
    assert press(pads, 1, "SW") == ["asked", "kept"]
    assert press(pads, 1, "SS") == ["asked", "kept"]
    assert pads.game.moves_made == 1 and pads.prompt == "answering"


@pytest.mark.slow
def test_a_double_press_of_south_never_costs_a_penalty():
    """From every moment of random games, any player pressing S twice (or three times)
    takes no penalty point and gives none. The third press goes on from the copy the
    first two were pressed on: the same states as pressing three times afresh."""
    rng = random.Random(13)
    checked = 0
    for _ in range(6):
        pads = HatPads(HatGame(4, special_cards=rng.random() < 0.5))
        while not pads.game.over:
            for player in range(1, 5):
                trial = copy.deepcopy(pads)
                before = trial.game.totals()
                for times, sides in ((2, "SS"), (3, "S")):
                    press(trial, player, sides)
                    assert trial.game.totals() == before, (player, times, pads.game.last_move)
                    checked += 1
            pads.press(rng.randint(1, 4), rng.choice("NESWN"))
    assert checked > 200


def give_penalty(pads, player):
    """The turn player gives ``player`` a special card that ``player`` wrongly refuses."""
    giver = pads.game.turn or (player % pads.game.players + 1)
    if giver == player:
        pads.press(player, "W")
        press(pads, player % pads.game.players + 1, "S")
        return pads.press(player, "N")
    pads.press(giver, "N")
    while pads.chosen != player:
        pads.press(giver, "N")
    pads.press(giver, "E")
    return press(pads, player, "SN")[-1]


def test_a_whole_game_on_the_pads_ends_at_three_penalty_points_and_the_lowest_win():
    pads = HatPads(HatGame(5, special_cards=True))
    for player in (2, 4, 2, 5, 4, 1, 4):
        assert give_penalty(pads, player) == "penalty"
    game = pads.game
    assert game.over and game.penalties == {1: 1, 2: 2, 3: 0, 4: 3, 5: 1}
    assert game.winners() == [3]
    assert press(pads, 3, "NESW") == ["ignored"] * 4


def test_a_whole_multi_round_game_on_the_pads_keeps_running_totals():
    pads = HatPads(HatGame(3, multi_round=True, special_cards=True))
    rounds = ((1, 1, 2, 1), (3, 3, 2, 3), (2, 1, 2, 2))
    for number, losers in enumerate(rounds, 1):
        for player in losers:
            give_penalty(pads, player)
        if number < 3:
            assert pads.prompt == "round-over"
            assert pads.press(2, "E") == "next-round"
    game = pads.game
    assert game.over and game.totals() == {1: 4, 2: 5, 3: 3}
    assert game.scores_by_round() == [{1: 3, 2: 1, 3: 0}, {1: 0, 2: 1, 3: 3},
                                      {1: 1, 2: 3, 3: 0}]
    assert game.winners() == [3]
