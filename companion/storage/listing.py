"""The history listing: kept games of one kind, newest first, read a page at a time.

:func:`game_lines` gives one :class:`GameLine` per finished or damaged game
without loading any game's rounds or snapshot (the round count comes from
SQL), and :func:`whole_games` gives each such game whole, one at a time; both
fetch :data:`PAGE` game ids per query, so listing thousands of games holds one
page in memory. A game set aside in ``damaged_games``, or whose row does not
read, comes as damaged with what is wrong: it never stops the listing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field

from companion.storage.database import Database
from companion.storage.games import MAX_PLAYERS, STATES, SavedGame, Unreadable, from_json, read_game

#: Game ids fetched per query.
PAGE = 200

_LISTED = ("SELECT id FROM games WHERE kind = ? AND id < ? AND (coalesce(state, '') "
           "NOT IN ('playing', 'abandoned') OR id IN (SELECT game_id FROM damaged_games)) "
           "ORDER BY id DESC LIMIT ?")


@dataclass(frozen=True)
class GameLine:
    """What one line of ``companion history`` shows of a game."""

    id: int
    players: int = 0
    settings: dict = field(default_factory=dict)
    result: dict = field(default_factory=dict)
    finished_at: str | None = None
    rounds: int = 0
    #: What is wrong with the game, if it is damaged (then the rest may be empty).
    damaged: str | None = None
    #: Whether the table ended it before its rules did.
    ended_early: bool = False


def listed_ids(database: Database, kind: str, limit: int | None, page: int | None = None
               ) -> Iterator[int]:
    """Ids of the finished and the damaged games of ``kind``, newest first, ``page`` (default
    :data:`PAGE`) per query."""
    page = page or PAGE
    before, left = 2 ** 63 - 1, limit
    while left is None or left > 0:
        wanted = page if left is None else min(page, left)
        ids = [game_id for (game_id,) in database.read(
            _LISTED, (kind, before, wanted), "listing the kept games")]
        yield from ids
        if len(ids) < wanted:
            return
        before = ids[-1]
        left = None if left is None else left - len(ids)


def damage_of(database: Database, game_id: int) -> str | None:
    """Why game ``game_id`` was set aside, or ``None`` if it was not."""
    rows = database.read("SELECT reason FROM damaged_games WHERE game_id = ?", (game_id,),
                         f"reading game {game_id}")
    return str(rows[0][0]) if rows else None


def game_line(database: Database, game_id: int) -> GameLine:
    """The listing line of game ``game_id``: read field by field, damaged if any does not read."""
    damaged = damage_of(database, game_id)
    if damaged:
        return GameLine(game_id, damaged=damaged)
    try:
        row = database.connection.execute(
            "SELECT state, players, settings, result, finished_at, "
            "(SELECT count(*) FROM rounds WHERE game_id = games.id), ended_early "
            "FROM games WHERE id = ?",
            (game_id,)).fetchone()
        state, players, settings, result, finished_at, rounds, early = row
        if state not in STATES:
            raise Unreadable("state is not playing, finished or abandoned")
        if not isinstance(players, int) or not 0 < players <= MAX_PLAYERS:
            raise Unreadable(f"players is not 1 to {MAX_PLAYERS}")
        return GameLine(game_id, players, _object("settings", settings),
                        _object("result", result), _text("finished_at", finished_at), rounds,
                        ended_early=early == 1)
    except (sqlite3.DatabaseError, Unreadable) as error:
        return GameLine(game_id, damaged=str(error))


def _object(name: str, text: object) -> dict:
    value = from_json(name, text)
    if not isinstance(value, dict):
        raise Unreadable(f"{name} is not a JSON object")
    return value


def _text(name: str, value: object) -> str:
    if not isinstance(value, str):
        raise Unreadable(f"{name} is {type(value).__name__}, not text")
    return value


def game_lines(database: Database, kind: str, limit: int | None = None) -> Iterator[GameLine]:
    """One :class:`GameLine` per finished or damaged game of ``kind``, newest first."""
    for game_id in listed_ids(database, kind, limit):
        yield game_line(database, game_id)


def whole_games(database: Database, kind: str, limit: int | None = None
                ) -> Iterator[SavedGame | GameLine]:
    """Each finished game of ``kind`` whole (rounds included), newest first, one at a time;
    a damaged one as its damaged :class:`GameLine`."""
    for game_id in listed_ids(database, kind, limit):
        damaged = damage_of(database, game_id)
        try:
            if damaged is None:
                yield read_game(database, game_id, kind)
                continue
        except Unreadable as error:
            damaged = str(error)
        yield GameLine(game_id, damaged=damaged)
