"""What a failing state database means, said in one line a person can act on, and of which kind.

SQLite names each fault (``sqlite3.Error.sqlite_errorname``): ``SQLITE_FULL``,
``SQLITE_READONLY_DIRECTORY``, ``SQLITE_IOERR_WRITE``, ``SQLITE_CORRUPT``...
:func:`explain` turns one into a :class:`StorageError` that says what failed,
why, that nothing committed is lost, and what to do. Each is one of two kinds,
so the kiosk never has to guess:

- :class:`SaveLater`: the disk, the folder or another program stands in the
  way (a full or nearly full disk, a read-only file or folder, a lock, an
  input/output error); the same write may work once that changes. An
  input/output error on a disk under the floor the companion keeps free
  (:func:`companion.storage.room.is_full`: SQLite could not grow its ``-shm``
  index, say) is said to be a full disk, and one on a file at the process's
  file-size limit (``ulimit -f``: :func:`at_size_limit`) that limit, not a
  failing card.
- :class:`SaveRefused`: the file itself refuses the write (another program's
  or a newer companion's database, a schema version that does not match its
  tables, a damaged page, a constraint or trigger that aborts it, a game no
  longer being played); trying the same write again fails the same way until a
  person mends the file.

Either way nothing committed is touched, and the kiosk keeps the unwritten
saves in memory and tries them again. The recovery policy these lines point to
is in ``docs/KIOSK.md`` ("When the state database fails").
"""

from __future__ import annotations

import contextlib
import os
import resource
import sqlite3
import stat
from pathlib import Path

from companion.errors import CompanionError, StateError
from companion.storage.location import kind, link_to_nothing
from companion.storage.mounts import remount_advice
from companion.storage.room import is_full, megabytes

#: What opening, reading or writing the state database may raise: a caller that plays on
#: without it catches these (a fault it should say, never a crash).
STORE_ERRORS = (CompanionError, sqlite3.Error, OSError)

#: Where the recovery steps are written down.
RECOVERY = "docs/KIOSK.md, 'When the state database fails'"


class StorageError(StateError):
    """The state database could not be read or written; what was committed before is kept.

    ``short`` says why in a few words, for the kiosk's one-line notice (the
    message itself names the file and what to do, for the command line and
    the log). Raised as one of its two kinds, :class:`SaveLater` or
    :class:`SaveRefused`.
    """

    def __init__(self, message: str, short: str = "the state database is not usable") -> None:
        super().__init__(message)
        self.short = short
        #: Whether the connection that failed may keep the fault after it is mended: SQLite
        #: opens a file it may not write read-only, and keeps it so (:func:`explain` sets it).
        self.reopen = False


#: What to try when a file of the state is another user's (the kiosk's, to a maker's shell).
ANOTHER_USERS = "it belongs to another user? on the kiosk: sudo -u companion ..."


def damaged_notice(error: StorageError) -> str:
    """The kiosk's line for a state database SQLite finds damaged: what to do before anything
    is written to it again."""
    return f"{error.short}: copy the state folder as it is, then run companion history --check"


class SaveLater(StorageError):
    """The disk, the folder or another program stands in the way; trying again may work."""


class SaveRefused(StorageError):
    """The file itself refuses; trying the same write again fails until a person mends it."""


class ForeignDatabase(SaveRefused):
    """The file is another program's database, or a newer companion's: it is never modified."""


class DamagedDatabase(SaveRefused):
    """SQLite finds the file damaged (a page that does not read)."""


def error_name(error: BaseException) -> str:
    """SQLite's name of ``error`` (``"SQLITE_FULL"``, ...), or ``""``."""
    return getattr(error, "sqlite_errorname", "") or ""


def database_files(path: Path) -> tuple[Path, Path, Path]:
    """The database ``path``, its write-ahead log and the log's index."""
    return path, Path(f"{path}-wal"), Path(f"{path}-shm")


#: How near a file may come to the file-size limit before the next write of SQLite (a page, or a
#: log frame of a page and its header) can no longer grow it.
NEAR_SIZE_LIMIT = 64 * 1024


def at_size_limit(path: Path) -> tuple[Path, int] | None:
    """The file of the database ``path`` that has grown to within :data:`NEAR_SIZE_LIMIT` of
    this process's file-size limit (``ulimit -f``, ``RLIMIT_FSIZE``), and the limit in bytes;
    ``None`` with no limit, or no file near it (the kernel refuses a write past the limit, and
    SQLite reports that as an input/output error)."""
    limit = resource.getrlimit(resource.RLIMIT_FSIZE)[0]
    if limit == resource.RLIM_INFINITY:
        return None
    sizes = {}
    for file in database_files(path):
        with contextlib.suppress(OSError):
            sizes[file] = file.stat().st_size
    near = [file for file, size in sizes.items() if size + NEAR_SIZE_LIMIT > limit]
    if not near:
        return None
    # the one that met the limit growing, rather than one already past it (made before)
    return min(near, key=lambda file: abs(limit - sizes[file])), limit


