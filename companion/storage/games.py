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
    store.save_round(game_id, record, game.snapshot(), result=final_result if game.over else None)

The store does not know the rules: snapshots, round records and results are
the JSON-able dicts the game hands over, stored whole and handed back as JSON
reads them (equal to the original when its keys are strings).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone

from companion.errors import CompanionError
from companion.storage.database import Database

NOT_NOT = "not-not"

PLAYING, FINISHED, ABANDONED = "playing", "finished", "abandoned"

_COLUMNS = ("id, kind, state, players, settings, snapshot, result, started_at, finished_at,"
            " ended_early")


def utc_now() -> str:
    """The wall-clock time now, UTC, ISO 8601 to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def to_json(what: str, value) -> str:
    """``value`` as JSON text; a CompanionError naming ``what`` if it is not JSON-able."""
    try:
        return json.dumps(value, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as error:
        raise CompanionError(f"cannot store the {what}: it is not plain JSON data ({error})") from None


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

    def reaction_times(self) -> dict[int, list[tuple[int, int, str]]]:
        """Each player's taps as ``(round n, t_us, verdict)``, in round and stamp order.

        ``t_us`` is microseconds from the round's opening frame, as the round
        record gives it: the data of the end screen's reaction-time chart.
        """
        times: dict[int, list[tuple[int, int, str]]] = {}
        for record in self.rounds:
            for tap in record.get("taps", ()):
                times.setdefault(tap["player"], []).append((record["n"], tap["t_us"], tap["verdict"]))
        return times

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

    def __init__(self, database: Database, kind: str = NOT_NOT, clock: Callable[[], str] = utc_now) -> None:
        self.database = database
        self.kind = kind
        self.clock = clock

    def create(self, players: int, settings: dict, snapshot: dict) -> int:
        """Store a new game about to start and return its id.

        Any game of this kind still being played is marked abandoned in the
        same transaction: one table plays one game at a time.
        """
        with self.database.transaction() as db:
            db.execute("UPDATE games SET state = ? WHERE kind = ? AND state = ?", (ABANDONED, self.kind, PLAYING))
            cursor = db.execute(
                "INSERT INTO games (kind, state, players, settings, snapshot, started_at) VALUES (?, ?, ?, ?, ?, ?)",
                (self.kind, PLAYING, players, to_json("game settings", settings),
                 to_json("game snapshot", snapshot), self.clock()))
            return cursor.lastrowid

    def save_round(self, game_id: int, record: dict, snapshot: dict, result: dict | None = None) -> None:
        """Store one finished round and the game's snapshot after it, in one transaction.

        ``record["n"]`` is the round's number; each number is saved once. With
        ``result`` the game is also marked finished in the same transaction
        (the round that ended it).
        """
        n = record.get("n") if isinstance(record, dict) else None
        if not isinstance(n, int) or n < 1:
            raise CompanionError(f"cannot store a round of game {game_id}: its record has no round number 'n'")
        with self.database.transaction() as db:
            self._require_playing(db, game_id)
            if db.execute("SELECT 1 FROM rounds WHERE game_id = ? AND n = ?", (game_id, n)).fetchone():
                raise CompanionError(f"round {n} of game {game_id} is already saved")
            now = self.clock()
            db.execute("INSERT INTO rounds (game_id, n, record, saved_at) VALUES (?, ?, ?, ?)",
                       (game_id, n, to_json("round record", record), now))
            db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (to_json("game snapshot", snapshot), game_id))
            if result is not None:
                self._mark_finished(db, game_id, result, now)

    def save_snapshot(self, game_id: int, snapshot: dict) -> None:
        """Store the game's snapshot after a move within a round (games that keep books
        move by move, like Not That Movie!, save after every entry)."""
        with self.database.transaction() as db:
            self._require_playing(db, game_id)
            db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (to_json("game snapshot", snapshot), game_id))

    def finish(self, game_id: int, result: dict, snapshot: dict | None = None,
               early: bool = False) -> None:
        """Mark a game finished with its ``result`` (winners, scores) and final snapshot;
        ``early``: the table ended it before its rules did."""
        with self.database.transaction() as db:
            self._require_playing(db, game_id)
            if snapshot is not None:
                db.execute("UPDATE games SET snapshot = ? WHERE id = ?", (to_json("game snapshot", snapshot), game_id))
            self._mark_finished(db, game_id, result, self.clock())
            db.execute("UPDATE games SET ended_early = ? WHERE id = ?", (int(early), game_id))

    def abandon(self, game_id: int) -> None:
        """Mark a game that will not be continued; it stays out of the history."""
        with self.database.transaction() as db:
            self._require_playing(db, game_id)
            db.execute("UPDATE games SET state = ? WHERE id = ?", (ABANDONED, game_id))

    def unfinished(self) -> SavedGame | None:
        """The game of this kind still being played (to offer for resume), or None."""
        row = self.database.connection.execute(
            f"SELECT {_COLUMNS} FROM games WHERE kind = ? AND state = ? ORDER BY id DESC LIMIT 1",
            (self.kind, PLAYING)).fetchone()
        return self._load(row) if row else None

    def finished(self, limit: int | None = None) -> list[SavedGame]:
        """Finished games of this kind, newest first, each with its rounds."""
        rows = self.database.connection.execute(
            f"SELECT {_COLUMNS} FROM games WHERE kind = ? AND state = ? ORDER BY id DESC LIMIT ?",
            (self.kind, FINISHED, -1 if limit is None else limit)).fetchall()
        return [self._load(row) for row in rows]

    def get(self, game_id: int) -> SavedGame:
        """The game with id ``game_id``, in whatever state."""
        row = self.database.connection.execute(
            f"SELECT {_COLUMNS} FROM games WHERE id = ? AND kind = ?", (game_id, self.kind)).fetchone()
        if row is None:
            raise CompanionError(f"there is no {self.kind} game {game_id} in {self.database.path}")
        return self._load(row)

    def _require_playing(self, db, game_id: int) -> None:
        row = db.execute("SELECT state FROM games WHERE id = ? AND kind = ?", (game_id, self.kind)).fetchone()
        if row is None:
            raise CompanionError(f"there is no {self.kind} game {game_id} in {self.database.path}")
        if row[0] != PLAYING:
            raise CompanionError(f"game {game_id} is {row[0]}, not being played")

    @staticmethod
    def _mark_finished(db, game_id: int, result: dict, now: str) -> None:
        db.execute("UPDATE games SET state = ?, result = ?, finished_at = ? WHERE id = ?",
                   (FINISHED, to_json("game result", result), now, game_id))

    def _load(self, row) -> SavedGame:
        game_id, kind, state, players, settings, snapshot, result, started_at, finished_at = row[:9]
        early = row[9]
        records = self.database.connection.execute(
            "SELECT record FROM rounds WHERE game_id = ? ORDER BY n", (game_id,)).fetchall()
        return SavedGame(
            id=game_id, kind=kind, state=state, players=players, settings=json.loads(settings),
            snapshot=json.loads(snapshot), result=json.loads(result) if result is not None else None,
            started_at=started_at, finished_at=finished_at,
            rounds=tuple(json.loads(record) for (record,) in records), ended_early=bool(early))
