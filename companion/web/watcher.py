"""The one watcher of the state database that every open page listens to.

A single thread (however many pages are open) asks the database every :data:`POLL_S` seconds,
read-only, for the newest Not Not game, its state, its count of saved rounds, its last round
(replaced in place once a tie's choice is made) and the names in its seats, and for the newest
game of any kind (the table moved on to Not That Movie! or That's Not a Hat): queries on the
games', rounds' and seats' keys, whose cost does not grow with the number of games kept
(:data:`_NEWEST`, :data:`_NEWEST_OF_ALL`); and asks the kernel whether a kiosk holds the state
folder (:func:`companion.web.board.kiosk_running`: it stopped, or came back). When the answer
changes, the revision goes up and every waiting page is woken (:meth:`SaveWatcher.wait_after`),
so a save reaches the pages within a poll and a push. The connection is opened again when the
database appears, goes, or its write-ahead log comes or goes (a connection opened while no log
was there may be one that sees no later commit), and after each look while its schema is older
than the newest or being made (the reading's stand-ins for the tables it lacks would hide those
its migration makes, and no save would be seen again) or while it has no log (it is then read
as it lies, with nothing made beside it, and such a reading sees no later save); a database
that does not read is a state like any other, and the watcher goes on asking: whatever a read
fails with (SQLite's error, the system's, the project's), the connection is dropped, the
problem is told to the pages and once to the log, and the next poll opens the file again, so
updates resume as soon as it reads. Each time it opens the file with its write-ahead log beside
it, and that log changed since it last looked, it looks whether the log holds saves SQLite does
not read (:func:`companion.storage.wal.unread_saves_seen`, the kiosk's own finding): the pages
then say so on every page (:attr:`Seen.lost`), and the log once.
"""

from __future__ import annotations

import logging
import sqlite3
import textwrap
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from companion.errors import CompanionError
from companion.storage import wal
from companion.storage.database import FILENAME, Database
from companion.storage.faults import explain
from companion.storage.games import NOT_NOT
from companion.storage.location import os_error_line
from companion.web.board import kiosk_running

log = logging.getLogger(__name__)

#: The most characters of a problem the pages and the log are told (cut after a whole word).
PROBLEM_CHARS = 300
#: How often the database is asked, in seconds.
POLL_S = 0.2
#: What every page says of a write-ahead log that holds saves SQLite does not read: ``{log}`` the
#: log's name, ``{lost}`` what it loses (:attr:`companion.storage.wal.Loss.lost`).
LOST_SAVES = ("Saves are missing: the state database's write-ahead log ({log}) {lost}, so these "
              "pages show the games without them; companion history --check on the kiosk names "
              "the damage.")

#: The newest game is found first, from the newest id down (``NOT INDEXED``: the index by kind
#: and state holds no order of ids within a kind, and ordering by it sorted every game of the
#: kind, counting the rounds and naming the seats of each: 47 ms a look at 2,213 games); its
#: rounds and seats are then read by their keys. A look costs the same at any history's length.
_NEWEST = ("SELECT id, state, (SELECT count(*) FROM rounds WHERE game_id = games.id), "
           "(SELECT record FROM rounds WHERE game_id = games.id ORDER BY n DESC LIMIT 1), "
           "(SELECT group_concat(seated, char(31)) FROM (SELECT seat || ':' || name AS seated "
           "FROM seats JOIN players ON players.id = seats.player_id "
           "WHERE seats.game_id = games.id ORDER BY seat)) "
           "FROM games WHERE id = (SELECT id FROM games NOT INDEXED WHERE kind = ? "
           "ORDER BY id DESC LIMIT 1)")
#: The newest game of any kind (the last by id), its state and its count of saved rounds.
_NEWEST_OF_ALL = ("SELECT id, kind, state, (SELECT count(*) FROM rounds WHERE game_id = games.id) "
                  "FROM games WHERE id = (SELECT max(id) FROM games)")


