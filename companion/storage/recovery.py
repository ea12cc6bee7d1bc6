"""Recovering a damaged state database: every game that still reads, copied into a new one.

:func:`recover` reads the damaged database game by game (finding the games by
id even when the table's own pages do not read), checks each game as the store
reads it, and copies the rows of each game that reads, unchanged, into a new
database in another folder (the rounds' raw edges too, when they read), then the named
players, their head starts and their seats in the copied games (:func:`copy_players`): player
by player, so that a damaged page or row leaves out only the players it holds (a name whose row
does not read is still read from the names' index); a seat whose player did not read is copied
as a guest's, and each thing left behind is said. The damaged file is only read. ``companion
history --recover-to DIR`` runs it; docs/KIOSK.md says how to put the new file in place.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError, StateError
from companion.storage.database import FILENAME, Database
from companion.storage.games import Unreadable, read_game, utc_now
from companion.storage.players import NAME_MAX, is_head_start, name_key

#: Ids probed past the last game found when the games table itself does not read (a probe
#: that fails does not move it: a table that is not there at all fails every probe).
PROBE_PAST = 500

#: The columns of a game copied as they are (``ended_early`` too, where the file has it).
_GAME_COLUMNS = ("id", "kind", "state", "players", "settings", "snapshot", "result", "started_at",
                 "finished_at", "ended_early")


@dataclass
class PlayersRecovered:
    """What :func:`copy_players` copied of the named players and what it left behind."""

    #: The number of named players copied.
    copied: int = 0
    #: ``(player id, what is wrong)`` of each named player that did not read: their seats in
    #: the copied games are copied as guests'.
    left: list[tuple[int, str]] = field(default_factory=list)
    #: What else did not read, a line each: the seats of some games, a head start, a date added.
    notes: list[str] = field(default_factory=list)
    #: What is wrong with the players' table when not one player was found in it (then the
    #: games are copied with guests only).
    unreadable: str | None = None


@dataclass
class Recovered:
    """What :func:`recover` copied and what it left behind."""

    copied: list[int] = field(default_factory=list)
    #: ``(game id, what is wrong)`` of each game that did not read.
    left: list[tuple[int, str]] = field(default_factory=list)
    #: What was copied of the named players, and what was left behind.
    players: PlayersRecovered = field(default_factory=PlayersRecovered)
    #: Why the new file refused the named players, if it did (then none were copied).
    players_refused: str | None = None


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


def probed_ids(database: Database, table: str = "games") -> list[int]:
    """The ids of the rows of ``table`` (games, or players) that read, asked one by one from 1
    up to :data:`PROBE_PAST` past the last found."""
    found, game_id, last = [], 1, 0
    while game_id <= last + PROBE_PAST:
        try:
            if database.connection.execute(f"SELECT 1 FROM {table} NOT INDEXED WHERE id = ?",
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


#: The index SQLite keeps of the players' names (their UNIQUE constraint): it holds each
#: player's id and name again, so a name still reads from it when the row's own page does not.
NAMES_INDEX = "sqlite_autoindex_players_1"

#: Every player's id and name, read from :data:`NAMES_INDEX` alone.
INDEXED_NAMES = f"SELECT id, name FROM players INDEXED BY {NAMES_INDEX} WHERE name IS NOT NULL"

#: Where else the named players' ids are written, should their table and its names' index not
#: read whole: the seats and the head starts (each read by itself: either may be damaged too).
OTHER_PLAYER_ID_SOURCES = (
    "SELECT player_id FROM seats",
    "SELECT player_id FROM head_starts",
)


def rows_read(database: Database, sql: str, parameters: tuple = ()) -> tuple[list[tuple], str]:
    """The rows of ``sql`` up to the first that does not read, and what is wrong with it ("" when
    all read): a damaged page ends a scan, the rows before it still count."""
    rows: list[tuple] = []
    try:
        for row in database.connection.execute(sql, parameters):
            rows.append(row)
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
        return rows, str(error) or type(error).__name__
    return rows, ""


def copied_seats(source: Database, games: list[int], found: PlayersRecovered) -> list[tuple]:
    """The seats ``(game id, seat, player id)`` of the games ``games``: read whole, or game by
    game when the table does not read whole; the games whose seats do not read are noted in
    ``found`` (their players are copied as guests)."""
    copied = set(games)
    rows, wrong = rows_read(source, "SELECT game_id, seat, player_id FROM seats")
    if not wrong:
        return [row for row in rows if row[0] in copied]
    seats, unread = [], []
    for game_id in games:
        rows, wrong = rows_read(source, "SELECT game_id, seat, player_id FROM seats "
                                        "WHERE game_id = ?", (game_id,))
        if wrong:
            unread.append((game_id, wrong))
        else:
            seats.extend(rows)
    if unread:
        which = ", ".join(str(game_id) for game_id, _ in unread)
        found.notes.append(f"the seats of game{'s' if len(unread) > 1 else ''} {which} do not "
                           f"read ({unread[0][1][:60]}): their players are copied as guests")
    return seats


def player_ids(source: Database, seats: list[tuple]) -> tuple[list[int], str]:
    """The ids of the named players, and what is wrong ("" if nothing) when neither their table
    nor their names' index reads whole (then a player found nowhere else may be missing): from
    the table, or, if it does not read whole, also from the index (:data:`INDEXED_NAMES`), the
    other places they are written (:data:`OTHER_PLAYER_ID_SOURCES`, the seats ``seats``) and
    probed one by one."""
    rows, wrong = rows_read(source, "SELECT id FROM players NOT INDEXED")
    ids = {player_id for (player_id,) in rows}
    if not wrong:
        return sorted(ids), ""
    rows, index_wrong = rows_read(source, INDEXED_NAMES)
    ids.update(player_id for player_id, _ in rows)
    for query in OTHER_PLAYER_ID_SOURCES:
        ids.update(player_id for (player_id,) in rows_read(source, query)[0])
    ids.update(player_id for _, _, player_id in seats)
    ids.update(probed_ids(source, "players"))
    return (sorted(player_id for player_id in ids if type(player_id) is int),
            wrong if index_wrong else "")   # the index, read whole, holds every player's id


def kept_name_wrong(name: object) -> str:
    """What is wrong with ``name`` as a kept player's name ("" if nothing): text, 1 to
    :data:`NAME_MAX` printable characters (a name kept before a newer rule of
    :func:`checked_name` is copied as it is)."""
    if not isinstance(name, str):
        return "its name is not text"
    if not (name.strip() and len(name) <= NAME_MAX and name.isprintable()):
        return f"its name {name[:20]!r} is no player's name"
    return ""


def read_player(source: Database, player_id: int) -> tuple[str, str | None]:
    """Player ``player_id``'s name and the date they were added, as kept; when their row does
    not read but their name does (from :data:`NAMES_INDEX`), the name and ``None``. Raises
    :class:`Unreadable` saying what is wrong otherwise."""
    rows, wrong = rows_read(source, "SELECT name, created_at FROM players NOT INDEXED "
                                    "WHERE id = ?", (player_id,))
    if rows:
        name, created_at = rows[0]
        wrong = kept_name_wrong(name) or ("" if isinstance(created_at, str)
                                          else "the date it was added is not text")
        if not wrong:
            return name, created_at
    names, _ = rows_read(source, f"SELECT name FROM players INDEXED BY {NAMES_INDEX} "
                                 "WHERE id = ?", (player_id,))
    if names and not kept_name_wrong(names[0][0]):
        return names[0][0], None
    raise Unreadable(f"its row does not read ({wrong[:60]})" if wrong and not rows
                     else wrong or "its row is no longer in the database")


def head_start(source: Database, player_id: int, name: str, found: PlayersRecovered) -> int:
    """Player ``player_id``'s head start in µs (0: none, or one that does not read, noted in
    ``found``)."""
    rows, wrong = rows_read(source, "SELECT head_start_us FROM head_starts WHERE player_id = ?",
                            (player_id,))
    if not wrong and (not rows or (is_head_start(rows[0][0]) and rows[0][0] > 0)):
        return int(rows[0][0]) if rows else 0
    found.notes.append(f"the head start of {name} does not read "
                       f"({wrong[:60] or repr(rows[0][0])[:20]}): copied without one")
    return 0


def named_seats(seats: list[tuple], named: set[int]) -> list[tuple]:
    """The seats of ``seats`` that the new file keeps: a seat number above 0 whose player is
    among ``named``, once per game's seat and once per game's player (a damaged page may give a
    row twice); any other seat is a guest's."""
    kept, taken = [], set()
    for game_id, seat, player_id in seats:
        if (type(seat) is int and seat > 0 and player_id in named
                and (game_id, "seat", seat) not in taken
                and (game_id, "player", player_id) not in taken):
            kept.append((game_id, seat, player_id))
            taken.update({(game_id, "seat", seat), (game_id, "player", player_id)})
    return kept


