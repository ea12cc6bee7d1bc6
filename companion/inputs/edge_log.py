"""The raw edges of the pad buttons, kept a little while so a round can be saved with them.

An input that sees a pad pin change level (the GPIO pads: every press and every bounce) hands
the stamped edge to :meth:`EdgeLog.record`, from its own thread, and goes on: it decides
nothing. The loop reads the edges of a round's span with :meth:`EdgeLog.of_span` when the round
is saved, in stamp order (never arrival order), and :func:`kept_edges` turns them into the form
saved beside the round: for each pin that moved, its level changes in microseconds from the
round's open.

Bounded both ways:

- in memory, each pin keeps its last :data:`PIN_EDGES` edges (a ring: older ones drop);
- in a save, a pin with more than :data:`SAVED_EDGES_PER_PIN` edges in the round (a stuck or
  chattering pin) is saved as a summary: how many edges, the first and last stamp.

Nothing here reads a clock; the lock only guards the rings against the input's thread.
"""

from __future__ import annotations

import collections
import threading
from collections.abc import Iterable
from dataclasses import dataclass

#: Edges each pin keeps in memory (a press with 20 bounces and its release make about 40).
PIN_EDGES = 256
#: Edges of one pin saved with a round; a pin with more is saved as a summary.
SAVED_EDGES_PER_PIN = 64
#: The version of the saved form (:func:`kept_edges`).
FORM = 1
#: A pin open this long without an edge has finished its press: its bounces are over.
QUIET_NS = 5_000_000


@dataclass(frozen=True)
class Edge:
    """Player ``player``'s ``side`` button went ``closed`` (pressed) or open at ``t_ns``
    (``CLOCK_MONOTONIC``), as ``source`` stamped it."""

    player: int
    side: str
    t_ns: int
    closed: bool
    source: str = "gpio"


class EdgeLog:
    """The last :data:`PIN_EDGES` edges of every pad pin; safe to record from any thread."""

    def __init__(self, per_pin: int = PIN_EDGES) -> None:
        self.per_pin = per_pin
        self._pins: dict[tuple[int, str], collections.deque[Edge]] = {}
        self._lock = threading.Lock()

    def record(self, edge: Edge) -> None:
        """Keep ``edge`` (the pin's oldest edge drops once it holds :attr:`per_pin`)."""
        with self._lock:
            ring = self._pins.get((edge.player, edge.side))
            if ring is None:
                ring = self._pins[(edge.player, edge.side)] = collections.deque(
                    maxlen=self.per_pin)
            ring.append(edge)

    def between(self, start_ns: int, end_ns: int) -> list[Edge]:
        """Every kept edge stamped from ``start_ns`` to ``end_ns``, in stamp order (then player,
        then side)."""
        with self._lock:
            edges = [edge for ring in self._pins.values() for edge in ring
                     if start_ns <= edge.t_ns <= end_ns]
        return sorted(edges, key=lambda e: (e.t_ns, e.player, e.side))

    def of_span(self, start_ns: int, end_ns: int, grace_ns: int) -> list[Edge]:
        """The edges from ``start_ns`` to ``end_ns``, and after it, up to ``grace_ns`` more, the
        rest of the presses under way then: a pin's edges while it is closed or bouncing (an edge
        within :data:`QUIET_NS` of its last), until it is open and quiet. A pin that did not move
        in the span, or a new press after its release, is not the span's. In stamp order."""
        kept: list[Edge] = []
        last: dict[tuple[int, str], Edge] = {}
        for edge in self.between(start_ns, end_ns + grace_ns):
            pin = (edge.player, edge.side)
            before = last.get(pin)
            if edge.t_ns <= end_ns or (before is not None and (
                    before.closed or edge.t_ns - before.t_ns < QUIET_NS)):
                kept.append(edge)
                last[pin] = edge
            else:
                last.pop(pin, None)   # its press was over: this edge and later ones are not ours
        return kept


def micros_from(t_ns: int, open_ns: int) -> int | float:
    """``t_ns`` as microseconds from ``open_ns``, to the nanosecond (as round records keep taps)."""
    gap = t_ns - open_ns
    return gap // 1000 if gap % 1000 == 0 else round(gap / 1000, 3)


def kept_edges(edges: Iterable[Edge], open_ns: int) -> dict:
    """The saved form of a round's ``edges`` (the round opened at ``open_ns``)::

        {"form": 1, "cap": 64, "pins": [
            {"player": 1, "side": "E", "source": "gpio", "edges": [[412.3, 1], [412.55, 0], ...]},
            {"player": 2, "side": "N", "source": "gpio",
             "summary": {"count": 900, "first_us": 10.0, "last_us": 2400.0, "closed": 1}}]}

    An edge is ``[µs from the open, 1 closed / 0 open]``; the pins in player, then side order.
    A pin with more than :data:`SAVED_EDGES_PER_PIN` edges keeps only the summary (``closed``:
    its level after the last edge)."""
    by_pin: dict[tuple[int, str], list[Edge]] = {}
    for edge in sorted(edges, key=lambda e: (e.t_ns, e.player, e.side)):
        by_pin.setdefault((edge.player, edge.side), []).append(edge)
    pins = []
    for (player, side), own in sorted(by_pin.items()):
        pin: dict = {"player": player, "side": side, "source": own[0].source}
        if len(own) > SAVED_EDGES_PER_PIN:
            pin["summary"] = {"count": len(own), "first_us": micros_from(own[0].t_ns, open_ns),
                              "last_us": micros_from(own[-1].t_ns, open_ns),
                              "closed": int(own[-1].closed)}
        else:
            pin["edges"] = [[micros_from(e.t_ns, open_ns), int(e.closed)] for e in own]
        pins.append(pin)
    return {"form": FORM, "cap": SAVED_EDGES_PER_PIN, "pins": pins}
