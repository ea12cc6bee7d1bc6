"""The tie choice names the free cards by the keys the choosing player presses."""

import pygame
import pytest

from kiosk_helpers import kiosk
from test_key_hints import on_the_keyboard, texts
from test_scenes_flow import tie_on_one_card
from companion.inputs.keyboard import button_name


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def test_the_tie_choice_names_the_free_cards_keys_of_the_player_who_chooses():
    app = on_the_keyboard(kiosk("setup", players=3))
    tie_on_one_card(app)
    app.scene.dirty = True
    app.step()
    keys = " ".join(button_name(app.ctx.services.keys, 2, side) for side in app.scene.still_free())
    assert f"P2: press {keys}" in texts(app)
