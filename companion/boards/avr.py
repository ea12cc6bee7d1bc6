"""The controller boards: their pins, how each pin is stamped, and default pads.

This module is the single source of truth for the Arduino Nano and Mega pin
lists. The firmware's pin table (``hardware/firmware/build/<board>/pins.h``)
is generated from it (``python3 -m companion.boards.avr header nano``), the
host reader checks a controller's hello against it, and the wiring generator
imports it.

A pin's index on the wire is its position in :attr:`Board.pins`. Buttons pull
the line to ground (internal pull-ups hold it high), so "pressed" is low.
Pins are grouped four to a pad in ``N, E, S, W`` order, player 1 first.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.notnot.sides import SIDES, Side

#: How a pin raises the firmware's button interrupt: a pin-change interrupt or
#: an external interrupt (INTn, any edge). Either way the same routine stamps it.
STAMPING = ("pcint", "int")


class BoardError(CompanionError):
    """A board or pin name the boards do not have; the message names the ones they do."""


@dataclass(frozen=True)
class BoardPin:
    """One input pin: its Arduino name, its AVR port letter and bit, its stamping."""

    name: str
    port: str
    bit: int
    stamping: str


@dataclass(frozen=True)
class Board:
    """A controller board: the MCU it carries and its button pins in wire order.

    ``refused`` names pins of the board that the firmware does not read as
    buttons because they have no interrupt (see :data:`MEGA`).
    """

    name: str
    mcu: str
    pins: tuple[BoardPin, ...]
    refused: tuple[str, ...] = ()

    @property
    def pin_names(self) -> tuple[str, ...]:
        """The pin names in wire order (index 0 first)."""
        return tuple(pin.name for pin in self.pins)

    @property
    def players(self) -> int:
        """How many four-button pads the board carries."""
        return len(self.pins) // len(SIDES)

    def pin(self, name: str) -> BoardPin:
        """The pin called ``name``; raises :class:`BoardError` naming the board's pins."""
        for pin in self.pins:
            if pin.name == name:
                return pin
        if name in self.refused:
            raise BoardError(f"{name!r} has no interrupt on the {self.name}: a polled pin is "
                             f"stamped up to ~15 us late, so the {self.name} seats players only "
                             f"on its {len(self.pins)} interrupt pins (pads 1-{self.players}; "
                             "more players take a second controller)")
        raise BoardError(f"{name!r} is not a button pin of the {self.name} "
                         f"(pins: {', '.join(self.pin_names)})")

    def default_map(self) -> dict[str, tuple[int, Side]]:
        """Pin name -> (player, side): pad after pad, each wired N, E, S, W."""
        return {pin.name: (index // 4 + 1, SIDES[index % 4])
                for index, pin in enumerate(self.pins)}


def _pins(stamping: str, names_and_ports: str) -> tuple[BoardPin, ...]:
    """Pins from ``"D2=D2 D3=D3 ..."`` (Arduino name = AVR port letter and bit)."""
    pins = []
    for item in names_and_ports.split():
        name, port = item.split("=")
        pins.append(BoardPin(name, port[0], int(port[1]), stamping))
    return tuple(pins)


#: Arduino Nano / Uno (ATmega328P): every pin has a pin-change interrupt.
#: D0/D1 carry the UART; D13 drives the on-board LED; A6/A7 are analog-only.
NANO = Board(
    name="nano",
    mcu="atmega328p",
    pins=_pins("pcint", "D2=D2 D3=D3 D4=D4 D5=D5 D6=D6 D7=D7 D8=B0 D9=B1 "
                        "D10=B2 D11=B3 D12=B4 A0=C0 A1=C1 A2=C2 A3=C3 A4=C4"),
)

#: Arduino Mega 2560: the 24 pins that have interrupts (18 usable pin-change
#: pins on ports B, J, K and six external interrupts INT0-5), six pads. Its
#: other pins have none: read by polling (as pads 7-12 once were, on ports A,
#: C and L) a press waits for the main loop, up to ~15 us (measured), far from
#: the 2 us the interrupt pins keep; so those pins are refused.
MEGA = Board(
    name="mega",
    mcu="atmega2560",
    pins=(
        _pins("pcint", "D53=B0 D52=B1 D51=B2 D50=B3 D10=B4 D11=B5 D12=B6 D13=B7 "
                       "A8=K0 A9=K1 A10=K2 A11=K3 A12=K4 A13=K5 A14=K6 A15=K7 "
                       "D15=J0 D14=J1")
        + _pins("int", "D21=D0 D20=D1 D19=D2 D18=D3 D2=E4 D3=E5")
    ),
    refused=tuple(f"D{number}" for number in range(22, 50)),
)

BOARDS: dict[str, Board] = {board.name: board for board in (NANO, MEGA)}

#: Boards a maker may name that are one of :data:`BOARDS` by chip and pins.
SAME_AS = {"uno": NANO, "mega2560": MEGA}


def board_refusal(name: object) -> str:
    """Why ``name`` (shown as the settings file would write it) names no board: the boards
    to choose from, and the one to write for a board that is one of them by chip and pins."""
    same = SAME_AS.get(str(name).lower()) if isinstance(name, str) else None
    if same is not None:
        return (f"not a board name: the {name} has the {same.name}'s chip ({same.mcu}) and pins: "
                f"write \"{same.name}\"")
    return f"not a board (choose from {', '.join(BOARDS)})"


def board_named(name: str) -> Board:
    """The board called ``name`` (``"nano"`` or ``"mega"``); :class:`BoardError` otherwise."""
    try:
        return BOARDS[name]
    except KeyError:
        raise BoardError(f"{name!r}: {board_refusal(name)}") from None


def pin_problem(board: str, name: str) -> str | None:
    """Why ``name`` is not a button pin of ``board``, or None when it is one."""
    try:
        board_named(board).pin(name)
    except BoardError as error:
        return str(error)
    return None


def c_header(board: Board) -> str:
    """The firmware's pin table for ``board`` as a C header.

    For each port used it defines ``PORT_<X>_MASK`` (the button bits) and
    ``PORT_<X>_INDEX`` (bit -> wire index, 0xFF where unused); plus
    ``PIN_COUNT``, ``BOARD_NAME`` and ``PIN_NAMES`` (comma-separated).
    """
    lines = [f"/* Generated from companion/boards/avr.py for the {board.name}: do not edit. */",
             "#pragma once",
             f'#define BOARD_NAME "{board.name}"',
             f"#define PIN_COUNT {len(board.pins)}",
             f'#define PIN_NAMES "{",".join(board.pin_names)}"']
    for port in sorted({pin.port for pin in board.pins}):
        index = [0xFF] * 8
        for wire_index, pin in enumerate(board.pins):
            if pin.port == port:
                index[pin.bit] = wire_index
        mask = sum(1 << bit for bit in range(8) if index[bit] != 0xFF)
        lines.append(f"#define PORT_{port}_MASK 0x{mask:02X}")
        lines.append(f"#define PORT_{port}_INDEX {{{', '.join(str(i) for i in index)}}}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    """``python3 -m companion.boards.avr header BOARD``: print the C pin table."""
    if len(argv) != 2 or argv[0] != "header" or argv[1] not in BOARDS:
        print(f"usage: python3 -m companion.boards.avr header {{{','.join(BOARDS)}}}",
              file=sys.stderr)
        return 2
    sys.stdout.write(c_header(BOARDS[argv[1]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
