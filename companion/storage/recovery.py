"""Recovering a damaged state database: every game that still reads, copied into a new one.

:func:`recover` reads the damaged database game by game (finding the games by
id even when the table's own pages do not read), checks each game as the store
reads it, and copies the rows of each game that reads, unchanged, into a new
database in another folder (the rounds' raw edges too, when they read); a game whose rounds
are not those its own row counts (a damaged page of rounds ends its rows early without an
error: :class:`~companion.storage.games.RoundsAmiss`) is copied in part, the rounds that read,
and said so (``game 4: 3 of 47 rounds read``), then the named
players, their head starts and their seats in the copied games (:func:`copy_players`): player
by player, their ids taken from every place they are written (the table's rows, the names'
index, the seats), so that a damaged page or row leaves out only the players it holds (a name
whose row does not read, or reads as no player's name, is read from the names' index; a row
that reads as an id found nowhere else, with no player's name, is a ghost of the damage); a
seat whose player did not read is copied as a guest's, and each thing left behind is said, a
head starts' table found damaged too. The damaged file is only read. ``companion
history --recover-to DIR`` runs it; docs/KIOSK.md says how to put the new file in place.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.errors import CompanionError, StateError
from companion.storage.database import FILENAME, Database
from companion.storage.games import RoundsAmiss, Unreadable, read_game, utc_now
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
    #: The ids that only a damaged scan of the players' table (or of their names' index) gave,
    #: with no player's name (none, none that reads, or a kept player's again): ghosts of the
    #: damage, left out and not counted among the players.
    ghosts: list[int] = field(default_factory=list)
    #: What else did not read, a line each: the seats of some games, a head start, a date added,
    #: a head starts' table found damaged.
    notes: list[str] = field(default_factory=list)
    #: What is wrong with the players' table when not one player was found in it (then the
    #: games are copied with guests only).
    unreadable: str | None = None


@dataclass
class Recovered:
    """What :func:`recover` copied and what it left behind."""

    #: The games copied, whole or in part.
    copied: list[int] = field(default_factory=list)
    #: ``(game id, what of it read)`` of each game copied in part: its rounds that read.
    in_part: list[tuple[int, str]] = field(default_factory=list)
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


def copy_game(source: Database, target: Database, game_id: int) -> str:
    """Check game ``game_id`` of ``source`` as the store reads it, then copy its rows as they are;
    "" when it was copied whole, or what of it read when it was copied in part (its rounds that
    read, when they are not those its row counts: :class:`RoundsAmiss`).

    Raises :class:`Unreadable` if any other part of it does not read.
    """
    in_part = ""
    try:
        columns = ", ".join(name for name in _GAME_COLUMNS if name in source.columns("games"))
        row = source.connection.execute(f"SELECT {columns} FROM games WHERE id = ?",
                                        (game_id,)).fetchone()
        if row is None:
            raise Unreadable(f"game {game_id} is no longer in the database")
        try:
            game = read_game(source, game_id, row[1])
        except RoundsAmiss as amiss:
            game, in_part = amiss.game, amiss.in_part
        read = {record["n"] for record in game.rounds}
        rounds = [rounds_row for rounds_row in source.connection.execute(
            "SELECT game_id, n, record, saved_at FROM rounds WHERE game_id = ?", (game_id,))
            if rounds_row[1] in read]
    except (sqlite3.DatabaseError, CompanionError) as error:
        raise Unreadable(str(error)) from None
    edges = [edges_row for edges_row in round_edges(source, game_id) if edges_row[1] in read]
    with target.transaction(f"copying game {game_id}") as db:
        db.execute(f"INSERT INTO games ({columns}) VALUES ({', '.join('?' * len(row))})", row)
        db.executemany("INSERT INTO rounds (game_id, n, record, saved_at) VALUES (?, ?, ?, ?)",
                       rounds)
        db.executemany("INSERT INTO round_edges (game_id, n, edges) VALUES (?, ?, ?)", edges)
    return in_part


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

#: Every player's id and name, read from :data:`NAMES_INDEX` alone: in its order, then
#: backwards (a damaged page of it ends a scan; the names past it still read the other way).
INDEXED_NAMES = tuple(f"SELECT id, name FROM players INDEXED BY {NAMES_INDEX} "
                      f"WHERE name IS NOT NULL ORDER BY name {order}" for order in ("ASC", "DESC"))

#: Whether this SQLite checks one table alone (``PRAGMA quick_check(TABLE)``, SQLite 3.33): an
#: older one checks the whole file, and would blame one table for another's damage.
CHECKS_ONE_TABLE = sqlite3.sqlite_version_info >= (3, 33, 0)


@dataclass
class PlayerIds:
    """The named players' ids as each place that writes them gives them, each read by itself:
    a damaged page may give a garbage id without an error, so no one place is trusted alone."""

    #: The ids the players' table gives: its rows scanned, and probed one by one when the scan
    #: does not read whole.
    table: set[int]
    #: ``{id: name}`` as the names' index (:data:`NAMES_INDEX`) holds them.
    indexed: dict[int, object]
    #: The ids the seats give.
    seated: set[int]
    #: What is wrong ("" if nothing) when neither the table nor the names' index reads whole:
    #: then a player found nowhere else may be missing.
    wrong: str

    def places(self, player_id: int) -> int:
        """In how many of the three places (table, index, seats) ``player_id`` is written."""
        return sum(player_id in place for place in (self.table, self.indexed, self.seated))

    def in_order(self) -> list[int]:
        """Every id found, those written in the most places first, then by id: a name that a
        damaged row repeats stays with the player the other places name."""
        return sorted(self.table | set(self.indexed) | self.seated,
                      key=lambda player_id: (-self.places(player_id), player_id))

    def only_in_one_scan(self, player_id: int) -> bool:
        """Whether the table alone, or the names' index alone, gives ``player_id``: such an id
        that does not read as a player's is a ghost of the damage, not a player."""
        return self.places(player_id) == 1 and player_id not in self.seated


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


