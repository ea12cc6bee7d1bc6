"""The tie choice names the free cards by the buttons the choosing player presses: on pads the
spots' letters, on the keyboard each key with the spot it takes (player 1's keys W, A, S, D
would read as spot letters)."""

import pygame
import pytest

from kiosk_helpers import kiosk
from test_key_hints import on_the_keyboard, texts
from test_scenes_flow import CHOOSING, tie_on_one_card

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


def test_on_the_keypad_the_tie_choice_names_the_keypad_once_before_its_first_key():
    """Player 4 plays on the keypad: "keypad 8 for N   keypad 5 for S   keypad 4 for W" was
    too long for a turned screen's panel."""
    tie_on_one_card(on_the_keyboard(app := kiosk("setup", players=4)), players=(1, 4))
    app.scene.dirty = True
    app.step()
    digits = {"N": "8", "E": "6", "S": "5", "W": "4"}
    first, *others = app.scene.still_free()
    said = "   ".join([f"keypad {digits[first.value]} for {first.value}",
                       *(f"{digits[side.value]} for {side.value}" for side in others)])
    assert one_spaced(f"P4: press {said}") in one_spaced(" ".join(texts(app)))


def test_on_pads_the_tie_choice_names_the_free_spots():
    shown, free = prompt_after_a_tie(kiosk("setup", players=3))
    assert f"P2: press {' '.join(free)}" in shown


@pytest.mark.parametrize("rotation, players, tied", [
    (0, 3, (1, 2, 3)), (90, 3, (1, 2, 3)), (0, 6, (1, 2, 3, 4, 5)), (90, 6, (1, 2, 3, 4, 5))])
def test_a_keyboard_tie_choice_at_800x480_shows_its_whole_prompt_on_one_page(rotation, players,
                                                                             tied):
    """A tie on the keyboard, upright or turned: each chooser's keys (the keypad's too) and
    the countdown on one page, beside the three dice words, no page turning while 5 s run."""
    app = on_the_keyboard(kiosk("setup", players=players, rotation=rotation, pace=CHOOSING,
                                level="extreme"))
    tie_on_one_card(app, players=tied)
    app.scene.dirty = True
    app.step()
    prompt = app.scene.prompt()
    on_screen = one_spaced(" ".join(texts(app)))
    assert app.scene.pages() == 1 and app.scene.panel_drawn
    assert all(one_spaced(line) in on_screen for line in prompt.lines), (prompt, on_screen)


def one_spaced(words: str) -> str:
    """``words`` with every run of spaces made one: a line broken between two keys reads the
    same as whole."""
    return " ".join(words.split())


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
    first, second = "P4: press keypad 8 for N", "4 for W"
    size = 30
    wide = text.width(first, size) + 2          # room for the first key, not for both
    assert text.wrap(line, size, wide) == [first, second]
