"""Stroop: a dice word is never drawn in the colour it names; direction words are inked the same way."""

import pytest
import random

from hypothesis import given, strategies as st

from kiosk_helpers import canvas, count_colour, shows_text
from companion.display.draw_dice import draw_dice
from companion.display.layout import Layout
from companion.display.palette import INKS
from companion.display.stroop import ink_name_for, inks_for
from companion.games.notnot.dice import COLOUR_FACES, CRITERIA_FACES, NEGATIONS

WORDS = list(CRITERIA_FACES) + list(NEGATIONS)


@given(st.integers(0, 10_000), st.sampled_from(COLOUR_FACES))
def test_a_colour_word_is_never_inked_in_the_colour_it_names(seed, word):
    assert ink_name_for(word, random.Random(seed)) != word


def test_direction_words_are_inked_from_the_same_colours_as_colour_words():
    rng = random.Random(4)
    used = {ink_name_for("LEFT", rng) for _ in range(200)}
    assert used == set(INKS)


def test_the_three_dice_of_a_roll_get_different_inks():
    for seed in range(50):
        assert len(set(inks_for(["NOT", "UP", "RED"], random.Random(seed)))) == 3


def test_the_same_seed_gives_the_same_inks():
    assert inks_for(["NOT", "UP", "RED"], random.Random(9)) == inks_for(["NOT", "UP", "RED"], random.Random(9))


@pytest.mark.slow
@given(st.integers(0, 10_000))
def test_the_dice_words_on_screen_are_present_and_not_in_their_own_colour(seed):
    rng = random.Random(seed)
    words = [rng.choice(list(NEGATIONS)), rng.choice(CRITERIA_FACES), rng.choice(COLOUR_FACES)]
    layout = Layout((800, 480))
    surface = canvas()
    drawn = draw_dice(surface, layout, words, inks_for(words, rng))
    assert [d.text for d in drawn] == words
    for word in drawn:
        assert shows_text(surface, word)
        if word.text in INKS:
            assert count_colour(surface, word.rect, INKS[word.text]) == 0
