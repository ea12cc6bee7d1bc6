"""``companion run``: the kiosk. Fullscreen Not Not at the table, judged by the pads.

The start-up is :mod:`companion.kiosk.startup`. Never a dead screen: what stops a normal
start (a settings mistake, pads that do not open, a state folder another kiosk holds, a
display not there yet) is shown on the display or, in a terminal, said in one line.
docs/KIOSK.md says what the table sees in each case.
"""

from __future__ import annotations

import argparse

from companion.display.options import add_screen_arguments
from companion.kiosk.startup import start_kiosk
from companion.tools.argtypes import seed

NAME = "run"
HELP = "run the kiosk: dice, table and judge on screen (pads on GPIO, else keyboard in a window)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE",
                        help="settings file (default: the usual places, else defaults)")
    parser.add_argument("--window", action="store_true",
                        help="play in a window instead of fullscreen")
    parser.add_argument("--keyboard-only", action="store_true",
                        help="play with the keyboard only: open neither the GPIO pins nor "
                             "the serial controller")
    parser.add_argument("--seed", type=seed, default=None,
                        help="seed of the first game's deck (default: random)")
    parser.add_argument("--mock", action="store_true",
                        help="open the pin map on mock pins (no Pi needed); play with the keyboard")
    parser.add_argument("--state-dir", metavar="DIR", default=None,
                        help="folder of the game state database (default: the usual place, "
                             "docs/KIOSK.md); one companion per folder: on a folder another "
                             "kiosk uses, it asks before playing without saving")
    add_screen_arguments(parser, rotation_default=None)


def run(args: argparse.Namespace) -> int:
    start_kiosk(args)
    return 0
