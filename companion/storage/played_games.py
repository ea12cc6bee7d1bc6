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


def record_from(data: object) -> RoundRecord | None:
    """A round's record from its JSON dict, or None when it does not read
    (:func:`companion.storage.restoring.read_record`)."""
    try:
        return read_record(data)
    except UnreadableRecord:
        return None


@dataclass(frozen=True)
class PlayerRounds:
    """A player's kept rounds with their seat in each, how many did not read (skipped), and the
    games that did not read (left out whole, as the leaderboard leaves them out)."""

    rounds: tuple[tuple[RoundRecord, int], ...]
    unreadable: int
    #: ``(game id, what is wrong)`` of each of their games that does not read, set aside.
    left_out: tuple[tuple[int, str], ...] = ()


def rounds_of(database: Database, player_id: int, besides: int | None = None,
              last: int | None = None) -> PlayerRounds:
    """Every kept Not Not round player ``player_id`` sat in (the ``last`` ones only, when
    given), with their seat, oldest first; but those of game ``besides``. Their games are read
    one at a time, newest first, as the leaderboard reads them
    (:meth:`~companion.storage.games.GameStore.each_readable`): a game that does not read is
    set aside and left out whole, named in :attr:`PlayerRounds.left_out`."""
    seats: dict[int, list[int]] = {}
    for game_id, seat in database.read(
            "SELECT games.id, seats.seat FROM seats JOIN games ON games.id = seats.game_id "
            "WHERE seats.player_id = ? AND games.kind = ? AND games.id IS NOT ? "
            "AND games.id NOT IN (SELECT game_id FROM damaged_games) "
            "ORDER BY games.id DESC, seats.seat", (player_id, NOT_NOT, besides),
            "reading a player's games"):
        seats.setdefault(int(game_id), []).append(int(seat))
    store = GameStore(database)
    kept: list[tuple[RoundRecord | None, int]] = []   # newest first
    for game in store.each_readable(seats):
        kept += [(record_from(record), seat) for record in reversed(game.rounds)
                 for seat in seats[game.id]]
        if last is not None and len(kept) >= last:
            break
    kept = kept[:last][::-1]
    rounds = tuple((record, seat) for record, seat in kept if record is not None)
    return PlayerRounds(rounds, len(kept) - len(rounds), tuple(store.set_aside))


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
