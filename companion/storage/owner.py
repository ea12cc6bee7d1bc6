"""One owner per state folder: the lock every program that writes the folder holds.

The kiosk (``companion run``) and every command that writes a state database
(``companion simulate --state-dir``, ``companion players
add|rename|merge|forget``) take an exclusive lock on ``companion.lock`` in the
state folder (``fcntl.flock``, without waiting) and hold it for as long as
they run. The file says who holds it (pid and what it is), for the one line a
second writer gets: :class:`FolderInUse`. Reading commands (``history``,
``score-sheet``, ``players list``) never take it, so they work beside a
running kiosk. The kernel lets go of the lock when the holder ends, however it
ends (SIGKILL, a power cut): a lock file left behind holds nothing. The file is made readable by
every user (a companion run by root beside the kiosk, under any umask, leaves one the kiosk's
user can still lock), and one this user cannot open at all, which no process holds, is made
anew (:func:`take`): a lock nobody can take would keep nobody out. A lock file deleted or
replaced under its holder guards nothing: :meth:`FolderLock.lost` tells, and
:meth:`FolderLock.take_again` holds the one at its path again. Another
program may ask who holds it now without taking it, even for a moment:
:func:`holder` (the phone page says so whether the kiosk runs), or its pid alone:
:func:`holder_pid` (the page trusts a mark the kiosk left only while that very run holds it).
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.errors import StateError
from companion.storage.database import file_identity

log = logging.getLogger(__name__)

#: The lock file's name inside the state folder.
LOCK_FILE = "companion.lock"
#: Who holds a lock whose file does not say.
SOMEONE = "another companion"
#: The kernel's table of every lock held on this machine (Linux only).
PROC_LOCKS = Path("/proc/locks")


class FolderInUse(StateError):
    """Another program holds the state folder's lock; the message names it and what to do."""

    def __init__(self, folder: Path, holder: str) -> None:
        super().__init__(f"{holder} is using {folder}; stop it first, or pass --state-dir "
                         "another folder")
        self.folder = folder
        self.holder = holder


class CannotTell(StateError):
    """This system cannot say whether anyone holds a state folder's lock; the message says why."""


class FolderLock:
    """The lock on one state folder, held until :meth:`release` (or the process ends)."""

    def __init__(self, folder: Path, descriptor: int) -> None:
        self.folder = folder
        self._descriptor: int | None = descriptor

    def release(self) -> None:
        """Let go of the lock (closing its file does)."""
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None

    def lost(self) -> bool:
        """Whether the lock file at its folder is no longer the file it holds locked (deleted,
        or another put in its place): it then guards nothing, and a second writer would take
        a new one (always ``False`` once released)."""
        if self._descriptor is None:
            return False
        held = os.fstat(self._descriptor)
        return file_identity(self.folder / LOCK_FILE) != (held.st_dev, held.st_ino)

    def take_again(self, who: str) -> None:
        """Hold the lock file now at its folder (:func:`take`) in place of the one it held, which
        it lets go. Raises :class:`FolderInUse` when another program took it meanwhile, and
        :class:`OSError` when the folder cannot hold it: either way it still holds the old one."""
        again = take(self.folder, who)
        if again is None:
            raise OSError(f"{self.folder / LOCK_FILE} cannot be made again")
        self.release()
        self._descriptor, again._descriptor = again._descriptor, None


def holder_of(text: str) -> str:
    """Who holds the lock, from its file's ``text`` (``"pid\\nwhat\\n"``): "the kiosk (pid 7)"."""
    lines = text.splitlines()
    pid = lines[0].strip() if lines else ""
    what = lines[1].strip() if len(lines) > 1 and lines[1].strip() else SOMEONE
    return f"{what} (pid {pid})" if pid.isdigit() else what


def take(folder: str | os.PathLike, who: str) -> FolderLock | None:
    """The lock on the state folder ``folder`` (made if missing), for ``who`` ("the kiosk").

    Raises :class:`FolderInUse` when another program holds it. A lock file this user cannot
    open (another user's, kept from others by its mode) is made anew when no process holds it
    (:func:`made_anew`). ``None`` when the folder cannot hold a lock file (it is a file, it
    cannot be made or read): nothing can be saved there either, and opening the database
    says why in its own words.
    """
    folder = Path(folder)
    descriptor: int | None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = open_lock_file(folder / LOCK_FILE)
    except PermissionError:
        descriptor = made_anew(folder)
    except OSError:
        descriptor = None
    if descriptor is None:
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        text = said_by(descriptor)
        os.close(descriptor)
        raise FolderInUse(folder, holder_of(text)) from None
    except OSError:
        os.close(descriptor)
        return None
    try:
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n{who}\n".encode(), 0)
    except OSError:   # read-only lock file: locked all the same, it just cannot say by whom
        pass
    return FolderLock(folder, descriptor)