def table_problem(database: Database, table: str) -> str:
    """The first problem ``PRAGMA quick_check`` finds in ``table`` alone ("" if none, or if this
    SQLite cannot check one table alone: :data:`CHECKS_ONE_TABLE`)."""
    if not CHECKS_ONE_TABLE:
        return ""
    rows, wrong = rows_read(database, f"PRAGMA quick_check({table})")
    problems = [line for (row,) in rows for line in str(row).splitlines()
                if line != "ok" and not line.startswith("*** in database ")]
    return problems[0] if problems else wrong


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


def player_ids(source: Database, seats: list[tuple]) -> PlayerIds:
    """The named players' ids from every place they are written, whether or not the others read:
    the table's rows (probed one by one too when the scan fails), the names' index
    (:data:`INDEXED_NAMES`), and the seats (all of them, and ``seats`` read game by game)."""
    rows, wrong = rows_read(source, "SELECT id FROM players NOT INDEXED")
    table = {player_id for (player_id,) in rows}
    if wrong:
        table.update(probed_ids(source, "players"))
    indexed: dict[int, object] = {}
    index_wrong = ""
    for query in INDEXED_NAMES:
        rows, index_wrong = rows_read(source, query)
        for player_id, name in rows:
            indexed.setdefault(player_id, name)
        if not index_wrong:
            break   # read whole: backwards gives nothing more
    seated = {player_id for _, _, player_id in seats}
    seated.update(player_id for (player_id,) in rows_read(source, "SELECT player_id FROM seats")[0])
    return PlayerIds(table, indexed, {player_id for player_id in seated if type(player_id) is int},
                     wrong if index_wrong else "")   # the index, read whole, holds every id


def kept_name_wrong(name: object) -> str:
    """What is wrong with ``name`` as a kept player's name ("" if nothing): text, 1 to
    :data:`NAME_MAX` printable characters (a name kept before a newer rule of
    :func:`checked_name` is copied as it is)."""
    if not isinstance(name, str):
        return "its name is not text"
    if not (name.strip() and len(name) <= NAME_MAX and name.isprintable()):
        return f"its name {name[:20]!r} is no player's name"
    return ""


def read_player(source: Database, player_id: int, indexed: object = None) -> tuple[str, str | None]:
    """Player ``player_id``'s name and the date they were added, as kept, when their row reads
    with a name that agrees with ``indexed`` (the name the names' index holds for them, if it
    holds one); otherwise the index's name and ``None``, when it is a player's name. Raises
    :class:`Unreadable` saying what is wrong otherwise."""
    rows, wrong = rows_read(source, "SELECT name, created_at FROM players NOT INDEXED "
                                    "WHERE id = ?", (player_id,))
    index_name = None if kept_name_wrong(indexed) else indexed
    if rows:
        name, created_at = rows[0]
        wrong = kept_name_wrong(name) or ("" if isinstance(created_at, str)
                                          else "the date it was added is not text")
        if not wrong and index_name in (None, name):
            return name, created_at
    if isinstance(index_name, str):
        return index_name, None
    raise Unreadable(f"its row does not read ({wrong[:60]})" if wrong and not rows
                     else wrong or "its row is no longer in the database")


@dataclass
class HeadStarts:
    """The head starts' table as it reads: the rows its scan gives and what is wrong with it."""

    #: ``{player id: head start}`` of the rows the scan gives, as they read.
    scanned: dict[object, object]
    #: What is wrong with the table ("" if nothing was found): a scan that fails, or a problem
    #: ``PRAGMA quick_check`` finds in it.
    damage: str


