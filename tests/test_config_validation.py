"""A bad config gives one clear line per problem, naming the key and its value."""

import pytest
from fault_cases import outcome

from companion.config import settings as config
from companion.config.settings import ConfigError, parse

ONE_PAD = "[[gpio.pads]]\nN = 4\nE = 17\nS = 27\nW = 22\n"


def problems(text):
    with pytest.raises(ConfigError) as error:
        parse(text, "my.toml")
    return error.value.problems


def test_a_pin_used_twice_names_both_keys():
    assert problems(ONE_PAD.replace("E = 17", "E = 4")) == [
        "my.toml: gpio.pads[1].E = 4: GPIO4 (pin 7) is already gpio.pads[1].N"]


def test_an_led_on_a_button_pin_is_a_pin_used_twice():
    assert problems(ONE_PAD + "leds = { N = 27 }") == [
        "my.toml: gpio.pads[1].leds.N = 27: GPIO27 (pin 13) is already gpio.pads[1].S"]


def test_a_pin_that_does_not_exist_is_refused():
    assert problems(ONE_PAD.replace("W = 22", "W = 28")) == [
        "my.toml: gpio.pads[1].W = 28: there is no GPIO28 on the 40-pin header (GPIO 2 to 27 are usable)"]


def test_the_id_eeprom_pins_are_refused():
    assert problems(ONE_PAD.replace("S = 27", "S = 1")) == [
        "my.toml: gpio.pads[1].S = 1: GPIO1 (pin 28) is ID_SC, reserved for the HAT ID EEPROM (never use GPIO 0/1)"]


def test_a_pin_of_an_enabled_interface_is_refused_naming_its_other_use():
    assert problems(ONE_PAD + "[gpio.controls]\nmenu = 14\n[interfaces]\nuart = true") == [
        "my.toml: gpio.controls.menu = 14: GPIO14 (pin 8) is UART (serial console) TXD (interfaces.uart = true)"]


def test_the_default_map_clashes_with_i2s_on_pad_5_only():
    lines = problems("[interfaces]\ni2s = true")
    assert [line.split(" = ")[0] for line in lines] == ["my.toml: gpio.pads[5].S", "my.toml: gpio.pads[5].W"]


def test_an_unknown_key_suggests_the_nearest_known_one():
    assert problems("[gpio]\ndebounce = 5") == [
        'my.toml: gpio.debounce: unknown key (did you mean "debounce_ms"?)']


def test_an_unknown_table_lists_the_known_ones():
    assert problems("[screen]\nwidth = 5") == [
        "my.toml: screen: unknown key (known: gpio, interfaces, keyboard, serial, display, sound, "
        "game)"]


def test_an_unknown_dealer_face_suggests_a_face():
    assert problems("[gpio]\npads = []\n[gpio.dealer]\nGREN = 5") == [
        'my.toml: gpio.dealer.GREN: unknown key (did you mean "GREEN"?)']


def test_a_value_of_the_wrong_type_names_the_type_expected():
    assert problems('[gpio]\npull_up = "yes"\ntie_window_us = 1.5') == [
        'my.toml: gpio.pull_up = "yes": expected true or false',
        "my.toml: gpio.tie_window_us = 1.5: expected an integer"]


def test_a_pin_given_as_text_is_the_wrong_type():
    assert problems(ONE_PAD.replace("N = 4", 'N = "GPIO4"')) == [
        'my.toml: gpio.pads[1].N = "GPIO4": expected a BCM GPIO number (an integer)']


def test_true_is_not_a_number():
    assert problems("[gpio]\ndebounce_ms = true") == [
        "my.toml: gpio.debounce_ms = true: expected a number"]


def test_a_pad_missing_a_side_says_which():
    assert problems("[[gpio.pads]]\nN = 4\nE = 17") == [
        "my.toml: gpio.pads[1]: missing S, W (a pad needs N, E, S and W)"]


def test_every_problem_is_reported_at_once():
    assert len(problems(ONE_PAD.replace("E = 17", "E = 4").replace("W = 22", "W = 0"))) == 2


def test_a_value_of_the_wrong_type_leaves_the_other_values_checked_too():
    assert problems('[gpio]\ndebounce_ms = -5\nstuck_s = "x"\n[display]\nrotation = 45') == [
        'my.toml: gpio.stuck_s = "x": expected a number',
        "my.toml: gpio.debounce_ms = -5: expected more than 0 and at most 100 ms",
        "my.toml: display.rotation = 45: expected one of 0, 90, 180, 270"]


