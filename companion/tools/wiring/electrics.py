"""The electrical arithmetic of a pad: LED resistors and what a pin can drive.

The current limits are the figures commonly given for each chip (the
Raspberry Pi's GPIO pads, the ATmega328P of the Nano and the ATmega2560 of
the Mega); the wiring guide quotes them, and the resistor values come from
:func:`led_resistor`.

>>> led_resistor(3.3, 2.0, 5.0)
(270, 4.8)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The E12 series of standard resistor values, one decade.
E12: tuple[float, ...] = (1.0, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2)

#: A typical red/green LED's forward voltage (V).
LED_FORWARD_V = 2.0
#: The LED current the guide recommends (mA): bright enough indoors, light on the budget.
LED_CURRENT_MA = 4.0
#: Internal pull-up of a Pi GPIO (about 50 kOhm), for the current a pressed button draws.
PI_PULL_UP_OHMS = 50_000


@dataclass(frozen=True)
class Driver:
    """What a board's output pins can drive: its logic voltage and current limits (mA)."""

    name: str
    volts: float
    per_pin_ma: float       # keep each pin at or under this
    per_pin_note: str
    total_ma: float         # keep all output pins together under this
    total_note: str


PI = Driver("Raspberry Pi GPIO", 3.3, 8,
            "the default drive strength; settable 2-16 mA, 16 mA at most",
            50, "all GPIO outputs together, the commonly given limit")
AVR = Driver("Arduino Nano / Mega (ATmega328P / ATmega2560)", 5.0, 20,
             "recommended; 40 mA absolute maximum", 200, "through the chip's supply pins")
DRIVERS: tuple[Driver, ...] = (PI, AVR)


def e12_at_least(ohms: float) -> int:
    """The smallest E12 resistor value of at least ``ohms`` (so the current stays under target)."""
    decade = 10 ** math.floor(math.log10(ohms))
    for step in E12 + (10.0,):
        value = round(step * decade, 6)
        if value >= ohms - 1e-9:
            return round(value)
    raise AssertionError("unreachable: 10.0 closes every decade")


def led_resistor(supply_v: float, forward_v: float = LED_FORWARD_V,
                 current_ma: float = LED_CURRENT_MA) -> tuple[int, float]:
    """``(ohms, mA)``: the E12 series resistor for an LED on a ``supply_v`` pin, and the
    current it actually lets through (rounded to 0.1 mA)."""
    if supply_v <= forward_v:
        raise ValueError(f"a {supply_v} V pin cannot light a {forward_v} V LED")
    ohms = e12_at_least((supply_v - forward_v) / (current_ma / 1000))
    return ohms, round((supply_v - forward_v) / ohms * 1000, 1)


def leds_within(driver: Driver, led_ma: float) -> int:
    """How many LEDs at ``led_ma`` the board's total output budget lights at once."""
    return math.floor(driver.total_ma / led_ma)


def button_current_ua(volts: float = 3.3, pull_up_ohms: float = PI_PULL_UP_OHMS) -> int:
    """Current (µA) through a pressed button held high by an internal pull-up."""
    return round(volts / pull_up_ohms * 1_000_000)
