"""One owner per state folder: the lock every program that writes the folder holds.

The kiosk (``companion run``) and every command that writes a state database
(``companion simulate --state-dir``, ``companion players
add|rename|merge|forget``) take an exclusive lock on ``companion.lock`` in the
state folder (``fcntl.flock``, without waiting) and hold it for as long as
they run. The file says who holds it (pid and what it is), for the one line a
second writer gets: :class:`FolderInUse`. Reading commands (``history``,
``score-sheet``, ``players list``) never take it, so they work beside a
running kiosk. The kernel lets go of the lock when the holder ends, however it
ends (SIGKILL, a power cut): a lock file left behind holds nothing.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.errors import StateError

#: The lock file's name inside the state folder.
LOCK_FILE = "companion.lock"
#: Who holds a lock whose file does not say.
SOMEONE = "another companion"


class FolderInUse(StateError):
    """Another program holds the state folder's lock; the message names it and what to do."""

    def __init__(self, folder: Path, holder: str) -> None:
        super().__init__(f"{holder} is using {folder}; stop it first, or pass --state-dir "
                         "another folder")
        self.folder = folder
        self.holder = holder


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


def holder_of(text: str) -> str:
    """Who holds the lock, from its file's ``text`` (``"pid\\nwhat\\n"``): "the kiosk (pid 7)"."""
    lines = text.splitlines()
    pid = lines[0].strip() if lines else ""
    what = lines[1].strip() if len(lines) > 1 and lines[1].strip() else SOMEONE
    return f"{what} (pid {pid})" if pid.isdigit() else what


def take(folder: str | os.PathLike, who: str) -> FolderLock | None:
    """The lock on the state folder ``folder`` (made if missing), for ``who`` ("the kiosk").

    Raises :class:`FolderInUse` when another program holds it. ``None`` when
    the folder cannot hold a lock file (it is a file, it cannot be made or
    read): nothing can be saved there either, and opening the database says
    why in its own words.
    """
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor = open_lock_file(folder / LOCK_FILE)
    except OSError:
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


def open_lock_file(path: Path) -> int:
    """A descriptor of the lock file ``path``, made if missing (read-only when it is another
    user's file, or a folder someone made under its name: it locks all the same)."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except (PermissionError, IsADirectoryError):
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)


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
