"""``companion history --recover-to``: the named players come along with the games, player by
player. A player whose row does not read is left behind alone, said with the count ("1 of 5
players could not be read: their seats are copied as guests"), and their seats are copied as
guests'; a name whose row's page does not read, or whose row reads as garbage without an error,
is still read from the names' index; a garbage row found nowhere else is a ghost of the damage,
said and not counted; head starts come along, and a damaged head starts' table is said; the
damaged file is only read."""

import hashlib
import re
import sqlite3

from fault_cases import FILENAME, on, outcome, write_raw
from test_players import kept_game, players

#: The family of the tests: Bo has a head start.
FAMILY = ("Ana", "Bo", "Cy", "Di", "Ed")


def family_folder(folder):
    """A state folder with the five players of :data:`FAMILY` (Bo's head start 150 ms) and two
    games: Ana and Bo in seats 1 and 2 of game 1, Cy and Ed in seats 1 and 3 of game 2."""
    for name in FAMILY:
        assert players(folder, "add", name) == 0
    assert players(folder, "handicap", "Bo", "150") == 0
    kept_game(folder, {1: "Ana", 2: "Bo"})
    kept_game(folder, {1: "Cy", 3: "Ed"})
    return folder


def recovered_into(folder, new) -> str:
    """What ``companion history --recover-to new`` prints, the damaged file left as it was."""
    before = hashlib.sha256((folder / FILENAME).read_bytes()).hexdigest()
    result = outcome([*on(folder, ("history",)), "--recover-to", str(new)])
    assert result.code == 0 and result.clear, result.err
    assert hashlib.sha256((folder / FILENAME).read_bytes()).hexdigest() == before
    return result.out


def listed_players(folder) -> list[str]:
    """``companion players list``'s lines under its heading."""
    result = outcome(on(folder, ("players", "list")))
    assert result.code == 0, result.err
    return [" ".join(line.split()) for line in result.out.splitlines()[1:]]


def spoil_page(folder, page: int) -> None:
    """Spoil page ``page``'s b-tree header, as a power cut mid-write may: none of its rows read."""
    path = folder / FILENAME
    with sqlite3.connect(path) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    start = (page - 1) * page_size
    data[start:start + 12] = b"\xff" * 12
    path.write_bytes(bytes(data))


def root_page(folder, name: str) -> int:
    """The root page of table or index ``name``."""
    with sqlite3.connect(folder / FILENAME) as raw:
        return raw.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                           (name,)).fetchone()[0]


def last_leaf(folder, table: str) -> int:
    """The page holding the last rows of ``table``, whose root is an interior page: the root's
    right-most child."""
    with sqlite3.connect(folder / FILENAME) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
    root = root_page(folder, table)
    data = (folder / FILENAME).read_bytes()[(root - 1) * page_size:root * page_size]
    assert data[0] == 0x05, "the table fits on one page"   # an interior table b-tree page
    return int.from_bytes(data[8:12], "big")


def test_recovery_copies_every_named_player_with_their_seats_and_head_starts(tmp_path):
    folder, new = family_folder(tmp_path / "kept"), tmp_path / "new"
    out = recovered_into(folder, new)
    assert "copied 5 named players with their seats" in out and "could not" not in out
    assert listed_players(new) == ["Ana 1", "Bo 1 150 ms", "Cy 1", "Di 0", "Ed 1"]
    history = outcome(on(new, ("history",))).out
    assert "Cy 1  P2 0  Ed 0" in history and "Ana 1  Bo 0  P3 0" in history


def test_a_player_whose_name_does_not_read_is_left_alone_and_their_seat_copied_as_a_guest(
        tmp_path):
    folder, new = family_folder(tmp_path / "kept"), tmp_path / "new"
    write_raw(folder, "UPDATE players SET name = CAST(x'ff00fe' AS TEXT) WHERE name = 'Bo'")
    out = recovered_into(folder, new)
    assert "copied 4 named players with their seats; 1 of 5 players could not be read: their " \
           "seats are copied as guests" in out
    assert "  player 2: " in out
    assert listed_players(new) == ["Ana 1", "Cy 1", "Di 0", "Ed 1"]
    history = outcome(on(new, ("history",))).out
    assert "Ana 1  P2 0  P3 0" in history and "Cy 1  P2 0  Ed 0" in history


def test_the_names_are_read_from_their_index_when_the_players_page_does_not_read(tmp_path):
    folder, new = family_folder(tmp_path / "kept"), tmp_path / "new"
    spoil_page(folder, root_page(folder, "players"))
    out = recovered_into(folder, new)
    assert "copied 5 named players with their seats" in out
    assert "Ana, Bo, Cy, Di, Ed: only the name read (from the names' index), so the date added " \
           "is the recovery's" in out
    assert listed_players(new) == ["Ana 1", "Bo 1 150 ms", "Cy 1", "Di 0", "Ed 1"]
    assert "Ana 1  Bo 0  P3 0" in outcome(on(new, ("history",))).out


