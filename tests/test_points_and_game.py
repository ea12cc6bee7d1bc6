"""Points, ties, penalties, the end of the game, snapshots and table deals."""

from itertools import islice

import pytest

from companion.games.notnot import data_file as data
from companion.games.notnot.cards import Card, Level
from companion.games.notnot.deck import rule_card
from companion.games.notnot.game import Game, RuleError
from companion.games.notnot.judge import Ruling
from companion.games.notnot.round import Round, plan_awards
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap
from companion.simulation.virtual_game import play

N, E, S, W = Side.N, Side.E, Side.S, Side.W
MS = 1_000_000


def layout(**faces):
    return {Side(side): Card(face, N, False, i) for i, (side, face) in enumerate(faces.items())}


def taps(*spec):
    return [Tap(player, side, t_ms * MS) for player, side, t_ms in spec]


def new_game(players=4, level="first-game", seed=1, **kw):
    dice, recipe = data.not_not()
    return Game.new(players, level, seed, dice=dice, recipe=recipe, **kw)


def test_the_winner_takes_the_tapped_card():
    awards, _ = plan_awards(taps((1, E, 10)), layout(N="RED", E="BLUE", S="GREEN", W="YELLOW"))
    assert [(a.player, a.card.face, a.side) for a in awards] == [(1, "BLUE", E)]


def test_with_a_void_on_the_table_the_winner_takes_the_void_and_the_tapped_card_stays():
    awards, _ = plan_awards(taps((1, E, 10)), layout(N="RED", E="BLUE", S="VOID", W="YELLOW"))
    assert [(a.player, a.card.face, a.side) for a in awards] == [(1, "VOID", S)]


def test_tied_players_on_different_cards_each_take_their_card():
    awards, choosers = plan_awards(taps((1, E, 10), (2, N, 10)), layout(N="RED", E="BLUE", S="GREEN", W="YELLOW"))
    assert {(a.player, a.side) for a in awards} == {(1, E), (2, N)} and choosers == []


def test_a_same_card_tie_the_earliest_takes_it_the_other_takes_the_void_first():
    awards, choosers = plan_awards(taps((1, E, 10), (2, E, 10.5)), layout(N="RED", E="BLUE", S="VOID", W="YELLOW"))
    assert [(a.player, a.card.face) for a in awards] == [(1, "BLUE"), (2, "VOID")]
    assert choosers == []


def test_tied_players_on_different_cards_with_a_void_the_earliest_takes_the_void():
    awards, _ = plan_awards(taps((1, E, 10), (2, N, 10.5)), layout(N="RED", E="BLUE", S="VOID", W="YELLOW"))
    assert [(a.player, a.card.face) for a in awards] == [(1, "VOID"), (2, "RED")]


def test_a_same_card_tie_on_a_card_corrected_to_the_void_gives_it_the_earliest_the_other_chooses():
    """Correct the table during a paused tie may turn the tied card into the void: the earliest
    tapper takes it (the card they tapped), the other tied player chooses a free card."""
    table = layout(N="RED", E="VOID", S="GREEN", W="YELLOW")
    awards, choosers = plan_awards(taps((1, E, 10), (2, E, 10.5)), table, {2: W})
    assert [(a.player, a.card.face) for a in awards] == [(1, "VOID"), (2, "YELLOW")]
    assert choosers == [2]


def test_a_same_card_tie_without_a_void_the_other_player_chooses_a_card():
    table = layout(N="RED", E="BLUE", S="GREEN", W="YELLOW")
    awards, choosers = plan_awards(taps((1, E, 10), (2, E, 10.5)), table, {2: W})
    assert [(a.player, a.side) for a in awards] == [(1, E), (2, W)] and choosers == [2]


def test_a_same_card_tie_without_a_choice_takes_the_first_free_side_in_n_e_s_w_order():
    table = layout(N="RED", E="BLUE", S="GREEN", W="YELLOW")
    awards, _ = plan_awards(taps((1, N, 10), (2, N, 10.5)), table)
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, E)]


def test_a_choice_of_a_taken_card_falls_back_to_the_first_free_side():
    table = layout(N="RED", E="BLUE", S="GREEN", W="YELLOW")
    awards, _ = plan_awards(taps((1, N, 10), (2, N, 10.5)), table, {2: N})
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, E)]


