"""Every example the Not Not rulebook gives, as the judge must answer it."""

from companion.games.notnot.cards import Level
from companion.games.notnot.judge import judge
from companion.games.notnot.sides import Side

from conftest import table

N, E, S, W = Side.N, Side.E, Side.S, Side.W


def valid(level, dice, negation="NOTHING", liar=False, up=N, **cards):
    ruling = judge(level, dice, negation, liar, up, table(**cards))
    assert ruling.tap
    return set(ruling.valid)


# Discovery -----------------------------------------------------------------

def test_up_and_red_allows_the_card_above_or_a_red_portal():
    assert valid(Level.DISCOVERY, ("UP", "RED"), N="BLUE", E="RED", S="GREEN", W="YELLOW") == {N, E}


def test_nothing_and_red_allows_only_the_red_portal():
    assert valid(Level.DISCOVERY, ("NOTHING", "RED"), N="BLUE", E="RED", S="GREEN", W="YELLOW") == {E}


def test_nothing_and_nothing_means_nobody_may_tap():
    ruling = judge(Level.DISCOVERY, ("NOTHING", "NOTHING"), table=table())
    assert (ruling.tap, ruling.valid, ruling.reroll) == (False, (), False)


def test_a_roll_no_card_can_meet_is_rerolled():
    ruling = judge(Level.DISCOVERY, ("NOTHING", "RED"), table=table(N="BLUE", E="WHITE", S="GREEN", W="VOID"))
    assert ruling.tap and ruling.reroll and ruling.valid == ()


def test_the_word_counts_not_the_colour_it_is_drawn_in():
    # The judge knows only words; BLUE means blue portals whatever ink it was drawn in.
    assert valid(Level.DISCOVERY, ("NOTHING", "BLUE"), N="BLUE", E="RED", S="GREEN", W="YELLOW") == {N}


def test_a_void_card_is_never_a_valid_tap_even_on_the_named_side():
    assert valid(Level.DISCOVERY, ("UP", "RED"), N="VOID", E="RED", S="GREEN", W="YELLOW") == {E}


def test_a_white_portal_matches_no_colour_die():
    assert valid(Level.DISCOVERY, ("LEFT", "RED"), N="WHITE", E="RED", S="WHITE", W="WHITE") == {E, W}


# Normal: the negation die --------------------------------------------------------

def test_not_left_and_green_allows_every_card_but_a_green_one_on_the_left():
    assert valid(Level.NORMAL, ("LEFT", "GREEN"), "NOT", N="RED", E="BLUE", S="YELLOW", W="RED") == {N, E, S, W}
    assert valid(Level.NORMAL, ("LEFT", "GREEN"), "NOT", N="RED", E="BLUE", S="YELLOW", W="GREEN") == {N, E, S}


def test_not_left_and_green_allows_a_green_card_that_is_not_on_the_left():
    assert valid(Level.NORMAL, ("LEFT", "GREEN"), "NOT", N="GREEN", E="BLUE", S="YELLOW", W="RED") == {N, E, S, W}


def test_not_with_two_nothings_allows_any_portal_card():
    assert valid(Level.NORMAL, ("NOTHING", "NOTHING"), "NOT", N="RED", E="WHITE", S="GREEN", W="BLUE") == {N, E, S, W}


def test_not_with_two_nothings_still_forbids_the_void():
    assert valid(Level.NORMAL, ("NOTHING", "NOTHING"), "NOT", N="RED", E="VOID", S="GREEN", W="BLUE") == {N, S, W}


def test_not_not_red_and_nothing_allows_only_red():
    assert valid(Level.NORMAL, ("NOTHING", "RED"), "NOT NOT", N="RED", E="BLUE", S="GREEN", W="YELLOW") == {N}


def test_not_not_nothing_is_nothing_so_nobody_may_tap():
    assert not judge(Level.NORMAL, ("NOTHING", "NOTHING"), "NOT NOT", table=table()).tap


def test_not_not_not_down_and_blue_forbids_only_a_blue_card_below():
    assert valid(Level.NORMAL, ("DOWN", "BLUE"), "NOT NOT NOT", N="RED", E="BLUE", S="GREEN", W="YELLOW") == {N, E, S, W}
    assert valid(Level.NORMAL, ("DOWN", "BLUE"), "NOT NOT NOT", N="RED", E="GREEN", S="BLUE", W="YELLOW") == {N, E, W}


def test_discovery_ignores_the_negation_die():
    assert valid(Level.DISCOVERY, ("NOTHING", "RED"), "NOT", N="RED", E="BLUE", S="GREEN", W="YELLOW") == {N}


# Hard: the arrow names "up" ---------------------------------------------------------

def test_hard_the_arrow_on_the_deck_names_up():
    assert valid(Level.HARD, ("UP", "NOTHING"), up=E) == {E}


def test_hard_the_other_directions_follow_by_rotation_keeping_handedness():
    assert valid(Level.HARD, ("RIGHT", "NOTHING"), up=E) == {S}
    assert valid(Level.HARD, ("DOWN", "NOTHING"), up=E) == {W}
    assert valid(Level.HARD, ("LEFT", "NOTHING"), up=E) == {N}


def test_normal_ignores_the_arrow_up_is_always_north():
    assert valid(Level.NORMAL, ("UP", "NOTHING"), up=E) == {N}


# Extreme: the Liar ---------------------------------------------------------------

def test_liar_yellow_and_right_forbids_only_a_yellow_card_on_the_right():
    assert valid(Level.EXTREME, ("RIGHT", "YELLOW"), liar=True, N="RED", E="BLUE", S="GREEN", W="WHITE") == {N, E, S, W}
    assert valid(Level.EXTREME, ("RIGHT", "YELLOW"), liar=True, N="RED", E="YELLOW", S="GREEN", W="WHITE") == {N, S, W}


def test_liar_with_not_not_not_down_and_blue_plays_normally():
    assert valid(Level.EXTREME, ("DOWN", "BLUE"), "NOT NOT NOT", liar=True,
                 N="BLUE", E="RED", S="GREEN", W="YELLOW") == {N, S}


def test_extreme_without_the_liar_symbol_plays_like_hard():
    assert valid(Level.EXTREME, ("UP", "NOTHING"), up=W) == valid(Level.HARD, ("UP", "NOTHING"), up=W) == {W}


def test_the_liar_counts_only_in_extreme():
    assert valid(Level.HARD, ("NOTHING", "RED"), liar=True, N="RED") == {N}
