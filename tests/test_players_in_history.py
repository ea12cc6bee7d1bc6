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


def test_history_lists_the_games_of_a_database_kept_before_named_players(tmp_path, capsys):
    game_id = schema_4_database(tmp_path)
    line = history(tmp_path, capsys).splitlines()[1]
    assert line.split()[0] == str(game_id) and "P1 1  P2 0" in line
    with Database.in_folder(tmp_path) as database:
        assert database.version == len(MIGRATIONS)
        assert GameStore(database).get(game_id).result["winners"] == [1]
    assert players(tmp_path, "add", "Ana") == 0
