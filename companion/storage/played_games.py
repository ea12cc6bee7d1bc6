"""Whole games already played, kept at once with their named seats; and a named player's rounds.

``companion simulate --games N --names ...`` plays its games first and keeps each
(:func:`keep_played`) in one transaction: the game finished, every round, and each seat's
player, the players added when new. Rounds are read back for the thinking profile
(:func:`rounds_of`) and the leaderboard (:func:`finished_games`), from every kept Not Not game
but the damaged ones.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from companion.config import reading
from companion.games.notnot.leaderboard import KeptGame
from companion.games.notnot.record import RoundRecord
from companion.storage.database import Database
from companion.storage.games import FINISHED, NOT_NOT, GameStore, to_json, utc_now
from companion.storage.players import PlayerStore, checked_name
from companion.storage.restoring import UnreadableRecord, read_record


def keep_played(database: Database, settings: dict, snapshot: dict, rounds: Sequence[dict],
                result: dict, names: Sequence[str]) -> int:
    """Keep a finished Not Not game of ``len(names)`` players, its ``rounds`` (records as JSON
    dicts) and seat ``i`` of it for ``names[i - 1]`` (added if not kept yet), in one
    transaction; the game's id. Nothing else kept is changed."""
    now = utc_now()
    names = [checked_name(name) for name in names]
    with database.transaction("keeping a played game") as db:
        game_id = db.execute(
            "INSERT INTO games (kind, state, players, settings, snapshot, result, started_at, "
            "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (NOT_NOT, FINISHED, len(names), to_json("game settings", settings),
             to_json("game snapshot", snapshot), to_json("game result", result), now, now)
        ).lastrowid
        db.executemany("INSERT INTO rounds (game_id, n, record, saved_at) VALUES (?, ?, ?, ?)",
                       [(game_id, record["n"], to_json("round record", record), now)
                        for record in rounds])
        for seat, name in enumerate(names, start=1):
            db.execute("INSERT OR IGNORE INTO players (name, created_at) VALUES (?, ?)",
                       (name, now))
            db.execute("INSERT INTO seats (game_id, seat, player_id) SELECT ?, ?, id "
                       "FROM players WHERE name = ?", (game_id, seat, name))
        assert game_id is not None  # an INSERT sets it
        return game_id


def record_of(text: object) -> RoundRecord | None:
    """A stored round's record (JSON text), or None when it does not read."""
    try:
        return record_from(reading.parse_json(text) if isinstance(text, str) else None)
    except reading.Unparsable:
        return None


def record_from(data: object) -> RoundRecord | None:
    """A round's record from its JSON dict, or None when it does not read
    (:func:`companion.storage.restoring.read_record`)."""
    try:
        return read_record(data)
    except UnreadableRecord:
        return None


@dataclass(frozen=True)
class PlayerRounds:
    """A player's kept rounds with their seat in each, and how many did not read (skipped)."""

    rounds: tuple[tuple[RoundRecord, int], ...]
    unreadable: int


def rounds_of(database: Database, player_id: int, besides: int | None = None,
              last: int | None = None) -> PlayerRounds:
    """Every kept Not Not round player ``player_id`` sat in (the ``last`` ones only, when
    given), with their seat, oldest first; but those of game ``besides``."""
    rows = database.read(
        "SELECT record, seat FROM (SELECT rounds.record, seats.seat, games.id AS game, rounds.n "
        "FROM seats JOIN games ON games.id = seats.game_id "
        "JOIN rounds ON rounds.game_id = seats.game_id "
        "WHERE seats.player_id = ? AND games.kind = ? AND games.id IS NOT ? "
        "AND games.id NOT IN (SELECT game_id FROM damaged_games) "
        "ORDER BY games.id DESC, rounds.n DESC LIMIT ?) ORDER BY game, n",
        (player_id, NOT_NOT, besides, -1 if last is None else last),
        "reading a player's rounds")
    kept = [(record_of(text), int(seat)) for text, seat in rows]
    rounds = tuple((record, seat) for record, seat in kept if record is not None)
    return PlayerRounds(rounds, len(kept) - len(rounds))


def finished_games(database: Database, last: int | None = None,
                   left_out: list[tuple[int, str]] | None = None) -> Iterator[KeptGame]:
    """The last ``last`` finished Not Not games (all of them: None), newest first, as the
    leaderboard reads them, one at a time: result, named seats, the rounds that read; the
    games that do not read (id, why) are added to ``left_out``, when given, once all are read."""
    store, players = GameStore(database), PlayerStore(database)
    for saved in store.each_finished(last):
        records = [record_from(record) for record in saved.rounds]
        yield KeptGame(saved.result or {}, players.seat_players(saved.id),
                       [record for record in records if record is not None])
    if left_out is not None:
        left_out += store.set_aside