def test_a_damaged_page_of_a_long_players_table_leaves_behind_only_the_players_on_it(tmp_path):
    """150 players fill two pages; the second and the names' index do not read: the players of
    the first page are copied, a seated player of the second is counted as left behind, and
    their seat is a guest's."""
    folder, new = tmp_path / "kept", tmp_path / "new"
    assert players(folder, "add", "Kid 1") == 0
    write_raw(folder, "WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n "
                      "WHERE i < 150) INSERT INTO players (name, created_at) "
                      "SELECT 'Kid ' || i, '2026-01-01T00:00:00+00:00' FROM n")
    kept_game(folder, {1: "Kid 1", 2: "Kid 150"})
    spoil_page(folder, last_leaf(folder, "players"))
    spoil_page(folder, root_page(folder, "sqlite_autoindex_players_1"))
    out = recovered_into(folder, new)
    copied, left, found = map(int, re.search(
        r"copied (\d+) named players with their seats; (\d+) of (\d+) players could not be "
        r"read: their seats are copied as guests", out).groups())
    assert left == 1 and copied + left == found and 50 < copied < 149
    assert "  player 150: its row does not read (" in out
    assert "a player who sat in none of the copied games may be missing from this count" in out
    listed = listed_players(new)
    assert "Kid 1 1" in listed and not any(line.startswith("Kid 150") for line in listed)
    assert "Kid 1 1  P2 0  P3 0" in outcome(on(new, ("history",))).out


#: The table of the damage tests: Bo has a head start of 2 ms.
TABLE = ("Ana", "Bo", "Çelik", "Zoë")


def table_folder(folder):
    """A state folder with the four players of :data:`TABLE` (Bo's head start 2 ms) and two
    games: Ana, Bo and Çelik in seats 1 to 3 of game 1, Zoë and Ana in seats 1 and 2 of game 2."""
    for name in TABLE:
        assert players(folder, "add", name) == 0
    assert players(folder, "handicap", "Bo", "2") == 0
    kept_game(folder, {1: "Ana", 2: "Bo", 3: "Çelik"})
    kept_game(folder, {1: "Zoë", 2: "Ana"}, count=2)
    return folder


def row_cells(folder, table: str) -> tuple[int, int, list[int]]:
    """Where the rows of ``table``, all on its root page, lie in the file: the page's offset, its
    size, and each row's offset in the page, in the rows' order (their ids')."""
    with sqlite3.connect(folder / FILENAME) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    start = (root_page(folder, table) - 1) * page_size
    page = (folder / FILENAME).read_bytes()[start:start + page_size]
    assert page[0] == 0x0D, "the table's rows are all on its root page"   # a table leaf page
    cells = int.from_bytes(page[3:5], "big")
    return start, page_size, [int.from_bytes(page[8 + 2 * n:10 + 2 * n], "big")
                              for n in range(cells)]


def scramble(folder, offset: int, length: int) -> None:
    """Overwrite ``length`` bytes of the file from ``offset`` with a pattern, as a bad write may
    (byte k of them becomes k ^ 0x5A)."""
    path = folder / FILENAME
    data = bytearray(path.read_bytes())
    data[offset:offset + length] = bytes((k ^ 0x5A) & 0xFF for k in range(length))
    path.write_bytes(bytes(data))


def test_a_player_whose_row_reads_with_a_garbage_id_is_kept_by_the_names_index_and_seats(
        tmp_path):
    """20 bytes across the end of Zoë's row and the head of Çelik's: the table's scan reads
    without an error, giving a garbage id where Çelik's 3 was."""
    folder, new = table_folder(tmp_path / "kept"), tmp_path / "new"
    page, _, cells = row_cells(folder, "players")
    scramble(folder, page + cells[2] - 2, 20)
    out = recovered_into(folder, new)
    assert "copied 4 named players with their seats" in out and "could not" not in out
    assert re.search(r"\n  a damaged row read as player \d+: left out\n", out)
    assert listed_players(new) == ["Ana 2", "Bo 1 2 ms", "Zoë 1", "Çelik 1"]
    history = outcome(on(new, ("history",))).out
    assert "Ana 1  Bo 0  Çelik 0" in history and "Zoë 1  Ana 0" in history


def test_the_rows_of_a_players_page_written_over_are_ghosts_and_the_players_come_from_the_index(
        tmp_path):
    """Every row of the players' page written over: its scan reads garbage ids without an
    error; the names' index and the seats still hold every player."""
    folder, new = table_folder(tmp_path / "kept"), tmp_path / "new"
    page, page_size, cells = row_cells(folder, "players")
    scramble(folder, page + min(cells), page_size - min(cells))
    out = recovered_into(folder, new)
    assert "copied 4 named players with their seats" in out and "could not" not in out
    assert re.search(r"\n  damaged rows read as players \d+(, \d+)*: left out\n", out)
    assert "Ana, Bo, Çelik, Zoë: only the name read (from the names' index), so the date added " \
           "is the recovery's" in out
    assert listed_players(new) == ["Ana 2", "Bo 1 2 ms", "Zoë 1", "Çelik 1"]
    assert "Ana 1  Bo 0  Çelik 0" in outcome(on(new, ("history",))).out


def test_a_head_start_whose_row_is_written_over_is_said_to_be_missing(tmp_path):
    folder, new = table_folder(tmp_path / "kept"), tmp_path / "new"
    page, page_size, cells = row_cells(folder, "head_starts")
    scramble(folder, page + min(cells), page_size - min(cells))
    out = recovered_into(folder, new)
    assert "copied 4 named players with their seats" in out
    assert "  head starts may be missing: the head starts' table is damaged (" in out
    assert listed_players(new) == ["Ana 2", "Bo 1", "Zoë 1", "Çelik 1"]
