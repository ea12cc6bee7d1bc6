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

import os
import sqlite3

from companion.errors import CompanionError
from companion.storage import owner
from companion.storage.database import Database, file_identity
from companion.storage.faults import SaveLater, StorageError
from companion.storage.whole_file import sync_folder, written_draft


def moved_away(database: Database) -> bool:
    """Whether the file at ``database``'s path is no longer the one it opened to write (always
    ``False`` for a reader)."""
    return database.identity is not None and file_identity(database.path) != database.identity


def put_back(database: Database, who: str) -> tuple[Database, owner.FolderLock | None]:
    """``database`` (moved away: :func:`moved_away`) written whole at its path and opened there,
    with the state folder's lock taken again for ``who`` ("the kiosk") when the folder is not
    the one it opened in (``None`` when the kiosk's lock on it still holds);
    ``database`` is closed once it is. :class:`SaveLater` when it cannot be put back yet (it is
    then left open as it was, to be put back by the next try); another :class:`StorageError`
    when, written back and ``database`` closed, the copy does not open (the next try opens
    the path as at the start)."""
    path, folder = database.path, database.path.parent
    gone = f"the state database {path} was deleted or moved away while the kiosk ran"
    if file_identity(path) is not None:
        raise SaveLater(f"{gone}, and another file stands in its place now: the saves since "
                        "wait here; move that file away and they are written with every "
                        "game kept before", "another file took the state database's place")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveLater(f"{gone}, and its folder cannot be made again: "
                        f"{error.strerror or error}", "the state folder is gone") from None
    lock = None
    if file_identity(folder) != database.folder_identity:   # its lock went with the folder
        try:
            lock = owner.take(folder, who)
        except owner.FolderInUse as error:
            raise SaveLater(f"{gone}: {error}", "another program uses the state folder") from None
    try:
        draft = written_draft(path, database.connection.serialize(), durable=True)
    except (OSError, sqlite3.Error) as error:
        if lock is not None:
            lock.release()
        raise SaveLater(f"{gone}, and it cannot be written back: {error}",
                        "the state folder is gone") from None
    # Closed before its copy takes the path: closing it deletes its log and index by name,
    # which would then be the copy's.
    database.close()
    try:
        os.replace(draft, path)
        sync_folder(folder)
        return Database(path, busy_timeout_s=database.busy_timeout_s), lock
    except (OSError, CompanionError) as error:   # closed now: the next try opens the path
        raise StorageError(f"{gone}; written back ({draft}), it does not open: {error}",
                           "the state database does not open") from None
