"""``companion config``: a settings file with which no game can be played fails the check, and
every line names what it is about as the maker wrote it (an empty path, a link to nowhere, a path
from ``$COMPANION_CONFIG``, a number too large, one pad).

Each runs the command through the CLI's entry point, as a maker does.
"""

from __future__ import annotations

import os

import pytest
from fault_cases import outcome

#: Settings files that seat no player (or only some of players 1 and 2), and what the line says
#: each table seats.
UNPLAYABLE = {
    "no pads in [gpio] or [keyboard]": (
        "[keyboard]\npads = []\n[gpio]\npads = []\n",
        "no player has a pad",
        "([gpio]: no pads; [serial]: enabled = false; [keyboard]: no pads)"),
    "[gpio] switched off, no keyboard pads": (
        "[gpio]\nenabled = false\n[keyboard]\npads = []\n",
        "no player has a pad",
        "([gpio]: enabled = false; [serial]: enabled = false; [keyboard]: no pads)"),
    "[keyboard] switched off, no GPIO pads": (
        "[keyboard]\nenabled = false\n[gpio]\npads = []\n",
        "no player has a pad",
        "([gpio]: no pads; [serial]: enabled = false; [keyboard]: enabled = false)"),
    "one keyboard pad": (
        '[gpio]\npads = []\n[keyboard]\npads = [{ N = "w", E = "d", S = "s", W = "a" }]\n',
        "player 2 has no pad",
        "([gpio]: no pads; [serial]: enabled = false; [keyboard]: player 1)"),
    "pads for players 2 and 3 only": (
        "[keyboard]\npads = []\n[[gpio.pads]]\nplayer = 2\nN = 4\nE = 17\nS = 27\nW = 22\n"
        "[[gpio.pads]]\nplayer = 3\nN = 10\nE = 9\nS = 11\nW = 8\n",
        "player 1 has no pad",
        "([gpio]: players 2 and 3; [serial]: enabled = false; [keyboard]: no pads)"),
}


