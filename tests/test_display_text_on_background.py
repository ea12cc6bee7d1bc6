"""A word drawn on a background it is known to lie on is copied, not blended, and shows the
same pixels (the dice words: large, and drawn in every frame of the tumble)."""

import pytest

import pygame

from kiosk_helpers import canvas
from companion.display import text
from companion.display.palette import BACKGROUND, INKS


@pytest.mark.parametrize("size", [30, 77, 173])
@pytest.mark.parametrize("word", ["NOT NOT NOT", "RED", "NOTHING"])
def test_a_word_copied_on_its_background_shows_the_pixels_of_the_word_blended_onto_it(word, size):
    height = text.image(word, size, INKS["RED"]).get_height()
    line = height * 3 // 4   # lines closer than the images are tall, as the dice words stand
    blended, copied = canvas((1600, 3 * height)), canvas((1600, 3 * height))
    for i, ink in enumerate(["RED", "BLUE", "YELLOW"]):
        centre = (10, height + i * line)
        text.draw(blended, word, size, INKS[ink], midleft=centre)
        text.draw(copied, word, size, INKS[ink], on=BACKGROUND, midleft=centre)
    assert pygame.image.tostring(blended, "RGB") == pygame.image.tostring(copied, "RGB")