def test_a_pad_with_a_value_of_the_wrong_type_still_has_its_other_sides_checked():
    assert problems(ONE_PAD.replace("E = 17", "E = 4").replace("W = 22", 'W = "x"')) == [
        'my.toml: gpio.pads[1].W = "x": expected a BCM GPIO number (an integer)',
        "my.toml: gpio.pads[1].E = 4: GPIO4 (pin 7) is already gpio.pads[1].N"]


def test_a_pad_missing_a_side_still_has_its_other_sides_checked():
    assert problems("[[gpio.pads]]\nN = 4\nE = 4") == [
        "my.toml: gpio.pads[1]: missing S, W (a pad needs N, E, S and W)",
        "my.toml: gpio.pads[1].E = 4: GPIO4 (pin 7) is already gpio.pads[1].N"]


def test_a_key_bound_twice_on_a_pad_with_another_mistake_is_refused_too():
    text = '[[keyboard.pads]]\nN = "a"\nE = "a"\nS = 3\nW = "d"'
    assert problems(text) == [
        "my.toml: keyboard.pads[1].S = 3: expected a string",
        'my.toml: keyboard.pads[1].E = "a": already used by keyboard.pads[1].N']


def test_an_item_of_the_pads_that_is_no_table_leaves_the_other_pads_checked():
    text = ('[keyboard]\npads = [{N = "a", E = "a", S = 3, W = "d", foo = [1]}, "notatable", '
            '{N = "u", E = "i", S = "o", W = "p"}]')
    assert problems(text) == [
        'my.toml: keyboard.pads[1].foo: unknown key (known: N, E, S, W)',
        "my.toml: keyboard.pads[1].S = 3: expected a string",
        'my.toml: keyboard.pads[2] = "notatable": expected a table',
        'my.toml: keyboard.pads[1].E = "a": already used by keyboard.pads[1].N']


def test_two_pads_of_one_player_across_enabled_sources_are_refused():
    text = ONE_PAD + '[serial]\nenabled = true\n[[serial.pads]]\nN = "D2"\nE = "D3"\nS = "D4"\nW = "D5"'
    assert problems(text) == [
        "my.toml: serial.pads[1] is player 1, and so is gpio.pads[1] (give one of them player = N)"]


def test_the_serial_boards_own_pads_may_not_be_players_the_gpio_pads_are(tmp_path):
    """The printed default with only ``[serial] enabled = true`` changed: each clashing board
    pad is refused in one line that says how to write it, or to switch the GPIO pads off;
    done either way, the file passes."""
    default = outcome(["config", "--print-default"]).out
    path = tmp_path / "config.toml"
    path.write_text(default.replace("[serial]\nenabled = false", "[serial]\nenabled = true"))
    refused = outcome(["config", "--check", str(path)])
    said = [line.removeprefix("companion: ").removeprefix(f"{path}: ")
            for line in refused.err.splitlines()]
    assert refused.code == 2 and refused.clear and said == [
        f"serial pad {n} (the nano's own, as no [[serial.pads]] are given) is player {n}, and so "
        f"is gpio.pads[{n}] (wire it as a [[serial.pads]] table of player = {n + 6}, {pins}, a "
        "key a line; or, with no pads wired to the Pi, [gpio] enabled = false)"
        for n, pins in enumerate(('N = "D2", E = "D3", S = "D4", W = "D5"',
                                  'N = "D6", E = "D7", S = "D8", W = "D9"',
                                  'N = "D10", E = "D11", S = "D12", W = "A0"',
                                  'N = "A1", E = "A2", S = "A3", W = "A4"'), start=1)]
    serial_only = tmp_path / "serial-only.toml"
    serial_only.write_text(path.read_text().replace("[gpio]\nenabled = true",
                                                    "[gpio]\nenabled = false"))
    fixes = [line.split("(wire it as a ", 1)[1].split(", a key a line", 1)[0] for line in said]
    with path.open("a") as file:   # each fix as it says: its table, then a key a line
        for fix in fixes:
            table, keys = fix.split(" table of ", 1)
            file.write(f"\n{table}\n" + keys.replace(", ", "\n") + "\n")
    assert outcome(["config", "--check", str(path)]).code == 0
    assert outcome(["config", "--check", str(serial_only)]).code == 0