def written(tmp_path, text: str, name: str = "u5.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("case", UNPLAYABLE)
def test_a_settings_file_with_which_fewer_than_two_players_have_a_pad_is_refused_by_the_check(
        tmp_path, case):
    text, who, tables = UNPLAYABLE[case]
    path = written(tmp_path, text)
    checked = outcome(["config", "--check", path])
    assert checked.code == 2 and checked.clear and checked.out == ""
    assert checked.err == (f"companion: {path}: no game can be played: {who}, and every game "
                           f"needs pads for players 1 and 2 {tables}\n")


def test_a_settings_file_where_players_1_and_2_have_a_pad_passes_the_check(tmp_path):
    keys = '{ N = "w", E = "d", S = "s", W = "a" }, { N = "i", E = "l", S = "k", W = "j" }'
    path = written(tmp_path, f"[gpio]\npads = []\n[keyboard]\npads = [{keys}]\n")
    checked = outcome(["config", "--check", path])
    assert checked.code == 0 and checked.out.startswith(f"{path}: ok\n")


#: 48 keys pygame knows by name, four to a pad: keyboard pads for players 1 to 12.
KEYS = [*"abcdefghijklmnopqrstuvwxyz0123456789", *(f"f{n}" for n in range(1, 13))]


def keyboard_pads(players: int) -> str:
    """``[keyboard]`` pads for players 1 to ``players`` (a keyboard pad's player is its place)."""
    pads = ", ".join('{ N = "%s", E = "%s", S = "%s", W = "%s" }' % tuple(KEYS[4 * i:4 * i + 4])
                     for i in range(players))
    return f"[keyboard]\npads = [{pads}]\n"


def gpio_pads(players) -> str:
    """``[[gpio.pads]]`` for ``players``, each on four pins of its own."""
    pins = iter([4, 17, 27, 22, 10, 9, 11, 8, 5, 6, 13, 19])
    return "".join(f"[[gpio.pads]]\nplayer = {player}\nN = {next(pins)}\nE = {next(pins)}\n"
                   f"S = {next(pins)}\nW = {next(pins)}\n" for player in players)


def test_pads_past_a_gap_in_the_players_numbers_are_named_as_never_playing(tmp_path):
    """Pads for players 1, 2, 4 and 13 passed as ok, and 4 and 13 never played (a maker)."""
    path = written(tmp_path, keyboard_pads(2) + gpio_pads([4, 13]))
    checked = outcome(["config", "--check", path])
    assert checked.code == 0 and checked.clear, checked.err
    assert checked.out.startswith(f"{path}: ok, but the pads of players 4 and 13 never play: "
                                  "player 3 has no pad, and players sit in turn from player 1\n")


def test_pads_past_the_most_players_a_game_seats_are_named_as_never_playing(tmp_path):
    path = written(tmp_path, keyboard_pads(12) + gpio_pads([13]))
    checked = outcome(["config", "--check", path])
    assert checked.code == 0 and checked.clear, checked.err
    assert checked.out.startswith(f"{path}: ok, but the pads of player 13 never play: "
                                  "a game seats at most 12 players\n")


def test_the_tie_window_of_a_file_read_without_gpio_here_is_not_called_the_keyboards(
        tmp_path, monkeypatch):
    """With the keyboard switched off, the check said "(keyboard only: the rules' default)"
    (a maker)."""
    monkeypatch.setattr("glob.glob", lambda pattern: [])   # no GPIO chip: a laptop
    path = written(tmp_path, "[keyboard]\nenabled = false\n" + gpio_pads([1, 2]))
    checked = outcome(["config", "--check", path])
    assert checked.code == 0, checked.err
    assert checked.out.splitlines()[-1] == \
        "ties: within 1000 us (the rules' default: no GPIO nor controller is read here); " \
        "on a Pi: within 1000 us"
    keys = written(tmp_path, keyboard_pads(2), name="keys.toml")
    assert outcome(["config", "--check", keys]).out.splitlines()[-1].endswith(
        "(the keyboard's, the rules' default: no GPIO nor controller is read); "
        "on a Pi: within 1000 us")   # the shipped GPIO pads, there


def test_a_mistyped_key_is_named_once_and_claims_no_pin(tmp_path):
    """``leds = { X = 5 }``: X was named unknown, and its GPIO5 then refused the next pad's
    own N = 5 as already used (a maker)."""
    typos = {"leds": "leds = { N = 18, X = 5 }\n", "controls": "[gpio.controls]\nhalt = 5\n",
             "dealer": "[gpio.dealer]\nPURPLE = 5\n"}
    for where, line in typos.items():
        first = "[[gpio.pads]]\nN = 4\nE = 17\nS = 27\nW = 22\n"
        text = (first + (line if where == "leds" else "")
                + "[[gpio.pads]]\nN = 5\nE = 6\nS = 13\nW = 19\n"
                + (line if where != "leds" else ""))
        checked = outcome(["config", "--check", written(tmp_path, text, f"{where}.toml")])
        assert checked.code == 2 and len(checked.err.splitlines()) == 1, checked.err
        assert "unknown key" in checked.err and "already" not in checked.err


def test_an_empty_path_to_check_is_named_not_taken_for_the_default_file():
    checked = outcome(["config", "--check", ""])
    assert checked.code == 2 and checked.clear and checked.out == ""
    assert checked.err == 'companion: config file "": the path is empty (name a settings file)\n'


def test_a_symbolic_link_whose_target_is_missing_is_named_as_such(tmp_path):
    link = tmp_path / "config.toml"
    os.symlink(tmp_path / "gone.toml", link)
    checked = outcome(["config", "--check", str(link)])
    assert checked.code == 2 and checked.clear
    assert checked.err == (f"companion: config file {link}: a symbolic link to "
                           f"{tmp_path / 'gone.toml'}, which does not exist\n")


def test_a_missing_file_named_by_companion_config_says_the_path_came_from_there(
        tmp_path, monkeypatch):
    missing = tmp_path / "missing.toml"
    monkeypatch.setenv("COMPANION_CONFIG", str(missing))
    checked = outcome(["config"])
    assert checked.code == 2 and checked.clear
    assert checked.err == (f"companion: config file not found: {missing} "
                           "(named by $COMPANION_CONFIG)\n")
    # named on the command line, the path is the maker's own: nothing about the environment
    assert outcome(["config", "--check", str(missing)]).err == \
        f"companion: config file not found: {missing}\n"


@pytest.mark.parametrize("line, says", [
    ("[gpio]\nstuck_s = 1e400\n", "gpio.stuck_s = 1e400: expected more than 0 and at most 3600 s"),
    ("[gpio]\ndebounce_ms = -1e400\n", "gpio.debounce_ms = -1e400: expected more than 0"),
    ("[gpio]\ntie_window_us = 1e400\n", "gpio.tie_window_us = 1e400: expected an integer"),
])
def test_a_number_too_large_for_a_float_is_echoed_as_written_not_as_inf(tmp_path, line, says):
    checked = outcome(["config", "--check", written(tmp_path, line)])
    assert checked.code == 2 and checked.clear and says in checked.err
    assert "inf" not in checked.err


def test_one_pad_is_said_as_one_pad(tmp_path):
    path = written(tmp_path, '[gpio]\npads = [{ player = 2, N = 4, E = 17, S = 27, W = 22 }]\n'
                             '[keyboard]\npads = [{ N = "w", E = "d", S = "s", W = "a" }]\n')
    checked = outcome(["config", "--check", path])
    assert checked.code == 0, checked.err
    lines = {line.split(":")[0]: line for line in checked.out.splitlines()}
    assert "1 pad (player 2);" in lines["gpio"]
    assert "1 pad (player 1), menu escape" in lines["keyboard"]
    assert "1 pads" not in checked.out


def test_a_pads_leds_are_said_by_their_header_pins_beside_its_buttons(tmp_path):
    """A maker who soldered LEDs sees that the file gives them, on the pins wired."""
    path = tmp_path / "leds.toml"
    path.write_text("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22, leds = { E = 5, W = 6 } },"
                    " { N = 10, E = 9, S = 11, W = 8 }]\n")
    checked = outcome(["config", "--check", str(path)])
    assert checked.code == 0, checked.err
    assert ("  player 1: N pin 7 (GPIO4), E pin 11 (GPIO17), S pin 13 (GPIO27), W pin 15 (GPIO22)"
            "; LEDs E pin 29 (GPIO5), W pin 31 (GPIO6)\n") in checked.out
    assert "  player 2: N pin 19 (GPIO10), E pin 21 (GPIO9), S pin 23 (GPIO11), W pin 24 (GPIO8)\n" \
        in checked.out


def test_a_raw_hw_sound_device_passes_with_a_note_of_what_to_use_instead(tmp_path):
    """``[sound] device = "hw:0"`` passed silently, and HDMI's voice and tones failed at the
    table (companion doctor said hw: was to fix)."""
    path = written(tmp_path, '[sound]\ndevice = "hw:0"\n')
    checked = outcome(["config", "--check", path])
    assert checked.code == 0 and checked.clear, checked.err
    assert checked.out.startswith(
        f'{path}: ok, but sound.device = "hw:0" converts no sample rate nor format and holds the '
        "card alone, so the tones and the voice may fail or go silent (HDMI refuses it): use "
        '"" (ALSA\'s default) or the card\'s "sysdefault:CARD=..." name (aplay -L lists them; '
        'a Pi\'s HDMI: "sysdefault:CARD=vc4hdmi0")\n')


def test_a_raw_hw_sound_device_naming_its_card_is_told_that_cards_sysdefault(tmp_path):
    path = written(tmp_path, '[sound]\ndevice = "hw:CARD=vc4hdmi0,DEV=0"\n')
    checked = outcome(["config", "--check", path])
    assert checked.code == 0 and checked.clear, checked.err
    first = checked.out.splitlines()[0]
    assert first.startswith(f'{path}: ok, but sound.device = "hw:CARD=vc4hdmi0,DEV=0" ')
    assert first.endswith(': use "sysdefault:CARD=vc4hdmi0"')


@pytest.mark.parametrize("device", ["", "default", "plughw:0", "sysdefault:CARD=vc4hdmi0"])
def test_a_sound_device_that_converts_passes_without_a_note(tmp_path, device):
    path = written(tmp_path, f'[sound]\ndevice = "{device}"\n')
    checked = outcome(["config", "--check", path])
    assert checked.code == 0 and checked.out.startswith(f"{path}: ok\n"), checked.out


def test_every_mistake_of_the_serial_table_is_said_at_once(tmp_path):
    """An unknown board, an enabled controller with no device and a pin used twice: three lines
    in one check, where the board's line alone hid the others until it was fixed."""
    path = tmp_path / "serial.toml"
    path.write_text('[gpio]\nenabled = false\n[serial]\nenabled = true\ndevice = ""\n'
                    'board = "uno"\n[[serial.pads]]\nN = "D2"\nE = "D2"\nS = "D4"\nW = "D5"\n')
    checked = outcome(["config", "--check", str(path)])
    assert checked.code == 2
    said = checked.err
    assert 'serial.board = "uno": not a board name' in said
    assert 'serial.device = "": expected the controller\'s device path' in said
    assert "serial.pads[1].N" in said and "serial.pads[1].E" in said
