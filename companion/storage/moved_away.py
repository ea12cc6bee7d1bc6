"""A state database deleted or moved away under the kiosk, written back where it stood.

The kiosk holds its state database open while it runs. When the file at its path is no longer
the one it opened (its folder deleted with ``rm -rf``, moved aside with ``mv``, the file itself
deleted), SQLite goes on writing into the file it holds open, which no one will ever find
again: every save after it would be lost without a word. :func:`moved_away` tells; before the
kiosk writes again, :func:`put_back` writes the whole database, as the connection still open
on it reads it (every save up to the last), back at its path (its folder made again if it
must be) and opens it there, the state folder's lock taken again with it. When it cannot be
yet (the folder cannot be made, another file stands there now), it raises :class:`SaveLater`
naming why: the saves wait, said on screen, and the next try puts it back.
"""

from __future__ import annotations

import sqlite3

from companion.errors import CompanionError
from companion.storage import owner
from companion.storage.database import Database, file_identity
from companion.storage.faults import SaveLater
from companion.storage.whole_file import write_whole


def moved_away(database: Database) -> bool:
    """Whether the file at ``database``'s path is no longer the one it opened to write (always
    ``False`` for a reader)."""
    return database.identity is not None and file_identity(database.path) != database.identity


def put_back(database: Database, who: str) -> tuple[Database, owner.FolderLock | None]:
    """``database`` (moved away: :func:`moved_away`) written whole at its path and opened there,
    with the state folder's lock, taken for ``who`` ("the kiosk") and held until released;
    ``database`` is closed once it is. :class:`SaveLater` when it cannot be put back yet (it is
    then left open as it was, to be put back by the next try)."""
    path, folder = database.path, database.path.parent
    gone = f"the state database {path} was deleted or moved away while the kiosk ran"
    if file_identity(path) is not None:
        raise SaveLater(f"{gone}, and another file stands in its place now: the saves since "
                        "wait here; move that file away and they are written with every "
                        "game kept before", "another file took the state database's place")
    try:
        lock = owner.take(folder, who)   # the folder made again if it must be
    except owner.FolderInUse as error:
        raise SaveLater(f"{gone}: {error}", "another program uses the state folder") from None
    try:
        write_whole(path, database.connection.serialize(), durable=True)
        restored = Database(path, busy_timeout_s=database.busy_timeout_s)
    except (OSError, sqlite3.Error, CompanionError) as error:
        if lock is not None:
            lock.release()
        raise SaveLater(f"{gone}, and it cannot be written back: {error}",
                        "the state folder is gone") from None
    database.close()
    return restored, lock