def write_fix(path: Path) -> str:
    """How to make ``path`` (the state folder, or a file of the database) writable: its
    owner's write permission back when this user owns it and it lacks it (a chmod), else
    ``path`` given to the companion's user."""
    try:
        info = path.stat()
    except OSError:
        info = None
    if info is not None and info.st_uid == os.geteuid() and not info.st_mode & stat.S_IWUSR:
        return f"make it writable: chmod u+w {path}"
    return f"make it writable for the companion user, e.g. sudo chown companion: {path}"


def open_fix(path: Path) -> str:
    """What to do when the database ``path`` does not open for this user because of one of its
    files (the database, its log, its index: any of the three fails SQLite's open): the first
    this user may not read, else the first it may not write, named with its fix; "" when each
    that is there may be read and written (root: always)."""
    files = [file for file in database_files(path) if file.exists()]
    for mode in (os.R_OK, os.W_OK):
        file = next((file for file in files if not os.access(file, mode)), None)
        if file is None:
            continue
        what = "read" if mode == os.R_OK else "written"
        try:
            mine = file.stat().st_uid == os.geteuid()
        except OSError:
            mine = False
        if mine:
            return f"{file} may not be {what} by its owner: chmod u+rw {file}"
        return (f"{file} may not be {what} by this user: another user's? on the kiosk: "
                "sudo -u companion ...")
    return ""


def folder_is_writable(path: Path) -> bool:
    """Whether new files can be made next to ``path`` (SQLite's WAL needs two)."""
    return os.access(path.parent, os.W_OK)


def refuses_writes(path: Path) -> Path | None:
    """The first of the database ``path``, its log and its index that is there and that this
    user's permissions let write but the kernel does not (``chattr +i``, which fails SQLite's
    writes as an I/O error; a read-only mount), or ``None``.

    Asked of the kernel (``access(2)``), never by opening the file: this process may have the
    database open through SQLite, whose locks are POSIX locks, the process's own, all let go
    at the close of any descriptor of the file. Another program closing the database would
    then take itself for its last user, fold the log in and delete it under the open
    connection, and every save after it would be lost."""
    for file in database_files(path):
        try:
            info = file.stat()
        except OSError:
            continue
        if may_write(info) and not os.access(file, os.W_OK):
            return file
    return None


def not_writable_for_me(path: Path) -> Path | None:
    """The first of the database ``path``, its log and its index that is there and that this
    user's permissions do not let write (another user's, or without its write bit), or
    ``None``: a read-only log or index fails every save as the database itself would."""
    for file in database_files(path):
        try:
            info = file.stat()
        except OSError:
            continue
        if not may_write(info):
            return file
    return None


def may_write(info: os.stat_result) -> bool:
    """Whether the permission bits of a file of ``info`` let this user write it (root: always)."""
    user = os.geteuid()
    if user == 0:
        return True
    if info.st_uid == user:
        return bool(info.st_mode & stat.S_IWUSR)
    if info.st_gid in (os.getegid(), *os.getgroups()):
        return bool(info.st_mode & stat.S_IWGRP)
    return bool(info.st_mode & stat.S_IWOTH)


def cannot_save_in(path: Path) -> str:
    """Why the kiosk could not save in the state database ``path`` that is there, before it
    tries ("" when nothing says so): a folder in its place, a link to nothing, a log or index
    that is no file, a file of it without its owner's write permission, or one that refuses
    writes (immutable). A file this user may not open
    (the kiosk's, read by another user) says nothing."""
    if path.is_dir():
        return f"{path} is a folder, not the state database: move the folder away"
    nowhere = link_to_nothing(path)
    if nowhere is not None:
        return f"{path} is {nowhere}: is the drive it points to mounted?"
    odd = not_a_file_line(path)
    if odd:
        return odd
    for file in database_files(path):
        if file.is_file() and not file.stat().st_mode & stat.S_IWUSR:
            folder = "" if folder_is_writable(path) else (   # mending the file alone won't do
                f"; and the state folder {path.parent} is read-only: {write_fix(path.parent)}")
            return f"{file} is read-only: make it writable, e.g. sudo chmod u+w {file}{folder}"
    refusing = refuses_writes(path)
    if refusing is not None:
        return (f"{refusing} refuses writes (immutable? lsattr shows an i: "
                f"sudo chattr -i {refusing})")
    return ""


def not_text(path: Path, doing: str) -> DamagedDatabase:
    """The one line for a damaged page whose text SQLite hands back is not UTF-8."""
    return DamagedDatabase(f"{doing} failed: {path} is damaged (text that is not UTF-8); "
                           f"to recover see {RECOVERY}", "the state database is damaged")


def not_a_file_beside(path: Path) -> tuple[Path, str] | None:
    """The database ``path``'s write-ahead log or its index when it is there and no file (a
    folder, a device: SQLite then cannot open the database at all), and what it is."""
    for file in database_files(path)[1:]:
        try:
            found = kind(file)
        except OSError:
            continue
        if found is not None and found != "a file":
            return file, found
    return None


def not_a_file_line(path: Path) -> str:
    """The line for the database ``path``'s log or index that is no file
    (:func:`not_a_file_beside`), "" when each is a file or not there."""
    odd = not_a_file_beside(path)
    return f"{odd[0]} is {odd[1]}, not a file: move it away (it holds no save)" if odd else ""


