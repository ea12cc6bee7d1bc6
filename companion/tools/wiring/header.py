"""The Raspberry Pi 40-pin header diagram of a GPIO pin map.

Draws the header as it sits on the board (pin 1 top left, odd pins in the
left column), every pin the map uses filled in its player's colour and tagged
``P2 E``, the ground pin each pad returns to tagged in black, and beside it a
card per pad with its four buttons as a cross (N up, E right, S down, W left),
plus cards for the control buttons and the dealer pad.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

from companion.boards import pi_header as pins
from companion.tools.wiring import electrics, parts, tables
from companion.tools.wiring.svg import Drawing
from companion.tools.wiring.uses import Use, ground_returns, groups, return_tags


def spot(pin: int) -> parts.Spot:
    """The header's physical ``pin`` as a diagram spot, named by what it carries."""
    name = pins.HEADER[pin]
    if name.startswith("GPIO"):
        gpio = pins.GPIO_AT[pin]
        if gpio in pins.ID_EEPROM:
            return parts.Spot(gpio, str(pin), pins.ID_EEPROM[gpio], "reserved")
        return parts.Spot(gpio, str(pin), name)
    return parts.Spot(("header", pin), str(pin), name, "ground" if name == "GND" else "power")


ROWS: tuple[tuple[parts.Spot, parts.Spot], ...] = tuple(
    (spot(pin), spot(pin + 1)) for pin in range(1, 41, 2)
)

GROUNDS: tuple = tuple(("header", pin) for pin in pins.GROUND_PINS)
SUPPLIES_3V3: tuple = tuple(("header", pin) for pin, name in pins.HEADER.items() if name == "3V3")

#: The GPIOs a button or LED can use (every header GPIO but the ID EEPROM pins).
USABLE: tuple[int, ...] = tuple(gpio for gpio in pins.GPIOS if pins.pin_problem(gpio) is None)


def physical(pin: int | tuple[str, int]) -> int:
    """Physical pin number of a diagram pin (a BCM GPIO or a ``("header", n)`` spot)."""
    return pin[1] if isinstance(pin, tuple) else pins.physical_pin(pin)


def name_pin(gpio: int) -> tuple[str, str]:
    """``("pin 7", "GPIO4")``: how a card names a BCM GPIO."""
    return f"pin {pins.physical_pin(gpio)}", f"GPIO{gpio}"


def ground_name(pin: int | tuple[str, int]) -> str:
    """``"ground: pin 14"``: how a card names the pin a pad's common wire goes to."""
    kind = pins.HEADER[physical(pin)]
    return f"{'ground' if kind == 'GND' else kind}: pin {physical(pin)}"


def returns_of(uses: Sequence[Use], pull_up: bool = True) -> dict[str, Hashable]:
    """Group -> the header pin its switches' common wire goes to: the nearest
    free ground pin (or 3V3 pin, for buttons wired with pull-downs)."""
    commons = GROUNDS if pull_up else SUPPLIES_3V3
    return ground_returns(uses, commons, lambda pin: (physical(pin) + 1) // 2)


def ground_labels(returns: Mapping[str, Hashable]) -> dict[Hashable, str]:
    """Common pin -> its tag, e.g. ``"GND P1"`` or ``"GND P5 dealer"``."""
    return return_tags(returns, lambda pin: pins.HEADER[physical(pin)])


def draw(uses: Sequence[Use], heading: str, subtitle: str, *, pull_up: bool = True) -> Drawing:
    """The header diagram of ``uses`` (from :func:`companion.tools.wiring.uses.gpio_uses`)."""
    used = {use.pin: use for use in uses}
    returns = returns_of(uses, pull_up)
    labels = ground_labels(returns)
    tag_w = parts.tag_width([use.label for use in uses] + list(labels.values()))
    cards_x = parts.MARGIN + parts.connector_width(tag_w) + 40
    by_group = groups(uses)
    columns = 2 if len(by_group) <= 6 else 3
    width = int(cards_x + columns * (parts.CARD_W + parts.CARD_GAP) - parts.CARD_GAP + parts.MARGIN)
    d = Drawing(width, 0)
    parts.title(d, heading, subtitle)
    top = 130
    bottom = parts.connector(d, parts.MARGIN, top, ROWS, used, labels, tag_w)
    cards_bottom = parts.cards(d, cards_x, top - 20, by_group, returns, columns, name_pin,
                               ground_name)
    end = parts.legend(d, parts.MARGIN, max(bottom, cards_bottom) + 36, legend_lines(uses, pull_up))
    d.height = int(end + parts.MARGIN)
    return d


def legend_lines(uses: Sequence[Use], pull_up: bool) -> list[str]:
    """The notes under the header diagram."""
    switch = "ground" if pull_up else "3V3"
    pull = "internal pull-up, pressed = low" if pull_up else "pull-down, pressed = high"
    lines = [
        "Pin 1 (3V3) has the square pad; odd pins are the row away from the board edge.",
        f"Each button: a normally-open switch between its pin and {switch} ({pull}).",
        f"A pad's four switches share one black wire to the {switch} pin on its card.",
        "Colours mark players; the pin tables suggest a wire colour per side.",
    ]
    if any(use.kind == "led" for use in uses):
        end = "the pad's ground wire" if pull_up else "a GND pin (the pad's wire is 3V3 here)"
        lines.append(f"Outlined tags are LEDs: pin, resistor, LED, then {end}.")
    return lines + interface_note(uses)


def interface_note(uses: Sequence[Use]) -> list[str]:
    """A legend line naming the interfaces whose pins the map uses (they must stay off)."""
    titles = [iface.title for iface in pins.INTERFACES.values()
              if any(use.pin in iface.pins for use in uses)]
    if not titles:
        return []
    return [f"Some of these pins also serve {', '.join(titles)}: keep those interfaces off "
            "(and HATs that use them)."]


def bcm_cell(pin: int | tuple[str, int]) -> str:
    """The BCM column of a pin table: ``"GPIO4"``, or ``"GND"`` for a ground pin."""
    return pins.HEADER[physical(pin)] if isinstance(pin, tuple) else f"GPIO{pin}"


def physical_cell(pin: int | tuple[str, int]) -> str:
    return str(physical(pin))


def pin_tables(uses: Sequence[Use], heading: str, *, pull_up: bool = True) -> str:
    """The printable pin tables of a GPIO map (see :mod:`companion.tools.wiring.tables`)."""
    intro = ("One table per pad: wire each row from the button (or LED) to the physical pin "
             "of the Pi's 40-pin header. The BCM pin is the number the config uses. "
             "Wire colours are suggestions: the same colour for a side on every pad, black for "
             "the common wire.")
    led_grounds = {} if pull_up else {   # the switches' wire is 3V3: the LEDs need a ground
        group: pin for group, pin in returns_of(uses, pull_up=True).items()
        if any(use.kind == "led" for use in uses if use.group == group)}
    return tables.document(heading, intro, uses, returns_of(uses, pull_up),
                           [("BCM pin", bcm_cell), ("Physical pin", physical_cell)],
                           electrics.PI.volts, common="ground" if pull_up else "3V3",
                           led_grounds=led_grounds)