def holder(folder: str | os.PathLike) -> str | None:
    """Who holds the lock on the state folder ``folder`` now ("the kiosk (pid 7)"), or
    ``None`` when nobody does (no lock file, or one no process holds), without taking it.

    Read-only: the lock file's device and inode (``os.stat``) are looked for among the
    ``FLOCK`` locks the kernel lists in :data:`PROC_LOCKS`; a lock of the file's inode held
    by the very pid the file names counts too (a filesystem, such as btrfs, may list
    another device number than ``stat`` gives). The holder is named as its file says when the
    file names the pid that holds it, else as :data:`SOMEONE` with that pid. Raises
    :class:`CannotTell` when there is no table of locks to read (not Linux, or a ``/proc``
    that hides it) or the lock file cannot be looked at: unknown, never "nobody".
    """
    held = holding(folder)
    if held is None:
        return None
    pid, text = held
    return holder_of(text) if pid == named_pid(text) else f"{SOMEONE} (pid {pid})"


def holder_pid(folder: str | os.PathLike) -> int | None:
    """The pid of the process that holds the lock on the state folder ``folder`` now, as the
    kernel says it (not as the lock file does), or ``None`` when nobody does; without taking
    it. Raises :class:`CannotTell` as :func:`holder` does."""
    held = holding(folder)
    return None if held is None else int(held[0])


def holding(folder: str | os.PathLike) -> tuple[str, str] | None:
    """The pid that holds the lock on ``folder`` now and what its lock file says, or ``None``
    when nobody does; the lookup :func:`holder` describes (:class:`CannotTell` as it says)."""
    path = Path(folder) / LOCK_FILE
    try:
        found = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise CannotTell(f"{path} cannot be looked at ({error.strerror})") from None
    try:
        table = PROC_LOCKS.read_text(encoding="ascii", errors="replace")
    except OSError as error:
        raise CannotTell(f"{PROC_LOCKS} does not read ({error.strerror}): this system does "
                         "not list its locks") from None
    text = lock_file_text(path)
    named = named_pid(text)
    for pid, device, inode in flock_holders(table):
        if inode == found.st_ino and (device == (os.major(found.st_dev),
                                                 os.minor(found.st_dev)) or pid == named):
            return pid, text
    return None


def named_pid(text: str) -> str:
    """The pid the lock file's ``text`` names (its first line; empty when it names none)."""
    return text.split("\n", 1)[0].strip()


def flock_holders(table: str) -> Iterator[tuple[str, tuple[int, int], int]]:
    """The pid, device (major, minor) and inode of each ``FLOCK`` lock held in ``table``, the
    text of :data:`PROC_LOCKS` (``1: FLOCK  ADVISORY  WRITE 7 fe:00:5350379 0 EOF``; the
    lines of locks waited for, ``1: -> FLOCK ...``, are not held)."""
    for line in table.splitlines():
        fields = line.split()
        if len(fields) < 6 or fields[1] != "FLOCK":
            continue
        major, minor, inode = (fields[5].split(":") + ["", ""])[:3]
        try:
            yield fields[4], (int(major, 16), int(minor, 16)), int(inode)
        except ValueError:
            continue


def lock_file_text(path: Path) -> str:
    """What the lock file at ``path`` says about its holder, read without locking it (nothing
    when it does not read: another user's file, a folder)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return ""
    try:
        return said_by(descriptor)
    finally:
        os.close(descriptor)


def open_lock_file(path: Path) -> int:
    """A descriptor of the lock file ``path``, made if missing, readable by every user whatever
    the umask (read-only when it is another user's file, or a folder someone made under its
    name: it locks all the same)."""
    try:
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except (PermissionError, IsADirectoryError):
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    with contextlib.suppress(OSError):   # another user's file keeps its mode
        if os.fstat(descriptor).st_mode & 0o044 != 0o044:
            os.fchmod(descriptor, 0o644)
    return descriptor


def made_anew(folder: Path) -> int | None:
    """A descriptor of a new lock file in ``folder`` in place of one this user cannot open
    (another user's, made under a umask that keeps others out): nobody else could ever lock
    it, so two writers would both go on unlocked. Raises :class:`FolderInUse` when a process
    holds the old one (:func:`holder`); ``None`` when it cannot be told or made anew (the
    folder takes no writes)."""
    path = folder / LOCK_FILE
    try:
        held_by = holder(folder)
    except CannotTell:
        return None
    if held_by is not None:
        raise FolderInUse(folder, held_by)
    try:
        os.unlink(path)
        descriptor = open_lock_file(path)
    except OSError:
        return None
    log.warning("%s could not be opened by this user (another user's, kept from others): "
                "nobody held it, so it was made anew", path)
    return descriptor


def said_by(descriptor: int) -> str:
    """What the lock file says about its holder (nothing when it cannot be read: a folder)."""
    try:
        return os.pread(descriptor, 200, 0).decode("utf-8", "replace")
    except OSError:
        return ""


@contextmanager
def owned(folder: str | os.PathLike, who: str) -> Iterator[FolderLock | None]:
    """The lock on ``folder`` for ``who`` while the ``with`` block runs (:func:`take`)."""
    lock = take(folder, who)
    try:
        yield lock
    finally:
        if lock is not None:
            lock.release()
