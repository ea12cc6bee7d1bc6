"""Facts about the Raspberry Pi 40-pin header (J8), and checks on a pin map.

Owns: which physical pin carries which BCM GPIO, which pins are power and
ground, the ID EEPROM pins (GPIO 0/1), which GPIOs the optional interfaces
(UART, I2C, SPI, I2S audio, 1-Wire) take, and the checks config validation
runs on a GPIO pin. The wiring diagrams read the same facts.

Pins are named by their BCM GPIO number (``4`` means GPIO4, physical pin 7),
as gpiozero does. The header is the same on every 40-pin Pi (B+ to Pi 5).

>>> physical_pin(4)
7
>>> describe(4)
'GPIO4 (pin 7)'
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

#: What each physical pin of the 40-pin header carries: "GPIOn", "3V3", "5V" or "GND".
HEADER: dict[int, str] = {
    1: "3V3", 2: "5V",
    3: "GPIO2", 4: "5V",
    5: "GPIO3", 6: "GND",
    7: "GPIO4", 8: "GPIO14",
    9: "GND", 10: "GPIO15",
    11: "GPIO17", 12: "GPIO18",
    13: "GPIO27", 14: "GND",
    15: "GPIO22", 16: "GPIO23",
    17: "3V3", 18: "GPIO24",
    19: "GPIO10", 20: "GND",
    21: "GPIO9", 22: "GPIO25",
    23: "GPIO11", 24: "GPIO8",
    25: "GND", 26: "GPIO7",
    27: "GPIO0", 28: "GPIO1",
    29: "GPIO5", 30: "GND",
    31: "GPIO6", 32: "GPIO12",
    33: "GPIO13", 34: "GND",
    35: "GPIO19", 36: "GPIO16",
    37: "GPIO26", 38: "GPIO20",
    39: "GND", 40: "GPIO21",
}

#: BCM GPIO number -> physical pin.
PHYSICAL: dict[int, int] = {
    int(name[4:]): pin for pin, name in HEADER.items() if name.startswith("GPIO")
}

#: BCM GPIO number <- physical pin.
GPIO_AT: dict[int, int] = {pin: gpio for gpio, pin in PHYSICAL.items()}

#: Every BCM GPIO on the header, 0 to 27.
GPIOS: tuple[int, ...] = tuple(sorted(PHYSICAL))

#: Physical pins that are ground (a button's return wire goes to one of these).
GROUND_PINS: tuple[int, ...] = tuple(pin for pin, name in HEADER.items() if name == "GND")

#: GPIO 0/1 belong to the HAT ID EEPROM; the firmware reads them at boot.
ID_EEPROM: dict[int, str] = {0: "ID_SD", 1: "ID_SC"}

#: GPIOs with a fixed 1.8 kOhm pull-up on the board (the I2C pins).
FIXED_PULL_UP: tuple[int, ...] = (2, 3)


@dataclass(frozen=True)
class Interface:
    """An optional interface that takes over some GPIOs when it is enabled.

    ``key`` is its name in the config's ``[interfaces]`` table, ``title`` the
    name people know it by, ``pins`` maps each GPIO it takes to that pin's role.
    """

    key: str
    title: str
    pins: dict[int, str]


#: The interfaces a config can enable, by config key.
INTERFACES: dict[str, Interface] = {
    iface.key: iface
    for iface in (
        Interface("uart", "UART (serial console)", {14: "TXD", 15: "RXD"}),
        Interface("i2c", "I2C", {2: "SDA", 3: "SCL"}),
        Interface("spi", "SPI0", {7: "CE1", 8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"}),
        Interface("spi1", "SPI1",
                  {16: "CE2", 17: "CE1", 18: "CE0", 19: "MISO", 20: "MOSI", 21: "SCLK"}),
        Interface("i2s", "I2S audio", {18: "PCM_CLK", 19: "PCM_FS", 20: "PCM_DIN", 21: "PCM_DOUT"}),
        Interface("one_wire", "1-Wire", {4: "W1"}),
    )
}


def physical_pin(gpio: int) -> int:
    """The physical header pin of BCM ``gpio``; ``KeyError`` if it is not on the header."""
    return PHYSICAL[gpio]


def describe(gpio: int) -> str:
    """``"GPIO4 (pin 7)"``: how messages and diagrams name a GPIO."""
    return f"GPIO{gpio} (pin {PHYSICAL[gpio]})"


def pin_problem(gpio: int, *, pull_up: bool = True) -> str | None:
    """Why BCM ``gpio`` cannot carry a button or LED, or ``None`` if it can.

    Checks that the GPIO is on the header, is not an ID EEPROM pin, and (for
    ``pull_up=False``) does not have a fixed pull-up resistor.
    """
    if gpio not in PHYSICAL:
        hint = ""
        if GPIO_AT.get(gpio) not in (None, *ID_EEPROM):
            hint = f"; physical pin {gpio} is {HEADER[gpio]}, and pins are given by BCM number"
        return f"there is no GPIO{gpio} on the 40-pin header (GPIO 2 to 27 are usable{hint})"
    if gpio in ID_EEPROM:
        return (f"{describe(gpio)} is {ID_EEPROM[gpio]}, reserved for the HAT ID EEPROM "
                "(never use GPIO 0/1)")
    if not pull_up and gpio in FIXED_PULL_UP:
        return (f"{describe(gpio)} has a fixed 1.8 kOhm pull-up, so it cannot work "
                "with gpio.pull_up = false")
    return None


def interface_clashes(gpio: int, enabled: Collection[str]) -> list[tuple[str, str]]:
    """``(config key, use)`` for each enabled interface that takes ``gpio``.

    >>> interface_clashes(14, {"uart", "i2c"})
    [('uart', 'UART (serial console) TXD')]
    """
    return [
        (key, f"{iface.title} {iface.pins[gpio]}")
        for key, iface in INTERFACES.items()
        if key in enabled and gpio in iface.pins
    ]
