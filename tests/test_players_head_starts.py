"""Head starts kept per named player (schema 6): ``companion players handicap NAME MS``.

A head start is 0 (none) to HEAD_START_MAX_MS milliseconds; it is listed with the player, goes
with them when they are renamed, away with them when they are forgotten or merged away, and
is given to the seats they sit in. A database kept before head starts (schema 5) migrates and
keeps its players, and reads as it lies where it may not be written.
"""

import json

import pytest
from test_players import players, refused

from companion.storage import owner
from companion.storage.database import FILENAME, Database
from companion.storage.players import HEAD_START_MAX_MS, PlayerStore
from companion.storage.schema import MIGRATIONS

BEFORE_HEAD_STARTS = next(m.version for m in MIGRATIONS if "head start" in m.summary) - 1


def listed(folder, capsys) -> dict[str, dict]:
    capsys.readouterr()
    assert players(folder, "list", "--json") == 0
    return {p["name"]: p for p in json.loads(capsys.readouterr().out)}


def database_before_head_starts(folder) -> None:
    """A state database as the release before head starts left it, with two players."""
    with Database(folder / FILENAME, migrations=MIGRATIONS[:BEFORE_HEAD_STARTS]) as old:
        with old.transaction("adding two players as that release did") as db:
            db.executemany("INSERT INTO players (name, created_at) VALUES (?, ?)",
                           [("Ana", "2026-01-01T00:00:00Z"), ("Bo", "2026-01-01T00:00:00Z")])
        assert old.version == BEFORE_HEAD_STARTS


def test_a_database_kept_before_head_starts_migrates_and_keeps_its_players(tmp_path, capsys):
    database_before_head_starts(tmp_path)
    assert players(tmp_path, "handicap", "Ana", "150") == 0
    with Database.in_folder(tmp_path) as database:
        assert database.version == len(MIGRATIONS)
    assert {name: p["head_start_ms"] for name, p in listed(tmp_path, capsys).items()} == {
        "Ana": 150, "Bo": 0}


def test_a_database_kept_before_head_starts_reads_as_it_lies_where_it_may_not_be_written(
        tmp_path):
    database_before_head_starts(tmp_path)
    before = (tmp_path / FILENAME).read_bytes()
    with Database.for_reading(tmp_path) as database:
        roster = PlayerStore(database)
        assert [(p.name, p.head_start_us) for p in roster.list_players()] == [("Ana", 0),
                                                                               ("Bo", 0)]
        assert roster.head_starts({1: roster.find("Ana").id}) == {}
        assert database.version == BEFORE_HEAD_STARTS
    assert (tmp_path / FILENAME).read_bytes() == before


def test_a_head_start_is_listed_with_the_player(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "add", "Bo")
    capsys.readouterr()
    assert players(tmp_path, "handicap", "ana", "150") == 0
    assert capsys.readouterr().out == "Ana has a 150 ms head start\n"
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == 150
    assert players(tmp_path, "list") == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("Head start")
    assert lines[1].startswith("Ana") and lines[1].endswith("150 ms")
    assert lines[2] == "Bo                0"


