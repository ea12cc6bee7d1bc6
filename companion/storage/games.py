"""The store of games: each game's settings, its latest snapshot, its rounds, its result.

A game is saved as it is played. :meth:`GameStore.create` stores the new
game's snapshot; :meth:`GameStore.save_round` stores one finished round's
record *and* the snapshot after it in one transaction, so the database always
holds a snapshot that matches the rounds saved. After a crash,
:meth:`GameStore.unfinished` gives the snapshot to continue from. Finished
games keep every round (roll, taps with their stamps, verdicts) for the end
screen's reaction-time chart and for ``companion history``.

In a main loop (``companion simulate`` does the same)::

    store = GameStore(Database.in_folder(state_dir()))
    saved = store.unfinished()                  # offer it for resume
    if saved and resume_chosen:
        game, game_id = Game.restore(saved.snapshot), saved.id
    else:
        game = Game.new(...)
        game_id = store.create(game.players, settings, game.snapshot())
    ...
    record = game.finish_round(round_, choices)
    store.save_round(game_id, record.to_json(), game.snapshot(),
                     result=final_result if game.over else None)

The store does not know the rules: snapshots, round records and results are
the JSON-able dicts the game hands over, stored whole and handed back as JSON
reads them (equal to the original when its keys are strings).

A game whose row, rounds or snapshot do not read (bad JSON, a wrong type, a
damaged page; or rounds other than the game's own row counts: a damaged page of
``rounds`` may end a game's rows early without an error, :class:`RoundsAmiss`)
is *set aside* when the store meets it: listed in
``damaged_games`` (schema version 3), kept as it is, never offered for
resume; :attr:`GameStore.set_aside` names the games this store set aside, for
a notice. Setting aside is best effort: on a read-only or full disk the game
is only skipped.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime

from companion.config import reading
from companion.errors import CompanionError, StateError
from companion.storage.database import Database
from companion.storage.faults import SaveRefused, StorageError
from companion.storage.shapes import Each, MayLack, shape_problem

log = logging.getLogger(__name__)

NOT_NOT = "not-not"

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"
STATES = (PLAYING, FINISHED, ABANDONED)
#: More players than this in a stored game means the row is damaged.
MAX_PLAYERS = 1000


def utc_now() -> str:
    """The wall-clock time now, UTC, ISO 8601 to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def to_json(what: str, value: object) -> str:
    """``value`` as JSON text; :class:`SaveRefused` naming ``what`` if it is not JSON-able."""
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise SaveRefused(f"cannot store the {what}: it is not plain JSON data ({error})",
                          f"the {what} is not plain JSON data") from None


@dataclass(frozen=True)
class SavedGame:
    """One game as stored: what it started with, where it is, how it ended."""

    id: int
    kind: str
    state: str  # "playing", "finished" or "abandoned"
    players: int
    settings: dict
    snapshot: dict
    result: dict | None
    started_at: str
    finished_at: str | None
    #: Every saved round's record, in round order.
    rounds: tuple[dict, ...] = field(default=())
    #: Whether the table ended it before its rules did (finished with the scores as they stood).
    ended_early: bool = False

    def to_dict(self) -> dict:
        """A JSON-able dict of everything stored about the game."""
        return {
            "id": self.id, "kind": self.kind, "state": self.state, "players": self.players,
            "settings": self.settings, "result": self.result, "started_at": self.started_at,
            "finished_at": self.finished_at, "ended_early": self.ended_early,
            "rounds": list(self.rounds),
        }