def copy_players(source: Database, target: Database, games: list[int],
                 now: Callable[[], str] = utc_now) -> PlayersRecovered:
    """Copy every named player of ``source`` that reads (row by row where their table is
    damaged), their head starts, and their seats in the games ``games``, as they are; what was
    copied and what was left behind. A seat whose player did not read is copied as a guest's
    (no row). Raises :class:`StateError` if the new file refuses the write."""
    found = PlayersRecovered()
    seats = copied_seats(source, games, found)
    ids, wrong = player_ids(source, seats)
    players: list[tuple[int, str, str]] = []
    keys: dict[str, str] = {}
    undated: list[str] = []
    for player_id in ids:
        try:
            name, created_at = read_player(source, player_id)
            if name_key(name) in keys:
                raise Unreadable(f"its name {name!r} is {keys[name_key(name)]!r}'s too")
        except Unreadable as error:
            found.left.append((player_id, str(error)))
            continue
        keys[name_key(name)] = name
        if created_at is None:
            undated.append(name)
        players.append((player_id, name, now() if created_at is None else created_at))
    if undated:
        found.notes.append(f"{', '.join(undated)}: only the name read (from the names' index), "
                           "so the date added is the recovery's")
    if not ids and wrong:
        found.unreadable = f"the named players do not read ({wrong[:60]})"
    elif wrong:
        found.notes.append(f"the named players' table and its names' index do not read whole "
                           f"({wrong[:60]}): a player who sat in none of the copied games may "
                           "be missing from this count")
    named = {player_id for player_id, _, _ in players}
    starts = [(player_id, head_start(source, player_id, name, found))
              for player_id, name, _ in players]
    with target.transaction("copying the named players") as db:
        db.executemany("INSERT INTO players (id, name, created_at) VALUES (?, ?, ?)", players)
        db.executemany("INSERT INTO head_starts (player_id, head_start_us) VALUES (?, ?)",
                       [(player_id, us) for player_id, us in starts if us])
        db.executemany("INSERT INTO seats (game_id, seat, player_id) VALUES (?, ?, ?)",
                       named_seats(seats, named))
    found.copied = len(players)
    return found


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
        except StateError as error:   # a write the new file refuses
            recovered.players_refused = str(error)
    return recovered
