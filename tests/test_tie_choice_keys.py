"""The tie choice names the free cards by the buttons the choosing player presses: on pads the
spots' letters, on the keyboard each key with the spot it takes (player 1's keys W, A, S, D
would read as spot letters)."""

import pygame
import pytest

from kiosk_helpers import kiosk
from test_key_hints import on_the_keyboard, texts
from test_scenes_flow import tie_on_one_card

#: Player 2's keys in the default settings: the arrows.
ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←"}


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def prompt_after_a_tie(app) -> tuple[list[str], list[str]]:
    """The texts on screen once P2 must choose, and the free spots' letters."""
    tie_on_one_card(app)
    app.scene.dirty = True
    app.step()
    return texts(app), [side.value for side in app.scene.still_free()]


def test_on_the_keyboard_the_tie_choice_names_each_key_with_the_spot_it_takes():
    shown, free = prompt_after_a_tie(on_the_keyboard(kiosk("setup", players=3)))
    assert "P2: press " + "   ".join(f"{ARROWS[spot]} for {spot}" for spot in free) in shown


def test_on_pads_the_tie_choice_names_the_free_spots():
    shown, free = prompt_after_a_tie(kiosk("setup", players=3))
    assert f"P2: press {' '.join(free)}" in shown


def test_a_tie_choice_hint_too_long_for_its_line_breaks_between_two_keys_never_inside_one():
    """A tester's six-player table read "P6: press keypad 7 for / N, keypad 1 for W"."""
    from companion.config.settings import load
    from companion.display import text
    from companion.games.notnot.sides import Side
    from companion.inputs.keyboard import KeyMap
    from companion.scenes.notnot.tie_choice import free_buttons

    pygame.font.init()
    keys = KeyMap(load().keyboard)
    line = f"P4: press {free_buttons(keys, 4, [Side.N, Side.W])}"
    first, second = "P4: press keypad 8 for N", "keypad 4 for W"
    size = 30
    wide = text.width(first, size) + 2          # room for the first key, not for both
    assert text.wrap(line, size, wide) == [first, second]
