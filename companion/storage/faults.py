"""What a failing state database means, said in one line a person can act on.

SQLite names each fault (``sqlite3.Error.sqlite_errorname``): ``SQLITE_FULL``,
``SQLITE_READONLY_DIRECTORY``, ``SQLITE_IOERR_WRITE``, ``SQLITE_CORRUPT``...
:func:`explain` turns one into a :class:`StorageError` that says what failed,
why, that nothing committed is lost, and what to do. The recovery policy these
lines point to is in ``docs/KIOSK.md`` ("When the state database fails").
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from companion.errors import StateError

#: Where the recovery steps are written down.
RECOVERY = "docs/KIOSK.md, 'When the state database fails'"


class StorageError(StateError):
    """The state database could not be read or written; what was committed before is kept.

    ``short`` says why in a few words, for the kiosk's one-line notice (the
    message itself names the file and what to do, for the command line and
    the log). ``lasting`` is true for a fault that trying again cannot mend
    (a constraint the write breaks): the kiosk drops such a save.
    """

    def __init__(self, message: str, short: str = "the state database is not usable",
                 lasting: bool = False) -> None:
        super().__init__(message)
        self.short = short
        self.lasting = lasting


class ForeignDatabase(StorageError):
    """The file is another program's database, or a newer companion's: it is never modified."""


class DamagedDatabase(StorageError):
    """SQLite finds the file damaged (a page that does not read)."""


def error_name(error: BaseException) -> str:
    """SQLite's name of ``error`` (``"SQLITE_FULL"``, ...), or ``""``."""
    return getattr(error, "sqlite_errorname", "") or ""


def folder_is_writable(path: Path) -> bool:
    """Whether new files can be made next to ``path`` (SQLite's WAL needs two)."""
    return os.access(path.parent, os.W_OK)


def not_text(path: Path, doing: str) -> DamagedDatabase:
    """The one line for a damaged page whose text SQLite hands back is not UTF-8."""
    return DamagedDatabase(f"{doing} failed: {path} is damaged (text that is not UTF-8); "
                           f"to recover see {RECOVERY}", "the state database is damaged")


def explain(error: sqlite3.Error, path: Path, doing: str) -> StorageError:
    """The one line that says why ``doing`` (``"saving round 3 of game 7"``) failed on ``path``."""
    name = error_name(error)
    kept = "nothing saved before is lost"
    if name == "SQLITE_FULL":
        return StorageError(f"{doing} failed: the disk holding {path} is full ({kept}; "
                            "free some space and saving goes on)", "the disk is full")
    if name.startswith("SQLITE_IOERR"):
        return StorageError(f"{doing} failed: input/output error on {path} ({name}; {kept}; "
                            "the card may be failing: copy the state folder off it)",
                            "input/output error: the card may be failing")
    if name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB":
        return DamagedDatabase(f"{doing} failed: {path} is damaged ({error}); "
                               f"to recover see {RECOVERY}", "the state database is damaged")
    if name == "SQLITE_READONLY_DIRECTORY" or (
            name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN"))
            and not folder_is_writable(path)):
        return StorageError(f"{doing} failed: the state folder {path.parent} is read-only ({kept}; "
                            "make it writable for the companion user, e.g. "
                            f"sudo chown companion: {path.parent})",
                            "the state folder is read-only")
    if name.startswith("SQLITE_READONLY"):
        return StorageError(f"{doing} failed: the state database {path} is read-only ({kept}; "
                            "make it writable for the companion user, e.g. "
                            f"sudo chown companion: {path})", "the state database is read-only")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return StorageError(f"{doing} failed: {path} is locked by another program ({kept}; "
                            "close it and try again)", "the state database is locked")
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return StorageError(f"{doing} failed: cannot open {path} ({error}; it belongs to another "
                            "user? on the kiosk: sudo -u companion ...)")
    return StorageError(f"{doing} failed on {path}: {error}", lasting=True)