class GameStore:
    """Games of one ``kind`` in a :class:`Database`.

    ``clock`` gives the wall-clock time stamped on games and rounds (for the
    history listing only; nothing is ordered by it).
    """

    def __init__(self, database: Database, kind: str = NOT_NOT,
                 clock: Callable[[], str] = utc_now) -> None:
        self.database = database
        self.kind = kind
        self.clock = clock
        #: ``(game id, what is wrong)`` of each game this store has set aside.
        self.set_aside: list[tuple[int, str]] = []

    def create(self, players: int, settings: dict, snapshot: dict,
               seats: Mapping[int, int] | None = None) -> int:
        """Store a new game about to start and return its id.

        Any game of this kind still being played is marked abandoned in the
        same transaction: one table plays one game at a time. ``seats`` (seat -> kept player's
        id) are the named players at the table, written in the same transaction (a player
        forgotten meanwhile sits as a guest).
        """
        with self.database.transaction(f"saving a new {self.kind} game") as db:
            db.execute("UPDATE games SET state = ? WHERE kind = ? AND state = ?",
                       (ABANDONED, self.kind, PLAYING))
            cursor = db.execute(
                "INSERT INTO games (kind, state, players, settings, snapshot, started_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (self.kind, PLAYING, players, to_json("game settings", settings),
                 to_json("game snapshot", snapshot), self.clock()))
            assert cursor.lastrowid is not None  # an INSERT sets it
            for seat, player_id in sorted((seats or {}).items()):
                db.execute("INSERT INTO seats (game_id, seat, player_id) SELECT ?, ?, id "
                           "FROM players WHERE id = ?", (cursor.lastrowid, seat, player_id))
            return cursor.lastrowid

    def save_round(self, game_id: int, record: dict, snapshot: dict,
                   result: dict | None = None, edges: dict | None = None,
                   replaces: bool = False) -> None:
        """Store one finished round and the game's snapshot after it, in one transaction.

        ``record["n"]`` is the round's number; each number is saved once. With
        ``result`` the game is also marked finished in the same transaction
        (the round that ended it). With ``edges`` (the pads' raw edges in the round,
        :func:`companion.inputs.edge_log.kept_edges`) they are saved beside it, in it too.
        ``replaces``: the round may already be the game's last saved round, stored as it
        stood for the while it was settled (a tie choice under way, saved as its countdown
        would settle it); it is then replaced, and a game it ended is played again until this
        round ends it or not.
        """
        n = record.get("n") if isinstance(record, dict) else None
        if not isinstance(n, int) or n < 1:
            raise SaveRefused(f"cannot store a round of game {game_id}: "
                              "its record has no round number 'n'", "a round without a number")
        with self.database.transaction(f"saving round {n} of game {game_id}") as db:
            if replaces:
                self._take_back_last_round(db, game_id, n)
            self._require_playing(db, game_id)
            if db.execute("SELECT 1 FROM rounds WHERE game_id = ? AND n = ?",
                          (game_id, n)).fetchone():
                raise SaveRefused(f"round {n} of game {game_id} is already saved",
                                  f"round {n} is already saved")
            now = self.clock()
            db.execute("INSERT INTO rounds (game_id, n, record, saved_at) VALUES (?, ?, ?, ?)",
                       (game_id, n, to_json("round record", record), now))
            if edges is not None:
                db.execute("INSERT INTO round_edges (game_id, n, edges) VALUES (?, ?, ?)",
                           (game_id, n, to_json("round edges", edges)))
            db.execute("UPDATE games SET snapshot = ? WHERE id = ?",
                       (to_json("game snapshot", snapshot), game_id))
            if result is not None:
                self._mark_finished(db, game_id, result, now)

    def save_snapshot(self, game_id: int, snapshot: dict) -> None:
        """Store the game's snapshot after a move within a round (games that keep books
        move by move, like Not That Movie!, save after every entry)."""
        with self.database.transaction(f"saving game {game_id}") as db:
            self._require_playing(db, game_id)
            db.execute("UPDATE games SET snapshot = ? WHERE id = ?",
                       (to_json("game snapshot", snapshot), game_id))

    def finish(self, game_id: int, result: dict, snapshot: dict | None = None,
               early: bool = False) -> None:
        """Mark a game finished with its ``result`` (winners, scores) and final snapshot;
        ``early``: the table ended it before its rules did."""
        with self.database.transaction(f"saving the end of game {game_id}") as db:
            self._require_playing(db, game_id)
            if snapshot is not None:
                db.execute("UPDATE games SET snapshot = ? WHERE id = ?",
                           (to_json("game snapshot", snapshot), game_id))
            self._mark_finished(db, game_id, result, self.clock())
            db.execute("UPDATE games SET ended_early = ? WHERE id = ?", (int(early), game_id))

    def abandon(self, game_id: int) -> None:
        """Mark a game that will not be continued; it stays out of the history."""
        with self.database.transaction(f"marking game {game_id} abandoned") as db:
            self._require_playing(db, game_id)
            db.execute("UPDATE games SET state = ? WHERE id = ?", (ABANDONED, game_id))

    def unfinished(self) -> SavedGame | None:
        """The game of this kind still being played (to offer for resume), or None.

        A game that does not read is set aside (see the module docstring), and
        ``None`` is returned.
        """
        rows = self.database.read(
            "SELECT id FROM games WHERE kind = ? AND state = ? AND id NOT IN "
            "(SELECT game_id FROM damaged_games) ORDER BY id DESC LIMIT 1",
            (self.kind, PLAYING), "looking for a game to resume")
        return self._readable(rows[0][0]) if rows else None

    def finished(self, limit: int | None = None) -> list[SavedGame]:
        """Finished games of this kind, newest first, each with its rounds (damaged ones
        left out)."""
        return list(self.each_finished(limit))

    def each_finished(self, limit: int | None = None) -> Iterator[SavedGame]:
        """:meth:`finished`, one game read at a time (a year of games need not all be in
        memory at once)."""
        rows = self.database.read(
            "SELECT id FROM games WHERE kind = ? AND state = ? AND id NOT IN "
            "(SELECT game_id FROM damaged_games) ORDER BY id DESC LIMIT ?",
            (self.kind, FINISHED, -1 if limit is None else limit), "listing finished games")
        yield from self.each_readable(game_id for (game_id,) in rows)

    def each_readable(self, game_ids: Iterable[int]) -> Iterator[SavedGame]:
        """Each game of ``game_ids`` that reads, whole, in their order, read one at a time; one
        that does not is set aside (see the module docstring) and skipped."""
        for game_id in game_ids:
            game = self._readable(game_id)
            if game is not None:
                yield game

    def get(self, game_id: int) -> SavedGame:
        """The game with id ``game_id``, in whatever state.

        Raises :class:`CompanionError` if there is no such game or it does not read.
        """
        try:
            return read_game(self.database, game_id, self.kind)
        except Unreadable as error:
            raise CompanionError(f"game {game_id} in {self.database.path} is damaged: {error}"
                                 ) from None

    def _readable(self, game_id: int) -> SavedGame | None:
        """Game ``game_id`` as stored, or ``None`` when it does not read (it is then set aside):
        its fields, or its row, which a listing of the file named (a damaged page)."""
        try:
            return read_game(self.database, game_id, self.kind)
        except (Unreadable, NoSuchGame) as error:
            why = str(error) if isinstance(error, Unreadable) else ROW_GONE
            self.set_aside_game(game_id, why)
            return None

    def set_aside_game(self, game_id: int, reason: str) -> None:
        """Mark game ``game_id`` damaged for ``reason``: kept, never offered for resume. On a
        database opened for reading only (:attr:`Database.read_only`) it is set aside for that
        reading alone (its temporary copy of ``damaged_games``) and the file is left as it is."""
        self.set_aside.append((game_id, reason))
        if self.database.read_only:
            log.debug("game %d in %s does not read, left out: %s", game_id, self.database.path,
                      reason)
            with contextlib.suppress(sqlite3.Error):
                self.database.connection.execute(
                    "INSERT OR IGNORE INTO temp.damaged_games (game_id, reason, found_at) "
                    "VALUES (?, ?, ?)", (game_id, reason[:300], self.clock()))
            return
        log.warning("game %d in %s is damaged and set aside: %s", game_id, self.database.path,
                    reason)
        try:
            with self.database.transaction(f"setting damaged game {game_id} aside") as db:
                db.execute("INSERT OR IGNORE INTO damaged_games (game_id, reason, found_at) "
                           "VALUES (?, ?, ?)", (game_id, reason[:300], self.clock()))
        except StorageError as error:
            log.warning("%s", error)

    def _take_back_last_round(self, db: sqlite3.Connection, game_id: int, n: int) -> None:
        """Remove round ``n`` of ``game_id`` when it is the game's last saved round, and the
        end it gave a game of this kind (nothing when it is not saved)."""
        last = db.execute("SELECT max(n) FROM rounds WHERE game_id = ?", (game_id,)).fetchone()[0]
        if last != n:
            return
        db.execute("DELETE FROM rounds WHERE game_id = ? AND n = ?", (game_id, n))
        db.execute("DELETE FROM round_edges WHERE game_id = ? AND n = ?", (game_id, n))
        db.execute("UPDATE games SET state = ?, result = NULL, finished_at = NULL "
                   "WHERE id = ? AND kind = ? AND state = ? AND ended_early = 0",
                   (PLAYING, game_id, self.kind, FINISHED))

    def _require_playing(self, db: sqlite3.Connection, game_id: int) -> None:
        row = db.execute("SELECT state FROM games WHERE id = ? AND kind = ?",
                         (game_id, self.kind)).fetchone()
        if row is None:
            raise SaveRefused(f"there is no {self.kind} game {game_id} in {self.database.path}",
                              f"game {game_id} is not in the state database")
        if row[0] != PLAYING:
            raise SaveRefused(f"game {game_id} is {row[0]}, not being played",
                              f"game {game_id} is {row[0]} (by another program?)")

    @staticmethod
    def _mark_finished(db: sqlite3.Connection, game_id: int, result: dict, now: str) -> None:
        db.execute("UPDATE games SET state = ?, result = ?, finished_at = ? WHERE id = ?",
                   (FINISHED, to_json("game result", result), now, game_id))


