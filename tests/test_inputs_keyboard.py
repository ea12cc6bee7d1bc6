"""Keyboard play: keys to taps and controls."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.config import load, parse  # noqa: E402
from companion.errors import CompanionError  # noqa: E402
from companion.inputs.events import Control, Tap  # noqa: E402
from companion.inputs.keyboard import KeyMap  # noqa: E402
from companion.rules.sides import Side  # noqa: E402


def key(code, kind=pygame.KEYDOWN):
    return pygame.event.Event(kind, key=code)


def test_the_default_keys_give_four_players_their_four_sides():
    keys = KeyMap(load().keyboard)
    cases = {pygame.K_w: (1, Side.N), pygame.K_a: (1, Side.W), pygame.K_RIGHT: (2, Side.E),
             pygame.K_k: (3, Side.S), pygame.K_KP8: (4, Side.N), pygame.K_KP5: (4, Side.S)}
    for code, (player, side) in cases.items():
        assert keys.event_of(key(code), t_ns=7) == Tap(player, side, 7)


def test_escape_is_menu_and_return_confirms():
    keys = KeyMap(load().keyboard)
    assert keys.event_of(key(pygame.K_ESCAPE), t_ns=1) == Control("menu", 1)
    assert keys.event_of(key(pygame.K_RETURN), t_ns=1) == Control("confirm", 1)


def test_key_releases_and_unmapped_keys_are_no_event():
    keys = KeyMap(load().keyboard)
    assert keys.event_of(key(pygame.K_w, pygame.KEYUP)) is None
    assert keys.event_of(key(pygame.K_z)) is None


def test_an_unstamped_key_event_is_stamped_on_the_monotonic_clock_when_read():
    import time
    before = time.monotonic_ns()
    tap = KeyMap(load().keyboard).event_of(key(pygame.K_w))
    assert before <= tap.t_ns <= time.monotonic_ns()


def test_an_unknown_key_name_is_one_line_naming_the_key_with_a_suggestion():
    settings = parse('[keyboard]\npads = [{N = "upp", E = "d", S = "s", W = "a"}]').keyboard
    with pytest.raises(CompanionError) as error:
        KeyMap(settings, "my.toml")
    assert str(error.value) == 'my.toml: keyboard.pads[1].N = "upp": pygame knows no key by that name (did you mean "up"?)'