def test_a_key_bound_twice_on_the_keyboard_is_refused():
    assert problems('[keyboard]\nconfirm = "w"') == [
        'my.toml: keyboard.confirm = "w": already used by keyboard.pads[1].N']


def test_a_debounce_time_outside_0_to_100_ms_is_refused():
    assert problems("[gpio]\ndebounce_ms = 0") == [
        "my.toml: gpio.debounce_ms = 0: expected more than 0 and at most 100 ms"]


def test_a_problem_on_a_pad_of_the_default_map_says_the_file_never_wrote_that_pad():
    """A file that switches I2C on, or adds a dealer pad, over the default pin map hears of
    pads it does not contain: the line says they are the default map's, and how to replace it."""
    note = ("(a pad of the default pin map: this file sets no [[gpio.pads]]; a list of your own "
            "replaces the default one whole)")
    assert problems("[interfaces]\ni2c = true") == [
        f"my.toml: gpio.pads[6].N = 2: GPIO2 (pin 3) is I2C SDA (interfaces.i2c = true) {note}",
        f"my.toml: gpio.pads[6].E = 3: GPIO3 (pin 5) is I2C SCL (interfaces.i2c = true) {note}"]
    assert problems("[gpio.dealer]\nRED = 12") == [
        f"my.toml: gpio.dealer.RED = 12: GPIO12 (pin 32) is already gpio.pads[5].N {note}"]
    assert problems(ONE_PAD.replace("E = 17", "E = 4")) == [
        "my.toml: gpio.pads[1].E = 4: GPIO4 (pin 7) is already gpio.pads[1].N"]


def test_the_default_files_led_example_fits_the_default_pads_it_says_to_keep():
    """The commented example of LEDs in the printed default, on pad 1 with pads 5 and 6 deleted
    as the comment says, is a map without a clash (it once named pad 3's buttons)."""
    import re as regex

    from companion.config.settings import default_text

    example = regex.search(r"#\s+(leds = \{[^}]*\})", default_text()).group(1)
    pads = [dict(pad.buttons.items()) for pad in parse("").gpio.pads[:4]]
    written = [", ".join(f"{side.value} = {pin}" for side, pin in pad.items()) for pad in pads]
    written[0] += f", {example}"
    parse("[gpio]\npads = [" + ", ".join(f"{{ {pad} }}" for pad in written) + "]")


def test_bad_toml_is_one_line():
    lines = problems("[gpio\n")
    assert len(lines) == 1 and lines[0].startswith("my.toml: not valid TOML: ") and "line 1" in lines[0]


def test_a_serial_pad_pin_must_be_a_button_pin_of_the_board():
    text = '[serial]\nboard = "nano"\n[[serial.pads]]\nN = "D2"\nE = "X3"\nS = "D4"\nW = "D5"'
    [line] = problems(text)
    assert line.startswith('my.toml: serial.pads[1].E = "X3": \'X3\' is not a button pin of the nano')


def test_an_unknown_serial_board_is_refused_once():
    assert problems('[serial]\nboard = "teensy"') == [
        'my.toml: serial.board = "teensy": not a board (choose from nano, mega)']


def test_an_uno_is_refused_with_the_board_to_write_for_it():
    assert problems('[serial]\nboard = "uno"') == [
        'my.toml: serial.board = "uno": not a board name: the uno has the nano\'s chip '
        '(atmega328p) and pins: write "nano"']


@pytest.mark.parametrize("device", ["", "ttyUSB0", "/dev/tty\tUSB0"])
def test_an_enabled_controllers_device_is_a_path(device):
    lines = problems(f'[gpio]\nenabled = false\n[serial]\nenabled = true\ndevice = "{device}"')
    assert lines == [f"my.toml: serial.device = {config.show(device)}: expected the "
                     "controller's device path, such as \"/dev/companion-buttons\" (the udev "
                     "rule's name) or \"/dev/ttyUSB0\""]


def test_a_controller_switched_off_may_keep_any_device():
    assert parse('[serial]\nenabled = false\ndevice = ""').serial.device == ""


def test_adding_a_table_to_the_schema_is_one_entry(monkeypatch):
    monkeypatch.setitem(config.SCHEMA, "lights", {"brightness": bool})
    parse("[lights]\nbrightness = true")
    assert problems("[lights]\nbrightnes = true") == [
        'my.toml: lights.brightnes: unknown key (did you mean "brightness"?)']
