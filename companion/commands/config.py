"""``companion config``: write the commented default config, or check a config file.

A file the kiosk would read but with which no game can be played (fewer than players 1 and 2
have a pad, on GPIO, the serial controller and the keyboard together) fails the check, in one
line naming the file and what each of those tables seats; ``companion run`` still starts with
it, and its set-up menus say the same on the screen. A file that plays but is likely to fail at
the table passes with a note after "ok, but" on the first line: pads that never play, a raw
``hw:`` sound device.
"""

from __future__ import annotations

import argparse
import glob
import os
import stat
import sys

from companion.boards import pi_header
from companion.config import settings as config
from companion.config.reading import named_path
from companion.errors import ConfigError
from companion.games.notnot.round import Timing
from companion.inputs.serial.pads import players_of, seated_by_keys_alone, tie_window_ns

NAME = "config"
HELP = "print the commented default config, or check a config file"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--print-default", action="store_true",
                      help="write the commented default config to standard output")
    what.add_argument("--check", metavar="FILE",
                      help="check FILE and say what it sets up (without --check or "
                           "--print-default: the active config is checked)")


def run(args: argparse.Namespace) -> int:
    if args.print_default:
        sys.stdout.write(config.default_text())
        return 0
    from companion.inputs.keyboard import KEY_NAMES  # pygame: only when a file is checked

    loaded = config.load(*named_path(args.check, "COMPANION_CONFIG", config.find),
                         key_names=KEY_NAMES)
    unplayable = config.no_game_without_pads(loaded)
    if unplayable:
        raise ConfigError([f"{loaded.source}: {unplayable}"])
    notes = [note for note in (config.pads_never_seated(loaded), config.raw_sound_device(loaded))
             if note]
    print(f"{loaded.source}: ok" + (f", but {'; and '.join(notes)}" if notes else ""))
    print(summary(loaded))
    return 0


def summary(loaded: config.Config, gpio_here: bool | None = None,
            device_here: bool | None = None) -> str:
    """What ``companion run`` will read with ``loaded``: one line per input, then the tie window.

    An input is "read" only when the kiosk will open it: GPIO needs buttons in
    the pin map and a GPIO chip on this machine (``gpio_here``, default: is
    there a ``/dev/gpiochip*``); the serial controller is read when enabled
    (``device_here`` says whether its device exists now; it is opened when it
    appears). Without GPIO and controller the kiosk plays in a window with the keyboard.
    """
    gpio_here = bool(glob.glob("/dev/gpiochip*")) if gpio_here is None else gpio_here
    device_here = os.path.exists(loaded.serial.device) if device_here is None else device_here
    gpio_read = gpio_line(loaded, gpio_here)
    serial_read = serial_line(loaded, device_here)
    lines = [gpio_read[1], *header_pin_lines(loaded), serial_read[1],
             keyboard_line(loaded, gpio_read[0] or serial_read[0]),
             f"interfaces enabled: {', '.join(sorted(loaded.interfaces)) or 'none'}"]
    ties = ties_line(loaded, gpio_read[0], serial_read[0])
    if not gpio_here and gpio_line(loaded, True)[0]:   # the GPIO pads play on a Pi, not here
        on_a_pi = ties_line(loaded, True, serial_read[0])
        if on_a_pi != ties:
            ties += f"; on a Pi: {on_a_pi.removeprefix('ties: ')}"
    lines.append(ties)
    return "\n".join(lines)


def ties_line(loaded: config.Config, gpio: bool, serial: bool) -> str:
    """``ties: within 20 us``: the tie window of the inputs read, and whose it is when it is not
    a pad table's own."""
    window = tie_window_ns(loaded, gpio, serial)
    shown = Timing().tie_window_ns if window is None else window
    if window is None:
        whose = (" (the keyboard's, the rules' default: no GPIO nor controller is read)"
                 if loaded.keyboard.enabled else
                 " (the rules' default: no GPIO nor controller is read here)")
    elif (keys_alone := seated_by_keys_alone(loaded, gpio, serial)) and \
            Timing().tie_window_ns > window:
        whose = (f", and within {Timing().tie_window_ns / 1e3:g} us in a game that seats "
                 f"{config.players_named(keys_alone, 'or')}, whom only the "
                 "keyboard seats (a key is true to a millisecond at best)")
    else:
        whose = ""
    return f"ties: within {shown / 1e3:g} us{whose}"


def players(pads: tuple[config.Pad, ...]) -> str:
    """``"players 1-4"`` / ``"player 2"`` / ``"players 1 and 3"`` of ``pads``."""
    return config.players_named(pad.player for pad in pads)


