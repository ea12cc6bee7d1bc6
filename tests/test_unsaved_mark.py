"""While saves wait, the NOT SAVED mark stands in a corner of every screen size and turn, clear
of the card spots, the deck, the score strip and the controller's corner (the notice strip
said why first, and gave the scores back)."""

import pygame
import pytest

from test_display_text_fits import ROTATIONS, SIZES
from companion.display.draw_controller import controller_area
from companion.display.draw_notice import mark_area
from companion.display.layout import Layout
from companion.games.notnot.sides import Side


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
@pytest.mark.parametrize("controller", [None, "connecting"])
def test_the_not_saved_mark_stands_clear_of_the_table_the_scores_and_the_controller(
        size, rotation, controller):
    pygame.font.init()
    layout = Layout(size, rotation)
    corner = controller_area(layout, controller) if controller else None
    mark = mark_area(layout, corner)
    assert pygame.Rect((0, 0), layout.size).contains(mark)
    taken = [layout.spot(side) for side in Side] + [layout.deck, layout.scores]
    assert mark.collidelist(taken + ([corner] if corner else [])) < 0
