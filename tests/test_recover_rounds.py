"""A damaged page of the ``rounds`` table may end a game's rows early without an error: SQLite
gives the rounds before it and nothing more. Such a game is never shown whole: ``history`` lists
it as damaged, naming the rounds that do not read against the count its own row keeps;
``history --game`` lists the rounds that read, then says which do not, and exits 1; ``replay``
replays a round that reads and says one that does not; ``history --check`` names the game; and
``history --recover-to`` copies the rounds that read, saying the game was copied in part."""

import hashlib
import sqlite3

import pytest

from fault_cases import FILENAME, on, outcome


def two_games(folder) -> None:
    """Two finished simulated games of Ana, Bo and Cy, closed (checkpointed)."""
    result = outcome(on(folder, ("simulate", "--games", "2", "--names", "Ana,Bo,Cy",
                                 "--seed", "3")))
    assert result.code == 0, result.err


def leaves(data: bytes, page_size: int, page: int) -> list[int]:
    """The leaf pages of the index b-tree rooted at ``page`` (a WITHOUT ROWID table), in key
    order."""
    start = (page - 1) * page_size
    kind, cells = data[start], int.from_bytes(data[start + 3:start + 5], "big")
    if kind == 0x0A:   # a leaf
        return [page]
    assert kind == 0x02, f"page {page} is no index b-tree page"
    pointers = [int.from_bytes(data[start + 12 + 2 * i:start + 14 + 2 * i], "big")
                for i in range(cells)]
    children = [int.from_bytes(data[start + p:start + p + 4], "big") for p in pointers]
    right_most = int.from_bytes(data[start + 8:start + 12], "big")
    return [leaf for child in [*children, right_most] for leaf in leaves(data, page_size, child)]


def spoil_second_leaf_of_game_1(folder) -> tuple[int, int]:
    """Write over the cell pointers of the second leaf page of game 1's rounds, as a power cut
    mid-write may: its rows, and game 1's rows after them, no longer read, without an error.
    Returns (the rounds of game 1 that still read, the rounds its snapshot counts)."""
    path = folder / FILENAME
    with sqlite3.connect(path) as raw:
        page_size = raw.execute("PRAGMA page_size").fetchone()[0]
        root = raw.execute("SELECT rootpage FROM sqlite_master WHERE name = 'rounds'").fetchone()[0]
        played = raw.execute("SELECT json_extract(snapshot, '$.round_no') FROM games "
                             "WHERE id = 1").fetchone()[0]
    data = bytearray(path.read_bytes())
    page = leaves(bytes(data), page_size, root)[1]
    start = (page - 1) * page_size
    cells = int.from_bytes(data[start + 3:start + 5], "big")
    for offset in range(start + 8, start + 8 + 2 * cells):
        data[offset] ^= 0xFF
    path.write_bytes(bytes(data))
    with sqlite3.connect(path) as raw:   # the damage is silent: fewer rows, no error
        read = raw.execute("SELECT count(*) FROM rounds WHERE game_id = 1").fetchone()[0]
    assert 0 < read < played
    return read, played


def test_a_game_whose_rounds_end_early_on_a_damaged_page_is_listed_as_damaged_naming_them(
        tmp_path):
    two_games(tmp_path)
    read, played = spoil_second_leaf_of_game_1(tmp_path)
    result = outcome(on(tmp_path, ("history",)))
    assert result.code == 0 and result.clear, result.err
    lines = result.out.splitlines()
    assert lines[-1] == (f"    1  damaged, set aside: rounds {read + 1}-{played} do not read "
                         f"({read} of {played} read)")
    assert lines[1].split()[0] == "2" and "Ana" in lines[1]   # the other game, whole


def test_history_game_lists_the_rounds_that_read_then_says_which_do_not(tmp_path):
    two_games(tmp_path)
    read, played = spoil_second_leaf_of_game_1(tmp_path)
    result = outcome(on(tmp_path, ("history", "--game", "1")))
    assert result.code == 1 and result.clear, result.err
    lines = result.out.splitlines()
    assert [line.split()[0] for line in lines[1:-1]] == [str(n) for n in range(1, read + 1)]
    assert lines[-1] == (f"game 1 is damaged: rounds {read + 1}-{played} do not read "
                         f"({read} of {played} read)")


def test_a_round_that_reads_replays_and_one_that_does_not_is_said(tmp_path):
    two_games(tmp_path)
    read, played = spoil_second_leaf_of_game_1(tmp_path)
    replayed = outcome(on(tmp_path, ("replay", "1", str(read))))
    assert replayed.code == 0 and f"Not Not game 1, round {read} " in replayed.out
    lost = outcome(on(tmp_path, ("replay", "1", str(read + 1))))
    assert lost.code == 2 and lost.clear, lost.err
    assert f"game 1 round {read + 1} does not read: it is damaged, rounds {read + 1}-{played} " \
           "do not read" in lost.err


def test_history_check_names_the_game_whose_rounds_do_not_read(tmp_path):
    two_games(tmp_path)
    read, played = spoil_second_leaf_of_game_1(tmp_path)
    result = outcome(on(tmp_path, ("history", "--check")))
    assert result.code == 1 and result.clear, result.err
    assert f"game 1 is damaged: rounds {read + 1}-{played} do not read ({read} of {played} " \
           "read)" in result.out


def test_recovery_copies_the_rounds_that_read_and_says_the_game_was_copied_in_part(tmp_path):
    folder, new = tmp_path / "kept", tmp_path / "new"
    two_games(folder)
    read, played = spoil_second_leaf_of_game_1(folder)
    before = hashlib.sha256((folder / FILENAME).read_bytes()).hexdigest()
    result = outcome([*on(folder, ("history",)), "--recover-to", str(new)])
    assert result.code == 0 and result.clear, result.err
    assert hashlib.sha256((folder / FILENAME).read_bytes()).hexdigest() == before
    lines = result.out.splitlines()
    assert lines[0].startswith(f"copied 1 games whole and 1 in part into {new / FILENAME}; "
                               "0 did not read")
    assert lines[1] == f"  game 1: {read} of {played} rounds read, copied in part (damaged)"
    copied = outcome(on(new, ("history", "--game", "1")))   # the copy says it too
    assert copied.code == 1 and len(copied.out.splitlines()) == read + 2
    assert copied.out.splitlines()[-1] == (f"game 1 is damaged: rounds {read + 1}-{played} do "
                                           f"not read ({read} of {played} read)")
    whole = outcome(on(new, ("history", "--game", "2")))
    assert whole.code == 0 and "damaged" not in whole.out


@pytest.mark.parametrize("read, played, said", [
    (47, 48, "round 48 does not read (47 of 48 read)"),
    (3, 47, "rounds 4-47 do not read (3 of 47 read)")])
def test_rounds_that_do_not_read_are_said_in_good_grammar(read, played, said):
    """"round 48 do not read" (a tester)."""
    from companion.storage.games import RoundsAmiss, SavedGame

    game = SavedGame(1, "not-not", "finished", 3, {}, {"round_no": played}, None, "", None,
                     rounds=tuple({"n": n} for n in range(1, read + 1)))
    assert str(RoundsAmiss(game, played)) == said


def test_a_recovery_folder_that_cannot_be_made_is_one_line_without_python_words(tmp_path):
    two_games(tmp_path)
    result = outcome([*on(tmp_path, ("history",)), "--recover-to", "/proc/x"])
    assert result.code == 2 and result.clear, result.err
    assert "Errno" not in result.err and "/proc/x" in result.err
