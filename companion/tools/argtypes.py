"""Argument types for the command line that say exactly what is wrong, the error
a command raises when its options ask for something it cannot do, and the check of a file a
command is about to write."""

from __future__ import annotations

import argparse
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from companion.errors import CompanionError


class UsageError(CompanionError):
    """A command's options ask for something it cannot do (a missing option, a count out
    of range): ``companion`` prints it naming the command and where that command's help is."""


#: The largest number a range names in full; past it, "choose 1 or more".
NAMED_HIGHEST = 10**9


def one(unit: str) -> str:
    """The singular of a plural ``unit`` ("1 player", "1 press"); a unit's symbol stays."""
    if unit in ("ms", "us"):
        return unit
    return unit[:-2] if unit.endswith(("ches", "shes", "sses", "xes")) else unit[:-1]


def whole_number(low: int, high: int, unit: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``. ``unit`` names it: after the
    number when it counts things (``9 players``, ``5 ms``), before it when it names one thing
    (``game 0``, ``port 70000``)."""

    def shown(value: object) -> str:
        if not unit:
            return str(value)
        if not unit.endswith("s"):
            return f"{unit} {value}"
        return f"{value} {one(unit) if value == 1 else unit}"

    span = f"{low} or more" if high >= NAMED_HIGHEST else f"{low} to {high}"

    def parse(text: str) -> int:
        digits = text.strip().removeprefix("-")
        if not (digits.isascii() and digits.isdigit()):
            raise argparse.ArgumentTypeError(f"{text[:24]!r} is not a whole number")
        if len(digits) > 19:   # past every range (and int() refuses 4300 digits)
            out_of_range(text.strip()[:24] + "...", text.strip().startswith("-"))
        value = int(text)
        if not low <= value <= high:
            out_of_range(value, value < low)
        return value

    def out_of_range(value: object, below: bool) -> NoReturn:
        """Refuse ``value``, said as given, below ``low`` or above ``high``: a range past
        :data:`NAMED_HIGHEST` is named in full only to a number above it."""
        raise argparse.ArgumentTypeError(f"{shown(value)}: choose "
                                         + (span if below else f"{low} to {high}"))

    parse.__name__ = f"whole number {low}..{high}"
    return parse


#: The highest seed a game's seed is stored as (64 bits, signed).
SEED_HIGHEST = 2**63 - 1
#: An argparse type for a random seed: any whole number a game's seed is stored as (64 bits).
seed = whole_number(-SEED_HIGHEST - 1, SEED_HIGHEST, "seed")


def file_name(text: str) -> str:
    """An argparse type: the name of a file; an empty one is refused (it names no file)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name is no file: name the file")
    return text


def output_file(text: str) -> str:
    """An argparse type: the name of a file to write (:func:`file_name`), never a state file
    (:mod:`companion.storage.never_written_over`: a picture named after the state database
    would end the table's history)."""
    from companion.storage.never_written_over import refusal

    refused = refusal(file_name(text))
    if refused:
        raise argparse.ArgumentTypeError(refused)
    return text


def folder_name(text: str) -> str:
    """An argparse type: the name of a folder; an empty one is refused (it would name the
    current folder without saying so)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name is no folder: name the folder")
    return text


def cannot_write(path: str | os.PathLike) -> str:
    """Why the file ``path`` cannot be written (its folder missing, not a folder or not
    writable; a folder or an unwritable file in its place; a name too long); "" when it can."""
    from companion.storage.location import NAME_MAX, shown

    target = Path(path)
    folder = target.parent
    try:
        if any(len(os.fsencode(part)) > NAME_MAX for part in target.parts):
            return f"{shown(target)}: a name in it is longer than {NAME_MAX} characters"
        if target.is_dir():
            return f"{target} is a folder"
        if not folder.is_dir():
            return f"{folder} is not a folder" if folder.exists() else f"no folder {folder}"
        if target.exists() and not os.access(target, os.W_OK):
            return f"{target} is not writable"
    except OSError as error:
        return f"{target}: {error.strerror or error}"
    try:
        with tempfile.TemporaryFile(dir=folder):   # what root may not write either (/proc)
            pass
    except OSError as error:
        return f"the folder {folder} is not writable ({error.strerror or error})"
    return ""
