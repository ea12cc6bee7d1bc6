"""The state database's write-ahead log deleted under the kiosk, folded into the database.

The kiosk holds its state database open while it runs, and each save goes first into its
write-ahead log, ``companion.sqlite3-wal``. When that file is deleted (``rm``), SQLite goes on
writing the saves into the log it holds open, which no one can find again: a power cut then
loses every one of them, and the ``-shm`` left without its log makes every command refuse the
folder. :func:`log_deleted` tells (the log at its path is no longer the one the connection
opened); :func:`fold_in` then checkpoints the log it still holds into the database file, while
the connection is open, and opens the database again, so SQLite starts a new log beside it.
When it cannot yet (another program reads the log, the disk refuses), it raises
:class:`SaveLater` naming why: the saves wait, said on screen, and the next try folds it in.
"""

from __future__ import annotations

import sqlite3

from companion.errors import CompanionError
from companion.storage import wal
from companion.storage.database import Database, file_identity
from companion.storage.faults import SaveLater, StorageError

#: What the kiosk's screen says once the log is folded in (short enough for its notice line).
FOLDED_IN = "the save log was deleted while the kiosk ran: its saves are now in the database"
#: What its notice says while it cannot be.
NOT_FOLDED = "the save log was deleted"


def log_deleted(database: Database) -> bool:
    """Whether the write-ahead log at ``database``'s log path is no longer the one it opened
    (deleted, or another file put there; always ``False`` for a reader). Asked once the
    database file itself is known to be the one it opened
    (:func:`companion.storage.moved_away.moved_away`)."""
    return database.log_identity is not None and \
        file_identity(database.log_path) != database.log_identity


def fold_in(database: Database) -> Database:
    """``database``, whose log was deleted (:func:`log_deleted`), with every save in the log it
    holds open checkpointed into the file (``PRAGMA wal_checkpoint(TRUNCATE)``, synced as each
    commit is), then closed and opened again at its path, with a new log. :class:`SaveLater`
    when the checkpoint cannot be made whole (it is then left open as it was, for the next
    try); another :class:`StorageError` when, closed, it does not open again (the next try
    opens the path as at the start)."""
    gone = f"the write-ahead log {database.log_path} was deleted while the kiosk ran"
    try:
        busy = database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
    except sqlite3.Error as error:
        raise SaveLater(f"{gone}, and its saves cannot be written into the database: {error}",
                        NOT_FOLDED) from None
    if busy:
        raise SaveLater(f"{gone}, and another program reading the database keeps its saves from "
                        "being written into it: they wait for the next try", NOT_FOLDED)
    database.close()
    try:
        index_left(database)
        return Database(database.path, busy_timeout_s=database.busy_timeout_s)
    except (OSError, CompanionError) as error:
        raise StorageError(f"{gone}; its saves are in the database, which does not open again: "
                           f"{error}", "the state database does not open") from None


def index_left(database: Database) -> None:
    """Put an empty log beside the ``-shm`` index a reader in another program kept open as
    ``database`` closed (its close deletes the index only when it is the last): the checkpoint
    just made left every save in the file and an index that counts no frame, so the two agree,
    where an index without its log would make every program refuse the folder as one whose log
    was deleted (:func:`companion.storage.database.refuse_deleted_log`)."""
    if wal.deleted(database.path):
        database.log_path.touch()
