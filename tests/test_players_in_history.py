"""Named players in ``companion history``: a named seat shows its name, a guest's stays "P1";
``--json`` adds ``"names"`` only for a game with named players. Databases kept before players
existed (schema 4) are migrated and keep their games."""

import json

from test_players import kept_game, players
from test_storage_players import schema_4_database

from companion.cli import main
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.schema import MIGRATIONS


def history(folder, capsys, *options: str) -> str:
    capsys.readouterr()
    assert main(["history", "--state-dir", str(folder), *options]) == 0
    return capsys.readouterr().out


def test_history_shows_a_named_seat_by_its_name_and_a_guest_as_p(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    kept_game(tmp_path, {1: "Ana"})
    line = history(tmp_path, capsys).splitlines()[1]
    assert "Ana 1  P2 0  P3 0" in line and " Ana " in line.replace("Ana 1", "")


def test_history_json_names_only_the_named_seats(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    players(tmp_path, "add", "Bo")
    kept_game(tmp_path, {1: "Ana", 3: "Bo"})
    [game] = json.loads(history(tmp_path, capsys, "--json"))
    assert game["names"] == {"1": "Ana", "3": "Bo"}


def test_a_game_of_guests_is_listed_as_before(tmp_path, capsys):
    kept_game(tmp_path, {})
    assert "P1 1  P2 0  P3 0" in history(tmp_path, capsys).splitlines()[1]
    [game] = json.loads(history(tmp_path, capsys, "--json"))
    assert "names" not in game


def test_history_shows_a_renamed_players_new_name(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    kept_game(tmp_path, {2: "Ana"})
    players(tmp_path, "rename", "Ana", "Anabel")
    assert "P1 1  Anabel 0" in history(tmp_path, capsys)
    assert json.loads(history(tmp_path, capsys, "--json"))[0]["names"] == {"2": "Anabel"}


def test_history_shows_a_forgotten_players_seat_as_a_guests(tmp_path, capsys):
    players(tmp_path, "add", "Ana")
    kept_game(tmp_path, {1: "Ana"})
    players(tmp_path, "forget", "Ana")
    assert "P1 1  P2 0" in history(tmp_path, capsys)
    assert "names" not in json.loads(history(tmp_path, capsys, "--json"))[0]


def test_a_winner_with_a_long_name_keeps_the_columns_of_every_game_in_line(tmp_path, capsys):
    players(tmp_path, "add", "Maximilianus")   # 12 letters, wider than the "Winners" heading
    kept_game(tmp_path, {})
    kept_game(tmp_path, {1: "Maximilianus"})
    kept_game(tmp_path, {})
    header, *lines = history(tmp_path, capsys).splitlines()
    rounds, scores = header.index("Rounds"), header.index("Scores")
    assert [line[rounds:rounds + 6].strip() for line in lines] == ["1", "1", "1"]
    assert [line[scores:].split("  ")[0] for line in lines] == ["P1 1", "Maximilianus 1", "P1 1"]


def test_history_lists_the_games_of_a_database_kept_before_named_players(tmp_path, capsys):
    game_id = schema_4_database(tmp_path)
    line = history(tmp_path, capsys).splitlines()[1]
    assert line.split()[0] == str(game_id) and "P1 1  P2 0" in line
    with Database.in_folder(tmp_path) as database:
        assert database.version == len(MIGRATIONS)
        assert GameStore(database).get(game_id).result["winners"] == [1]
    assert players(tmp_path, "add", "Ana") == 0


def test_recovered_games_keep_their_named_players(tmp_path, capsys):
    folder, new = tmp_path / "kept", tmp_path / "new"
    players(folder, "add", "Ana")
    players(folder, "add", "Bo")
    kept_game(folder, {2: "Ana"})
    capsys.readouterr()
    assert main(["history", "--state-dir", str(folder), "--recover-to", str(new)]) == 0
    assert "copied 2 named players with their seats" in capsys.readouterr().out
    assert json.loads(history(new, capsys, "--json"))[0]["names"] == {"2": "Ana"}
    assert players(new, "list") == 0 and "Bo" in capsys.readouterr().out


def test_games_whose_seats_do_not_read_are_recovered_with_guests_and_keep_the_players(
        tmp_path, capsys):
    folder, new = tmp_path / "kept", tmp_path / "new"
    players(folder, "add", "Ana")
    kept_game(folder, {1: "Ana"})
    with Database.in_folder(folder) as database, database.transaction() as db:
        db.execute("DROP TABLE seats")   # as a damaged page would leave it: it does not read
    capsys.readouterr()
    assert main(["history", "--state-dir", str(folder), "--recover-to", str(new)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("copied 1 games") and "copied 1 named players with their seats" in out
    assert "  the seats of game 1 do not read (no such table: seats): their players are copied " \
           "as guests" in out
    assert "names" not in json.loads(history(new, capsys, "--json"))[0]
    assert players(new, "list") == 0 and "Ana" in capsys.readouterr().out


def test_a_shared_win_keeps_names_with_spaces_apart(tmp_path, capsys):
    """"Ana Marí Bo Luis" could be any two players: the winners are listed apart."""
    from companion.storage.players import PlayerStore

    players(tmp_path, "add", "Ana Marí")
    players(tmp_path, "add", "Bo Luis")
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        game_id = store.create(3, {"level": "normal"}, {"round_no": 0})
        store.save_round(game_id, {"n": 1}, {"round_no": 1},
                         result={"winners": [1, 2], "scores": {"1": 4, "2": 4, "3": 1}})
        roster = PlayerStore(database)
        for seat, name in ((1, "Ana Marí"), (2, "Bo Luis")):
            roster.seat(game_id, seat, roster.find(name).id)
    assert "Ana Marí, Bo Luis" in history(tmp_path, capsys).splitlines()[1]
