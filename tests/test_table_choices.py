"""Settings in one place: ``[display]`` and ``[sound]`` in the config, the same
choices on the Not Not set-up menu, saved in the state folder, where they win over the config."""

import pygame
import pytest

from kiosk_helpers import kiosk, step_until, tap
from companion.kiosk.startup import kiosk_options
from companion.config.settings import ConfigError, parse
from companion.kiosk.systemd import Notifier
from companion.storage.preferences import Preferences, load_preferences, preferences_path


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def problems(text):
    with pytest.raises(ConfigError) as caught:
        parse(text, "my.toml")
    return caught.value.problems


def test_display_and_sound_are_off_and_the_whole_screen_by_default():
    config = parse("")
    assert (config.display.size, config.display.rotation, config.display.colour_blind,
            config.sound.voice) == (None, 0, False, False)


def test_display_and_sound_settings_are_read():
    config = parse('[display]\nsize = "1024x600"\nrotation = 180\ncolour_blind = true\n'
                   "[sound]\nvoice = true")
    assert (config.display.size, config.display.rotation, config.display.colour_blind,
            config.sound.voice) == ((1024, 600), 180, True, True)


def test_each_display_mistake_is_one_line():
    assert problems('[display]\nsize = "big"\nrotation = 45') == [
        'my.toml: display.size = "big": expected WIDTHxHEIGHT in digits 0-9, such as "800x480", '
        'or "" for the whole screen',
        "my.toml: display.rotation = 45: expected one of 0, 90, 180, 270"]
    assert problems("[sound]\nvoice = 1") == ["my.toml: sound.voice = 1: expected true or false"]


class Args:
    size, rotation, seed, window, mock, state_dir = None, None, 1, True, False, None


def test_companion_run_uses_the_display_settings_unless_the_command_line_says_otherwise():
    config = parse('[display]\nsize = "1024x600"\nrotation = 90\ncolour_blind = true')
    options = kiosk_options(Args(), config, None, Notifier())
    assert (options.size, options.rotation) == ((1024, 600), 90)
    assert options.preferences.colour_blind
    args = Args()
    args.size, args.rotation = (800, 480), 0
    options = kiosk_options(args, config, None, Notifier())
    assert (options.size, options.rotation) == ((800, 480), 0)


def choose(app, label):
    """Player 1 moves to the set-up item starting with ``label`` and selects it."""
    while not app.scene.items()[app.scene.cursor].startswith(label):
        cursor = app.scene.cursor
        app.post(tap(1, "S"))
        step_until(app, lambda: app.scene.cursor != cursor)
    app.post(tap(1, "E"))
    app.step()


def test_the_set_up_menu_switches_colour_blind_mode_and_the_voice_and_saves_them(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    assert "Colour-blind mode: off" in app.scene.items() and "Voice: off" in app.scene.items()
    choose(app, "Colour-blind mode")
    assert app.ctx.session.preferences.colour_blind and "Colour-blind mode: on" in app.scene.items()
    assert load_preferences(tmp_path, Preferences()) == (Preferences(colour_blind=True), "")


def test_the_choices_saved_from_the_menu_win_over_the_settings_file(tmp_path):
    preferences_path(tmp_path).write_text('{"colour_blind": false, "voice": false}')
    assert load_preferences(tmp_path, Preferences(colour_blind=True)) == (Preferences(), "")


def test_a_damaged_choices_file_keeps_the_settings_and_says_so_in_one_line(tmp_path):
    preferences_path(tmp_path).write_text("{not json")
    chosen, problem = load_preferences(tmp_path, Preferences(voice=True))
    assert chosen == Preferences(voice=True) and "\n" not in problem
    assert "cannot read the saved choices" in problem
