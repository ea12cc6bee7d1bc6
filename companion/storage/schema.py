"""The state database's tables, as migrations numbered from 1 and applied in order.

The schema's version is SQLite's ``PRAGMA user_version``: the number of the
last migration applied. A migration is never edited once released; a change
is a new migration at the end of :data:`MIGRATIONS`.

Version 1 keeps games of any kind (``games.kind``: ``"not-not"`` now; the
score sheets of Not That Movie! and That's Not a Hat come later as new kinds,
and new tables if they need them). A game's ``settings``, ``snapshot`` and
``result`` and each round's ``record`` are JSON text: whatever the game's own
code hands over, stored whole.

Version 2 adds the score sheets of Not That Movie! (``movie_score_sheet``:
date, players, team, points of rounds 1-5, total, stars, title) and That's
Not a Hat (``hat_score_sheet``: one row per game, round and player with the
penalty points). They are views over the finished games of those kinds, read
from the result and settings the games store, so a sheet line exists exactly
when its game is finished, and is kept as long as the game.

Version 3 adds ``damaged_games``: a game whose row, rounds or snapshot no
longer read is listed there (with what is wrong and when it was found) and
so set aside: kept as it is, never offered for resume, shown as damaged by
``companion history``. It has no foreign key: the damaged row itself may not
read.

Version 4 adds ``games.ended_early``: 1 for a game the table ended before
its rules did (the pause menu's "End the game", or a new game started over a
kept one), finished with the scores as they stood; 0 otherwise.

Version 5 adds named players: ``players`` (a name, unique whatever its
case, and when it was added) and ``seats`` (which player sat in which seat
of a kept game). A seat with no row was a guest's, shown as "P1", "P2", ...
A player sits at most once in a game. Forgetting a player deletes their row,
and with it their seats: those become guests'.

Version 6 adds ``round_edges``: the raw edges the pads made during a round (every press and
bounce per pin, or a summary for a pin that chattered), saved in the same transaction as the
round, as JSON (:func:`companion.inputs.edge_log.kept_edges`). A round saved before, or played
on pads that keep no edges, has no row: ``companion replay`` says so.

Version 7 adds ``head_starts``: a named player's head start for mixed-age
tables, in microseconds (a row only for a player who has one). With handicaps
switched on, the judge takes it off their tap stamps. Forgetting or merging
away a player deletes their row with them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    """One step of the schema: ``version`` is the number it brings it to."""

    version: int
    summary: str
    statements: tuple[str, ...]


#: The columns of ``damaged_games`` (version 3).
DAMAGED_COLUMNS = """(
    game_id  INTEGER PRIMARY KEY,  -- games.id of the game set aside
    reason   TEXT    NOT NULL,     -- what does not read, in one line
    found_at TEXT    NOT NULL      -- UTC, ISO 8601
)"""

#: The columns of ``players`` (version 5).
PLAYERS_COLUMNS = """(
    id         INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL UNIQUE COLLATE NOCASE,  -- 1 to 12 printable characters
    created_at TEXT    NOT NULL                         -- UTC, ISO 8601
)"""

#: The columns of ``seats`` (version 5): the named players of a kept game, by seat.
SEATS_COLUMNS = """(
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL CHECK (seat > 0),  -- 1 to the game's players
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, player_id)
)"""

#: The columns of ``round_edges`` (version 6).
ROUND_EDGES_COLUMNS = """(
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    n       INTEGER NOT NULL CHECK (n > 0),  -- rounds.n
    edges   TEXT    NOT NULL,                -- JSON: the pins' raw edges in the round
    PRIMARY KEY (game_id, n)
)"""

#: The columns of ``head_starts`` (version 7): a named player's head start, when they have one.
HEAD_STARTS_COLUMNS = """(
    player_id     INTEGER PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
    head_start_us INTEGER NOT NULL CHECK (head_start_us > 0)  -- µs taken off their stamps
)"""

#: The tables a file of an older version opened read-only (so not migrated) is given empty, as
#: temporary tables, so that every reader finds them: nothing set aside, no named players.
STAND_INS: dict[str, str] = {"damaged_games": DAMAGED_COLUMNS, "players": PLAYERS_COLUMNS,
                             "seats": SEATS_COLUMNS, "round_edges": ROUND_EDGES_COLUMNS,
                             "head_starts": HEAD_STARTS_COLUMNS}

#: The tables a file of version 0 (its header written, no table yet: a companion is making it
#: this moment) opened read-only is given empty, as temporary tables: no games kept yet.
NEW_STAND_INS: dict[str, str] = {
    "games": "(id INTEGER PRIMARY KEY, kind TEXT, state TEXT, players INTEGER, settings TEXT, "
             "snapshot TEXT, result TEXT, started_at TEXT, finished_at TEXT, "
             "ended_early INTEGER NOT NULL DEFAULT 0)",
    "rounds": "(game_id INTEGER, n INTEGER, record TEXT, saved_at TEXT)",
}

#: ``games`` as a file older than version 4 (:data:`EARLY_VERSION`) opened read-only is read:
#: no game ended early.
EARLY_STAND_IN = "CREATE TEMP VIEW games AS SELECT *, 0 AS ended_early FROM main.games"
EARLY_VERSION = 4

#: What each schema version adds that a file can be seen to hold ("table NAME", "view NAME" or
#: "column TABLE.NAME"): a file whose version number is lower than what it holds was changed.
MARKS: dict[int, str] = {1: "table games", 2: "view movie_score_sheet",
                         3: "table damaged_games", 4: "column games.ended_early",
                         5: "table players", 6: "table round_edges",
                         7: "table head_starts"}

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
    Migration(2, "score sheets of Not That Movie! and That's Not a Hat", (
        """
        CREATE VIEW movie_score_sheet AS
        SELECT id                                  AS game_id,
               substr(finished_at, 1, 10)          AS played_on,  -- UTC date
               players,
               json_extract(settings, '$.team')    AS team,
               json_extract(result, '$.rounds[0]') AS round_1,
               json_extract(result, '$.rounds[1]') AS round_2,
               json_extract(result, '$.rounds[2]') AS round_3,
               json_extract(result, '$.rounds[3]') AS round_4,
               json_extract(result, '$.rounds[4]') AS round_5,
               json_extract(result, '$.total')     AS total,
               json_extract(result, '$.stars')     AS stars,
               json_extract(result, '$.title')     AS title
        FROM games
        WHERE kind = 'not-that-movie' AND state = 'finished'
        """,
        """
        CREATE VIEW hat_score_sheet AS
        SELECT games.id                         AS game_id,
               substr(games.finished_at, 1, 10) AS played_on,  -- UTC date
               games.players,
               round.key + 1                    AS round,
               CAST(score.key AS INTEGER)       AS player,
               score.value                      AS penalties
        FROM games, json_each(games.result, '$.rounds') AS round, json_each(round.value) AS score
        WHERE games.kind = 'thats-not-a-hat' AND games.state = 'finished'
        """,
    )),
    Migration(3, "damaged games set aside", (f"CREATE TABLE damaged_games {DAMAGED_COLUMNS}",)),
    Migration(4, "games ended early by the table", (
        "ALTER TABLE games ADD COLUMN"
        " ended_early INTEGER NOT NULL DEFAULT 0 CHECK (ended_early IN (0, 1))",
    )),
    Migration(5, "named players and the seats they sat in", (
        f"CREATE TABLE players {PLAYERS_COLUMNS}",
        f"CREATE TABLE seats {SEATS_COLUMNS} WITHOUT ROWID",
        "CREATE INDEX seats_by_player ON seats (player_id)",
    )),
    Migration(6, "the raw edges of each round's pads", (
        f"CREATE TABLE round_edges {ROUND_EDGES_COLUMNS} WITHOUT ROWID",
    )),
    Migration(7, "named players' head starts", (
        f"CREATE TABLE head_starts {HEAD_STARTS_COLUMNS}",
    )),
)


def added_in(table: str) -> int:
    """The schema version that adds ``table`` (a file of that version or later without it is
    damaged, and is given no stand-in)."""
    return next(migration.version for migration in MIGRATIONS
                if any(statement.strip().startswith(f"CREATE TABLE {table} ")
                       for statement in migration.statements))