class Unreadable(StateError, ValueError):
    """A stored game that does not read; the message says which field and why."""


class NoSuchGame(CompanionError):
    """No game of that number and kind is kept."""


#: Why a game the file itself lists is damaged when its row is not there (a damaged page:
#: the index names it, the table's page no longer holds it).
ROW_GONE = "the file lists it, but its row does not read: the file is damaged"


#: Each stored column of ``games`` and what it must hold.
GAME_FIELDS: tuple[tuple[str, Callable[[object], bool], str], ...] = (
    ("kind", lambda v: isinstance(v, str), "text"),
    ("state", lambda v: v in STATES, "playing, finished or abandoned"),
    ("players", lambda v: isinstance(v, int) and 0 < v <= MAX_PLAYERS, "a whole number of players"),
    ("settings", lambda v: isinstance(v, dict), "a JSON object"),
    ("snapshot", lambda v: isinstance(v, dict), "a JSON object"),
    ("result", lambda v: v is None or isinstance(v, dict), "a JSON object or nothing"),
    ("started_at", lambda v: isinstance(v, str), "a date"),
    ("finished_at", lambda v: v is None or isinstance(v, str), "a date or nothing"),
    ("ended_early", lambda v: v in (0, 1), "0 or 1"),
)
JSON_FIELDS = ("settings", "snapshot", "result")
#: What a finished game's result must hold, by kind, for every view that reads it (the listing,
#: the leaderboard): a Not Not game's scores by seat and its winners' seats.
RESULT_SHAPES: dict[str, object] = {
    NOT_NOT: {"scores": MayLack(Each(int)), "winners": MayLack([int])},
}


