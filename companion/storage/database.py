"""The state database: one SQLite file, opened for crash safety and migrated.

Every connection runs in WAL mode with ``synchronous=FULL``: a transaction
that has returned from COMMIT is on the card, and a power cut at any moment
leaves the file as it was after the last commit. Writes happen only inside
:meth:`Database.transaction`, which takes the write lock up front
(``BEGIN IMMEDIATE``) and commits or rolls back as a whole.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from companion.errors import CompanionError
from companion.storage.faults import (
    ForeignDatabase,
    StorageError,
    error_name,
    explain,
    folder_is_writable,
    not_text,
)
from companion.storage.location import not_a_folder
from companion.storage.schema import DAMAGED_COLUMNS, MIGRATIONS, Migration

log = logging.getLogger(__name__)

#: The database's file name inside the state folder.
FILENAME = "companion.sqlite3"

#: The tables and columns a companion database has from schema version 1 on.
OUR_TABLES = {
    "games": {"id", "kind", "state", "players", "settings", "snapshot", "result",
              "started_at", "finished_at"},
    "rounds": {"game_id", "n", "record", "saved_at"},
}


#: How long a write waits for another program's write to end before it fails ("database is
#: locked"), in seconds, unless the opener says otherwise.
BUSY_TIMEOUT_S = 10.0

class Database:
    """An open state database at ``path``, migrated to the newest schema.

    Raises :class:`StorageError` (a ``CompanionError``) naming the file when it
    cannot be created or opened, is not a SQLite database, is damaged, or is
    another program's or a newer companion's: such a file is checked before
    anything is written to it, and left exactly as it was.
    ``migrations`` is there for tests.
    """

    def __init__(self, path: str | Path, migrations: Sequence[Migration] = MIGRATIONS,
                 busy_timeout_s: float = BUSY_TIMEOUT_S) -> None:
        self.path = Path(path)
        problem = not_a_folder(self.path.parent)
        if problem:
            raise StorageError(f"cannot open the state database {self.path}: {problem}",
                               "the state folder is a file")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = sqlite3.connect(self.path, isolation_level=None,
                                              timeout=busy_timeout_s)
        except (OSError, sqlite3.Error) as error:
            raise StorageError(f"cannot open the state database {self.path}: {error}") from None
        try:
            self._check_ours(migrations)
            self._configure()
            self.migrate(migrations)
        except CompanionError:
            self.connection.close()
            raise
        except UnicodeDecodeError:   # the schema's own text does not read: a damaged page
            self.connection.close()
            raise not_text(self.path, "opening the state database") from None
        except sqlite3.Error as error:
            self.connection.close()
            if error_name(error) in ("SQLITE_NOTADB", "") and "not a database" in str(error):
                raise ForeignDatabase(f"{self.path} is not a usable companion state database: "
                                      f"{error} (it was left as it is)",
                                      "the state file is not a database") from None
            raise explain(error, self.path, "opening the state database") from None

    @staticmethod
    def kept_in(folder: Path) -> bool:
        """Whether the state folder ``folder`` holds a state database (``False``: no games kept
        yet); a :class:`StorageError` when the folder is a file or cannot be read."""
        problem = not_a_folder(folder)
        if problem:
            raise StorageError(problem, "the state folder is a file")
        try:
            return (folder / FILENAME).exists()
        except OSError as error:
            raise StorageError(f"cannot read the state folder {folder}: {error.strerror}"
                               ) from None

    @classmethod
    def in_folder(cls, folder: str | Path, busy_timeout_s: float = BUSY_TIMEOUT_S) -> Database:
        """The state database in the state folder ``folder`` (a write waits up to
        ``busy_timeout_s`` for another program's)."""
        return cls(Path(folder) / FILENAME, busy_timeout_s=busy_timeout_s)

    @classmethod
    def for_reading(cls, folder: str | Path) -> Database:
        """The state database in ``folder``, for reading only when the folder or the file may
        not be written (a read-only mount, another user's files): nothing is written then, not
        even a migration, and reading still works."""
        path = Path(folder) / FILENAME
        if os.access(path.parent, os.W_OK) and os.access(path, os.W_OK):
            return cls(path)
        reader = cls.__new__(cls)
        reader.path = path
        reader._open_read_only()
        return reader

    def _open_read_only(self) -> None:
        """Open :attr:`path` read-only: SQLite's ``mode=ro``, and ``immutable`` when there is
        no ``-wal`` file (so no committed transaction is missed) and no folder to put one in."""
        immutable = not Path(f"{self.path}-wal").exists() and not folder_is_writable(self.path)
        uri = f"file:{quote(str(self.path))}?mode=ro" + ("&immutable=1" if immutable else "")
        try:
            self.connection = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10)
            self._check_ours(MIGRATIONS)
            if "damaged_games" not in {name for (name,) in self.connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}:
                self.connection.execute(f"CREATE TEMP TABLE damaged_games {DAMAGED_COLUMNS}")
        except CompanionError:
            self.connection.close()
            raise
        except UnicodeDecodeError:
            self.connection.close()
            raise not_text(self.path, "reading the state database") from None
        except sqlite3.Error as error:
            if hasattr(self, "connection"):
                self.connection.close()
            raise explain(error, self.path, "reading the state database") from None

    def _check_ours(self, migrations: Sequence[Migration]) -> None:
        """Refuse, before writing anything, a newer companion's or another program's database."""
        version = self.version
        if version > len(migrations):
            raise ForeignDatabase(
                f"{self.path} has schema version {version}, newer than this companion knows "
                f"({len(migrations)}): upgrade companion (the file was left as it is)",
                "the state database is a newer companion's")
        tables = {name: self._columns(name) for (name,) in self.connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if migrations is not MIGRATIONS:
            return
        if version == 0 and tables:
            raise ForeignDatabase(f"{self.path} is another program's database (tables "
                                  f"{', '.join(sorted(tables)[:5])}; no companion schema version): "
                                  "it was left as it is; move it elsewhere",
                                  "the state database is another program's")
        missing = [name for name, columns in OUR_TABLES.items()
                   if version >= 1 and not columns <= tables.get(name, set())]
        if missing:
            raise ForeignDatabase(f"{self.path} says schema version {version} but has no companion "
                                  f"{missing[0]!r} table: another program's database? It was left "
                                  "as it is; move it elsewhere",
                                  "the state database is another program's")

    def _columns(self, table: str) -> set[str]:
        return {row[1] for row in self.connection.execute(
            "SELECT * FROM pragma_table_info(?)", (table,))}

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
        for migration in migrations[self.version:]:
            with self.transaction(f"migrating to schema version {migration.version}") as connection:
                for statement in migration.statements:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {migration.version:d}")
            log.info("state database %s: schema %d (%s)", self.path, migration.version,
                     migration.summary)

    @contextmanager
    def transaction(self, doing: str = "writing the state database"
                    ) -> Iterator[sqlite3.Connection]:
        """A write transaction: all of it is committed, or none of it.

        A SQLite fault (full disk, read-only file or folder, I/O error, damage)
        rolls it back and raises :class:`StorageError` saying ``doing`` failed
        and why; everything committed before stays as it was.
        """
        try:
            self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield self.connection
                self.connection.execute("COMMIT")
            finally:
                if self.connection.in_transaction:
                    self._roll_back()
        except sqlite3.Error as error:
            raise explain(error, self.path, doing) from None
        except UnicodeDecodeError:   # a damaged page that still reads as rows: text not UTF-8
            raise not_text(self.path, doing) from None

    def _roll_back(self) -> None:
        try:
            self.connection.execute("ROLLBACK")
        except sqlite3.Error as error:  # SQLite has rolled back already (full disk, I/O error)
            log.debug("rollback: %s", error)

    def read(self, sql: str, parameters: Sequence = (), doing: str = "reading the state database"
             ) -> list[tuple]:
        """The rows of query ``sql``; a SQLite fault raises :class:`StorageError` naming
        ``doing``."""
        try:
            return self.connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise explain(error, self.path, doing) from None
        except UnicodeDecodeError:
            raise not_text(self.path, doing) from None

    def integrity_check(self) -> str:
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` or what is wrong (a page that
        does not even read is reported as such, not raised)."""
        try:
            rows = self.connection.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError as error:
            return f"{error_name(error) or 'error'}: {error}"
        return "\n".join(str(row[0]) for row in rows)

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
