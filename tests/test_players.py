"""Named players, kept in the state folder: ``companion players list|add|rename|merge|forget``.

A name is 1 to 12 printable characters, trimmed, unique whatever its case; a seat of a kept
game without a named player is a guest's. Every mistake is one line and exit status 2.
"""

import json

import pytest

from companion.cli import main
from companion.storage import owner
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.storage.players import PlayerStore


def players(folder, *words: str) -> int:
    return main(["players", *words, "--state-dir", str(folder)])


def listed(folder, capsys) -> list[dict]:
    capsys.readouterr()
    assert players(folder, "list", "--json") == 0
    return json.loads(capsys.readouterr().out)


def refused(folder, capsys, *words: str) -> str:
    """The one line ``companion players WORDS`` is refused with (exit status 2)."""
    capsys.readouterr()
    assert players(folder, *words) == 2
    err = capsys.readouterr().err
    assert err.startswith("companion: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


def kept_game(folder, seats: dict[int, str], count: int = 3) -> int:
    """A finished game of ``count`` players whose seats ``seats`` had these named players."""
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        game_id = store.create(count, {"level": "normal"}, {"round_no": 0})
        store.save_round(game_id, {"n": 1}, {"round_no": 1},
                         result={"winners": [1], "scores": {str(p): int(p == 1)
                                                           for p in range(1, count + 1)}})
        roster = PlayerStore(database)
        for seat, name in seats.items():
            roster.seat(game_id, seat, roster.find(name).id)
        return game_id


def names_of(folder, game_id: int) -> dict[int, str]:
    with Database.in_folder(folder) as database:
        return PlayerStore(database).seat_players(game_id)


def test_an_added_player_is_listed_with_the_games_they_sat_in(tmp_path, capsys):
    assert players(tmp_path, "add", "Ana") == 0
    assert capsys.readouterr().out == "added Ana\n"
    assert players(tmp_path, "add", "Bo") == 0
    kept_game(tmp_path, {2: "Ana"})
    assert [(p["name"], p["games"]) for p in listed(tmp_path, capsys)] == [("Ana", 1), ("Bo", 0)]
    assert players(tmp_path, "list") == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["Ana               1",
                                                        "Bo                0"]


def test_a_name_is_trimmed(tmp_path, capsys):
    assert players(tmp_path, "add", "  Ana Lu  ") == 0
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Ana Lu"]


def test_a_run_of_spaces_inside_a_name_is_one_space(tmp_path, capsys):
    """"Ana  Bo" and "Ana Bo" look the same on every screen (a web page shows them the same):
    they are one name."""
    assert players(tmp_path, "add", "Ana  Bo") == 0
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Ana Bo"]
    assert "'Ana Bo' is taken" in refused(tmp_path, capsys, "add", "Ana Bo")
    assert players(tmp_path, "rename", "Ana   Bo", "Cy  Di") == 0
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Cy Di"]


def test_a_name_is_unique_whatever_its_case(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    assert "'ANA' is taken by 'Ana'" in refused(tmp_path, capsys, "add", "ANA")
    assert "'Ana' is taken: choose another name" in refused(tmp_path, capsys, "add", "Ana")
    players(tmp_path, "add", "Éva")
    assert "is taken by 'Éva'" in refused(tmp_path, capsys, "add", "éVA")


def test_a_name_is_one_name_however_its_accents_were_typed(tmp_path, capsys):
    players(tmp_path, "add", "C\u00e9")                        # é as one character
    assert "is taken" in refused(tmp_path, capsys, "add", "Ce\u0301")   # e and an accent
    assert players(tmp_path, "rename", "Ce\u0301", "C\u00e9line") == 0
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["C\u00e9line"]


@pytest.mark.parametrize("name, why", [
    ("", "cannot be empty"),
    ("   ", "cannot be empty"),
    ("Maximilianaaa", "13 characters long: a player's name has at most 12"),
    ("Ana\tLu", "cannot be shown: U+0009 (a control character)"),
    ("Ana\u00a0Lu", "cannot be shown: U+00A0 (no-break space); a name is letters, digits, "
                    "plain spaces and punctuation"),
    ("p2", "how a guest's seat is shown"),
    ("Bo \U0001F600", 'has an emoji or symbol: "\U0001F600" (U+1F600)'),
    ("X\u2764", 'has an emoji or symbol: "\u2764" (U+2764)'),
    ("\u2764\ufe0f", '(U+2764), "\ufe0f" (U+FE0F)'),
    ("Jo \u2665", "has an emoji or symbol"),
    ("\u2605Bo", 'has an emoji or symbol: "\u2605" (U+2605)'),
    ("\u0645\u0631\u062d\u0628\u0627", 'is written right to left: "\u0645" (U+0645), '
                                 '"\u0631" (U+0631)'),
    ("Ana \u05d3\u05df", 'is written right to left: "\u05d3" (U+05D3), "\u05df" (U+05DF); '
                        "the screen sets every letter left to right, unjoined, so it would "
                        "read backwards: spell it in Latin letters"),
    ("Guest", "'Guest' is a names-menu item: choose another name"),
    ("new player", "is a names-menu item"),
])
def test_a_name_that_cannot_be_is_refused_in_one_line(tmp_path, capsys, name, why):
    assert why in refused(tmp_path / "new", capsys, "add", name)
    assert not (tmp_path / "new").exists()


@pytest.mark.parametrize("name", ["Zo\u00eb", "Ana-Maria", "A\u00a9", "20\u00b0", "O'Neil"])
def test_a_name_with_accents_and_punctuation_is_no_emoji_and_is_kept(tmp_path, capsys, name):
    assert players(tmp_path, "add", name) == 0


def test_every_item_the_names_and_players_screens_list_beside_names_is_refused_as_a_name():
    from companion.scenes.common import names, players_menu
    from companion.storage.players import MENU_WORDS

    assert {names.NEW_PLAYER, names.GUEST, names.DONE_ITEM, players_menu.BACK} <= set(MENU_WORDS)


def test_a_name_of_twelve_characters_is_kept(tmp_path, capsys):
    assert players(tmp_path, "add", "Maximilianaa") == 0


def test_a_renamed_player_keeps_their_seats(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    game_id = kept_game(tmp_path, {1: "Ana"})
    capsys.readouterr()
    assert players(tmp_path, "rename", "ana", "Anabel") == 0
    assert capsys.readouterr().out == "renamed Ana to Anabel\n"
    assert names_of(tmp_path, game_id) == {1: "Anabel"}


def test_a_player_may_be_renamed_to_their_own_name_in_another_case(tmp_path, capsys):
    players(tmp_path, "add", "ana")
    assert players(tmp_path, "rename", "ana", "Ana") == 0
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Ana"]


def test_a_rename_to_the_same_name_says_nothing_changed(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    capsys.readouterr()
    assert players(tmp_path, "rename", "Ana", "  Ana  ") == 0
    assert capsys.readouterr().out == "Ana is called Ana already: nothing changed\n"


def test_a_rename_to_a_name_taken_is_refused(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "add", "Bo")
    assert "'bo' is taken by 'Bo'" in refused(tmp_path, capsys, "rename", "Ana", "bo")


def test_a_merged_players_seats_become_the_other_players(tmp_path, capsys):
    for name in ("Ana", "Anna", "Bo"):
        players(tmp_path, "add", name)
    first, second = kept_game(tmp_path, {1: "Anna", 2: "Bo"}), kept_game(tmp_path, {3: "Ana"})
    capsys.readouterr()
    assert players(tmp_path, "merge", "Anna", "Ana") == 0
    assert capsys.readouterr().out == "merged Anna into Ana: 1 seat given to Ana\n"
    assert names_of(tmp_path, first) == {1: "Ana", 2: "Bo"}
    assert names_of(tmp_path, second) == {3: "Ana"}
    assert [(p["name"], p["games"]) for p in listed(tmp_path, capsys)] == [("Ana", 2), ("Bo", 1)]


def test_a_player_is_never_merged_into_themself(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    assert "the same player" in refused(tmp_path, capsys, "merge", "Ana", "ANA")
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Ana"]


def test_two_players_who_sat_at_the_same_table_are_never_merged(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "add", "Bo")
    game_id = kept_game(tmp_path, {1: "Ana", 2: "Bo"})
    assert f"sat at the same table in game {game_id}:" in refused(tmp_path, capsys,
                                                               "merge", "Ana", "Bo")
    assert names_of(tmp_path, game_id) == {1: "Ana", 2: "Bo"}


def test_a_forgotten_players_seats_become_guests(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "add", "Bo")
    game_id = kept_game(tmp_path, {1: "Ana", 2: "Bo"})
    capsys.readouterr()
    assert players(tmp_path, "forget", "ana") == 0
    assert capsys.readouterr().out == "forgot Ana: 1 seat became a guest's\n"
    assert names_of(tmp_path, game_id) == {2: "Bo"}
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Bo"]


def test_a_forgotten_players_name_is_in_no_record(tmp_path, capsys):
    players(tmp_path, "add", "Zelda")
    kept_game(tmp_path, {1: "Zelda"})
    players(tmp_path, "forget", "Zelda")
    with Database.in_folder(tmp_path) as database:
        database.connection.execute("VACUUM")
    assert b"Zelda" not in (tmp_path / FILENAME).read_bytes()


@pytest.mark.parametrize("words", [("rename", "Zed", "Zoe"), ("merge", "Zed", "Ana"),
                                   ("merge", "Ana", "Zed"), ("forget", "Zed")])
def test_an_unknown_name_is_refused_in_one_line(tmp_path, capsys, words):
    players(tmp_path, "add", "Ana")
    assert "no player is called 'Zed'" in refused(tmp_path, capsys, *words)


def test_a_change_in_a_folder_with_no_players_names_the_folder_and_makes_nothing(tmp_path,
                                                                                  capsys):
    folder = tmp_path / "new"
    assert f"no players are kept in {folder}" in refused(folder, capsys, "forget", "Ana")
    assert not folder.exists()


def test_an_empty_state_folder_lists_no_players_and_is_left_untouched(tmp_path, capsys):
    folder = tmp_path / "new"
    assert players(folder, "list") == 0
    assert "No named players yet" in capsys.readouterr().out
    assert listed(folder, capsys) == []
    assert not folder.exists()


def test_the_state_folder_may_be_named_before_the_action(tmp_path, capsys):
    assert main(["players", "--state-dir", str(tmp_path), "add", "Ana"]) == 0
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Ana"]


def test_a_change_is_refused_while_the_kiosk_holds_the_folder(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    kiosk = owner.take(tmp_path, "the kiosk")
    try:
        line = refused(tmp_path, capsys, "add", "Bo")
        assert "the kiosk (pid" in line and f"is using {tmp_path}" in line
        assert players(tmp_path, "list") == 0   # reading goes on beside it
    finally:
        kiosk.release()
    assert [p["name"] for p in listed(tmp_path, capsys)] == ["Ana"]


def test_a_damaged_database_is_named_in_one_line(tmp_path, capsys):
    (tmp_path / FILENAME).write_text("not a database at all " * 50)
    for words in (("list",), ("add", "Ana"), ("forget", "Ana")):
        assert FILENAME in refused(tmp_path, capsys, *words)


def test_a_state_folder_that_is_a_file_is_named_in_one_line(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    for words in (("list",), ("add", "Ana")):
        assert "file" in refused(tmp_path / "file", capsys, *words)


def test_no_action_is_one_line_naming_the_help(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["players"])
    assert exit.value.code == 2
    assert "(see companion players --help)" in capsys.readouterr().err
