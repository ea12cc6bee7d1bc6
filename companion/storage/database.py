"""The state database: one SQLite file, opened for crash safety and migrated.

Every connection runs in WAL mode with ``synchronous=FULL``: a transaction
that has returned from COMMIT is on the card, and a power cut at any moment
leaves the file as it was after the last commit. Writes happen only inside
:meth:`Database.transaction`, which takes the write lock up front
(``BEGIN IMMEDIATE``) and commits or rolls back as a whole.

The database never fills its disk: before each write it checks the free
space on its folder (:func:`companion.storage.room.free_space`) and refuses, as
:class:`SaveLater`, below its floor (:func:`companion.storage.room.floor_of`).
A file that is not ours is refused before anything is written: another
program's or a newer companion's, a schema version that does not match the
tables it has, and an empty (0-byte) file, which no companion leaves (a copy or
a disk cut short). Before a writable open, a write-ahead log that holds saves
SQLite would drop without a word (a frame or its header damaged) is kept beside
it and named (:func:`keep_log`). Reading (:meth:`Database.for_reading`) never
writes: no schema is made, no file migrated, no log folded in; a deleted log is
refused (:func:`refuse_deleted_log`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from companion.errors import CompanionError
from companion.storage import wal
from companion.storage.faults import (
    RECOVERY,
    DamagedDatabase,
    ForeignDatabase,
    SaveLater,
    StorageError,
    error_name,
    explain,
    not_text,
    open_fix,
)
from companion.storage.location import (
    link_to_nothing,
    not_a_folder,
    os_error_line,
    without_path,
)
from companion.storage.mounts import remount_advice
from companion.storage.room import floor_of, free_space, is_full, megabytes
from companion.storage.schema import (
    DAMAGED_COLUMNS,
    EARLY_STAND_IN,
    EARLY_VERSION,
    MARKS,
    MIGRATIONS,
    NEW_STAND_INS,
    STAND_INS,
    Migration,
    added_in,
)

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


def refuse_empty(path: Path) -> None:
    """Refuse an empty (0-byte) database file: no companion leaves one, and it is never written
    over (a copy or a disk cut short: what it held may be elsewhere)."""
    try:
        empty = path.is_file() and path.stat().st_size == 0
    except OSError:
        return
    if empty:
        raise DamagedDatabase(
            f"{path} is empty (0 bytes): a copy or a disk cut short? It was left as it is; if "
            "nothing is to be recovered, remove it and a new history begins (see "
            f"{RECOVERY})", "the state database is an empty file")


def refuse_dangling(path: Path) -> None:
    """Refuse, as :class:`SaveLater` (the drive may be mounted later), a state database that is
    a link to nothing (a USB stick not mounted) or a link that loops: a new history is never
    made in its place, nor its absence read as no games kept."""
    found = link_to_nothing(path)
    if found is not None:
        raise SaveLater(f"the state database {path} is {found}: is the drive it points to "
                        "mounted? Nothing is made in its place",
                        f"the state database is {found}")


def start_whole(path: Path) -> None:
    """Make a new database file at ``path`` whole before it is opened there: SQLite creates an
    empty file and writes its header a moment later, so a companion killed in between would
    leave an empty file, which is refused (:func:`refuse_empty`). The header is written under a
    draft name and the file then renamed into place. Nothing is done when ``path`` exists;
    any failure is left for the opening at ``path`` to say in its own words."""
    draft = path.with_name(f"{path.name}.new")
    try:
        if path.exists():
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        draft.unlink(missing_ok=True)
        connection = sqlite3.connect(draft, isolation_level=None)
        try:
            connection.execute("PRAGMA journal_mode=WAL")   # writes the header
        finally:
            connection.close()
        if draft.stat().st_size > 0:
            os.replace(draft, path)
    except (OSError, sqlite3.Error) as error:
        log.debug("no draft for %s: %s", path, error)
    finally:
        for leftover in (draft, Path(f"{draft}-wal"), Path(f"{draft}-shm")):
            with contextlib.suppress(OSError):
                leftover.unlink(missing_ok=True)


def no_log_to_read(path: Path) -> bool:
    """Whether ``path`` has no write-ahead log to read: none beside it, or an empty one on a disk
    under the floor the companion keeps free (where no companion writes a save into it)."""
    log_file = Path(f"{path}-wal")
    try:
        return not log_file.exists() or (log_file.stat().st_size == 0
                                         and is_full(path.parent) is not None)
    except OSError:
        return False


def refuse_deleted_log(path: Path) -> None:
    """Refuse, as :class:`DamagedDatabase`, to read ``path`` when its write-ahead log was deleted
    (:func:`companion.storage.wal.deleted`): what SQLite would read is the file without the saves
    in that log (no games, for a kiosk killed before its first checkpoint), and nothing is
    opened, so the ``-shm`` beside it stays as evidence."""
    deleted = wal.deleted(path)
    if deleted:
        raise DamagedDatabase(f"cannot read {path}: {deleted}; nothing was read or written: copy "
                              "the state folder as it is (sudo cp -a), then run companion history "
                              f"--check (see {RECOVERY})",
                              "the write-ahead log was deleted")


def keep_log(path: Path) -> wal.KeptLog | None:
    """Before ``path`` is opened for writing, keep its write-ahead log beside it when the log
    holds saves SQLite would drop without a word (:func:`companion.storage.wal.keep_damaged`),
    and say so in the log. ``None``: nothing to keep. Raises :class:`SaveLater` when the copy
    cannot be written: opening the file then would fold the log into it and lose those saves,
    so it is not opened (the kiosk plays on and keeps its saves until it can)."""
    try:
        kept = wal.keep_damaged(path)
    except OSError as error:
        raise SaveLater(f"cannot open the state database {path}: its write-ahead log holds saves "
                        f"SQLite would drop, and no copy of it could be kept beside it "
                        f"({error.strerror or error}); nothing was opened or written: make room "
                        f"or copy the state folder elsewhere (sudo cp -a), see {RECOVERY}",
                        "the write-ahead log is damaged and cannot be kept") from None
    if kept is not None:
        log.log(logging.WARNING if kept.new else logging.INFO, "%s", kept.line(path))
    return kept


def file_identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the file at ``path`` (``None``: no file there, or none that can
    be looked at): a file deleted, moved away or replaced no longer has the identity it had."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class Database:
    """An open state database at ``path``, migrated to the newest schema.

    Raises :class:`StorageError` (a ``CompanionError``) naming the file when it
    cannot be created or opened, is not a SQLite database, is damaged, or is
    another program's or a newer companion's: such a file is checked before
    anything is written to it, and left exactly as it was.
    ``migrations`` is there for tests.
    """

    #: The damaged write-ahead log kept before this open (:func:`keep_log`), if any.
    kept_log: wal.KeptLog | None = None
    #: Whether it was opened for reading only (:meth:`for_reading`): nothing is ever written.
    read_only: bool = False
    #: Whether a reading stands in for tables of a schema older than the newest (or being made
    #: that moment): its temporary tables hide those a later migration makes, so a reader that
    #: follows later saves opens the file again rather than keep this connection.
    stood_in: bool = False
    #: Whether it reads the file as it lies (SQLite's ``immutable``: there was no log to read):
    #: it sees no later save, so a reader that follows them opens the file again.
    as_it_lies: bool = False
    #: The device and inode of the file it opened to write (:func:`file_identity`; ``None``
    #: for a reader): :mod:`companion.storage.moved_away` tells by it whether the file is still
    #: the one at :attr:`path`.
    identity: tuple[int, int] | None = None
    #: The same of its folder: a folder deleted or moved away took its lock file with it.
    folder_identity: tuple[int, int] | None = None
    #: The same of its write-ahead log (``None``: a reader, or no log): by it
    #: :mod:`companion.storage.deleted_log` tells whether the log at its path is still the one
    #: its saves go into.
    log_identity: tuple[int, int] | None = None
    #: How long a write waits for another program's (the opener's choice).
    busy_timeout_s: float = BUSY_TIMEOUT_S

    def __init__(self, path: str | Path, migrations: Sequence[Migration] = MIGRATIONS,
                 busy_timeout_s: float = BUSY_TIMEOUT_S) -> None:
        self.path = Path(path)
        problem = not_a_folder(self.path.parent)
        if problem:
            raise SaveLater(f"cannot open the state database {self.path}: {problem}",
                            without_path(problem, self.path.parent))
        refuse_dangling(self.path)
        refuse_empty(self.path)
        refuse_deleted_log(self.path)   # a writer would start a new log over the evidence
        start_whole(self.path)
        self.kept_log = keep_log(self.path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.connection = sqlite3.connect(self.path, isolation_level=None,
                                              timeout=busy_timeout_s)
        except (OSError, sqlite3.Error) as error:
            fix = remount_advice(self.path.parent) or open_fix(self.path)
            said = os_error_line(error) if isinstance(error, OSError) else str(error)
            raise SaveLater(f"cannot open the state database {self.path}: {said}"
                            + (f" ({fix})" if fix else "")) from None
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
            raise self._refusal(error, "opening the state database") from None
        self.busy_timeout_s = busy_timeout_s
        self.identity = file_identity(self.path)
        self.folder_identity = file_identity(self.path.parent)
        self.log_identity = file_identity(self.log_path)

    @property
    def log_path(self) -> Path:
        """Where its write-ahead log lies: ``companion.sqlite3-wal`` beside it."""
        return Path(f"{self.path}-wal")

    @staticmethod
    def kept_in(folder: Path) -> bool:
        """Whether the state folder ``folder`` holds a state database (``False``: no games kept
        yet); a :class:`StorageError` when the folder is a file or cannot be read."""
        problem = not_a_folder(folder)
        if problem:
            raise SaveLater(problem, without_path(problem, folder))
        refuse_dangling(folder / FILENAME)
        try:
            return (folder / FILENAME).exists()
        except OSError as error:
            raise SaveLater(f"cannot read the state folder {folder}: {error.strerror}"
                               ) from None

    @classmethod
    def in_folder(cls, folder: str | Path, busy_timeout_s: float = BUSY_TIMEOUT_S) -> Database:
        """The state database in the state folder ``folder`` (a write waits up to
        ``busy_timeout_s`` for another program's)."""
        return cls(Path(folder) / FILENAME, busy_timeout_s=busy_timeout_s)

    @classmethod
    def for_reading(cls, folder: str | Path, file_only: bool = False) -> Database:
        """The state database in ``folder``, opened for reading only: nothing is written to it
        or beside it, not a schema, a migration, a game set aside, a checkpoint of the
        write-ahead log, nor a ``-wal`` or ``-shm`` SQLite would make (:meth:`_open_read_only`),
        and a file of an older schema version reads as if migrated. ``file_only``: the database
        file alone, as it lies, its log left unread and untouched (SQLite's ``immutable``).
        Refused, as :class:`DamagedDatabase`, when the log was deleted
        (:func:`refuse_deleted_log`) and ``file_only`` is not asked."""
        path = Path(folder) / FILENAME
        if not file_only:
            refuse_deleted_log(path)
        reader = cls.__new__(cls)
        reader.path = path
        reader._open_read_only(file_only)
        return reader

    def _open_read_only(self, file_only: bool = False) -> None:
        """Open :attr:`path` read-only: SQLite's ``mode=ro``, and ``immutable`` (the file as it
        lies, :attr:`as_it_lies`) when asked (``file_only``) or when there is no log to read
        (:func:`no_log_to_read`). With no log, no program has the file open (one that has keeps
        its log), so no committed save is missed, and nothing is made beside it: ``mode=ro``
        would make a ``-wal`` and a ``-shm`` and leave them, owned by whoever reads (a kiosk
        running as another user could then not save), and cannot on a full disk. Such a
        reading sees no later save: a reader that follows them opens the file again (the web
        page's watcher does at each look). The one risk: a program that opens, writes and
        closes the file while it is read folds its log in under the reader, which may then read
        it wrong or find it damaged (reading again sets that right)."""
        self.read_only = True
        immutable = self.as_it_lies = file_only or no_log_to_read(self.path)
        uri = f"file:{quote(str(self.path))}?mode=ro" + ("&immutable=1" if immutable else "")
        refuse_empty(self.path)
        try:
            self.connection = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10)
            self._check_ours(MIGRATIONS)
            self._stand_in()
        except CompanionError:
            self.connection.close()
            raise
        except UnicodeDecodeError:
            self.connection.close()
            raise not_text(self.path, "reading the state database") from None
        except sqlite3.Error as error:
            if hasattr(self, "connection"):
                self.connection.close()
            raise self._refusal(error, "reading the state database") from None

    def _stand_in(self) -> None:
        """Give a file of an older schema version, opened read-only (so not migrated), what the
        newest has, as temporary tables and views: empty tables for those its version has not
        yet, and every game not ended early when its version has no ``ended_early``. A table
        its version has and it lacks is left missing: the file is damaged. ``damaged_games`` is
        read from a temporary copy, into which a game this reading finds damaged is set aside
        (:meth:`companion.storage.games.GameStore.set_aside_game`): every view of this reading
        agrees, and the file is left as it is."""
        version = self.version
        self.stood_in = version < len(MIGRATIONS)
        tables = {name for (name,) in self.connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0:   # being made this moment: no table yet
            stand_ins = {**NEW_STAND_INS, **STAND_INS}
        else:
            stand_ins = STAND_INS
            if version < EARLY_VERSION and "ended_early" not in self.columns("games"):
                self.connection.execute(EARLY_STAND_IN)
        for name, columns in stand_ins.items():
            if name not in tables and version < added_in(name):
                self.connection.execute(f"CREATE TEMP TABLE {name} {columns}")
        if "damaged_games" in tables:   # the games this reading finds damaged go in a copy
            self.connection.execute(f"CREATE TEMP TABLE damaged_games {DAMAGED_COLUMNS}")
            try:
                self.connection.execute("INSERT INTO temp.damaged_games SELECT game_id, reason, "
                                        "found_at FROM main.damaged_games")
            except (sqlite3.DatabaseError, UnicodeDecodeError):   # its page is damaged: the
                self.connection.execute("DROP TABLE temp.damaged_games")   # reads say so

    def _refusal(self, error: sqlite3.Error, doing: str) -> StorageError:
        """Why the file does not open: not a database at all, or what :func:`explain` says."""
        if error_name(error) in ("SQLITE_NOTADB", "") and "not a database" in str(error):
            return ForeignDatabase(f"{self.path} is not a usable companion state database: "
                                   f"{error} (it was left as it is: keep a copy, then move it "
                                   f"aside and a new one is made; see {RECOVERY})",
                                   "the state file is not a database")
        return explain(error, self.path, doing)

    def _check_ours(self, migrations: Sequence[Migration]) -> None:
        """Refuse, before writing anything, a newer companion's or another program's database.

        The version and the tables are read in one read transaction: a companion migrating
        the file meanwhile (the kiosk creating it while the web page reads) is seen before
        or after its migration, never halfway (a version with a later version's tables)."""
        began = not self.connection.in_transaction
        if began:
            self.connection.execute("BEGIN")
        try:
            self._check_tables(migrations)
        finally:
            if began and self.connection.in_transaction:
                self.connection.execute("COMMIT")

    def _check_tables(self, migrations: Sequence[Migration]) -> None:
        """What :meth:`_check_ours` checks: the version, then the tables it must and must not
        have."""
        version = self.version
        if version < 0:
            raise ForeignDatabase(
                f"{self.path} has schema version {version}, which no companion writes (it was "
                f"left as it is){self._mend_version()}", "its schema version is not ours")
        if version > len(migrations):
            raise ForeignDatabase(
                f"{self.path} has schema version {version}, newer than this companion knows "
                f"({len(migrations)}): upgrade companion (the file was left as it is)",
                "the state database is a newer companion's")
        tables = {name: self.columns(name) for (name,) in self.connection.execute(
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
        later = [number for number in range(version + 1, len(MARKS) + 1)
                 if self._has(MARKS[number])]
        if later:
            raise ForeignDatabase(
                f"{self.path} says schema version {version} but already has {MARKS[later[-1]]}, "
                f"which version {later[-1]} adds: its version number was changed (it was left as "
                f"it is){self._mend_version()}", "its schema version does not match its tables")

    def _has(self, mark: str) -> bool:
        """Whether the file holds ``mark`` (``"table games"``, ``"column games.ended_early"``)."""
        kind, name = mark.split()
        if kind == "column":
            table, column = name.split(".")
            return column in self.columns(table)
        return bool(self.connection.execute(
            "SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?", (kind, name)).fetchone())

    def _mend_version(self) -> str:
        """How to put back the schema version the file's tables say, if they say one."""
        held = [number for number, mark in MARKS.items() if self._has(mark)]
        if held != list(range(1, len(held) + 1)) or not held:
            return f"; see {RECOVERY}"
        return (f"; if it is this companion's, set it back with: sqlite3 {self.path} "
                f"'PRAGMA user_version = {held[-1]}'")

    def columns(self, table: str) -> set[str]:
        """The names of the columns of ``table`` (none when there is no such table)."""
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
        new = self.version == 0   # a new file's schema is no news; an upgrade is
        for migration in migrations[self.version:]:
            with self.transaction(f"migrating to schema version {migration.version}") as connection:
                for statement in migration.statements:
                    connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {migration.version:d}")
            log.log(logging.DEBUG if new else logging.INFO, "state database %s: schema %d (%s)",
                    self.path, migration.version, migration.summary)

    @contextmanager
    def transaction(self, doing: str = "writing the state database"
                    ) -> Iterator[sqlite3.Connection]:
        """A write transaction: all of it is committed, or none of it.

        A SQLite fault (full disk, read-only file or folder, I/O error, damage)
        rolls it back and raises :class:`StorageError` saying ``doing`` failed
        and why; everything committed before stays as it was.
        """
        self._check_room(doing)
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

    def _check_room(self, doing: str) -> None:
        """Refuse a write, as :class:`SaveLater`, when the disk's free space is under its floor."""
        room = free_space(self.path.parent)
        if room is None or room[0] >= floor_of(room[1]):
            return
        left, floor = megabytes(room[0]), megabytes(floor_of(room[1]))
        short = "the disk is full" if room[0] == 0 else f"the disk is nearly full: {left} left"
        raise SaveLater(f"{doing} failed: the disk holding {self.path} is full: {left} left, under "
                        f"the {floor} the companion keeps free so that it never fills the disk "
                        "(nothing saved before is lost; free some space and saving goes on)",
                        short)

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
        """SQLite's ``PRAGMA integrity_check``: ``"ok"`` or what is wrong, one problem a line
        (a page that does not even read is reported as such, not raised; SQLite's heading
        ``*** in database main ***`` is left out: it names no problem)."""
        try:
            rows = self.connection.execute("PRAGMA integrity_check").fetchall()
        except sqlite3.DatabaseError as error:
            return f"{error_name(error) or 'error'}: {error}"
        return "\n".join(line for row in rows for line in str(row[0]).splitlines()
                         if not line.startswith("*** in database ")) or "ok"

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
