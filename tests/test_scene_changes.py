"""The table of scene changes (companion/scenes/catalogue.py) is the whole navigation: every
scene is in it, entered with its own typed change, and reachable; a change outside it is a clear
error."""

from __future__ import annotations

import pytest

from companion.scenes.catalogue import SCENES, TABLE
from companion.scenes.common.failsafe import FailsafeScene
from companion.scenes.common.title import TitleScene
from companion.scenes.core import Context, SceneChangeError, Scene, Services, entered_with
from companion.scenes.notnot.roll import RollScene
from companion.scenes.notnot.round import RoundScene
from companion.scenes.changes import ToEnd, ToFailsafe, ToKeptGame, ToTieChoice, ToVerdict


def test_every_scene_has_a_name_of_its_own():
    names = [cls.name for cls in SCENES]
    assert len(set(names)) == len(names) and Scene.name not in names


def test_every_scene_is_entered_with_a_change_of_its_own():
    assert len({entered_with(cls) for cls in SCENES}) == len(SCENES)


def test_a_scene_is_entered_with_the_change_its_class_names():
    assert TABLE.scene_of(ToVerdict(record=None, before={}, scores_before={}, roll=None,  # type: ignore[arg-type]
                                    ruling=None, play=None)).name == "verdict"  # type: ignore[arg-type]


def test_every_change_of_the_table_goes_between_scenes_of_the_table():
    assert all(targets <= set(SCENES) for targets in TABLE.changes.values())
    assert TABLE.anywhere <= set(SCENES)


def test_every_scene_is_reachable_from_the_title():
    reached, frontier = {TitleScene}, [TitleScene]
    while frontier:
        for target in TABLE.targets(frontier.pop()):
            if target not in reached:
                reached.add(target)
                frontier.append(target)
    assert reached == set(SCENES)


def test_every_scene_can_be_left():
    assert all(TABLE.changes[scene] for scene in SCENES)


def at(scene: type[Scene]) -> Context:
    return Context(services=Services(layout=None), table=TABLE, current=scene)  # type: ignore[arg-type]


def test_a_change_in_the_table_is_asked_of_the_loop():
    ctx = at(RoundScene)
    change = ToTieChoice(round=None, choosers=[1, 2], play=None)  # type: ignore[arg-type]
    ctx.go(change)
    assert ctx.pending is change


def test_a_change_not_in_the_table_is_a_clear_error():
    with pytest.raises(SceneChangeError, match="title -> end: not in companion/scenes/catalogue.py"):
        at(TitleScene).go(ToEnd(play=None))  # type: ignore[arg-type]


def test_a_change_to_no_scene_is_a_clear_error():
    with pytest.raises(SceneChangeError, match="ToKeptGame: no scene of the table is entered with it"):
        at(RollScene).go(ToKeptGame())


def test_any_scene_may_show_the_failsafe():
    for scene in SCENES:
        at(scene).go(ToFailsafe(message="boom"))
    assert TABLE.anywhere == {FailsafeScene}
