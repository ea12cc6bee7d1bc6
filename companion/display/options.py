"""Command-line options of the kiosk commands (``run``, ``demo``): screen size, rotation, speed.

Each is an argparse type that refuses bad input with one line naming it.
"""

from __future__ import annotations

import argparse

from companion.config.settings import MAX_SIDE, parse_size, show
from companion.display.layout import check_rotation
from companion.errors import CompanionError


def resolution_arg(text: str) -> tuple[int, int]:
    """``--size WIDTHxHEIGHT``, at least 800x480, at most :data:`MAX_SIDE` a side."""
    try:
        return parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"size {show(text)}: {error}") from None


def rotation_arg(text: str) -> int:
    """``--rotation`` 0, 90, 180 or 270."""
    try:
        return check_rotation(int(text))
    except (ValueError, CompanionError):
        raise argparse.ArgumentTypeError(f"rotation {text} is not one of 0, 90, 180, 270") from None


def speed_arg(text: str) -> float:
    """``--speed``: a factor from 0.1 to 50."""
    try:
        speed = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"speed {text!r} is not a number") from None
    if not 0.1 <= speed <= 50:
        raise argparse.ArgumentTypeError(f"speed {speed:g}: choose 0.1 to 50")
    return speed


def add_screen_arguments(parser: argparse.ArgumentParser,
                         size_default: tuple[int, int] | None = None,
                         rotation_default: int | None = 0) -> None:
    """``--size`` and ``--rotation`` (``None`` defaults: the settings file decides)."""
    parser.add_argument("--size", type=resolution_arg, default=size_default,
                        help=f"WIDTHxHEIGHT, at least 800x480, at most {MAX_SIDE} a side "
                             "(default: " + (
                            f"{size_default[0]}x{size_default[1]})" if size_default
                            else "[display] size in the settings, else the whole screen; "
                                 "a window: 800x480, or 480x800 on an upright screen)"))
    parser.add_argument("--rotation", type=rotation_arg, default=rotation_default,
                        help="turn the picture by 0, 90, 180 or 270 degrees (default " + (
                            f"{rotation_default})" if rotation_default is not None
                            else "[display] rotation in the settings, else 0)"))
