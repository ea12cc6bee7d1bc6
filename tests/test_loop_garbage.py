"""Python's garbage collection kept out of the frames (companion.kiosk.collector): what start-up
made is frozen while the kiosk runs, and the loop collects young garbage before it sleeps."""

from __future__ import annotations

import gc

import pytest
from kiosk_helpers import kiosk, step_until

from companion.kiosk import collector
from companion.kiosk.collector import collect_before_sleep, frozen_start_up


@pytest.fixture
def no_automatic_collection():
    """CPython's own collection off, so that only the code under test collects."""
    gc.collect()
    gc.disable()
    yield
    gc.enable()


class Junk:
    """An object the collector tracks, made afresh each time (lists come from a free list,
    which CPython does not count as allocations)."""


def young_garbage(count: int) -> list:
    """``count`` new objects the collector tracks (each counts as an allocation since the
    youngest generation's last collection), in a list."""
    return [Junk() for _ in range(count)]


def test_a_sleep_with_room_collects_the_young_garbage_first(no_automatic_collection):
    kept = young_garbage(collector.YOUNG_ENOUGH + 50)
    assert gc.get_count()[0] >= collector.YOUNG_ENOUGH
    assert collect_before_sleep(collector.SLEEP_ROOM_MS) == 0
    assert gc.get_count()[0] < collector.YOUNG_ENOUGH and len(kept) > 0


def test_a_short_sleep_or_little_young_garbage_collects_nothing(no_automatic_collection):
    kept = young_garbage(collector.YOUNG_ENOUGH + 50)
    before = gc.get_count()[0]
    assert collect_before_sleep(collector.SLEEP_ROOM_MS - 1) is None
    assert gc.get_count()[0] >= before
    gc.collect(0)
    assert collect_before_sleep(500) is None and len(kept) > 0


def test_the_middle_generation_is_collected_with_the_young_once_it_is_due(
        no_automatic_collection):
    for _ in range(gc.get_threshold()[1]):   # each young collection counts one in the middle
        young_garbage(collector.YOUNG_ENOUGH)
        gc.collect(0)
    kept = young_garbage(collector.YOUNG_ENOUGH)
    assert collect_before_sleep(100) == 1 and gc.get_count()[1] == 0 and kept


def test_a_loop_pass_about_to_sleep_collects_before_it_waits(no_automatic_collection):
    app = kiosk("title")
    step_until(app, lambda: app.frames >= 1)
    waited_with: list[int] = []
    app.wait = lambda timeout_ms: waited_with.append(gc.get_count()[0])
    kept = young_garbage(collector.YOUNG_ENOUGH * 3)
    app.step()   # the title waits for a key: a long sleep
    assert waited_with and waited_with[0] < collector.YOUNG_ENOUGH and kept
    app.screen.close()


def test_what_start_up_made_is_frozen_while_the_block_runs_and_thawed_after():
    alive = young_garbage(10)
    with frozen_start_up():
        assert gc.get_freeze_count() >= len(alive)
    assert gc.get_freeze_count() == 0


def test_the_loop_runs_with_start_up_frozen():
    """The kiosk (``companion run``) and the demo both play through ``App.run``."""
    app = kiosk("title")
    frozen_while_running: list[int] = []
    app.run(until=lambda: bool(frozen_while_running.append(gc.get_freeze_count()))
            or app.frames >= 1)
    assert frozen_while_running[0] > 1000
    assert gc.get_freeze_count() == 0
    app.screen.close()
