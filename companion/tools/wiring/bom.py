"""The parts list: what to buy for 2, 4 and 6 players on GPIO, 4 and 6 on the serial controller.

Every count comes from the shipped pin maps: buttons and wires from the pads
each build wires, the ground pins from the same ground assignment the
diagrams draw, free pins (for LEDs, control buttons, a dealer pad) from the
header's usable GPIOs, and the serial board from the boards' pad counts
(:mod:`companion.boards.avr`). ``companion wiring --bom FILE`` writes it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from companion.boards import avr as boards
from companion.config import settings as config
from companion.config.settings import CONTROL_NAMES, DEALER_FACES
from companion.errors import CompanionError
from companion.tools.wiring import arduino, electrics, header
from companion.tools.wiring.tables import table
from companion.tools.wiring.uses import gpio_uses

GPIO_PLAYERS = (2, 4, 6)
SERIAL_PLAYERS = (4, 6)
#: Length of one pad's cable, from the controller in the middle of the table to the pad (m).
CABLE_M = 1.5
#: Length of one ground jumper between two switches inside a pad (m).
JUMPER_M = 0.15
#: Cores in a pad's cable: four signals, ground, one spare.
CABLE_CORES = 6


@dataclass(frozen=True)
class Build:
    """One build: ``players`` pads on ``controller`` (``"gpio"`` or a board name)."""

    players: int
    controller: str
    signal_pins: int    # pins the pads' buttons take
    common_pins: int    # distinct ground pins the pads return to
    free_pins: int      # controller pins left for LEDs and extra buttons (GPIO builds)

    @property
    def title(self) -> str:
        where = ("GPIO" if self.controller == "gpio"
                 else f"Arduino {BOARD_TITLES.get(self.controller, self.controller)}")
        return f"{self.players} players, {where}"

    @property
    def buttons(self) -> int:
        return 4 * self.players


def gpio_build(players: int, shipped: config.Config) -> Build:
    """The GPIO build of pads 1 to ``players`` of the shipped map."""
    pads = shipped.gpio.pads
    if players > len(pads):
        raise CompanionError(f"the shipped map has {len(pads)} GPIO pads, not {players}")
    uses = gpio_uses(pads[:players])
    returns = header.returns_of(uses)
    return Build(players, "gpio", len(uses), len(set(returns.values())),
                 len(header.USABLE) - len(uses))


#: How the parts list names each board.
BOARD_TITLES = {"nano": "Nano", "mega": "Mega 2560"}


def serial_boards() -> dict[str, int]:
    """Board name -> how many pads it carries."""
    return {name: board.players for name, board in boards.BOARDS.items()}


def serial_build(players: int) -> Build:
    """The serial build for ``players``: the smallest board that carries them."""
    fitting = sorted((pads, name) for name, pads in serial_boards().items() if pads >= players)
    if not fitting:
        raise CompanionError(f"no serial board carries {players} players")
    pads, name = fitting[0]
    uses = arduino.default_uses(name)[:4 * players]
    returns = arduino.returns_of(name, uses)
    return Build(players, name, len(uses), len(set(returns.values())), 4 * pads - len(uses))


def builds() -> list[Build]:
    """Every build in the parts list."""
    shipped = config.load()
    return ([gpio_build(players, shipped) for players in GPIO_PLAYERS]
            + [serial_build(players) for players in SERIAL_PLAYERS])


def _fits(free: int, needed: int, build: Build) -> str:
    if build.controller != "gpio":
        return "on the Pi's header"
    return "fits" if free >= needed else f"no ({free} pins free)"


def count_rows(found: Sequence[Build]) -> list[list[str]]:
    """The parts every build needs, counted per build."""
    def each(count: Callable[..., int]) -> list[str]:
        return [str(count(build)) for build in found]

    def metres(count: Callable[[Build], float]) -> list[str]:
        return [f"{count(build):g} m" for build in found]

    rows = [
        ["Arcade push button, 30 mm, with a normally-open microswitch"] + each(lambda b: b.buttons)
        + ["one per card spot, four per pad; buy a spare or two"],
        ["Female spade crimp terminal for the microswitch tabs"] + each(lambda b: 2 * b.buttons)
        + ["two per button (COM and NO); most arcade switches take 4.8 mm (0.187\") tabs"],
        [f"{CABLE_CORES}-core cable, one run per pad"] + metres(lambda b: CABLE_M * b.players)
        + [f"{CABLE_M:g} m per pad: four signals, ground, one spare core"],
        ["Black hook-up wire for the ground jumpers inside each pad"]
        + metres(lambda b: round(3 * JUMPER_M * b.players, 2))
        + [f"three {JUMPER_M * 100:g} cm jumpers per pad, daisy-chaining the COM tabs"],
        ["Box or panel for a pad"] + each(lambda b: b.players)
        + ["four 30 mm holes in a cross, like the card spots around the deck"],
        ["Pad connector (plug and socket pair, 5 or 6 pins)"] + each(lambda b: b.players)
        + ["one per pad, so a pad unplugs (e.g. GX16 aviation or JST-XH)"],
        ["Button pins used on the controller"] + each(lambda b: b.signal_pins)
        + ["one per button, from the pin map"],
        ["Ground pins used"] + each(lambda b: b.common_pins)
        + ["as on the diagrams; pads share a ground pin when there are more pads than grounds"],
        ["Screw-terminal breakout for the controller"] + each(lambda b: 1)
        + ["GPIO: a 40-pin terminal HAT; Arduino: a terminal shield (or solder directly)"],
    ]
    for name, players in serial_boards().items():
        rows.append([f"Arduino {BOARD_TITLES.get(name, name)}"]
                    + each(lambda b, name=name: int(b.controller == name))
                    + [f"serial controller for up to {players} players"
                       + ("; can stand in for GPIO wiring in the smaller builds"
                          if players < min(SERIAL_PLAYERS) else "")])
    rows.append(["USB cable, Pi to Arduino"] + each(lambda b: int(b.controller != "gpio"))
                + ["USB-B for the Mega; Mini-USB or USB-C for a Nano (check your board)"])
    return rows


def option_rows(found: Sequence[Build]) -> list[list[str]]:
    """Optional extras and whether the build has the pins for them."""
    ohms, _ = electrics.led_resistor(electrics.PI.volts)
    controls, dealer = len(CONTROL_NAMES), len(DEALER_FACES)

    def led_fits(build: Build) -> str:
        if build.controller != "gpio":
            return "not in the serial map"
        need = build.buttons
        return f"{need} LEDs + {need} × {ohms} Ω" if build.free_pins >= need else \
            f"no ({build.free_pins} pins free, {need} needed)"

    return [
        ["LED per button, with its resistor"] + [led_fits(b) for b in found]
        + ["lit for the winner; see wiring/README.md for the resistor; four wires more per "
           "pad: a cable of 9 cores or more (four signals, four LEDs, ground) and a connector "
           "with as many pins, in place of the 6-core cable and its connector"],
        [f"Control buttons ({', '.join(CONTROL_NAMES)})"]
        + [_fits(b.free_pins, controls, b) for b in found] + [f"{controls} buttons"],
        [f"Dealer pad ({', '.join(face.lower() for face in DEALER_FACES)})"]
        + [_fits(b.free_pins, dealer, b) for b in found] + [f"{dealer} buttons"],
    ]


COMMON_ROWS = [
    ["Raspberry Pi 4 Model B or Raspberry Pi 5", "1",
     "2 GB is plenty; any Pi with the 40-pin header"],
    ["Power supply for that Pi", "1",
     "the official one: 5.1 V 3 A USB-C (Pi 4) or 27 W USB-C (Pi 5)"],
    ["microSD card, 16 GB or more", "1", "Raspberry Pi OS (Bookworm)"],
    ["Display, option A: HDMI monitor or TV", "1",
     "plus a micro-HDMI to HDMI cable (Pi 4 and Pi 5 have micro-HDMI sockets)"],
    ["Display, option B: official Raspberry Pi 7\" touch display", "1",
     "DSI ribbon (the Pi 5 needs the 22-to-15-pin display cable); if it takes its power from the "
     "header (5V and GND pins), that GND pin can still be a pad's ground"],
    ["Case that leaves the GPIO header reachable", "1", "or a stand for the touch display"],
    ["Sound, option A: the HDMI screen's own speakers", "0",
     "[sound] device = \"sysdefault:CARD=vc4hdmi0\" (HDMI refuses hw:)"],
    ["Sound, option B: USB speaker", "1",
     "the Pi 5 has no 3.5 mm jack, and the 7\" touch display no speaker; "
     "[sound] device = \"sysdefault:CARD=...\" as aplay -L names it"],
    ["Sound, option C: I2S amplifier board (MAX98357A) and a 4-8 Ω speaker", "1",
     "wired to GPIO18, 19 and 21, and its overlay holds GPIO20 too: not with a 5th GPIO "
     "pad, nor with the control buttons on their default GPIO18 and 19; dtoverlay=max98357a "
     "in config.txt and [interfaces] i2s = true in the settings"],
]


def document(found: Sequence[Build]) -> str:
    """The parts list as Markdown."""
    headings = ["Part"] + [build.title for build in found] + ["Notes"]
    lines = [
        "# Parts list",
        "",
        "Generated by `companion wiring` from the shipped pin maps "
        "(the default `[gpio]` pads, and the serial boards' default maps): do not edit by hand. "
        "The wiring itself is in the README beside the diagrams (`companion wiring --out DIR`).",
        "",
        "## For the pads, per build",
        "",
        table(headings, count_rows(found)),
        "",
        "## Optional extras: do the pins allow them?",
        "",
        table(headings, option_rows(found)),
        "",
        "## Every build",
        "",
        table(["Part", "Count", "Notes"], COMMON_ROWS),
        "",
    ]
    return "\n".join(lines)


def write(path: str | os.PathLike) -> list[Path]:
    """Write the parts list to ``path``; returns ``[path]``."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(document(builds()), encoding="utf-8")
    except OSError as error:
        raise CompanionError(f"cannot write the parts list to {target}: "
                             f"{error.strerror or error}") from None
    return [target]
