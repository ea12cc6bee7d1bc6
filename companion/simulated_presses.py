"""How simulated presses (the demo's bots, the latency benchmark) enter the kiosk.

This is the one place that wires simulated hands to the input layer.

TEMPORARY: until ``companion.inputs.gpio`` and its mock pins are on main,
:class:`DirectTaps` posts a stamped ``Tap`` straight to the loop, as an input
source does (stamp, then ``post``). It skips the GPIO path: no pin, no
debounce. Replace it with mock GPIO pins driven through the real input layer.
"""

from __future__ import annotations

import time

from companion.rules.sides import Side
from companion.rules.taps import Tap


class DirectTaps:
    """TEMPORARY in-process source: each press becomes a Tap stamped now and posted."""

    name = "in-process taps (temporary; not the GPIO path)"

    def __init__(self, post) -> None:
        self.post = post
        self.last_edge_ns = 0

    def press(self, player: int, side: Side) -> None:
        """Player ``player`` presses spot button ``side`` now."""
        self.last_edge_ns = time.monotonic_ns()
        self.post(Tap(player, side, self.last_edge_ns, "demo"))

    def close(self) -> None:
        """Nothing to release."""


def press_path(app) -> DirectTaps:
    """The input path simulated presses take into ``app``."""
    return DirectTaps(app.post)
