"""A damaged state database: the damaged game is set aside, everything else keeps working.

Every case of :mod:`fault_cases` is run against every command (history, history --json,
history --check, both score sheets, simulate --resume): none may end in an internal error or a
traceback, and a refusal is one ``companion:`` line.
"""

import hashlib
import json
import sqlite3

import pytest
from fault_cases import (
    COMMANDS,
    DAMAGED_ID,
    FILENAME,
    FINISHED_IDS,
    UNFINISHED_ID,
    byte_cases,
    copy_of,
    field_cases,
    foreign_cases,
    kept_folder,
    on,
    outcome,
    sheet_cases,
    snapshot_cases,
    truncation_cases,
    write_raw,
)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory):
    return kept_folder(tmp_path_factory.mktemp("pristine"))


@pytest.fixture
def folder(pristine, tmp_path):
    return copy_of(pristine, tmp_path / "kept")


def listed(folder) -> dict[int, str]:
    """``companion history``'s lines by game id."""
    result = outcome(on(folder, ("history",)))
    assert result.code == 0, result.err
    return {int(line.split()[0]): line for line in result.out.splitlines()[1:]}


def every_command_answers_clearly(folder) -> dict[tuple, object]:
    results = {command: outcome(on(folder, command)) for command in COMMANDS}
    unclear = {" ".join(c): (r.code, r.err[-300:]) for c, r in results.items() if not r.clear}
    assert not unclear
    return results


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [spoil for _, spoil in field_cases()],
                         ids=[name for name, _ in field_cases()])
def test_a_game_with_a_field_that_does_not_read_leaves_every_other_game_working(folder, spoil):
    spoil(folder)
    results = every_command_answers_clearly(folder)
    lines = listed(folder)
    assert {1, 3} <= set(lines) and "damaged" not in lines[1] + lines[3]
    assert results[("simulate", "--resume", "--json")].code == 0
    assert all(results[("score-sheet", game)].code == 0
               for game in ("not-that-movie", "thats-not-a-hat"))


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [spoil for _, spoil in sheet_cases()],
                         ids=[name for name, _ in sheet_cases()])
def test_a_score_sheet_game_that_does_not_read_is_named_and_the_sheets_go_on(folder, spoil):
    spoil(folder)
    results = every_command_answers_clearly(folder)
    for game in ("not-that-movie", "thats-not-a-hat"):
        assert results[("score-sheet", game)].code == 0
    assert set(FINISHED_IDS) <= set(listed(folder))


def test_a_finished_game_that_does_not_read_is_listed_as_damaged(folder, capsys):
    write_raw(folder, "UPDATE games SET result = '{\"scores\": {\"1\"' WHERE id = ?", (DAMAGED_ID,))
    lines = listed(folder)
    assert sorted(lines, reverse=True) == list(lines) == [3, 2, 1]
    assert "damaged, set aside: result is not JSON" in lines[DAMAGED_ID]
    document = json.loads(outcome(on(folder, ("history", "--json"))).out)
    assert [game["id"] for game in document] == [3, 2, 1] and "damaged" in document[1]


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [spoil for _, spoil in snapshot_cases()],
                         ids=[name for name, _ in snapshot_cases()])
def test_an_unfinished_game_that_does_not_restore_is_set_aside_once_and_kept(folder, spoil):
    spoil(folder)
    refused = outcome(on(folder, ("simulate", "--resume", "--json")))
    assert refused.code == 2 and refused.clear
    assert f"game {UNFINISHED_ID}" in refused.err and "set aside" in refused.err
    again = outcome(on(folder, ("simulate", "--resume", "--json")))
    assert again.code == 2 and "no unfinished game to resume" in again.err
    lines = listed(folder)
    assert set(FINISHED_IDS) < set(lines) and "damaged" in lines[UNFINISHED_ID]
    with sqlite3.connect(folder / FILENAME) as raw:   # kept as it was
        assert raw.execute("SELECT state FROM games WHERE id = ?", (UNFINISHED_ID,)).fetchone() == \
            ("playing",)


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [spoil for _, spoil in byte_cases()],
                         ids=[name for name, _ in byte_cases()])
def test_random_byte_changes_inside_pages_get_a_clear_answer_from_every_command(folder, spoil):
    spoil(folder)
    every_command_answers_clearly(folder)


@pytest.mark.parametrize("spoil", [spoil for _, spoil in truncation_cases()],
                         ids=[name for name, _ in truncation_cases()])
def test_a_database_cut_short_gets_a_clear_answer_from_every_command(folder, spoil):
    spoil(folder)
    every_command_answers_clearly(folder)


def digest(folder) -> dict[str, str]:
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.iterdir())}