class RoundsAmiss(Unreadable):
    """A game whose rounds that read are not the rounds its own row counts (rounds missing: a
    damaged page of ``rounds`` ends its rows early without an error; or rounds past its count).
    ``game`` is the game as it reads, with those rounds, for a reader that shows or copies it in
    part; ``played`` is the count its row keeps. The message says which rounds are amiss."""

    def __init__(self, game: SavedGame, played: int) -> None:
        self.game, self.played = game, played
        numbers = [record["n"] for record in game.rounds]
        missing, extra = gaps(numbers, played), runs([n for n in numbers if n > played])
        if missing:
            verb = "does" if runs_words(missing).startswith("round ") else "do"
            said = f"{runs_words(missing)} {verb} not read ({len(numbers)} of {played} read)"
        elif extra:
            said = f"{runs_words(extra)} read past the {played} its snapshot counts"
        else:   # a round given twice, or numbered 0
            said = f"{len(numbers)} rounds read where its snapshot counts {played}"
        super().__init__(said)

    @property
    def in_part(self) -> str:
        """One line of what reads of it: ``3 of 47 rounds read``, or the rounds past its count."""
        if len(self.game.rounds) < self.played:
            return f"{len(self.game.rounds)} of {self.played} rounds read"
        return str(self)


def runs(numbers: list[int]) -> list[tuple[int, int]]:
    """The ascending ``numbers`` as runs ``(first, last)`` of consecutive numbers."""
    found: list[tuple[int, int]] = []
    for n in numbers:
        if found and n == found[-1][1] + 1:
            found[-1] = (found[-1][0], n)
        else:
            found.append((n, n))
    return found


