"""The demo's simulated table finds what to do by the scene's class, so renaming a scene
cannot silently stall the demo."""

from __future__ import annotations

import kiosk_helpers  # noqa: F401  (headless SDL drivers)
from companion.scenes.core import Scene
from companion.scenes.catalogue import SCENES
from companion.scenes.notnot.verdict import VerdictScene
from companion.simulation.demo_table import IGNORED, SimulatedTable


def table() -> SimulatedTable:
    return SimulatedTable(3, 1, press=lambda *_: None)


def test_the_table_acts_only_on_scenes_of_the_kiosk():
    assert set(table().handlers()) <= set(SCENES)
    assert set(IGNORED) <= set(SCENES)


def test_the_table_waits_through_the_verdict_without_a_word(capsys):
    seen = table()
    seen.on_scene(VerdictScene.__new__(VerdictScene))
    assert not seen.unhandled and capsys.readouterr().err == ""


def test_a_scene_the_table_does_not_know_is_said_once(capsys):
    class RenamedScene(Scene):  # a scene class the table has never seen
        name = "renamed"

    seen = table()
    seen.on_scene(RenamedScene.__new__(RenamedScene))
    seen.on_scene(RenamedScene.__new__(RenamedScene))
    assert seen.unhandled == {RenamedScene}
    assert capsys.readouterr().err.count("no handler for scene RenamedScene") == 1


def test_a_replay_opened_by_a_late_press_is_left_with_one_press():
    """On a busy machine a bot's press can reach the verdict and open the round's replay, which
    waits for any press: the table presses once, never stalls there."""
    import threading

    from companion.games.notnot.sides import Side
    from companion.scenes.notnot.replay import ReplayScene

    pressed, done = [], threading.Event()

    def press(player, side, t_ns):
        pressed.append((player, side))
        done.set()

    seen = SimulatedTable(3, 1, press=press, speed=50)
    seen.start()
    try:
        seen.on_scene(ReplayScene.__new__(ReplayScene))
        assert done.wait(timeout=30)
    finally:
        seen.stop()
    assert not seen.unhandled and pressed == [(1, Side.E)]
