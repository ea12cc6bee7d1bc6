"""The players' tables (schema 5): a named player sits in a seat the game has, once at a table;
a database kept before named players existed (schema 4) migrates, keeps its games, and reads
as it lies where it may not be written."""

import pytest

from companion.storage.database import FILENAME, Database
from companion.storage.games import NOT_NOT, GameStore
from companion.storage.listing import game_lines
from companion.storage.players import PlayerError, PlayerStore
from companion.storage.schema import MIGRATIONS


def schema_4_database(folder) -> int:
    """A state database as the release before named players left it, with one finished game."""
    with Database(folder / FILENAME, migrations=MIGRATIONS[:4]) as old:
        store = GameStore(old)
        game_id = store.create(2, {"level": "normal"}, {"round_no": 0})
        store.save_round(game_id, {"n": 1}, {"round_no": 1},
                         result={"winners": [1], "scores": {"1": 1, "2": 0}})
        assert old.version == 4
    return game_id


def test_a_database_kept_before_named_players_migrates_and_keeps_its_games(tmp_path):
    game_id = schema_4_database(tmp_path)
    with Database.in_folder(tmp_path) as database:
        assert database.version == len(MIGRATIONS)
        assert GameStore(database).get(game_id).result["winners"] == [1]
        assert [line.id for line in game_lines(database, NOT_NOT)] == [game_id]
        assert PlayerStore(database).seat_players(game_id) == {}


def test_a_database_kept_before_named_players_is_read_as_it_lies_where_it_may_not_be_written(
        tmp_path):
    game_id = schema_4_database(tmp_path)
    before = (tmp_path / FILENAME).read_bytes()
    with Database.for_reading(tmp_path) as database:   # a read-only folder's way
        assert [line.id for line in game_lines(database, NOT_NOT)] == [game_id]
        assert PlayerStore(database).seat_players(game_id) == {}
        assert PlayerStore(database).list_players() == []
        assert database.version == 4
    assert (tmp_path / FILENAME).read_bytes() == before


def test_a_player_sits_in_a_seat_the_game_has(tmp_path):
    with Database.in_folder(tmp_path) as database:
        game_id = GameStore(database).create(2, {}, {})
        roster = PlayerStore(database)
        ana = roster.add("Ana")
        with pytest.raises(PlayerError, match="seats 1 to 2, not 3"):
            roster.seat(game_id, 3, ana.id)
        with pytest.raises(PlayerError, match="no game 99"):
            roster.seat(99, 1, ana.id)


def test_a_player_sits_once_at_a_table(tmp_path):
    with Database.in_folder(tmp_path) as database:
        game_id = GameStore(database).create(2, {}, {})
        roster = PlayerStore(database)
        ana = roster.add("Ana")
        roster.seat(game_id, 1, ana.id)
        with pytest.raises(PlayerError, match="sits in seat 1 of game"):
            roster.seat(game_id, 2, ana.id)
        assert roster.seat_players(game_id) == {1: "Ana"}
