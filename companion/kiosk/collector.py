"""Python's garbage collection kept out of the frames: start-up frozen, the young collected idle.

CPython collects reference cycles when allocations pass a threshold, whatever the program is
doing, so a collection can land in the middle of a frame. A full collection scans every
object: 12-21 ms for the kiosk's ~40,000 objects after a few rounds on this machine
(``companion bench latency``'s machine; a Pi 4 core is slower still), several frames lost in
the middle of a tumble. Two measures, both leaving CPython's own collection on as it is:

- :func:`frozen_start_up`: while the loop runs, what start-up made (fonts, layout, scenes, the
  rules) is frozen (``gc.freeze``): never scanned again, so a full collection costs what play
  made since (3 µs right after the freeze). It is frozen as it is, without a collection first:
  that would hold back the first frame (12-21 ms for the kiosk alone, longer in a process
  holding more: in the test suite, the demo's simulated table chose on the title screen before
  it was ever drawn), and what start-up leaves as garbage is little. Thawed when the loop
  ends, so a program that runs kiosks one after another (the tests) frees each one.
- :func:`collect_before_sleep`: when the loop is about to sleep long enough, it collects the
  young generations that have filled up, so that CPython's own trigger is seldom reached during
  a frame.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: A sleep at least this long has room for a young collection first (a few µs to 0.3 ms).
SLEEP_ROOM_MS = 5
#: The youngest generation is collected before a sleep once this many objects have been
#: allocated since (net) its last collection; CPython's own trigger is at 700 (Python 3.11).
YOUNG_ENOUGH = 100


@contextmanager
def frozen_start_up() -> Iterator[None]:
    """While the block runs, the objects tracked at its start are frozen (``gc.freeze``);
    thawed (``gc.unfreeze``) after, when a later collection frees what is garbage among them."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def collect_before_sleep(sleep_ms: int) -> int | None:
    """Before a sleep of ``sleep_ms``: collect the young generations if the sleep has room
    (:data:`SLEEP_ROOM_MS`) and the youngest has filled up (:data:`YOUNG_ENOUGH`): the middle
    one with it when its own count has reached CPython's threshold. Returns the generation
    collected (``None``: none)."""
    young, middle, _ = gc.get_count()
    if sleep_ms < SLEEP_ROOM_MS or young < YOUNG_ENOUGH:
        return None
    generation = 1 if middle >= gc.get_threshold()[1] else 0
    gc.collect(generation)
    return generation
