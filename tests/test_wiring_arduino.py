"""The Nano and Mega diagrams draw the serial controller's pin maps, every pin where the board has it."""

from __future__ import annotations

from companion.config import settings as config
from companion.boards import avr as boards
from companion.tools.wiring import arduino
from companion.tools.wiring.svg import Text
from wiring_checks import assert_labels_apart_and_inside

SHIPPED = config.load()


def texts(drawing) -> list[str]:
    return [shape.text for shape in drawing.shapes if isinstance(shape, Text)]


def test_every_button_pin_of_every_board_is_on_its_drawing():
    for name, board in boards.BOARDS.items():
        assert set(board.pin_names) <= set(arduino.layout_names(name)), name


def test_the_default_map_tags_every_pin_with_its_player_and_side():
    for name, board in boards.BOARDS.items():
        words = texts(arduino.diagram(name, SHIPPED))
        for pin, (player, side) in board.default_map().items():
            assert f"P{player} {side.value}" in words
        assert f"Player {board.players}" in words


def test_every_pad_returns_to_a_ground_pin_and_grounds_are_shared_evenly():
    for name in boards.BOARDS:
        uses = arduino.default_uses(name)
        returns = arduino.returns_of(name, uses)
        loads = [list(returns.values()).count(pin) for pin in set(returns.values())]
        assert all(pin.startswith("GND") for pin in returns.values())
        assert max(loads) - min(loads) <= 1


def test_a_config_with_serial_pads_draws_its_own_board_only():
    cfg = config.parse('[serial]\nboard = "nano"\n[[serial.pads]]\nN = "D9"\nE = "D10"\nS = "D11"\nW = "D12"\n')
    assert arduino.boards_to_draw(cfg) == ["nano"]
    words = texts(arduino.diagram("nano", cfg))
    assert "P1 N" in words and "P2 N" not in words


def test_a_pin_the_board_does_not_watch_is_one_clear_error(tmp_path, capsys):
    from companion import cli

    mine = tmp_path / "mine.toml"
    mine.write_text('[serial]\nboard = "nano"\npads = [{ N = "D2", E = "D3", S = "D13", W = "A7" }]\n')
    assert cli.main(["wiring", "--config", str(mine), "--out", str(tmp_path / "w")]) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 2  # one line per wrong pin, naming the key, the pin and the board
    assert 'serial.pads[1].S = "D13": \'D13\' is not a button pin of the nano (pins: D2, ' in lines[0]
    assert 'serial.pads[1].W = "A7": \'A7\' is not a button pin of the nano' in lines[1]


def test_the_pin_tables_name_board_pins_and_the_ground():
    title, text = arduino.pin_tables("nano", SHIPPED)
    assert title == "Pin tables: Arduino Nano"
    first_pin = boards.NANO.pin_names[0]
    assert f"| 1 | N (north) | {first_pin} | yellow |" in text
    assert "| 1 | ground (shared) | GND" in text


def test_no_two_labels_overlap_on_either_board():
    for name in boards.BOARDS:
        assert_labels_apart_and_inside(arduino.diagram(name, SHIPPED))
