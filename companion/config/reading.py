"""Reading a file the user hands over, at most so many bytes, and parsing its JSON or TOML.

Every failure is one :class:`Unparsable` whose message is the reason alone ("not JSON (line 1,
column 5: Expecting value)", "nested too deeply", "starts with a UTF-8 byte-order mark (BOM)"),
never a traceback: a broken, huge, binary or deeply nested file included. The caller puts its own
name of the thing in front (the config file, the saved choices, a stimulus, a judge case).
"""

from __future__ import annotations

import functools
import json
import os
import stat
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

#: Characters of a parser's own message shown at most.
SHOWN_CHARS = 80
BOM = "\ufeff"


class Unparsable(CompanionError):
    """A file or line that cannot be read as the text, JSON or TOML it should be; the message
    is the reason alone, without the thing's name."""


def read_text(path: str | os.PathLike, limit: int) -> str | None:
    """The UTF-8 text of the file at ``path`` if it has at most ``limit`` bytes; ``None`` if there
    is no such file. Raises :class:`Unparsable` naming why it cannot be read (a folder, a named
    pipe or a device where the file belongs, no permission, too large, not UTF-8).

    Only a regular file is opened: a named pipe would block ``open`` until something writes to
    it (a kiosk stuck before its first frame), and a device may never end."""
    try:
        kind = _not_a_file(os.stat(path).st_mode)
        if kind:
            raise Unparsable(f"is {kind}, not a file")
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with open(descriptor, "rb") as file:
            kind = _not_a_file(os.fstat(descriptor).st_mode)   # changed since it was looked at
            if kind:
                raise Unparsable(f"is {kind}, not a file")
            data = file.read(limit + 1)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise Unparsable("a folder on its path is a file") from None
    except OSError as error:
        raise Unparsable(f"cannot read it ({error.strerror or error})") from None
    if len(data) > limit:
        raise Unparsable(f"larger than {_size(limit)}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Unparsable(f"not text (byte {error.start} is not UTF-8)") from None


def _not_a_file(mode: int) -> str:
    """What a path of ``mode`` is when it is not a regular file ("" when it is one)."""
    return "" if stat.S_ISREG(mode) else kind_of_mode(mode)


def kind_of_mode(mode: int) -> str:
    """What a path of ``mode`` (``os.stat``'s ``st_mode``) is, in a few words: "a file",
    "a folder", "a named pipe (FIFO)", "a device (character device)", "a device (block
    device)", "a socket"."""
    for test, words in ((stat.S_ISREG, "a file"), (stat.S_ISDIR, "a folder"),
                        (stat.S_ISFIFO, "a named pipe (FIFO)"),
                        (stat.S_ISCHR, "a device (character device)"),
                        (stat.S_ISBLK, "a device (block device)"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return words
    return "neither a file nor a folder"


def named_path(given: str | None, variable: str, find: Callable[[], Path | None]
               ) -> tuple[str | Path | None, str]:
    """The path of the file a command reads, and what named it, for the reader's messages.

    ``given`` is the command's option (``--config FILE``): when given it is the path, ``""``
    included, which the reader names as an empty path, never taken for the default file; the
    option names it (``""``: said as the path alone). Else ``find()``'s path (``None`` when there
    is none), which it takes from ``$variable`` first: then ``"$variable"`` named it, so a file
    missing there says where its path came from.

    ``companion config``, ``run``, ``buttons``, ``wiring`` and ``doctor`` resolve their path
    here, so each says the same line for an empty path, a symbolic link to nowhere and a file
    missing where ``$COMPANION_CONFIG`` points."""
    if given is not None:
        return given, ""
    return find(), (f"${variable}" if os.environ.get(variable) else "")


def parse_json(text: str) -> object:
    """The value of JSON ``text``; :class:`Unparsable` naming what is wrong and where."""
    return _parsed(json.loads, text, "not JSON", "arrays or objects")


def parse_toml(text: str, parse_float: Callable[[str], Any] = float) -> dict:
    """The tables of TOML ``text``; :class:`Unparsable` naming what is wrong and where.

    ``parse_float`` makes each float of the text from its text as written (``"1e400"``), as
    :func:`tomllib.loads`'s does."""
    return _parsed(functools.partial(tomllib.loads, parse_float=parse_float), text,
                   "not valid TOML", "arrays or tables")


def _parsed(loads: Callable[[str], Any], text: str, kind: str, nesting: str) -> Any:
    """``loads(text)``; every way it fails, and a leading BOM, as one :class:`Unparsable`."""
    if text.startswith(BOM):
        raise Unparsable("starts with a UTF-8 byte-order mark (BOM): save it as UTF-8 without one")
    try:
        return loads(text)
    except RecursionError:
        raise Unparsable(f"{kind}: {nesting} nested too deeply") from None
    except json.JSONDecodeError as error:
        raise Unparsable(f"{kind} (line {error.lineno}, column {error.colno}: {error.msg})"
                         ) from None
    except ValueError as error:   # a TOML syntax error; an integer of thousands of digits
        raise Unparsable(f"{kind}: {_shown(error)}") from None


def _shown(error: Exception) -> str:
    text = str(error)
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS - 3] + "..."


def _size(limit: int) -> str:
    return f"{limit // 1024} KiB" if limit >= 1024 else f"{limit} bytes"
