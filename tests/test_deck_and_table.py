"""The deck and the four spots: set-up, refills, the one-void rule, rule cards, the end."""

import pytest
import random

from companion.games.notnot.data_file import default_recipe
from companion.games.notnot.cards import Card, Level
from companion.games.notnot.deck import build_cards, can_fill, empty_table, refill, set_up, void_on
from companion.games.notnot.sides import SIDES, Side

N, E, S, W = Side.N, Side.E, Side.S, Side.W


def cards(*faces):
    return [Card(face, N, False, i) for i, face in enumerate(faces, start=100)]


def test_the_deck_has_forty_portals_eight_voids_and_backs_with_one_liar_in_four():
    built = build_cards(default_recipe(), random.Random(7))
    faces = [card.face for card in built]
    assert len(built) == 48
    assert all(faces.count(colour) == 8 for colour in ("RED", "BLUE", "GREEN", "YELLOW", "WHITE"))
    assert faces.count("VOID") == 8
    liars = sum(card.liar for card in build_cards(default_recipe(), random.Random(1)) * 1)
    assert 4 <= liars <= 20  # about one in four of 48
    assert {card.arrow for card in built} == set(SIDES)


def test_only_one_void_may_lie_on_the_table_a_second_goes_to_the_bottom():
    table = empty_table()
    deck = cards("VOID", "VOID", "RED", "BLUE", "GREEN")
    _, dealt = refill(table, deck, Level.DISCOVERY)
    assert [table[side].face for side in SIDES] == ["VOID", "RED", "BLUE", "GREEN"]
    assert [d.what for d in dealt] == ["placed", "to-bottom", "placed", "placed", "placed"]
    assert [card.face for card in deck] == ["VOID"]


@pytest.mark.slow
def test_the_opening_cross_is_four_portal_cards():
    for seed in range(500):
        for first_game in (True, False):
            table, _ = set_up(default_recipe(), random.Random(seed), first_game=first_game)
            assert all(table[side].is_portal for side in SIDES), (seed, first_game)


@pytest.mark.slow
def test_the_remaining_cards_are_shuffled_so_voids_spread_across_the_three_stacks():
    seeds = 2000
    voids = {"C": 0, "B": 0, "A": 0}
    for seed in range(seeds):
        _, deck = set_up(default_recipe(), random.Random(seed), first_game=True)
        arrow, liar = (next(i for i, c in enumerate(deck) if c.face == f) for f in ("ARROW", "LIAR"))
        stacks = {"C": deck[:arrow], "B": deck[arrow + 1:liar], "A": deck[liar + 1:]}
        for name, stack in stacks.items():
            voids[name] += sum(card.is_void for card in stack)
    # 44 cards remain after the cross (36 portals, all 8 voids): stacks of 16, 14 and 14.
    share = {"C": 16 / 44, "B": 14 / 44, "A": 14 / 44}
    for name, count in voids.items():
        expected = 8 * share[name] * seeds
        assert abs(count - expected) < 0.03 * expected, (name, count, round(expected))


def test_empty_spots_are_refilled_from_the_top_in_n_e_s_w_order():
    table = {N: None, E: cards("RED")[0], S: None, W: cards("BLUE")[0]}
    deck = cards("GREEN", "YELLOW", "WHITE")
    refill(table, deck, Level.DISCOVERY)
    assert (table[N].face, table[S].face) == ("GREEN", "YELLOW")
    assert [card.face for card in deck] == ["WHITE"]


def test_a_rule_card_drawn_changes_the_level_leaves_the_game_and_the_next_card_is_drawn():
    table = {N: None, E: cards("RED")[0], S: cards("RED")[0], W: cards("RED")[0]}
    deck = cards("ARROW", "GREEN")
    level, dealt = refill(table, deck, Level.NORMAL)
    assert level is Level.HARD
    assert table[N].face == "GREEN" and deck == []
    assert [d.what for d in dealt] == ["rule", "placed"]


def test_first_game_deck_order_not_not_in_stack_c_then_arrow_then_stack_b_then_liar_then_stack_a():
    for seed in range(50):
        table, deck = set_up(default_recipe(), random.Random(seed), first_game=True)
        faces = [card.face for card in deck]
        rest = len(deck) - 3
        third = rest // 3
        c_size = rest - 2 * third
        assert faces.index("NOT NOT") <= c_size  # shuffled into the top stack
        assert faces.index("ARROW") == c_size + 1
        assert faces.index("LIAR") == c_size + 1 + third + 1
        assert len(deck) + 4 == 48 + 3


def test_a_game_of_a_fixed_level_has_no_rule_cards():
    _, deck = set_up(default_recipe(), random.Random(3), first_game=False)
    assert not any(card.is_rule for card in deck)


def test_the_deck_cannot_fill_the_spots_when_too_few_cards_are_left():
    table = {N: None, E: None, S: cards("RED")[0], W: cards("RED")[0]}
    assert can_fill(table, cards("BLUE", "GREEN"))
    assert not can_fill(table, cards("BLUE"))


def test_voids_that_can_never_be_placed_do_not_fill_spots():
    table = {N: None, E: cards("VOID")[0], S: cards("RED")[0], W: cards("RED")[0]}
    assert not can_fill(table, cards("VOID", "VOID"))
    refill(table, deck := cards("VOID", "VOID"), Level.DISCOVERY)  # must not loop for ever
    assert table[N] is None and len(deck) == 2
    assert void_on(table) is E


def test_the_end_of_the_deck_says_why_its_cards_left_cannot_fill_the_table():
    """"the deck (2 left) cannot fill the four spots", with two spots empty, read as a bug (a
    rules lawyer): the two left were voids."""
    from companion.games.notnot.deck import why_it_cannot_fill

    table = {N: None, E: cards("VOID")[0], S: cards("RED")[0], W: cards("RED")[0]}
    assert why_it_cannot_fill(table, cards("VOID", "VOID")) == (
        "the deck cannot fill the 1 empty spot: its 2 cards left are 2 voids, and a void lies "
        "on the table already")
    table = {N: None, E: None, S: None, W: cards("RED")[0]}
    assert why_it_cannot_fill(table, cards("BLUE", "VOID", "VOID")) == (
        "the deck cannot fill the 3 empty spots: its 3 cards left are 1 portal card and 2 "
        "voids, and one void at most may lie on the table")
