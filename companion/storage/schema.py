"""The state database's tables, as migrations numbered from 1 and applied in order.

The schema's version is SQLite's ``PRAGMA user_version``: the number of the
last migration applied. A migration is never edited once released; a change
is a new migration at the end of :data:`MIGRATIONS`.

Version 1 keeps games of any kind (``games.kind``: ``"not-not"`` now; the
score sheets of Not That Movie! and That's Not a Hat come later as new kinds,
and new tables if they need them). A game's ``settings``, ``snapshot`` and
``result`` and each round's ``record`` are JSON text: whatever the game's own
code hands over, stored whole.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One step of the schema: ``version`` is the number it brings it to."""

    version: int
    summary: str
    statements: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "games and their rounds", (
        """
        CREATE TABLE games (
            id          INTEGER PRIMARY KEY,
            kind        TEXT    NOT NULL,  -- which game: 'not-not', ...
            state       TEXT    NOT NULL CHECK (state IN ('playing', 'finished', 'abandoned')),
            players     INTEGER NOT NULL CHECK (players > 0),
            settings    TEXT    NOT NULL,  -- JSON: what the game was started with
            snapshot    TEXT    NOT NULL,  -- JSON: state after the last saved round
            result      TEXT,              -- JSON: winners and scores, once finished
            started_at  TEXT    NOT NULL,  -- UTC, ISO 8601
            finished_at TEXT               -- UTC, ISO 8601
        )
        """,
        "CREATE INDEX games_by_kind_and_state ON games (kind, state, id)",
        """
        CREATE TABLE rounds (
            game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            n        INTEGER NOT NULL CHECK (n > 0),
            record   TEXT    NOT NULL,  -- JSON: the round as the game recorded it
            saved_at TEXT    NOT NULL,  -- UTC, ISO 8601
            PRIMARY KEY (game_id, n)
        ) WITHOUT ROWID
        """,
    )),
)
