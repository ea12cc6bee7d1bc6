"""The parts list counts what the pin maps wire, so it cannot drift from them."""

from __future__ import annotations

import pytest

from companion.config import settings as config
from companion.boards import avr as boards
from companion.tools.wiring import bom, header
from companion.tools.wiring.uses import gpio_uses

SHIPPED = config.load()


def test_a_gpio_build_has_four_buttons_and_one_ground_pin_per_pad():
    for players in bom.GPIO_PLAYERS:
        build = bom.gpio_build(players, SHIPPED)
        assert build.buttons == build.signal_pins == 4 * players
        assert build.common_pins == players      # eight ground pins: one each up to 8 pads


def test_free_pins_are_the_usable_gpios_the_pads_leave():
    build = bom.gpio_build(6, SHIPPED)
    used = {use.pin for use in gpio_uses(SHIPPED.gpio.pads)}
    assert build.free_pins == len(set(header.USABLE) - used) == 2


def test_leds_are_offered_only_where_the_header_has_a_pin_for_each():
    rows = {row[0]: row[1:] for row in bom.option_rows([bom.gpio_build(p, SHIPPED) for p in (2, 4)])}
    led = rows["LED per button, with its resistor"]
    assert led[0].startswith("8 LEDs") and led[1].startswith("no (10 pins free")


def test_leds_ask_for_four_more_cores_per_pad_as_the_wiring_guide_says():
    rows = {row[0]: row[-1] for row in bom.option_rows([bom.gpio_build(2, SHIPPED)])}
    assert "a cable of 9 cores or more" in rows["LED per button, with its resistor"]


def test_the_dealer_pad_needs_seven_free_pins():
    rows = {row[0].split(" (")[0]: row[1:] for row in
            bom.option_rows([bom.gpio_build(p, SHIPPED) for p in (4, 6)])}
    assert rows["Dealer pad"][:2] == ["fits", "no (2 pins free)"]
    assert rows["Control buttons"][:2] == ["fits", "fits"]


def test_counts_scale_with_players():
    found = [bom.gpio_build(p, SHIPPED) for p in (2, 4, 6)]
    rows = {row[0]: row[1:4] for row in bom.count_rows(found)}
    assert rows["Arcade push button, 30 mm, with a normally-open microswitch"] == ["8", "16", "24"]
    assert rows["Female spade crimp terminal for the microswitch tabs"] == ["16", "32", "48"]
    assert rows["6-core cable, one run per pad"] == ["3 m", "6 m", "9 m"]


def test_a_build_of_more_pads_than_the_shipped_map_is_refused():
    with pytest.raises(Exception, match="has 6 GPIO pads, not 8"):
        bom.gpio_build(8, SHIPPED)


def test_a_serial_build_takes_the_smallest_board_that_carries_its_players():
    for players in bom.SERIAL_PLAYERS:
        build = bom.serial_build(players)
        fitting = [b for b in boards.BOARDS.values() if b.players >= players]
        assert boards.BOARDS[build.controller].players == min(b.players for b in fitting)
        assert build.signal_pins == 4 * players
