"""Recovering a damaged state database: every game that still reads, copied into a new one.

:func:`recover` reads the damaged database game by game (finding the games by
id even when the table's own pages do not read), checks each game as the store
reads it, and copies the rows of each game that reads, unchanged, into a new
database in another folder (the rounds' raw edges too, when they read), then the named
players and the seats of the copied games (:func:`copy_players`; if they do not read, the
games are copied with guests only, and that is said). The damaged file is only read. ``companion
history --recover-to DIR`` runs it; docs/KIOSK.md says how to put the new file in place.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError, StateError
from companion.storage.database import FILENAME, Database
from companion.storage.games import Unreadable, read_game

#: Ids probed past the last game found when the games table itself does not read (a probe
#: that fails does not move it: a table that is not there at all fails every probe).
PROBE_PAST = 500

#: The columns of a game copied as they are (``ended_early`` too, where the file has it).
_GAME_COLUMNS = ("id", "kind", "state", "players", "settings", "snapshot", "result", "started_at",
                 "finished_at", "ended_early")


@dataclass
class Recovered:
    """What :func:`recover` copied and what it left behind."""

    copied: list[int] = field(default_factory=list)
    #: ``(game id, what is wrong)`` of each game that did not read.
    left: list[tuple[int, str]] = field(default_factory=list)
    #: The number of named players copied.
    players: int = 0
    #: What is wrong with the named players, if they did not read (then none were copied).
    players_left: str | None = None


#: Where else the kept games' ids are written, should the games table not read: its index by
#: kind, and the rounds' and seats' rows (each read by itself: any of them may be damaged too).
OTHER_ID_SOURCES = (
    "SELECT id FROM games INDEXED BY games_by_kind_and_state WHERE kind >= ''",
    "SELECT DISTINCT game_id FROM rounds",
    "SELECT DISTINCT game_id FROM seats",
)


def game_ids(database: Database) -> list[int]:
    """The ids of the kept games: from the table, or, if it does not read, from wherever else
    they are written (:data:`OTHER_ID_SOURCES`) and probed one by one: a game whose row is lost
    is still counted among those that did not read, never left unsaid."""
    try:
        return sorted({game_id for (game_id,) in database.connection.execute(
            "SELECT id FROM games ORDER BY id")})   # a damaged page may give one id twice
    except sqlite3.DatabaseError:
        pass
    written: set[int] = set()
    for query in OTHER_ID_SOURCES:
        try:
            written.update(game_id for (game_id,) in database.connection.execute(query))
        except sqlite3.DatabaseError:
            pass
    return sorted(written.union(probed_ids(database)))


def probed_ids(database: Database) -> list[int]:
    """The ids of the games whose rows read, asked one by one from 1 up to :data:`PROBE_PAST`
    past the last found."""
    found, game_id, last = [], 1, 0
    while game_id <= last + PROBE_PAST:
        try:
            if database.connection.execute("SELECT 1 FROM games WHERE id = ?",
                                           (game_id,)).fetchone():
                found.append(game_id)
                last = game_id
        except sqlite3.DatabaseError:
            pass   # a damaged page, or no table: only a game found moves the end
        game_id += 1
    return found


def copy_game(source: Database, target: Database, game_id: int) -> None:
    """Check game ``game_id`` of ``source`` as the store reads it, then copy its rows as they are.

    Raises :class:`Unreadable` if any of it does not read.
    """
    try:
        columns = ", ".join(name for name in _GAME_COLUMNS if name in source.columns("games"))
        row = source.connection.execute(f"SELECT {columns} FROM games WHERE id = ?",
                                        (game_id,)).fetchone()
        if row is None:
            raise Unreadable(f"game {game_id} is no longer in the database")
        read_game(source, game_id, row[1])
        rounds = source.connection.execute(
            "SELECT game_id, n, record, saved_at FROM rounds WHERE game_id = ?",
            (game_id,)).fetchall()
    except (sqlite3.DatabaseError, CompanionError) as error:
        raise Unreadable(str(error)) from None
    edges = round_edges(source, game_id)
    with target.transaction(f"copying game {game_id}") as db:
        db.execute(f"INSERT INTO games ({columns}) VALUES ({', '.join('?' * len(row))})", row)
        db.executemany("INSERT INTO rounds (game_id, n, record, saved_at) VALUES (?, ?, ?, ?)",
                       rounds)
        db.executemany("INSERT INTO round_edges (game_id, n, edges) VALUES (?, ?, ?)", edges)


def round_edges(source: Database, game_id: int) -> list[tuple]:
    """The rows of game ``game_id``'s saved raw edges, as they are; none if they do not read (the
    rounds are copied without them, and replay with their judged stamps)."""
    try:
        return source.connection.execute(
            "SELECT game_id, n, edges FROM round_edges WHERE game_id = ?", (game_id,)).fetchall()
    except sqlite3.DatabaseError:
        return []


def copy_players(source: Database, target: Database, games: list[int]) -> int:
    """Copy every named player of ``source``, and their seats in the games ``games``, as they
    are; the number of players copied. Raises :class:`Unreadable` if they do not read."""
    copied = set(games)
    try:
        players = source.connection.execute(
            "SELECT id, name, created_at FROM players").fetchall()
        seats = [row for row in source.connection.execute(
            "SELECT game_id, seat, player_id FROM seats").fetchall() if row[0] in copied]
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
        raise Unreadable(f"the named players do not read ({error})") from None
    with target.transaction("copying the named players") as db:
        db.executemany("INSERT INTO players (id, name, created_at) VALUES (?, ?, ?)", players)
        db.executemany("INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)", seats)
    return len(players)


def recover(source: Database, folder: Path) -> Recovered:
    """Copy every game of ``source`` that reads into a new state database in ``folder``."""
    if (folder / FILENAME).exists():
        raise CompanionError(f"{folder / FILENAME} already exists: recover into a new folder")
    recovered = Recovered()
    with Database.in_folder(folder) as target:
        for game_id in game_ids(source):
            try:
                copy_game(source, target, game_id)
            except Unreadable as error:
                recovered.left.append((game_id, str(error)))
                continue
            recovered.copied.append(game_id)
        try:
            recovered.players = copy_players(source, target, recovered.copied)
        except StateError as error:   # Unreadable, or a write the new file refuses
            recovered.players_left = str(error)
    return recovered
