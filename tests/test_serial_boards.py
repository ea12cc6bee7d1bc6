"""The board pin lists: the one source the firmware, the reader and the wiring share."""

import re

import pytest

from companion.rules.sides import SIDES
from companion.serial.boards import BOARDS, MEGA, NANO, board_named, c_header


def test_a_nano_carries_four_pads_and_a_mega_twelve():
    assert (NANO.players, MEGA.players) == (4, 12)


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


def test_the_mega_stamps_24_pins_by_interrupt_and_polls_the_rest():
    kinds = [pin.stamping for pin in MEGA.pins]
    assert (kinds.count("pcint"), kinds.count("int"), kinds.count("poll")) == (18, 6, 24)


@pytest.mark.parametrize("board", BOARDS.values(), ids=list(BOARDS))
def test_the_firmware_header_indexes_each_pin_by_its_port_bit(board):
    header = c_header(board)
    assert f'#define PIN_NAMES "{",".join(board.pin_names)}"' in header
    for port, table in re.findall(r"#define PORT_(\w)_INDEX \{([^}]*)\}", header):
        for bit, index in enumerate(int(i) for i in table.split(",")):
            if index != 255:
                assert (board.pins[index].port, board.pins[index].bit) == (port, bit)


def test_an_unknown_board_or_pin_is_named():
    with pytest.raises(KeyError, match="'uno' is not a board"):
        board_named("uno")
    with pytest.raises(KeyError, match="'D13' is not a button pin of the nano"):
        NANO.pin("D13")
