"""The table of scene moves (companion/scenes/transitions.py) is the whole navigation: every
scene is in it, entered with its own typed move, and reachable; a move outside it is a clear
error."""

from __future__ import annotations

from typing import get_args

import pytest

from companion.scenes.catalogue import SCENES
from companion.scenes.core import Context, Services
from companion.scenes.transitions import (
    ENTERED_WITH,
    FROM_ANYWHERE,
    MOVES,
    Move,
    MoveError,
    ToEnd,
    ToFailsafe,
    ToKeptGame,
    ToTieChoice,
)


def move_type_of(scene: type) -> type:
    """The move class a scene class declares it is entered with (``Scene[ToX]``)."""
    for base in scene.__orig_bases__:
        for arg in get_args(base):
            if isinstance(arg, type) and issubclass(arg, Move):
                return arg
    raise AssertionError(f"{scene.__name__} names no move")


def test_the_table_names_every_scene_of_the_kiosk_and_no_other():
    assert sorted(ENTERED_WITH) == sorted(cls.name for cls in SCENES)


def test_every_scene_is_entered_with_the_move_of_its_name():
    assert {cls.name: move_type_of(cls) for cls in SCENES} == ENTERED_WITH


def test_every_move_of_the_table_goes_between_scenes_of_the_table():
    assert set(MOVES) == set(ENTERED_WITH)
    assert all(targets <= set(ENTERED_WITH) for targets in MOVES.values())
    assert FROM_ANYWHERE <= set(ENTERED_WITH)


def test_every_scene_is_reachable_from_the_title():
    reached, frontier = {"title"}, ["title"]
    while frontier:
        for target in MOVES[frontier.pop()] | FROM_ANYWHERE:
            if target not in reached:
                reached.add(target)
                frontier.append(target)
    assert reached == set(ENTERED_WITH)


def test_every_scene_can_be_left():
    assert all(MOVES[name] for name in ENTERED_WITH)


def at(scene: str) -> Context:
    return Context(services=Services(layout=None), current_scene=scene)  # type: ignore[arg-type]


def test_a_move_in_the_table_is_asked_of_the_loop():
    ctx = at("round")
    move = ToTieChoice(round=None, choosers=[1, 2])  # type: ignore[arg-type]
    ctx.go(move)
    assert ctx.pending is move


def test_a_move_not_in_the_table_is_a_clear_error():
    with pytest.raises(MoveError, match="title -> end: not in companion/scenes/transitions.py"):
        at("title").go(ToEnd())


def test_a_move_to_no_scene_is_a_clear_error():
    with pytest.raises(MoveError, match="roll -> ToKeptGame: not a move of the table"):
        at("roll").go(ToKeptGame())


def test_any_scene_may_show_the_failsafe():
    for name in ENTERED_WITH:
        at(name).go(ToFailsafe(message="boom"))