class ProblemLog:
    """Tells the log of a problem once, not once per look or per page: again only after
    another problem; when the problem is gone, ``recovered`` (if any) says so, once. ``said``
    is the warning, with ``%s`` for the problem, told to ``logger`` (default: this module's)."""

    def __init__(self, said: str, recovered: str | None = None,
                 logger: logging.Logger = log) -> None:
        self.said, self.recovered, self.logger = said, recovered, logger
        self.told: str | None = None
        self.lock = threading.Lock()

    def __call__(self, problem: str | None) -> None:
        with self.lock:
            if problem == self.told:
                return
            self.told = problem
        if problem is not None:
            self.logger.warning(self.said, problem)
        elif self.recovered is not None:
            self.logger.info(self.recovered)


@dataclass(frozen=True)
class Seen:
    """What the watcher saw last: the newest game, its state, its saved rounds, its last round
    and the names in its seats (``None`` when there is no game), or what stops the database
    from reading; the newest game of any kind; whether a kiosk holds the state folder.
    A player renamed, merged or forgotten between two saves is a change as a save is: every
    open page then shows the name the records now have."""

    game: int | None = None
    state: str | None = None
    rounds: int = 0
    problem: str | None = None
    names: str = ""
    #: The last saved round's record as stored: a tie's round is saved as its countdown would
    #: settle it, then replaced once the choice is made, with no round more.
    last_round: str = ""
    #: The newest game of any kind as ``id kind state rounds`` (empty: none, or no reading).
    newest_of_all: str = ""
    #: Whether a kiosk holds the state folder (``None``: this system cannot tell).
    kiosk: bool | None = None
    #: The line every page says when the write-ahead log holds saves SQLite does not read
    #: (:data:`LOST_SAVES`; ``None``: none seen).
    lost: str | None = None

    def to_json(self) -> dict:
        return {"game": self.game, "state": self.state, "rounds": self.rounds,
                "problem": self.problem, "kiosk": self.kiosk}


