"""The printable pin tables: one per pad, a row per wire, pins as the header numbers them."""

from __future__ import annotations

from companion.config import settings as config
from companion.boards import pi_header as pins
from companion.tools.wiring import electrics, header
from companion.tools.wiring.uses import WIRE_COLOURS, gpio_uses

SHIPPED = config.load()


def rows(markdown: str, heading: str) -> list[list[str]]:
    """The body rows of the table under ``## heading``."""
    section = markdown.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[2:]]


def tables_of(cfg) -> str:
    gpio = cfg.gpio
    return header.pin_tables(gpio_uses(gpio.pads, gpio.controls, gpio.dealer), "Pins",
                             pull_up=gpio.pull_up)


def test_each_pad_has_a_table_with_a_row_per_side_and_one_for_its_ground():
    text = tables_of(SHIPPED)
    for pad in SHIPPED.gpio.pads:
        body = rows(text, f"Player {pad.player}")
        assert [row[1][0] for row in body] == ["N", "E", "S", "W", "g"]
        for row, (side, gpio) in zip(body, pad.buttons.items()):
            assert row == [str(pad.player), row[1], f"GPIO{gpio}", str(pins.physical_pin(gpio)),
                           WIRE_COLOURS[side]]


def test_the_ground_row_names_the_same_pin_as_the_diagram():
    text = tables_of(SHIPPED)
    returns = header.returns_of(gpio_uses(SHIPPED.gpio.pads))
    for pad in SHIPPED.gpio.pads:
        ground = rows(text, f"Player {pad.player}")[-1]
        assert ground == [str(pad.player), "ground (shared)", "GND",
                          str(header.physical(returns[f"P{pad.player}"])), "black"]


def test_an_led_row_names_its_resistor():
    cfg = config.parse("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22, "
                       "leds = { N = 5, E = 6, S = 13, W = 26 } }]")
    led = rows(tables_of(cfg), "Player 1")[4]
    ohms, _ = electrics.led_resistor(3.3)
    assert led == ["1", f"N LED, {ohms} Ω in series", "GPIO5", "29", "orange"]


def test_control_buttons_and_the_dealer_pad_get_tables_of_their_own():
    cfg = config.parse("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22 }]\n"
                       "controls = { menu = 18 }\ndealer = { RED = 23, VOID = 24 }")
    text = tables_of(cfg)
    assert rows(text, "Control buttons")[0] == ["menu", "GPIO18", "12", "brown"]
    assert [row[0] for row in rows(text, "Dealer pad")] == ["RED", "VOID", "ground (shared)"]


def test_the_led_resistor_is_the_next_e12_value_up_so_the_current_stays_under_target():
    assert electrics.led_resistor(3.3, 2.0, 4.0) == (330, 3.9)
    assert electrics.led_resistor(3.3, 2.0, 5.0) == (270, 4.8)
    for target in (1.0, 2.0, 3.0, 5.0, 8.0, 12.0):
        ohms, current = electrics.led_resistor(3.3, 2.0, target)
        assert current <= target and 1.3 / ohms * 1000 <= target


def test_e12_values_are_exact_at_the_series_and_round_up_between():
    assert [electrics.e12_at_least(v) for v in (100, 101, 325, 8200, 8201)] == [100, 120, 330, 8200, 10000]
