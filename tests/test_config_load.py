"""Loading the settings file: defaults, merging, the frozen tree."""

import dataclasses

import pytest

from companion.config import settings as config
from companion.config.settings import load, parse
from companion.errors import CompanionError
from companion.games.notnot.sides import Side


def test_the_default_map_has_six_pads_on_24_distinct_header_gpios_avoiding_gpio_0_and_1():
    pads = load().gpio.pads
    used = [gpio for pad in pads for _, gpio in pad.buttons.items()]
    assert [pad.player for pad in pads] == [1, 2, 3, 4, 5, 6]
    assert len(set(used)) == 24 and not {0, 1} & set(used)


def test_the_first_four_default_pads_keep_clear_of_uart_i2c_and_i2s():
    four_pads = "\n".join(
        f"[[gpio.pads]]\nN = {pad.buttons.N}\nE = {pad.buttons.E}\nS = {pad.buttons.S}\nW = {pad.buttons.W}"
        for pad in load().gpio.pads[:4])
    parse(f"[interfaces]\nuart = true\ni2c = true\ni2s = true\n{four_pads}")


def test_a_file_only_needs_the_keys_it_changes():
    settings = parse("[gpio]\ndebounce_ms = 2.5").gpio
    assert settings.debounce_ns == 2_500_000 and len(settings.pads) == 6


def test_a_pad_list_replaces_the_default_list_whole():
    settings = parse("[[gpio.pads]]\nN = 4\nE = 17\nS = 27\nW = 22").gpio
    assert len(settings.pads) == 1 and settings.pads[0].buttons.of(Side.W) == 22


def test_times_come_out_in_nanoseconds():
    gpio = load().gpio
    assert (gpio.debounce_ns, gpio.stuck_ns, gpio.tie_window_ns) == (10_000_000, 5_000_000_000, 1_000_000)
    assert load().serial.tie_window_ns == 20_000


def test_the_loaded_tree_is_frozen():
    loaded = load()
    with pytest.raises(dataclasses.FrozenInstanceError):
        loaded.gpio.pull_up = False
    with pytest.raises(TypeError):
        loaded.gpio.controls["menu"] = 18


def test_a_pad_may_number_its_player_itself():
    settings = parse("[[gpio.pads]]\nplayer = 3\nN = 4\nE = 17\nS = 27\nW = 22").gpio
    assert settings.pads[0].player == 3


def test_serial_pads_carry_board_pin_names():
    loaded = parse('[gpio]\nenabled = false\n[serial]\nenabled = true\nboard = "mega"\n'
                   '[[serial.pads]]\nN = "D53"\nE = "D52"\nS = "D51"\nW = "D50"')
    assert loaded.serial.pads[0].buttons.N == "D53" and loaded.serial.board == "mega"


def test_the_printed_default_file_loads_to_the_defaults(tmp_path):
    path = tmp_path / "companion.toml"
    path.write_text(config.default_text())
    assert dataclasses.replace(load(path), source="x") == dataclasses.replace(load(), source="x")


def test_a_missing_file_is_one_line_naming_it(tmp_path):
    with pytest.raises(CompanionError, match=r"^config file not found: .*nope.toml$"):
        load(tmp_path / "nope.toml")


def test_the_config_is_found_through_companion_config(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_CONFIG", str(tmp_path / "c.toml"))
    assert config.find() == tmp_path / "c.toml"


def test_the_pin_map_table_in_the_docs_is_the_default_map():
    import re
    from pathlib import Path
    from companion.boards.pi_header import describe
    doc = (Path(__file__).parent.parent / "docs" / "INPUTS.md").read_text()
    rows = re.findall(r"^\| (\d) \| (GPIO.*?) \| (GPIO.*?) \| (GPIO.*?) \| (GPIO.*?) \|", doc, re.M)
    actual = [(str(pad.player), *(describe(gpio) for _, gpio in pad.buttons.items()))
              for pad in load().gpio.pads]
    assert rows == actual