class SaveWatcher:
    """Watches the state database in ``folder``; :attr:`revision` counts the changes seen."""

    def __init__(self, folder: Path, poll_s: float = POLL_S) -> None:
        self.folder = Path(folder)
        self.poll_s = poll_s
        self.revision = 0
        #: Told with each revision, so a page never takes one server's revision for another's.
        self.run_id = f"{time.time_ns():x}"
        self.seen = Seen()
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._database: Database | None = None
        self._opened_with: tuple[bool, bool] | None = None
        #: The write-ahead log as it was when last checked for lost saves (its inode, size and
        #: change time; ``None``: no log), and the line that check gave.
        self._log_checked: tuple[int, int, int] | None = None
        self._lost: str | None = None
        #: Tells the log of a problem the looks meet, and that the database reads again.
        self._log = ProblemLog("companion web: the state database does not read (%s); the pages "
                               "say so and the watcher goes on asking",
                               "companion web: the state database reads again; live updates go on")
        self._log_lost = ProblemLog("companion web: %s")

    def start(self) -> SaveWatcher:
        """Look once now, then keep looking in a thread of its own (started once)."""
        if self._thread is None:
            self.look()
            self._close()   # a connection serves the thread that opened it
            self._thread = threading.Thread(target=self._run, name="save-watcher", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def _run(self) -> None:
        try:
            while not self._stop.wait(self.poll_s):
                self.look()
        finally:
            self._close()

    def look(self) -> bool:
        """Ask the database and the folder's lock once; whether what they say changed (pages
        are then woken)."""
        seen = replace(self._ask(), kiosk=kiosk_running(self.folder), lost=self._lost)
        self._log(seen.problem)
        self._log_lost(seen.lost)
        if seen == self.seen:
            return False
        with self._changed:
            self.seen = seen
            self.revision += 1
            self._changed.notify_all()
        return True

    def tag(self, revision: int) -> str:
        """``revision`` as the pages hear it: this run's id and the number."""
        return f"{self.run_id}-{revision}"

    def wait_after(self, revision: int | None, timeout_s: float) -> tuple[int, Seen]:
        """The revision and what was seen, once the revision is no longer ``revision`` (at
        once for ``None``) or ``timeout_s`` has passed, or the watcher stops."""
        with self._changed:
            self._changed.wait_for(lambda: self.revision != revision or self._stop.is_set(),
                                   timeout=timeout_s)
            return self.revision, self.seen

    def _files(self) -> tuple[bool, bool]:
        path = self.folder / FILENAME
        return path.exists(), Path(f"{path}-wal").exists()

    def _ask(self) -> Seen:
        """What the database says now. A read that fails on a connection an earlier look
        opened is tried once more on a new one (the file may have been replaced or mended
        under it); one that fails then is a :class:`Seen` naming the problem."""
        reused = self._database is not None and self._files() == self._opened_with
        seen = self._read()
        if seen.problem is not None and reused:
            seen = self._read()
        return seen

    def _read(self) -> Seen:
        """What the database says, or the problem that stops it from reading (the connection
        is then closed, so that the next read opens the file again)."""
        try:
            database = self._reader()
            if database is None:
                return Seen()
            rows = [] if database.version == 0 else database.read(   # 0: being made
                _NEWEST, (NOT_NOT,), "looking for new saves")
            newest = [] if database.version == 0 else database.read(
                _NEWEST_OF_ALL, (), "looking for new saves")
            if database.stood_in or database.as_it_lies:   # stand-ins would hide the tables
                self._close()   # a migration makes; a file read as it lies shows no later save
        except (CompanionError, OSError, sqlite3.Error) as error:
            self._close()
            if isinstance(error, sqlite3.Error):   # ``version`` asks SQLite straight
                error = explain(error, self.folder / FILENAME, "looking for new saves")
            said = os_error_line(error) if isinstance(error, OSError) else str(error)
            return Seen(problem=textwrap.shorten(said, PROBLEM_CHARS, placeholder=" ..."))
        of_all = " ".join(str(value) for value in newest[0]) if newest else ""
        if not rows:
            return Seen(newest_of_all=of_all)
        game, state, rounds, last_round, names = rows[0]
        return Seen(int(game), str(state), int(rounds), names=names or "",
                    last_round=str(last_round or ""), newest_of_all=of_all)

    def _reader(self) -> Database | None:
        """The open read-only connection, opened (again) when the files changed."""
        files = self._files()
        if files != self._opened_with:
            self._close()
            self._check_log()
            if files[0]:
                self._database = Database.for_reading(self.folder)
            self._opened_with = files
        return self._database

    def _check_log(self) -> None:
        """Look whether the write-ahead log holds saves SQLite does not read
        (:func:`companion.storage.wal.unread_saves_seen`), unless it is the very log last
        looked at (same inode, size and change time): a connection opened again and again
        (while the file is read as it lies, or after a problem) checks a log once."""
        database = self.folder / FILENAME
        try:
            log_file = Path(f"{database}-wal").stat()
        except FileNotFoundError:
            self._log_checked = self._lost = None
            return
        checked = (log_file.st_ino, log_file.st_size, log_file.st_mtime_ns)
        if checked == self._log_checked:
            return
        loss = wal.unread_saves_seen(database)
        self._log_checked = checked
        self._lost = LOST_SAVES.format(log=f"{FILENAME}-wal", lost=loss.lost) if loss else None

    def _close(self) -> None:
        """Drop the connection (a damaged one may fail even to close; it is dropped all the
        same), so that the next look opens the file again."""
        database, self._database, self._opened_with = self._database, None, None
        if database is not None:
            try:
                database.close()
            except sqlite3.Error as error:
                log.debug("closing the watcher's connection: %s", error)
