"""The state database: one SQLite file, opened for crash safety and migrated.

Every connection runs in WAL mode with ``synchronous=FULL``: a transaction
that has returned from COMMIT is on the card, and a power cut at any moment
leaves the file as it was after the last commit. Writes happen only inside
:meth:`Database.transaction`, which takes the write lock up front
(``BEGIN IMMEDIATE``) and commits or rolls back as a whole.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from companion.errors import CompanionError
from companion.storage.schema import MIGRATIONS, Migration

log = logging.getLogger(__name__)

#: The database's file name inside the state folder.
FILENAME = "companion.sqlite3"

#: SQLite errors that mean "not allowed here", not "damaged".
ACCESS_ERRORS = ("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")


class Database:
    """An open state database at ``path``, migrated to the newest schema.

    Raises :class:`CompanionError` naming the file when it cannot be created,
    is not a SQLite database, or was written by a newer companion.
    ``migrations`` is there for tests.
    """

    def __init__(self, path: str | Path, migrations: Sequence[Migration] = MIGRATIONS) -> None:
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = sqlite3.connect(self.path, isolation_level=None, timeout=10)
        except (OSError, sqlite3.Error) as error:
            raise CompanionError(f"cannot open the state database {self.path}: {error}") from None
        try:
            self._configure()
            self.migrate(migrations)
        except sqlite3.DatabaseError as error:
            self.connection.close()
            if getattr(error, "sqlite_errorname", "") in ACCESS_ERRORS:
                raise CompanionError(f"cannot open the state database {self.path}: {error} "
                                     "(it belongs to another user? on the kiosk: sudo -u companion ...)") from None
            raise CompanionError(f"{self.path} is not a usable companion state database: {error}") from None

    @classmethod
    def in_folder(cls, folder: str | Path) -> "Database":
        """The state database in the state folder ``folder``."""
        return cls(Path(folder) / FILENAME)

    def _configure(self) -> None:
        mode = self.connection.execute("PRAGMA journal_mode=WAL").fetchone()[0]
        if mode.lower() != "wal":
            raise sqlite3.DatabaseError(f"cannot switch to WAL journal (got {mode!r})")
        self.connection.execute("PRAGMA synchronous=FULL")
        self.connection.execute("PRAGMA foreign_keys=ON")

    @property
    def version(self) -> int:
        """The schema version: the number of the last migration applied."""
        return self.connection.execute("PRAGMA user_version").fetchone()[0]

    def migrate(self, migrations: Sequence[Migration]) -> None:
        """Apply, in order and each in its own transaction, every migration not yet applied."""
        numbers = [m.version for m in migrations]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError(f"migrations must be numbered 1, 2, 3, ... in order, not {numbers}")
        if self.version > len(migrations):
            raise CompanionError(
                f"{self.path} has schema version {self.version}, newer than this companion knows "
                f"({len(migrations)}): upgrade companion")
        for migration in migrations[self.version:]:
            with self.transaction() as connection:
                for statement in migration.statements:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {migration.version:d}")
            log.info("state database %s: schema %d (%s)", self.path, migration.version, migration.summary)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction: all of it is committed, or none of it."""
        self.connection.execute("BEGIN IMMEDIATE")
        try:
            yield self.connection
        except BaseException:
            self.connection.execute("ROLLBACK")
            raise
        self.connection.execute("COMMIT")

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` or what is wrong."""
        rows = self.connection.execute("PRAGMA integrity_check").fetchall()
        return "\n".join(row[0] for row in rows)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> "Database":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