def test_a_same_card_tie_never_takes_the_card_another_tied_player_tapped_alone():
    """P1 and P2 tie on N; P3, tied with them, tapped E alone: E is P3's (tied players on
    different cards each take their card), so P2's default is S, and P2 cannot choose E."""
    table = layout(N="RED", E="BLUE", S="GREEN", W="YELLOW")
    three = taps((1, N, 10), (2, N, 10.2), (3, E, 10.3))
    awards, choosers = plan_awards(three, table)
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, S), (3, E)] and choosers == [2]
    awards, _ = plan_awards(three, table, {2: E})
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, S), (3, E)]
    awards, _ = plan_awards(three, table, {2: W})
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, W), (3, E)]


def test_a_mixed_tie_gives_the_void_to_the_player_who_lost_the_same_card_not_to_the_lone_tapper():
    """P1 alone on E, earliest; P2 and P3 tie on N: P1 takes E, P2 takes N, and P3, whose card
    P2 took, takes the void first (the ruling), so no one is left to choose."""
    table = layout(N="YELLOW", E="RED", S="VOID", W="RED")
    awards, choosers = plan_awards(taps((1, E, 10), (2, N, 10.1), (3, N, 10.2)), table)
    assert [(a.player, a.card.face, a.side) for a in awards] == [
        (1, "RED", E), (2, "YELLOW", N), (3, "VOID", S)] and choosers == []
    awards, choosers = plan_awards(taps((1, N, 10), (2, W, 10.1), (3, N, 10.2)),
                                   layout(N="WHITE", E="VOID", S="BLUE", W="RED"))
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, W), (3, E)] and choosers == []


def test_two_same_card_ties_never_take_each_others_tied_card():
    """P1 and P2 tie on N, P3 and P4 on E: E is P3's though P2 chooses before P3's stamp, so
    P2 and P4 choose among S and W only."""
    table = layout(N="RED", E="BLUE", S="GREEN", W="YELLOW")
    four = taps((1, N, 10), (2, N, 10.1), (3, E, 10.2), (4, E, 10.3))
    awards, choosers = plan_awards(four, table, {2: E})
    assert [(a.player, a.side) for a in awards] == [(1, N), (2, S), (3, E), (4, W)]
    assert choosers == [2, 4]


def test_every_tie_of_up_to_five_gives_each_card_its_earliest_tapper_and_the_void_first_to_a_loser():
    """Every tie of 1-5 players on every table with and without a void: the void goes to the
    first tied player whose card was taken (else the earliest winner); every other tapped
    card to its earliest tapper; a chooser never takes a card a winner tapped; no card twice."""
    import itertools

    for void_at in (None, *SIDES):
        table = layout(**{side.value: "VOID" if side is void_at else "RED" for side in SIDES})
        for count in range(1, 6):
            for sides in itertools.product([s for s in SIDES if s is not void_at], repeat=count):
                winners = taps(*((n, side, 10 + n / 10) for n, side in enumerate(sides, 1)))
                awards, choosers = plan_awards(winners, table)
                took = {a.player: a.side for a in awards}
                first = {}
                for tap in winners:
                    first.setdefault(tap.side, tap.player)
                losers = [tap.player for tap in winners if first[tap.side] != tap.player]
                to_void = (losers or [winners[0].player])[0] if void_at else None
                assert len(set(took.values())) == len(took)
                assert to_void is None or took[to_void] == void_at
                assert all(took[p] == side for side, p in first.items() if p != to_void)
                assert set(choosers) <= set(losers) and not {took.get(p) for p in choosers} & set(first)


def test_a_mixed_tie_with_a_void_asks_no_one_to_choose_and_is_scored_as_the_ruling_says():
    game = new_game(level="discovery")
    game.table = layout(N="YELLOW", E="RED", S="VOID", W="RED")
    round_ = Round(Ruling(True, (N, E, W), False), 0, game.timing)
    round_.roll = game.next_roll()
    for tap in taps((1, E, 10), (2, N, 10.1), (3, N, 10.2)):
        round_.offer(tap)
    assert game.choosers(round_) == []
    record = game.finish_round(round_)
    assert [(w.player, w.card, w.from_side) for w in record.winners] == [
        (1, "RED", "E"), (2, "YELLOW", "N"), (3, "VOID", "S")]
    assert game.scores() == {1: 1, 2: 1, 3: 1, 4: 0}


