"""The state files an output option (``--png FILE``, ``--bom FILE``) never writes over: such an
option's argument type refuses them (:func:`companion.tools.argtypes.output_file`).

A picture or a parts list named by mistake after the state database (``replay 1 1 --png
companion.sqlite3``) would end the table's whole history, every command then finding no
database in it. :func:`state_file_kind` tells such a file by its name in a state folder
(the database, its write-ahead log, its index, the folder's lock) or by what it holds (any
SQLite database, any write-ahead log), wherever it lies.
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.storage.database import FILENAME
from companion.storage.owner import LOCK_FILE

#: What each state file's name says it is.
NAMED = {FILENAME: "a state database (every game kept)",
         f"{FILENAME}-wal": "a state database's write-ahead log (its latest saves)",
         f"{FILENAME}-shm": "a state database's index",
         LOCK_FILE: "a state folder's lock"}
#: How an SQLite database and a write-ahead log begin.
SQLITE_HEADER = b"SQLite format 3\0"
WAL_HEADERS = (bytes.fromhex("377f0682"), bytes.fromhex("377f0683"))


def state_file_kind(path: str | os.PathLike[str]) -> str:
    """What the existing file at ``path`` is, when it is one of the state files (by name or
    by what it holds); "" when it is none, or there is no file there."""
    target = Path(path)
    if not target.is_file():
        return ""
    if target.name in NAMED:
        return NAMED[target.name]
    try:
        with target.open("rb") as file:
            start = file.read(len(SQLITE_HEADER))
    except OSError:
        return ""
    if start == SQLITE_HEADER:
        return "an SQLite database"
    if start[:4] in WAL_HEADERS:
        return "an SQLite write-ahead log"
    return ""


def refusal(path: str | os.PathLike[str]) -> str:
    """Why ``path`` is not to be written, when it is a state file (:func:`state_file_kind`),
    else ""."""
    kind = state_file_kind(path)
    return f"{path}: that is {kind}, never written over: name another file" if kind else ""
