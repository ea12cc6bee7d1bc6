"""Keyboard play: keys to taps and controls."""

import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from companion.config.settings import load, parse  # noqa: E402
from companion.errors import CompanionError  # noqa: E402
from companion.inputs.events import Control, Tap  # noqa: E402
from companion.cli import main  # noqa: E402
from companion.inputs import keyboard  # noqa: E402
from companion.inputs.keyboard import KeyMap  # noqa: E402
from companion.games.notnot.sides import Side  # noqa: E402


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


def test_pygames_own_key_names_and_sdls_name_the_same_key_on_every_pygame():
    pads = ('[keyboard]\npads = [{N = "[8]", E = "Keypad 6", S = "page down", W = "PageUp"},'
            ' {N = "CapsLock", E = "[7]", S = "KEYPAD 5", W = "left meta"}]')
    keys = KeyMap(parse(pads).keyboard)
    expected = {pygame.K_KP8: (1, Side.N), pygame.K_KP6: (1, Side.E),
                pygame.K_PAGEDOWN: (1, Side.S), pygame.K_PAGEUP: (1, Side.W),
                pygame.K_CAPSLOCK: (2, Side.N), pygame.K_KP7: (2, Side.E),
                pygame.K_KP5: (2, Side.S), pygame.K_LGUI: (2, Side.W)}
    for code, (player, side) in expected.items():
        assert keys.event_of(key(code), t_ns=3) == Tap(player, side, 3)


def test_one_key_in_two_spellings_is_refused_it_never_drives_two_buttons():
    settings = parse('[keyboard]\npads = [{N = "caps lock", E = "x", S = "y", W = "z"},'
                     ' {N = "CapsLock", E = "e", S = "f", W = "g"}]').keyboard
    with pytest.raises(CompanionError) as error:
        KeyMap(settings, "my.toml")
    assert str(error.value) == ('my.toml: keyboard.pads[2].N = "CapsLock": the same key as '
                                "my.toml: keyboard.pads[1].N")


def test_config_check_names_a_key_spelled_twice_otherwise_as_used_twice(tmp_path, capsys):
    from companion.cli import main

    path = tmp_path / "keys.toml"
    path.write_text('[keyboard]\npads = [{N = "w", E = "d", S = "s", W = "a"},'
                    ' {N = "W", E = " d", S = "[8]", W = "keypad 8"}]\n')
    assert main(["config", "--check", str(path)]) == 2
    said = [line.removeprefix("companion: ").removeprefix(f"{path}: ")
            for line in capsys.readouterr().err.splitlines()]
    assert said == [
        'keyboard.pads[2].N = "W": already used by keyboard.pads[1].N ("w": the same key)',
        'keyboard.pads[2].E = " d": already used by keyboard.pads[1].E ("d": the same key)',
        'keyboard.pads[2].W = "keypad 8": already used by keyboard.pads[2].S ("[8]": the same key)']


def test_every_name_pygame_gives_a_key_names_that_key():
    for constant in (name for name in dir(pygame) if name.startswith("K_")):
        code = getattr(pygame, constant)
        name = pygame.key.name(code)
        if name:
            assert keyboard.key_code(name, constant) == keyboard.key_code(name.upper(), constant)
            assert pygame.key.name(keyboard.key_code(name, constant)) == name


@pytest.mark.filterwarnings("ignore:pygame.init")
def test_the_sdl_names_of_the_table_are_the_names_sdl_itself_accepts():
    for constant, sdl_name in keyboard.SDL_NAMES.items():
        assert pygame.key.key_code(sdl_name) == getattr(pygame, f"K_{constant}")


@pytest.mark.parametrize("wrong", ["upp", "[88]", "keypad8", "pagedwn", "left  meta", "ESCAPEE"])
def test_the_did_you_mean_hint_only_ever_names_a_key_that_is_accepted(wrong):
    settings = parse(f'[keyboard]\npads = [{{N = "{wrong}", E = "d", S = "s", W = "a"}}]').keyboard
    with pytest.raises(CompanionError) as error:
        KeyMap(settings, "my.toml")
    hint = re.search(r'did you mean "(.*)"\?', str(error.value))
    if hint:
        keyboard.key_code(hint.group(1), "the hint")


def test_an_installed_config_with_keypad_names_in_brackets_still_checks(tmp_path, capsys):
    path = tmp_path / "config.toml"
    path.write_text('[keyboard]\npads = [{N = "[8]", E = "[6]", S = "[5]", W = "[4]"}]\n')
    assert main(["config", "--check", str(path)]) == 0
    assert "ok" in capsys.readouterr().out