def finish(game, ruling, *spec):
    round_ = Round(ruling, 0, game.timing)
    round_.roll = game.next_roll()
    for t in taps(*spec):
        round_.offer(t)
    return game.finish_round(round_)


def test_a_wrong_tap_costs_one_point_card_which_leaves_the_game():
    game = new_game(level="discovery")
    game.points[1] = [Card("RED", N, False, 900), Card("BLUE", N, False, 901)]
    removed = len(game.removed)
    record = finish(game, Ruling(True, (N,), False), (1, S, 10))
    assert record.penalties == (1,) and game.scores()[1] == 1
    assert len(game.removed) == removed + 1


def test_a_wrong_tap_without_point_cards_costs_nothing():
    game = new_game(level="discovery")
    finish(game, Ruling(True, (N,), False), (1, S, 10))
    assert game.scores()[1] == 0


def test_empty_spots_are_refilled_before_the_next_roll():
    game = new_game(level="discovery")
    deck_before = len(game.deck)
    finish(game, Ruling(True, (N,), False), (2, N, 10))
    assert all(game.table[side] is not None for side in SIDES)
    assert len(game.deck) <= deck_before - 1


def test_the_first_game_plays_through_all_four_levels_in_order():
    game = new_game()
    levels = [record.level for record in play(game)]
    seen = list(dict.fromkeys(levels))
    assert seen == ["discovery", "normal", "hard", "extreme"]


def test_the_game_ends_when_the_deck_cannot_fill_the_four_spots():
    game = new_game(level="normal")
    records = list(play(game))
    assert game.over and records
    assert any(card is None for card in game.table.values())


def test_most_point_cards_wins_and_tied_players_all_win():
    game = new_game(players=3, level="discovery")
    game.points = {1: [Card("RED", N)] * 3, 2: [Card("RED", N)] * 3, 3: [Card("RED", N)]}
    assert game.winners() == [1, 2]


def test_a_restored_game_plays_on_exactly_like_the_uninterrupted_one():
    whole = new_game(seed=42)
    whole_records = list(play(whole))
    half = new_game(seed=42)
    first = list(islice(play(half), 20))
    resumed = Game.restore(half.snapshot())
    assert first + list(play(resumed)) == whole_records
    assert resumed.snapshot() == whole.snapshot()


def test_a_rule_card_on_top_of_the_deck_has_no_arrow_or_liar_so_up_is_north_and_no_liar():
    game = new_game(level="extreme")
    game.deck.insert(0, rule_card("LIAR", 999))
    roll = game.next_roll()
    assert (roll.up, roll.liar) == (N, False)


def test_after_the_deck_runs_out_rounds_go_on_until_a_spot_cannot_be_filled():
    game = new_game(level="extreme")
    game.deck = []                                       # the last card has been placed
    assert not game.over
    roll = game.next_roll()                              # an extra round: no top card
    assert (roll.up, roll.liar) == (N, False)
    finish(game, Ruling(True, (N,), False), (1, N, 10))  # a card is taken: no refill
    assert game.over and game.table[N] is None


def test_a_game_stored_with_a_void_in_the_opening_cross_still_restores_and_plays_on():
    """Games saved before the portal-only cross may hold a void on the table."""
    stored = new_game(seed=7).snapshot()
    at = next(i for i, card in enumerate(stored["deck"]) if card["face"] == "VOID")
    stored["table"]["N"], stored["deck"][at] = stored["deck"][at], stored["table"]["N"]
    resumed = Game.restore(stored)
    assert resumed.table[N].is_void
    assert list(play(resumed)) and resumed.over


def test_table_deals_the_dealer_enters_each_revealed_card():
    game = new_game(level="hard", deals="table")
    assert game.awaiting_cards() == list(SIDES)
    for side, face in zip(SIDES, ["RED", "BLUE", "GREEN", "WHITE"]):
        game.place(side, face)
    assert game.awaiting_cards() == [] and game.next_roll().level is Level.HARD


