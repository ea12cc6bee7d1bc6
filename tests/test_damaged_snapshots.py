"""Stored data damaged on disk is refused as damaged, in one line naming where, whatever value
lies where another should: never a game that breaks later, never an internal error."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games.hat.rules import HatError, HatGame
from companion.games.movie.rules import MovieError, MovieGame
from companion.simulation.virtual_game import play
from companion.storage.restoring import DamagedSnapshot, records_checked, restore_checked
from companion.storage.shapes import shape_problem
from tests.test_round_record import new_game

#: Any JSON value: what a flipped byte or a hand edit may leave in a field.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40)
                    | st.floats(allow_nan=False) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def paths(value, path=()):
    """Every path into ``value``, the whole of it first."""
    yield path
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from paths(item, path + (key,))


def damaged(document, path, value):
    """A copy of ``document`` with ``value`` at ``path``."""
    document = copy.deepcopy(document)
    if not path:
        return value
    inner = document
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = value
    return document


def damage(document):
    """``document`` with any JSON value at any of its paths."""
    return st.tuples(st.sampled_from(list(paths(document))), JSON).map(
        lambda case: damaged(document, *case))


def played_not_not():
    game = new_game(seed=7, players=3)
    records = [record.to_json() for _, record in zip(range(3), play(game))]
    return json.loads(json.dumps(game.snapshot())), records


SNAPSHOT, RECORDS = played_not_not()
#: The same game with the dice on screen when the power went (their faces kept as seen).
SEEN = json.loads(json.dumps(restore_checked(SNAPSHOT).snapshot_seeing(
    restore_checked(SNAPSHOT).next_roll())))
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(damage(SNAPSHOT))
def test_a_damaged_not_not_snapshot_restores_or_is_refused_as_damaged(snapshot):
    try:
        restore_checked(snapshot)
    except DamagedSnapshot as error:
        assert "\n" not in str(error)


@SETTINGS
@given(damage(SEEN))
def test_a_damaged_snapshot_with_dice_seen_restores_or_is_refused_as_damaged(snapshot):
    assert "seen" in SEEN
    try:
        restore_checked(snapshot)
    except DamagedSnapshot as error:
        assert "\n" not in str(error)


@SETTINGS
@given(damage(RECORDS[1]))
def test_a_damaged_round_record_reads_or_is_refused_naming_its_round(record):
    try:
        records_checked((RECORDS[0], record))
    except DamagedSnapshot as error:
        assert str(error).startswith("round 2")


def test_a_damaged_value_is_named_by_its_path():
    snapshot = damaged(SNAPSHOT, ("deck", 2, "liar"), "yes")
    assert shape_problem(snapshot, {"deck": [{"liar": bool}]}) == "deck[2].liar is not true or false"
    try:
        restore_checked(snapshot)
    except DamagedSnapshot as error:
        assert str(error) == "snapshot: deck[2].liar is not true or false"
    else:
        raise AssertionError("a damaged snapshot restored")


def entering_table_deal():
    """A table-dealt game whose dealer entered the opening cross's N and E cards."""
    from companion.games.notnot import data_file
    from companion.games.notnot.game import Game
    from companion.games.notnot.sides import Side

    dice, recipe = data_file.not_not()
    game = Game.new(3, "normal", 7, dice=dice, recipe=recipe, deals="table")
    game.place(Side.N, "RED")
    game.place(Side.E, "BLUE")
    return json.loads(json.dumps(game.snapshot()))


@pytest.mark.parametrize("entered", [["N", "E", "S"], ["E", "E"], ["X"]],
                         ids=["an empty spot", "a spot twice", "no spot"])
def test_cards_a_table_deal_entered_that_are_not_on_the_table_are_refused_as_damaged(entered):
    """W takes back the cards a table deal entered, after a resume too: a snapshot naming one
    that is not on the table is damaged (W would take back nothing)."""
    snapshot = entering_table_deal()
    assert [side.value for side in restore_checked(snapshot).entered] == ["N", "E"]
    with pytest.raises(DamagedSnapshot):
        restore_checked(damaged(snapshot, ("entered",), entered))


def played_hat():
    game = HatGame(3, multi_round=True)
    game.give(1, "left", to=2)
    game.refuse("receiver")
    return json.loads(json.dumps(game.snapshot()))


def played_movie():
    game = MovieGame(3)
    game.cast_votes({1: [1], 2: [2], 3: [3]})
    game.place(1)
    return json.loads(json.dumps(game.snapshot()))


@SETTINGS
@given(damage(played_hat()))
def test_a_damaged_hat_snapshot_restores_or_is_refused_as_a_hat_error(snapshot):
    try:
        HatGame.restore(snapshot)
    except HatError:
        pass


@SETTINGS
@given(damage(played_movie()))
def test_a_damaged_movie_snapshot_restores_or_is_refused_as_a_movie_error(snapshot):
    try:
        MovieGame.restore(snapshot)
    except MovieError:
        pass
