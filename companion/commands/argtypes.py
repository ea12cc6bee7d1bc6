"""Argument types for the command line that say exactly what is wrong, and the error
a command raises when its options ask for something it cannot do."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from companion.errors import CompanionError


class UsageError(CompanionError):
    """A command's options ask for something it cannot do (a missing option, a count out
    of range): ``companion`` prints it naming the command and where that command's help is."""


def whole_number(low: int, high: int, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (``unit`` names it)."""
    label = f" {unit}" if unit else ""

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(
                f"{text[:24]!r} is not a whole number{label and ' of' + label}")
        if len(digits) > 18:
            raise argparse.ArgumentTypeError(f"{text[:24]}...{label}: choose {low} to {high}")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value}{label}: choose {low} to {high}")
        return value

    parse.__name__ = f"whole number {low}..{high}"
    return parse
