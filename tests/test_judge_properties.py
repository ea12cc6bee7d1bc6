"""Properties of the judge that must hold for every roll and table."""

import pytest
from hypothesis import given, strategies as st

from companion.games.notnot.cards import TABLE_FACES, Level
from companion.games.notnot.dice import CRITERIA_FACES, NEGATIONS
from companion.games.notnot.judge import judge
from companion.games.notnot.sides import DIRECTIONS, SIDES, side_of

levels = st.sampled_from(list(Level))
faces = st.sampled_from(CRITERIA_FACES)
negations = st.sampled_from(list(NEGATIONS))
sides = st.sampled_from(SIDES)
tables = st.lists(st.sampled_from(TABLE_FACES), min_size=4, max_size=4).filter(
    lambda cards: cards.count("VOID") <= 1).map(lambda cards: dict(zip(SIDES, cards)))


@pytest.mark.slow
@given(levels, faces, faces, negations, st.booleans(), sides, tables)
def test_a_void_card_is_never_valid(level, a, b, negation, liar, up, table):
    ruling = judge(level, (a, b), negation, liar, up, table)
    assert all(table[side] != "VOID" for side in ruling.valid)


@given(faces, faces, sides, tables)
def test_not_not_behaves_as_no_negation(a, b, up, table):
    for level in (Level.NORMAL, Level.HARD, Level.EXTREME):
        assert judge(level, (a, b), "NOT NOT", False, up, table) == judge(level, (a, b), "NOTHING", False, up, table)


@pytest.mark.slow
@given(faces, faces, sides, tables)
def test_not_not_not_behaves_as_not(a, b, up, table):
    for level in (Level.NORMAL, Level.HARD, Level.EXTREME):
        assert judge(level, (a, b), "NOT NOT NOT", False, up, table) == judge(level, (a, b), "NOT", False, up, table)


@pytest.mark.slow
@given(faces, faces, negations, sides, tables)
def test_the_liar_flips_the_parity_only_in_extreme(a, b, negation, up, table):
    flipped = {"NOTHING": "NOT", "NOT": "NOT NOT", "NOT NOT": "NOT", "NOT NOT NOT": "NOTHING"}[negation]
    assert judge(Level.EXTREME, (a, b), negation, True, up, table) == judge(Level.EXTREME, (a, b), flipped, False, up, table)
    for level in (Level.DISCOVERY, Level.NORMAL, Level.HARD):
        assert judge(level, (a, b), negation, True, up, table) == judge(level, (a, b), negation, False, up, table)


@given(sides)
def test_rotation_keeps_handedness(up):
    turned = [side_of(direction, up) for direction in DIRECTIONS]
    start = SIDES.index(turned[0])
    assert turned == [SIDES[(start + step) % 4] for step in range(4)]  # still clockwise
    assert turned[0] == up


@pytest.mark.slow
@given(levels, faces, faces, negations, st.booleans(), sides, tables)
def test_negation_splits_the_portals_into_two_complements(level, a, b, negation, liar, up, table):
    plain = judge(level, (a, b), "NOTHING", False, up, table)
    negated = judge(Level.NORMAL if level is Level.DISCOVERY else level, (a, b), "NOT", False, up, table)
    portals = {side for side in SIDES if table[side] != "VOID"}
    if a == b == "NOTHING":
        assert not plain.tap and set(negated.valid) == portals
    elif len({a, b} - {"NOTHING"}) == 1 and level is not Level.DISCOVERY:
        assert set(plain.valid) | set(negated.valid) == portals
        assert not set(plain.valid) & set(negated.valid)


@pytest.mark.slow
@given(levels, faces, faces, negations, st.booleans(), sides, tables)
def test_reroll_exactly_when_a_tap_is_required_and_nothing_is_valid(level, a, b, negation, liar, up, table):
    ruling = judge(level, (a, b), negation, liar, up, table)
    assert ruling.reroll == (ruling.tap and not ruling.valid)
    if not ruling.tap:
        assert ruling.valid == () and not ruling.reroll


@pytest.mark.slow
@given(faces, faces, negations, st.booleans(), sides, tables)
def test_discovery_rolls_no_negation_and_no_arrow(a, b, negation, liar, up, table):
    assert judge(Level.DISCOVERY, (a, b), negation, liar, up, table) == judge(Level.DISCOVERY, (a, b), "NOTHING", False, "N", table)
