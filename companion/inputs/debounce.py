"""Leading-edge debounce and stuck detection for one button: a pure state machine.

Fed the button's edges as ``edge(active, t_ns)`` (``active`` is ``True`` when
the switch is closed, whatever the wiring's polarity) and the passing of time
as ``poll(now_ns)``, it answers with the transitions it found:

- :class:`Press` at the stamp of the **first** edge of a press. Later edges
  are bounce and are swallowed: they never move the stamp.
- :class:`Release` once the switch has been open for the debounce time
  without an edge; only then can a new press start. It carries the number of
  bounce edges the press and its release made.
- :class:`Held` once, when a press has lasted the stuck time with the switch
  still closed; the button then stays pressed (no new press) until released.

With a glitch filter (``min_press_ns`` > 0, for long cables that pick up
spikes), a press counts only once the switch has stayed closed for
``min_press_ns`` without an edge: the :class:`Press` then comes (at an edge, or
from :meth:`Debouncer.poll` at :meth:`Debouncer.confirm_at_ns`), still stamped
at the first edge. Edges that never stay closed that long, and then leave the
switch open for the debounce time, were a :class:`Glitch`: no press, no release.

Nothing here reads a clock or does I/O: the same edges always give the same
transitions. Edges of one button must come in stamp order, as the kernel
delivers one line's events; an edge older than the previous one counts as
bounce and moves nothing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Press:
    """The button closed at ``t_ns`` (the first edge of the press)."""

    t_ns: int


@dataclass(frozen=True)
class Release:
    """The press that began at ``press_ns`` ended with its last edge at ``t_ns``.

    ``bounce_edges`` counts the edges beyond the clean two (close, open).
    """

    t_ns: int
    press_ns: int
    bounce_edges: int


@dataclass(frozen=True)
class Held:
    """The press that began at ``press_ns`` was still held at ``t_ns``: the button is stuck."""

    t_ns: int
    press_ns: int


@dataclass(frozen=True)
class Glitch:
    """Edges from ``t_ns`` to ``last_ns`` that never stayed closed for the minimum press time:
    not a press. ``edges`` counts them."""

    t_ns: int
    last_ns: int
    edges: int


Transition = Press | Release | Held | Glitch

#: ``last_edge_ns`` before any edge: earlier than every stamp.
NO_EDGE = -(1 << 62)


class Debouncer:
    """One button's debounce state.

    ``debounce_ns``: how long the switch must stay open before a new press can
    start. ``stuck_ns``: how long a press may last before it is reported held.
    ``min_press_ns``: how long the switch must stay closed before a press counts (0: at its
    first edge). ``active``/``t_ns``: the switch's state when watching starts; a switch
    already closed then counts as pressed (no :class:`Press` is reported) and
    must be released before it can press; ``t_ns`` is when its press is
    taken to have begun (for the stuck time).
    """

    def __init__(self, debounce_ns: int, stuck_ns: int, *, min_press_ns: int = 0,
                 active: bool = False, t_ns: int = 0) -> None:
        if debounce_ns <= 0 or stuck_ns <= debounce_ns:
            raise ValueError("need 0 < debounce_ns < stuck_ns")
        if not 0 <= min_press_ns < stuck_ns:
            raise ValueError("need 0 <= min_press_ns < stuck_ns")
        self.debounce_ns = debounce_ns
        self.stuck_ns = stuck_ns
        self.min_press_ns = min_press_ns
        self.unconfirmed = False      # edges began a press that has not stayed closed long enough
        self.closed_ns = t_ns         # stamp of the last closing edge of an unconfirmed press
        self.active = active          # the switch's last known state
        self.last_edge_ns = NO_EDGE   # stamp of the last edge seen
        self.pressed = active         # inside a press (from first edge until released)
        self.press_ns = t_ns          # stamp of the press's first edge
        self.edges = 0                # edges seen during this press
        self.held = False             # this press was reported held

    def edge(self, active: bool, t_ns: int) -> list[Transition]:
        """The switch changed to ``active`` at ``t_ns``; the transitions that follow."""
        if t_ns < self.last_edge_ns:
            self.edges += self.pressed or self.unconfirmed
            return []
        found = self._settle(t_ns, t_ns)
        if self.pressed or self.unconfirmed:
            self.edges += 1
            if self.unconfirmed and active:
                self.closed_ns = t_ns
        elif active:
            self.press_ns, self.edges, self.held = t_ns, 1, False
            if self.min_press_ns:
                self.unconfirmed, self.closed_ns = True, t_ns
            else:
                self.pressed = True
                found.append(Press(t_ns))
        self.active, self.last_edge_ns = active, t_ns
        return found

    def confirm_at_ns(self) -> int | None:
        """When :meth:`poll` would confirm the press under way if no edge comes first (``None``:
        none waits to be confirmed)."""
        if self.unconfirmed and self.active:
            return self.closed_ns + self.min_press_ns
        return None

    def poll(self, now_ns: int, quiet_ns: int | None = None) -> list[Transition]:
        """Time has reached ``now_ns`` with no new edge: a press (glitch filter) to confirm, or a
        held button; and, as of ``quiet_ns`` (default ``now_ns``: no edge is on its way), a
        release or a glitch to confirm. A release or a glitch confirmed too soon would split a
        bouncing press in two, or drop it, should a bounce still be on its way; nothing waits
        for either (the next edge confirms them by its own stamp), so ``quiet_ns`` may lag."""
        found = self._settle(now_ns, now_ns if quiet_ns is None else quiet_ns)
        if (self.pressed and self.active and not self.held
                and now_ns - self.press_ns >= self.stuck_ns):
            self.held = True
            found.append(Held(now_ns, self.press_ns))
        return found

    def _settle(self, now_ns: int, quiet_ns: int) -> list[Transition]:
        """Confirm the press if the switch has stayed closed for the minimum press time by
        ``now_ns``; drop it as a glitch if it opened again for the debounce time first, and
        confirm the release if the switch has been open for the debounce time, both by
        ``quiet_ns``."""
        if self.unconfirmed:
            if self.active and now_ns - self.closed_ns >= self.min_press_ns:
                self.unconfirmed, self.pressed = False, True
                return [Press(self.press_ns)]
            if not self.active and quiet_ns - self.last_edge_ns >= self.debounce_ns:
                self.unconfirmed = False
                return [Glitch(self.press_ns, self.last_edge_ns, self.edges)]
            return []
        if self.pressed and not self.active and quiet_ns - self.last_edge_ns >= self.debounce_ns:
            self.pressed = False
            return [Release(self.last_edge_ns, self.press_ns, max(self.edges - 2, 0))]
        return []