def test_the_list_has_no_head_start_column_while_nobody_has_one(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    capsys.readouterr()
    assert players(tmp_path, "list") == 0
    assert "Head start" not in capsys.readouterr().out


def test_a_head_start_of_0_removes_it(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "handicap", "Ana", "150")
    capsys.readouterr()
    assert players(tmp_path, "handicap", "Ana", "0") == 0
    assert capsys.readouterr().out == "Ana has no head start\n"
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == 0


def test_a_head_start_is_kept_to_the_microsecond(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    assert players(tmp_path, "handicap", "Ana", "150.5") == 0
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == 150.5


@pytest.mark.parametrize("ms", ["-1", str(HEAD_START_MAX_MS + 1), "1e9", "nan", "inf", "soon", "",
                                "1_0", "0x10"])
def test_a_head_start_out_of_its_bounds_is_refused_in_one_line(tmp_path, capsys, ms):
    players(tmp_path, "add", "Ana")
    line = refused(tmp_path, capsys, "handicap", "Ana", ms)
    assert f"from 0 (none) to {HEAD_START_MAX_MS}" in line
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == 0


@pytest.mark.parametrize("ms", ["0.0005", "150.1234", "0.0009999999"])
def test_a_head_start_finer_than_a_microsecond_is_refused_never_rounded(tmp_path, capsys, ms):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "handicap", "Ana", "150")
    line = refused(tmp_path, capsys, "handicap", "Ana", ms)
    assert "to the microsecond at finest" in line
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == 150


def test_a_refused_head_start_too_long_to_quote_is_quoted_cut_with_an_ellipsis(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    line = refused(tmp_path, capsys, "handicap", "Ana", "9" * 23)
    assert f"head start '{'9' * 20}...': expected" in line


def test_the_longest_head_start_is_kept(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    assert players(tmp_path, "handicap", "Ana", str(HEAD_START_MAX_MS)) == 0
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == HEAD_START_MAX_MS


def test_a_head_start_for_nobody_is_refused_in_one_line(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    assert "no player is called 'Cy'" in refused(tmp_path, capsys, "handicap", "Cy", "150")


def test_a_head_start_is_refused_while_the_kiosk_holds_the_folder(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    kiosk = owner.take(tmp_path, "the kiosk")
    try:
        assert "the kiosk (pid" in refused(tmp_path, capsys, "handicap", "Ana", "150")
    finally:
        kiosk.release()
    assert listed(tmp_path, capsys)["Ana"]["head_start_ms"] == 0


def test_a_renamed_player_keeps_their_head_start(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "handicap", "Ana", "150")
    players(tmp_path, "rename", "Ana", "Anna")
    assert listed(tmp_path, capsys)["Anna"]["head_start_ms"] == 150


def test_a_forgotten_or_merged_away_player_takes_their_head_start_with_them(tmp_path, capsys):
    for name in ("Ana", "Bo", "Cy"):
        players(tmp_path, "add", name)
        players(tmp_path, "handicap", name, "100")
    players(tmp_path, "forget", "Ana")
    players(tmp_path, "merge", "Bo", "Cy")
    with Database.in_folder(tmp_path) as database:
        assert database.read("SELECT count(*) FROM head_starts")[0][0] == 1
    assert listed(tmp_path, capsys)["Cy"]["head_start_ms"] == 100


def test_a_merge_that_drops_a_head_start_says_so(tmp_path, capsys):
    """Merging Noe into Tom dropped Noe's 200 ms head start without a word (a family's
    tester)."""
    for name in ("Noe", "Tom", "Cy"):
        players(tmp_path, "add", name)
    players(tmp_path, "handicap", "Noe", "200")
    players(tmp_path, "handicap", "Cy", "200")
    capsys.readouterr()
    assert players(tmp_path, "merge", "Noe", "Tom") == 0
    assert capsys.readouterr().out == ("merged Noe into Tom: 0 seats given to Tom; Noe's 200 ms "
                                       "head start went with the name (Tom has none)\n")
    players(tmp_path, "add", "Di")
    players(tmp_path, "handicap", "Di", "200")
    capsys.readouterr()
    assert players(tmp_path, "merge", "Di", "Cy") == 0     # the same head start: nothing lost
    assert capsys.readouterr().out == "merged Di into Cy: 0 seats given to Cy\n"


def test_the_seats_are_given_their_players_head_starts(tmp_path):
    with Database.in_folder(tmp_path) as database:
        roster = PlayerStore(database)
        ana, bo = roster.add("Ana"), roster.add("Bo")
        roster.set_head_start("Ana", 150_000)
        assert roster.head_starts({2: ana.id, 3: bo.id}) == {2: 150_000}
        assert roster.head_starts({}) == {}
