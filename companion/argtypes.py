"""Argument types for the command line that say exactly what is wrong."""

from __future__ import annotations

import argparse


def whole_number(low: int, high: int, unit: str = ""):
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
