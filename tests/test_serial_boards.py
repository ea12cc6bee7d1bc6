"""The board pin lists: the one source the firmware, the reader and the wiring share."""

import re

import pytest

from companion.config.settings import ConfigError, parse
from companion.games.notnot.sides import SIDES
from companion.boards.avr import BOARDS, MEGA, NANO, BoardError, board_named, c_header


def test_a_nano_carries_four_pads_and_a_mega_six():
    assert (NANO.players, MEGA.players) == (4, 6)


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_no_pin_or_port_bit_is_used_twice(board):
    assert len(set(board.pin_names)) == len(board.pins)
    assert len({(pin.port, pin.bit) for pin in board.pins}) == len(board.pins)


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_the_default_map_gives_every_player_one_button_per_side(board):
    targets = list(board.default_map().values())
    assert targets == [(player, side) for player in range(1, board.players + 1) for side in SIDES]


def test_the_uart_pins_are_never_buttons():
    assert not {"D0", "D1"} & set(NANO.pin_names) and not {"D0", "D1"} & set(MEGA.pin_names)


def test_every_button_pin_of_the_mega_has_an_interrupt():
    kinds = [pin.stamping for pin in MEGA.pins]
    assert (kinds.count("pcint"), kinds.count("int")) == (18, 6) and len(kinds) == 24


def test_the_set_up_refuses_a_player_on_a_mega_pin_without_an_interrupt():
    # D22-D25 were pad 7 when pads 7-12 were polled (up to ~15 us late)
    text = '[serial]\nboard = "mega"\n[[serial.pads]]\nN = "D22"\nE = "D23"\nS = "D24"\nW = "D25"'
    with pytest.raises(ConfigError) as error:
        parse(text, "my.toml")
    assert len(error.value.problems) == 4
    assert error.value.problems[0].startswith(
        'my.toml: serial.pads[1].N = "D22": \'D22\' has no interrupt on the mega')
    assert "seats players only on its 24 interrupt pins (pads 1-6" in error.value.problems[0]


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_the_firmware_header_indexes_each_pin_by_its_port_bit(board):
    header = c_header(board)
    assert f'#define PIN_NAMES "{",".join(board.pin_names)}"' in header
    for port, table in re.findall(r"#define PORT_(\w)_INDEX \{([^}]*)\}", header):
        for bit, index in enumerate(int(i) for i in table.split(",")):
            if index != 255:
                assert (board.pins[index].port, board.pins[index].bit) == (port, bit)


def test_an_unknown_board_or_pin_is_named():
    with pytest.raises(BoardError, match="'teensy': not a board"):
        board_named("teensy")
    with pytest.raises(BoardError, match="'uno': .* write \"nano\""):
        board_named("uno")
    with pytest.raises(BoardError, match="'D13' is not a button pin of the nano"):
        NANO.pin("D13")