def test_table_deals_refuses_a_second_void_and_says_what_to_do():
    game = new_game(level="normal", deals="table")
    game.round_no = 1  # a refill: the opening cross takes portal cards only
    game.place(N, "VOID")
    with pytest.raises(RuleError, match="bottom of the deck"):
        game.place(E, "VOID")


def test_table_deals_a_rule_card_changes_the_level():
    game = new_game(level="first-game", deals="table")
    game.round_no = 1  # a refill: the opening cross takes portal cards only
    assert game.place(N, "RULE").level is Level.NORMAL
    assert game.level is Level.NORMAL and game.table[N] is None


@pytest.mark.parametrize("level", ["discovery", "normal", "hard", "extreme"])
def test_table_deals_a_game_at_a_chosen_level_has_no_rule_card_to_enter(level):
    # Rulebook, "Choosing a Difficulty for Later Games": the rule cards only mark the first
    # game's levels; a game at a chosen level is played without them.
    game = new_game(level=level, deals="table")
    assert not game.rule_card_to_come()
    for round_no in (0, 1):   # the opening cross, then a refill: the same reason
        game.round_no = round_no
        with pytest.raises(RuleError) as refused:
            game.place(N, "RULE")
        assert str(refused.value) == (f"rule cards stay in the box in a game at {level} (they "
                                      "mark the first game's levels); enter the card revealed "
                                      "on N")
        assert game.level is Level(level) and game.table[N] is None


def test_table_deals_once_the_three_rule_cards_came_up_none_is_left_to_enter():
    game = new_game(level="first-game", deals="table")
    game.round_no = 1  # a refill: the opening cross takes portal cards only
    for _ in range(3):
        assert game.rule_card_to_come()
        game.place(N, "RULE")
    assert game.level is Level.EXTREME and not game.rule_card_to_come()
    with pytest.raises(RuleError, match=r"^the three rule cards have come up \(the level stays "
                                        r"extreme\); enter the card revealed on N$"):
        game.place(N, "RULE")


def test_the_correction_refuses_a_void_in_the_opening_cross_as_the_deal_does():
    game = new_game(level="normal")
    assert game.round_no == 0
    with pytest.raises(RuleError, match=r"^the opening cross is four portal cards: put the void "
                                        r"back with the rest of the deck, and lay a portal card "
                                        r"on N$"):
        game.correct(N, "VOID")
    game.correct(N, "WHITE")   # a portal card is fine
    assert game.table[N].face == "WHITE"


def test_the_correction_screen_swaps_a_spot_and_refuses_a_second_void():
    game = new_game(level="normal")
    game.round_no = 1   # past the opening cross
    voids = [side for side in SIDES if game.table[side].is_void]
    target = next(side for side in SIDES if side not in voids)
    game.correct(target, "WHITE")
    assert game.table[target].face == "WHITE"
    if voids:
        with pytest.raises(RuleError, match="only one void"):
            game.correct(target, "VOID")
    assert len(game.deck) + 4 == 48  # nothing lost, nothing made up


def lay(game, *faces):
    """Correct the model's table to ``faces`` in N, E, S, W order, past the opening cross."""
    game.round_no = max(game.round_no, 1)
    for side, face in zip(SIDES, faces):
        game.correct(side, face)


def test_a_roll_that_cannot_be_met_is_rerolled_and_never_shown():
    game = new_game(level="discovery")
    lay(game, "RED", "RED", "RED", "VOID")
    for _ in range(30):
        roll = game.next_roll()
        assert not game.ruling_for(roll).reroll
        game.round_no += 1


def test_dice_that_no_table_can_meet_give_a_clear_error_not_a_hang():
    from companion.games.notnot.dice import DiceSet

    game = new_game(level="discovery")
    lay(game, "RED", "RED", "RED", "VOID")
    game.dice = DiceSet(direction=("LEFT",), colour=("BLUE",), negation=("NOTHING",))
    with pytest.raises(RuleError, match="check the dice faces"):
        game.next_roll()


def test_a_game_in_which_nobody_scored_has_no_winner():
    from companion.games.notnot import data_file
    from companion.games.notnot.game import Game

    dice, recipe = data_file.not_not()
    game = Game.new(3, "normal", 1, dice=dice, recipe=recipe)
    assert game.winners() == [] and game.result()["winners"] == []