def pads_of(count: int, said: str) -> str:
    """``"4 pads (players 1-4)"`` / ``"1 pad (player 3)"`` / ``"no pads"``: ``said`` is the
    players' words."""
    if not count:
        return "no pads"
    return f"{count} pad{'' if count == 1 else 's'} ({said})"


def gpio_line(loaded: config.Config, gpio_here: bool) -> tuple[bool, str]:
    """(whether the kiosk reads the GPIO header, the line that says so)."""
    gpio = loaded.gpio
    if not gpio.enabled:
        return False, "gpio: not read (gpio.enabled = false)"
    if not (gpio.pads or gpio.controls or gpio.dealer):
        return False, "gpio: not read (no buttons in [gpio])"
    what = pads_of(len(gpio.pads), players(gpio.pads) if gpio.pads else "") \
        + (f", controls {' '.join(gpio.controls)}" if gpio.controls else "") \
        + (", dealer pad" if gpio.dealer else "")
    glitch = (f"glitch filter {gpio.min_press_ns / 1e3:g} us" if gpio.min_press_ns
              else "glitch filter off")
    timing = (f"debounce {gpio.debounce_ns / 1e6:g} ms, stuck after {gpio.stuck_ns / 1e9:g} s, "
              f"tie window {gpio.tie_window_ns / 1e3:g} us, {glitch}")
    if not gpio_here:
        return False, (f"gpio: not read here (no /dev/gpiochip*: not a Pi); on a Pi: {what}; "
                       f"{timing}")
    return True, f"gpio: read, {what}; {timing}"


def header_pin_lines(loaded: config.Config) -> list[str]:
    """Each GPIO pad's buttons by the header's physical pin, then its GPIO, and its LEDs when
    the pad has any: the pin map names GPIOs (BCM), and a maker who wired or typed physical pin
    numbers sees it here."""
    gpio = loaded.gpio
    if not gpio.enabled:
        return []
    return [f"  player {pad.player}: {header_pins(pad.buttons)}"
            + (f"; LEDs {header_pins(pad.leds)}" if pad.leds else "") for pad in gpio.pads]


def header_pins(pins: config.SidePins) -> str:
    """``N pin 7 (GPIO4), E pin 11 (GPIO17), ...``: each side given a pin."""
    return ", ".join(f"{side.value} pin {pi_header.physical_pin(pin)} (GPIO{pin})"
                     for side, pin in pins.items() if pin is not None)


def serial_line(loaded: config.Config, device_here: bool) -> tuple[bool, str]:
    """(whether the kiosk reads the serial controller, the line that says so)."""
    serial = loaded.serial
    if not serial.enabled:
        return False, "serial: not read (serial.enabled = false)"
    odd = not_a_port(serial.device)
    if odd:
        return False, (f"serial: not read: {serial.device} is {odd}, not a serial port "
                       "([serial] device names the controller's port, such as "
                       "/dev/companion-buttons or /dev/ttyUSB0)")
    seated = players_of(serial)
    pads = pads_of(len(seated), config.players_named(seated)
                   + ("" if serial.pads else ", the board's own"))
    plugged = "" if device_here else "; not plugged in now: read as soon as it appears"
    return True, (f"serial: read, {serial.device} ({serial.board}), {pads}, "
                  f"tie window {serial.tie_window_ns / 1e3:g} us{plugged}")


def not_a_port(device: str) -> str | None:
    """What ``device`` is when it is there and no character device ("a folder", "a file"), or
    ``None`` (a port, or nothing there yet: it is opened when it appears)."""
    try:
        found = os.stat(device)
    except OSError:
        return None
    if stat.S_ISCHR(found.st_mode):
        return None
    return "a folder" if stat.S_ISDIR(found.st_mode) else "a file"


def keyboard_line(loaded: config.Config, with_pads: bool) -> str:
    """The keyboard's line: its pads and keys, or only the menu keys when it is off."""
    keyboard = loaded.keyboard
    if not keyboard.enabled:
        return "keyboard: only the menu keys (arrows, Enter, Esc; keyboard.enabled = false)"
    keys = ", ".join(f"{name} {key}" for name, key in keyboard.controls.items())
    pads = pads_of(len(keyboard.pads), players(keyboard.pads) if keyboard.pads else "")
    place = "" if with_pads else " (in a window)"
    return f"keyboard: read{place}, {pads}" + (f", {keys}" if keys else "")