#: SQLite's errors after which the connection itself may be what fails: a file it could not
#: write or open when it opened it (read-only, owned by another user, its log index a folder).
STALE_CONNECTION = ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM")


def explain(error: sqlite3.Error, path: Path, doing: str) -> StorageError:
    """The one line that says why ``doing`` (``"saving round 3 of game 7"``) failed on ``path``,
    marked :attr:`StorageError.reopen` when the connection may keep the fault."""
    said = explained(error, path, doing)
    said.reopen = error_name(error).startswith(STALE_CONNECTION)
    return said


def explained(error: sqlite3.Error, path: Path, doing: str) -> StorageError:
    """:func:`explain`'s line."""
    name = error_name(error)
    kept = "nothing saved before is lost"
    odd = not_a_file_beside(path) if name.startswith(
        ("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_READONLY")) else None
    if odd is not None:   # SQLite says only that it cannot open the database
        file, found = odd
        return SaveLater(f"{doing} failed: {file} is {found}, not a file ({kept}; it holds no "
                         "save: move it away)", f"{file.name} is {found}")
    if path.is_dir():
        return SaveLater(f"{doing} failed: {path} is a folder, not the state database ({kept}; "
                         "move the folder away: a new database is made in its place)",
                         "the state database is a folder")
    if name == "SQLITE_FULL":
        return SaveLater(f"{doing} failed: the disk holding {path} is full ({kept}; "
                         "free some space and saving goes on)", "the disk is full")
    left = is_full(path.parent) if name.startswith("SQLITE_IOERR") else None
    if left is not None:   # SQLite could not grow a file: no room, not a failing card
        return SaveLater(f"{doing} failed: the disk holding {path} is full: {megabytes(left)} "
                         f"left ({name}; {kept}; free some space and saving goes on)",
                         f"the disk is full: {megabytes(left)} left")
    limited = at_size_limit(path) if name.startswith("SQLITE_IOERR") else None
    if limited is not None:   # the kernel refused to grow a file: not a failing card
        file, limit = limited
        return SaveLater(f"{doing} failed: {file} has reached this program's file-size limit "
                         f"of {megabytes(limit)} (ulimit -f; {name}; {kept}; run it without "
                         "the limit: ulimit -f unlimited, or LimitFSIZE=infinity in its "
                         "systemd unit)", f"a file-size limit of {megabytes(limit)} stops it")
    fix = remount_advice(path.parent) if name.startswith(
        ("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_IOERR")) else None
    if fix is not None:   # no chown, nor another user, mends a filesystem that takes no writes
        return SaveLater(f"{doing} failed: the state folder {path.parent} is read-only "
                         f"({name}; {kept}; {fix})", "the state folder is read-only")
    refusing = refuses_writes(path) if name.startswith("SQLITE_IOERR") else None
    if refusing is not None:   # the file turns writes away: not a failing card
        return SaveLater(f"{doing} failed: {refusing} refuses writes ({name}; {kept}; made "
                         f"read-only or immutable? lsattr shows an i: sudo chattr -i {refusing})",
                         f"{refusing.name} refuses writes")
    if name.startswith("SQLITE_IOERR"):
        return SaveLater(f"{doing} failed: input/output error on {path} ({name}; {kept}; "
                         "the card may be failing: copy the state folder off it)",
                         "input/output error: the card may be failing")
    if name.startswith("SQLITE_CORRUPT") or name == "SQLITE_NOTADB":
        return DamagedDatabase(f"{doing} failed: {path} is damaged ({error}); "
                               f"to recover see {RECOVERY}", "the state database is damaged")
    if name == "SQLITE_READONLY_DIRECTORY" or (
            name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN"))
            and not folder_is_writable(path)):
        return SaveLater(f"{doing} failed: the state folder {path.parent} is read-only ({kept}; "
                         f"{write_fix(path.parent)})", "the state folder is read-only")
    if name.startswith("SQLITE_READONLY"):
        file = not_writable_for_me(path) or path   # the log or its index, as like as not
        said = "the state database" if file == path else file.name
        return SaveLater(f"{doing} failed: {file} is read-only ({kept}; {write_fix(file)})",
                         f"{said} is read-only")
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
        return SaveLater(f"{doing} failed: {path} is locked by another program ({kept}; "
                         "close it and try again)", "the state database is locked")
    if name.startswith(("SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
        return SaveLater(f"{doing} failed: cannot open {path} ({error}; "
                         f"{open_fix(path) or ANOTHER_USERS})")
    if name.startswith("SQLITE_CONSTRAINT"):
        return SaveRefused(f"{doing} failed: {path} refuses it ({error}: a constraint or "
                           f"trigger another program added?); {kept}; to mend see {RECOVERY}",
                           f"the state database refuses it ({str(error)[:40]})")
    return SaveRefused(f"{doing} failed on {path}: {error} ({kept}; see {RECOVERY})",
                       f"the state database refuses it ({str(error)[:40]})")
