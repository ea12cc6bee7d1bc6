"""The header diagram says what the pin map says: every pin tagged, grouped by pad, grounds shown."""

from __future__ import annotations

import re

from companion.config import settings as config
from companion.boards import pi_header as pins
from companion.tools.wiring import header
from companion.tools.wiring.svg import Circle, Text
from companion.tools.wiring.uses import gpio_uses, player_colour
from wiring_checks import assert_labels_apart_and_inside

SHIPPED = config.load()


def drawing_of(cfg, players=None):
    gpio = cfg.gpio
    uses = gpio_uses(gpio.pads[:players], gpio.controls, gpio.dealer)
    return uses, header.draw(uses, "title", "subtitle", pull_up=gpio.pull_up)


def texts(drawing) -> list[str]:
    return [shape.text for shape in drawing.shapes if isinstance(shape, Text)]


def fill_of_pin(drawing, physical: int) -> str:
    """The fill of the header circle whose printed number is ``physical``."""
    shapes = drawing.shapes
    for circle, label in zip(shapes, shapes[1:]):
        if isinstance(circle, Circle) and isinstance(label, Text) and label.text == str(physical) \
                and (label.x, label.y) == (circle.cx, circle.cy):
            return circle.fill
    raise AssertionError(f"no pin {physical} on the drawing")


def test_every_used_pin_is_tagged_with_its_player_and_side():
    uses, drawing = drawing_of(SHIPPED, 4)
    for use in uses:
        assert use.label in texts(drawing)
    assert texts(drawing).count("P3 W") == 1


def test_a_used_pin_is_filled_with_its_players_colour():
    _, drawing = drawing_of(SHIPPED, 4)
    for pad in SHIPPED.gpio.pads[:4]:
        for _, gpio in pad.buttons.items():
            assert fill_of_pin(drawing, pins.physical_pin(gpio)) == player_colour(pad.player)


def test_pins_of_pads_not_drawn_stay_unused():
    _, drawing = drawing_of(SHIPPED, 4)
    pad5 = SHIPPED.gpio.pads[4]
    assert fill_of_pin(drawing, pins.physical_pin(pad5.buttons.N)) == "#ffffff"
    assert "P5 N" not in texts(drawing)


def test_each_pad_gets_its_own_ground_pin_while_there_are_grounds():
    uses = gpio_uses(SHIPPED.gpio.pads)
    returns = header.returns_of(uses)
    assert len(returns) == 6 and len(set(returns.values())) == 6
    assert all(pins.HEADER[header.physical(pin)] == "GND" for pin in returns.values())


def test_the_ground_pins_are_tagged_with_the_pads_that_return_to_them():
    uses, drawing = drawing_of(SHIPPED, 4)
    for group, pin in header.returns_of(uses).items():
        assert f"GND {group}" in texts(drawing)
        assert f"ground: pin {header.physical(pin)}" in texts(drawing)


def test_each_pad_has_a_card_with_its_four_buttons_and_their_pins():
    _, drawing = drawing_of(SHIPPED, 4)
    words = texts(drawing)
    for pad in SHIPPED.gpio.pads[:4]:
        assert f"Player {pad.player}" in words
        for _, gpio in pad.buttons.items():
            assert f"pin {pins.physical_pin(gpio)}" in words and f"GPIO{gpio}" in words


def test_buttons_wired_to_3v3_return_to_a_3v3_pin():
    cfg = config.parse("[gpio]\npull_up = false\npads = [{ N = 4, E = 17, S = 27, W = 22 }]")
    _, drawing = drawing_of(cfg)
    assert "3V3 P1" in texts(drawing) and not any(t.startswith("GND P") for t in texts(drawing))


def test_leds_beside_buttons_wired_to_3v3_return_to_a_ground_pin_not_the_pads_wire():
    """Wired as the notes said (to "the pad's ground wire", 3V3 with pull_up = false), each LED
    sat between its pin and 3V3 and never lit (a maker)."""
    from companion.tools.wiring.guide import readme

    cfg = config.parse("[gpio]\npull_up = false\npads = [{ N = 4, E = 17, S = 27, W = 22, "
                       "leds = { N = 12, E = 16, S = 20, W = 21 } }]")
    _, drawing = drawing_of(cfg)
    assert "Outlined tags are LEDs: pin, resistor, LED, then a GND pin (the pad's wire is 3V3 " \
           "here)." in texts(drawing)
    assert "──►|── GND (a GND pin: the pad's wire is 3V3 here)" in readme(cfg, [], [], "BOM.md")
    table = header.pin_tables(gpio_uses(cfg.gpio.pads), "Pins", pull_up=False)
    assert "| 1 | 3V3 (shared) | 3V3 | " in table   # the switches' wire
    assert re.search(r"\| 1 \| LEDs' ground \(shared\) \| GND \| \d+ \| black \|", table), table


def test_leds_control_buttons_and_the_dealer_pad_are_labelled():
    cfg = config.parse("""
[gpio]
pads = [{ N = 4, E = 17, S = 27, W = 22, leds = { N = 5, E = 6, S = 13, W = 26 } }]
controls = { menu = 18, confirm = 19 }
dealer = { RED = 23, BLUE = 24, GREEN = 25, YELLOW = 12, WHITE = 16, VOID = 20, RULE = 21 }
""")
    _, drawing = drawing_of(cfg)
    words = texts(drawing)
    assert {"P1 N LED", "menu", "confirm", "dealer RED", "dealer RULE"} <= set(words)
    assert {"Control buttons", "Dealer pad", "GND controls", "GND dealer"} <= set(words)


def test_no_two_labels_overlap_and_all_fit_on_the_picture():
    for players in (2, 4, 6):
        assert_labels_apart_and_inside(drawing_of(SHIPPED, players)[1])


def test_the_four_player_picture_is_drawn_large_enough_to_read_at_a_glance():
    _, drawing = drawing_of(SHIPPED, 4)
    assert drawing.width >= 1200
    labels = [s for s in drawing.shapes if isinstance(s, Text) and s.text.startswith("P")]
    assert min(label.size for label in labels) >= 16


def test_the_svg_is_the_same_every_time():
    assert drawing_of(SHIPPED, 4)[1].svg() == drawing_of(SHIPPED, 4)[1].svg()


def test_the_svg_is_well_formed_xml_with_every_label_escaped():
    import xml.etree.ElementTree as ET

    cfg = config.parse("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22 }]")
    uses = gpio_uses(cfg.gpio.pads)
    root = ET.fromstring(header.draw(uses, "A & B <pins>", "sub").svg())
    assert root.tag.endswith("svg")
    assert any(el.text == "A & B <pins>" for el in root.iter() if el.tag.endswith("text"))


def test_the_legend_names_the_interfaces_whose_pins_the_map_uses():
    _, drawing = drawing_of(SHIPPED, 6)
    note = next(t for t in texts(drawing) if t.startswith("Some of these pins"))
    assert "UART (serial console)" in note and "I2C" in note and "I2S audio" in note
    cfg = config.parse("[gpio]\npads = [{ N = 5, E = 6, S = 13, W = 26 }]")
    assert not any(t.startswith("Some of these pins") for t in texts(drawing_of(cfg)[1]))
