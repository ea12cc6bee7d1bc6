"""The table of scene moves (companion/scenes/transitions.py) is the whole navigation: every
scene is in it and reachable, every ``ctx.go`` in the code names a scene of it, and a move
outside it is a clear error."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.scenes.catalogue import SCENES
from companion.scenes.context import Context, Services
from companion.scenes.transitions import DETAILS_OF, FROM_ANYWHERE, MOVES, MoveError

PACKAGE = Path(__file__).resolve().parent.parent / "companion"


def go_targets() -> list[tuple[str, str]]:
    """Every scene name written literally as the first argument of a ``.go(...)`` call in the
    package, with where it is."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "go" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.append((node.args[0].value, f"{path.relative_to(PACKAGE)}:{node.lineno}"))
    return found


def test_the_table_names_every_scene_of_the_kiosk_and_no_other():
    assert sorted(DETAILS_OF) == sorted(cls.name for cls in SCENES)


def test_every_move_of_the_table_goes_between_scenes_of_the_table():
    assert set(MOVES) == set(DETAILS_OF)
    assert all(targets <= set(DETAILS_OF) for targets in MOVES.values())
    assert FROM_ANYWHERE <= set(DETAILS_OF)


def test_every_scene_a_scene_goes_to_in_the_code_is_in_the_table():
    targets = go_targets()
    assert len(targets) > 20  # the scan sees the calls
    assert [(name, where) for name, where in targets if name not in DETAILS_OF] == []


def test_every_scene_is_reachable_from_the_title():
    reached, frontier = {"title"}, ["title"]
    while frontier:
        for target in MOVES[frontier.pop()] | FROM_ANYWHERE:
            if target not in reached:
                reached.add(target)
                frontier.append(target)
    assert reached == set(DETAILS_OF)


def test_every_scene_can_be_left():
    assert all(MOVES[name] for name in DETAILS_OF)


def at(scene: str) -> Context:
    return Context(services=Services(layout=None), current_scene=scene)  # type: ignore[arg-type]


def test_a_move_in_the_table_is_asked_of_the_loop():
    ctx = at("round")
    ctx.go("tie-choice", round=None, choosers=[1, 2], words=[], inks=[])
    assert ctx.pending == ("tie-choice", {"round": None, "choosers": [1, 2], "words": [],
                                          "inks": []})


def test_a_scene_nobody_named_is_a_clear_error():
    with pytest.raises(MoveError, match="roll -> rounds: no scene is named 'rounds'"):
        at("roll").go("rounds")


def test_a_move_not_in_the_table_is_a_clear_error():
    with pytest.raises(MoveError, match="title -> verdict: not in companion/scenes/transitions.py"):
        at("title").go("verdict")


def test_a_detail_the_scene_does_not_take_is_a_clear_error():
    with pytest.raises(MoveError, match="movie -> movie-sheet: movie-sheet takes no newset"):
        at("movie").go("movie-sheet", newset=3)


def test_any_scene_may_show_the_failsafe():
    for name in DETAILS_OF:
        at(name).go("failsafe", message="boom")