def read_head_starts(source: Database) -> HeadStarts:
    """The head starts' table of ``source``, scanned and checked (:func:`table_problem`)."""
    rows, wrong = rows_read(source, "SELECT player_id, head_start_us FROM head_starts")
    return HeadStarts(dict(rows), wrong or table_problem(source, "head_starts"))


def head_starts_damage(starts: HeadStarts, players: set[int]) -> str:
    """What shows the head starts' table damaged ("" if nothing): what :class:`HeadStarts` found,
    or a row that reads as the head start of an id that is none of ``players`` (every player
    found, read or not)."""
    strangers = sorted(str(player_id) for player_id in starts.scanned if player_id not in players)
    return starts.damage or (f"a row reads as the head start of player {strangers[0][:20]}, "
                             "who is no player" if strangers else "")


def head_start(source: Database, player_id: int, name: str, found: PlayersRecovered,
               scanned: dict[object, object]) -> int:
    """Player ``player_id``'s head start in µs (0: none, or one that does not read, noted in
    ``found``): looked up, or as the table's scan ``scanned`` gave it if the look-up finds
    none."""
    rows, wrong = rows_read(source, "SELECT head_start_us FROM head_starts WHERE player_id = ?",
                            (player_id,))
    if not rows and player_id in scanned:
        rows, wrong = [(scanned[player_id],)], ""
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


def read_players(source: Database, ids: PlayerIds,
                 found: PlayersRecovered) -> list[tuple[int, str, str | None]]:
    """``(id, name, date added or None)`` of each player of ``ids`` that reads (:func:`read_player`)
    with a name no player read before has, by id; each other is noted in ``found``: left behind,
    or a ghost of the damage when only one scan gave its id (:meth:`PlayerIds.only_in_one_scan`)."""
    players: list[tuple[int, str, str | None]] = []
    keys: dict[str, str] = {}
    for player_id in ids.in_order():
        try:
            name, created_at = read_player(source, player_id, ids.indexed.get(player_id))
            if name_key(name) in keys:
                raise Unreadable(f"its name {name!r} is {keys[name_key(name)]!r}'s too")
        except Unreadable as error:
            if ids.only_in_one_scan(player_id):
                found.ghosts.append(player_id)
            else:
                found.left.append((player_id, str(error)))
            continue
        keys[name_key(name)] = name
        players.append((player_id, name, created_at))
    found.left.sort()
    found.ghosts.sort()
    return sorted(players)


def copy_players(source: Database, target: Database, games: list[int],
                 now: Callable[[], str] = utc_now) -> PlayersRecovered:
    """Copy every named player of ``source`` that reads (row by row, from every place their ids
    are written: :func:`player_ids`), their head starts, and their seats in the games ``games``,
    as they are; what was copied and what was left behind (a head starts' table found damaged
    is said: some may be missing). A seat whose player did not read is copied as a guest's (no
    row). Raises :class:`StateError` if the new file refuses the write."""
    found = PlayersRecovered()
    seats = copied_seats(source, games, found)
    ids = player_ids(source, seats)
    read = read_players(source, ids, found)
    undated = [name for _, name, created_at in read if created_at is None]
    if undated:
        found.notes.append(f"{', '.join(undated)}: only the name read (from the names' index), "
                           "so the date added is the recovery's")
    if not (read or found.left) and ids.wrong:
        found.unreadable = f"the named players do not read ({ids.wrong[:60]})"
    elif ids.wrong:
        found.notes.append(f"the named players' table and its names' index do not read whole "
                           f"({ids.wrong[:60]}): a player who sat in none of the copied games may "
                           "be missing from this count")
    players = [(player_id, name, now() if created_at is None else created_at)
               for player_id, name, created_at in read]
    named = {player_id for player_id, _, _ in players}
    head_starts = read_head_starts(source)
    starts = [(player_id, head_start(source, player_id, name, found, head_starts.scanned))
              for player_id, name, _ in players]
    damage = head_starts_damage(head_starts, named | {player_id for player_id, _ in found.left})
    if damage:
        found.notes.append(f"head starts may be missing: the head starts' table is damaged "
                           f"({damage[:60]})")
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
                in_part = copy_game(source, target, game_id)
            except Unreadable as error:
                recovered.left.append((game_id, str(error)))
                continue
            recovered.copied.append(game_id)
            if in_part:
                recovered.in_part.append((game_id, in_part))
        try:
            recovered.players = copy_players(source, target, recovered.copied)
        except StateError as error:   # a write the new file refuses
            recovered.players_refused = str(error)
    return recovered
