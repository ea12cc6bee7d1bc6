"""``companion run``: the kiosk. Fullscreen Not Not at the table, judged by the pads.

Reads the settings file (``--config``, else ``$COMPANION_CONFIG``, else the
first of ``~/.config/companion/config.toml`` and ``/etc/companion/config.toml``,
else the shipped defaults), opens the GPIO pads (``--mock``: mock pins) and,
with ``[serial]`` enabled, the serial controller
(:mod:`companion.inputs.serial.pads`; its state is a notice on screen, and a
dot and a word in the top-right corner for as long as it runs), and
runs the one loop. Under systemd it sends READY=1 after the first frame and
WATCHDOG=1 from the loop; SIGTERM (which SDL turns into a window close) ends
it cleanly.

Never a dead screen: what stops a normal start is shown on the display, and
the loop (so the watchdog) runs on. A settings file with a mistake (or one
that cannot be read) puts the mistake on screen in large text with what to
do; E, Enter or a touch then plays with the default settings (the default pin
map, the keyboard). Pads that cannot be opened leave the keyboard, with a
notice; so does a state database that cannot be opened (the games are not
saved). Under systemd, a display that cannot be opened yet is waited for
(READY=1 and the watchdog keep the unit from restarting in a loop, and
``systemctl status companion`` says why); in a terminal it is one line and
exit 2.

One companion per state folder: the kiosk holds its folder's lock
(:mod:`companion.storage.owner`) while it runs. A second kiosk on a folder in
use asks the table first (the start-problem screen): E, Enter or a touch plays
without saving (in a scratch folder deleted when it stops: nothing is written
to the folder in use, and the first kiosk's game is neither offered nor
touched); W or Backspace quits.
"""

from __future__ import annotations

import argparse

from companion.display.options import add_screen_arguments
from companion.kiosk.startup import start_kiosk

NAME = "run"
HELP = "run the kiosk: dice, table and judge on screen (pads on GPIO, else keyboard in a window)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--config", metavar="FILE",
                        help="settings file (default: the usual places, else defaults)")
    parser.add_argument("--window", action="store_true",
                        help="play in a window instead of fullscreen")
    parser.add_argument("--keyboard-only", action="store_true", help="do not open the GPIO pins")
    parser.add_argument("--seed", type=int, default=None,
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
