"""``companion run``: the kiosk. Fullscreen Not Not at the table, judged by the pads.

Reads the settings file (``--config``, else ``$COMPANION_CONFIG``, else the
first of ``~/.config/companion/config.toml`` and ``/etc/companion/config.toml``,
else the shipped defaults), opens the GPIO pads and, with ``[serial]``
enabled, the serial controller (:mod:`companion.inputs.serial_pads`; its
state is a notice on screen), and runs the one loop. With neither (a laptop,
a desktop) it says why in one line and plays in a window with the keyboard
(the ``[keyboard]`` keys; Esc is the menu, Enter confirms).
Under systemd it sends READY=1 after the first frame and WATCHDOG=1 from the
loop; SIGTERM (which SDL turns into a window close) ends it cleanly.
"""

from __future__ import annotations

import logging
import random

from companion import config as settings_file
from companion.app import menu_key
from companion.display.options import add_screen_arguments
from companion.errors import CompanionError
from companion.inputs.gpio import open_gpio
from companion.inputs.keyboard import KeyMap
from companion.inputs.serial_pads import SerialPads, serial_pads, tie_window_ns
from companion.kiosk import KioskOptions, build_kiosk
from companion.scenes.context import Settings
from companion.scenes.lights import winner_lights
from companion.systemd_notify import Notifier

NAME = "run"
HELP = "run the kiosk: dice, table and judge on screen (pads on GPIO, else keyboard in a window)"

log = logging.getLogger(__name__)


def add_arguments(parser) -> None:
    parser.add_argument("--config", metavar="FILE", help="settings file (default: the usual places, else defaults)")
    parser.add_argument("--window", action="store_true", help="play in a window instead of fullscreen")
    parser.add_argument("--keyboard-only", action="store_true", help="do not open the GPIO pins")
    parser.add_argument("--seed", type=int, default=None, help="seed of the first game's deck (default: random)")
    add_screen_arguments(parser)


class LoopPost:
    """``post`` for inputs opened before the loop exists: forwards once :attr:`target` is set."""

    def __init__(self) -> None:
        self.target = None

    def __call__(self, event) -> None:
        if self.target is not None:
            self.target(event)


def open_pads(config, keyboard_only: bool, post):
    """The GPIO pads posting to ``post``, or ``(None, why not)``."""
    if keyboard_only:
        return None, "keyboard only, as asked"
    if not config.gpio.enabled:
        return None, "GPIO is off in the settings"
    try:
        return open_gpio(config.gpio, post), ""
    except CompanionError as error:
        return None, str(error)


def kiosk_options(args, config, pads, notifier: Notifier,
                  controller: SerialPads | None = None) -> KioskOptions:
    """How to build the kiosk for these arguments, settings and inputs."""
    keys = KeyMap(config.keyboard) if config.keyboard.enabled else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    return KioskOptions(
        size=args.size, rotation=args.rotation,
        fullscreen=(pads is not None or controller is not None) and not args.window,
        settings=Settings(seed=seed), key_maps=((keys.event_of,) if keys else ()) + (menu_key,),
        tie_window_ns=tie_window_ns(config, pads is not None, controller is not None),
        ready=lambda: notifier.ready("kiosk up"), watchdog=notifier.watchdog)


def run(args) -> int:
    config = settings_file.load(args.config or settings_file.find())
    post = LoopPost()
    pads, why = open_pads(config, args.keyboard_only, post)
    controller = serial_pads(config, post, args.keyboard_only)
    if pads is None and controller is None:
        log.warning("playing with the keyboard in a window: %s", why)
    notifier = Notifier()
    app = None
    try:
        app = build_kiosk(kiosk_options(args, config, pads, notifier, controller))
        if pads is not None:
            app.ctx.on_winners = winner_lights(pads)
        post.target = app.post
        if controller is not None:
            controller.start()
        app.run()
    finally:
        notifier.stopping()
        notifier.close()
        if pads is not None:
            pads.close()
        if controller is not None:
            controller.close()
        if app is not None:
            app.screen.close()
    return 0
