"""``companion config``: write the commented default config, or check a config file."""

from __future__ import annotations

import sys

from companion import config

NAME = "config"
HELP = "print the commented default config, or check a config file"


def add_arguments(parser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--print-default", action="store_true",
                      help="write the commented default config to standard output")
    what.add_argument("--check", metavar="FILE",
                      help="check FILE and say what it sets up (default: the active config)")


def run(args) -> int:
    if args.print_default:
        sys.stdout.write(config.default_text())
        return 0
    path = args.check or config.find()
    loaded = config.load(path)
    from companion.inputs.keyboard import KeyMap   # pygame: only when a file is checked

    KeyMap(loaded.keyboard, loaded.source)      # key names are checked against pygame's
    print(f"{loaded.source}: ok")
    print(summary(loaded))
    return 0


def summary(loaded: config.Config) -> str:
    """A few lines saying what ``loaded`` sets up."""
    gpio, serial = loaded.gpio, loaded.serial
    lines = [
        f"gpio: {'on' if gpio.enabled else 'off'}, {len(gpio.pads)} pads"
        f"{', controls ' + ' '.join(gpio.controls) if gpio.controls else ''}"
        f"{', dealer pad' if gpio.dealer else ''}; "
        f"debounce {gpio.debounce_ns / 1e6:g} ms, stuck after {gpio.stuck_ns / 1e9:g} s, "
        f"tie window {gpio.tie_window_ns / 1e3:g} us",
        f"interfaces enabled: {', '.join(sorted(loaded.interfaces)) or 'none'}",
        f"keyboard: {'on' if loaded.keyboard.enabled else 'off'}, {len(loaded.keyboard.pads)} pads",
        f"serial: {'on' if serial.enabled else 'off'}, {serial.device} ({serial.board}), "
        f"{len(serial.pads)} pads, tie window {serial.tie_window_ns / 1e3:g} us",
    ]
    return "\n".join(lines)