@pytest.mark.parametrize("spoil", [spoil for _, spoil in foreign_cases()],
                         ids=[name for name, _ in foreign_cases()])
def test_another_programs_or_a_newer_database_is_refused_and_never_modified(folder, spoil):
    spoil(folder)
    before = digest(folder)
    for command in COMMANDS:
        result = outcome(on(folder, command))
        assert result.code == 2 and result.clear, command
        assert any(words in result.err for words in ("another program", "newer than this companion",
                                                      "not a usable companion state database"))
    assert digest(folder) == before


def test_an_integrity_check_failure_is_reported_with_how_to_recover(folder):
    path = folder / FILENAME
    data = bytearray(path.read_bytes())
    data[3 * 4096 + 8: 3 * 4096 + 64] = b"\xff" * 56     # inside a b-tree page's header and cells
    path.write_bytes(bytes(data))
    result = outcome(on(folder, ("history", "--check")))
    assert result.code == 1 and result.clear
    assert "is damaged" in result.out and "--recover-to" in result.out and "KIOSK.md" in result.out


@pytest.mark.slow
@pytest.mark.parametrize("spoil", [spoil for _, spoil in byte_cases(12, seed=5)],
                         ids=[name for name, _ in byte_cases(12, seed=5)])
def test_recovery_copies_every_game_that_reads_and_only_reads_the_damaged_file(folder, spoil):
    spoil(folder)
    before = digest(folder)
    result = outcome([*on(folder, ("history",)), "--recover-to", str(folder.parent / "new")])
    assert result.clear
    if result.code:   # the file does not even open: the line says why
        return
    assert digest(folder) == before
    games = json.loads(outcome(on(folder.parent / "new", ("history", "--json"))).out)
    in_part = {int(line.split()[1].rstrip(":")) for line in result.out.splitlines()
               if line.endswith("copied in part (damaged)")}   # its rounds end early
    assert {game["id"] for game in games if "damaged" in game} == in_part
    whole, left = int(result.out.split()[1]), result.out.count("\n  game ")   # in part: a line
    assert whole + left == 6 and whole + len(in_part) >= len(games)


def test_an_intact_database_passes_the_check(folder):
    result = outcome(on(folder, ("history", "--check")))
    assert result.code == 0 and result.out.strip().endswith(": ok")


def spoil_the_games_table(folder, table: str = "games") -> None:
    """Spoil the header of the games table's (or ``table``'s) root page: none of its rows
    reads."""
    path = folder / FILENAME
    with sqlite3.connect(path) as raw:
        root, page_size = raw.execute(
            "SELECT rootpage, (SELECT page_size FROM pragma_page_size()) FROM sqlite_master "
            "WHERE type = 'table' AND name = ?", (table,)).fetchone()
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    start = (root - 1) * page_size
    data[start:start + 12] = b"\xff" * 12    # the b-tree page's header: no row of it reads
    path.write_bytes(bytes(data))


def test_recovery_counts_every_game_when_the_games_table_itself_does_not_read(folder):
    """No game's row reads, but their ids are still written in the table's index and in the
    rounds' rows, so each is named among those that stay behind (the count once said "copied 0
    games; 0 did not read")."""
    spoil_the_games_table(folder)
    result = outcome([*on(folder, ("history",)), "--recover-to", str(folder.parent / "new")])
    assert result.code == 0 and result.clear
    copied, left = int(result.out.split()[1]), result.out.count("\n  game ")
    assert (copied, left) == (0, 6)
    assert "6 did not read" in result.out


def test_the_board_of_games_that_do_not_read_says_so_not_that_none_was_played(folder):
    spoil_the_games_table(folder)
    board = outcome(on(folder, ("players", "board")))
    assert board.code == 0 and board.clear
    assert board.out.startswith("No named player has finished a Not Not game that reads in")
    assert "left out" in board.err


def test_a_database_found_damaged_at_the_title_is_said_on_screen_with_what_to_do(folder):
    """Pages that did not read were found by the title's leaderboard and said only in the log:
    the table played on into the damaged file, the advice to copy it first unseen."""
    from kiosk_helpers import kiosk, step_until

    spoil_the_games_table(folder, "seats")
    app = kiosk("title", state_dir=folder)
    step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
    said = app.notice[0]
    assert "damaged" in said and said.endswith("copy the state folder as it is, then run "
                                               "companion history --check")
    app.screen.close()
    app.ctx.services.close_database()


def test_json_of_a_database_that_fails_before_any_game_prints_nothing_but_the_error(folder):
    """A lone "[" on the output before the error line broke whatever parsed it."""
    spoil_the_games_table(folder, "seats")
    result = outcome(on(folder, ("history", "--json")))
    assert result.code == 2 and result.out == "" and "damaged" in result.err