def gaps(numbers: list[int], last: int) -> list[tuple[int, int]]:
    """The runs ``(first, last)`` of the numbers 1 to ``last`` missing from the ascending
    ``numbers``: never more runs than ``numbers`` has, however large ``last`` (a damaged count
    may be huge)."""
    kept = [n for n in numbers if 1 <= n <= last]
    bounds = zip([0, *kept], [*kept, last + 1])
    return [(before + 1, after - 1) for before, after in bounds if after - before > 1]


def runs_words(found: list[tuple[int, int]], noun: str = "round") -> str:
    """Runs of round numbers (of ``noun``'s numbers): ``round 5``, ``rounds 4-47``,
    ``rounds 2, 9-11``."""
    said = ", ".join(f"{first}-{last}" if last > first else str(first) for first, last in found)
    return f"{noun}{'s' if len(found) > 1 or found[0][1] > found[0][0] else ''} {said}"


#: Where a game's own row counts the rounds it played, by kind: a Not Not game's snapshot
#: (``round_no``, saved with each round in the same transaction: rounds 1 to it are kept).
#: The bookkeeping games keep their points in the result, which their score sheets read.
ROUND_COUNTS: dict[str, str] = {NOT_NOT: "round_no"}


def rounds_played(kind: str, snapshot: dict) -> int | None:
    """How many rounds a game of ``kind`` with ``snapshot`` played, as its row counts them
    (:data:`ROUND_COUNTS`); ``None`` where its kind or its snapshot does not count them."""
    count = snapshot.get(ROUND_COUNTS[kind]) if kind in ROUND_COUNTS else None
    return count if type(count) is int and count >= 0 else None


def from_json(name: str, text: object) -> object:
    """Stored JSON ``text`` of field ``name``, read; :class:`Unreadable` if it is not JSON text."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise Unreadable(f"{name} is {type(text).__name__}, not JSON text")
    try:
        return reading.parse_json(text)
    except reading.Unparsable as problem:
        raise Unreadable(f"{name} is {problem}") from None


def decode_game(game_id: int, row: tuple, records: list[tuple]) -> SavedGame:
    """The :class:`SavedGame` of a ``games`` row and its rounds' rows, each field checked, and
    the rounds against the count the row keeps (:class:`RoundsAmiss`)."""
    values = dict(zip([name for name, _, _ in GAME_FIELDS], row))
    for name in JSON_FIELDS:
        values[name] = from_json(name, values[name])
    for name, fits, wanted in GAME_FIELDS:
        if not fits(values[name]):
            raise Unreadable(f"{name} is not {wanted}")
    shape = RESULT_SHAPES.get(values["kind"])
    if shape is not None and values["result"] is not None:
        problem = shape_problem(values["result"], shape, "result")
        if problem:
            raise Unreadable(problem)
    rounds = []
    for n, text in records:
        record = from_json(f"round {n}", text)
        if not isinstance(record, dict) or record.get("n") != n:
            raise Unreadable(f"round {n} is not a round record")
        rounds.append(record)
    values["ended_early"] = bool(values["ended_early"])
    game = SavedGame(id=game_id, rounds=tuple(rounds), **values)
    played = rounds_played(game.kind, game.snapshot)
    if played is not None and (len(rounds) != played or any(
            record["n"] != n for n, record in enumerate(rounds, 1))):
        raise RoundsAmiss(game, played)
    return game


def read_game(database: Database, game_id: int, kind: str) -> SavedGame:
    """Game ``game_id`` of ``kind`` with its rounds; :class:`Unreadable` if any of it does not read
    (:class:`RoundsAmiss`, holding the game as it reads, when its rounds are not those its row
    counts).

    Raises :class:`NoSuchGame` when there is no such game.
    """
    fields = ", ".join(name for name, _, _ in GAME_FIELDS)
    try:
        row = database.connection.execute(
            f"SELECT {fields} FROM games WHERE id = ? AND kind = ?", (game_id, kind)).fetchone()
        if row is None:
            raise NoSuchGame(f"there is no {kind} game {game_id} in {database.path}")
        records = database.connection.execute(
            "SELECT n, record FROM rounds WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
    except sqlite3.DatabaseError as error:
        raise Unreadable(f"its rows do not read ({error})") from None
    return decode_game(game_id, row, records)
