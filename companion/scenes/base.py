"""The Scene class, and the events a scene sees besides the inputs' taps.

Inputs post :class:`companion.games.notnot.taps.Tap` (and the input layer's
``Control``/``Dealer``/``Stuck`` events); the loop adds :class:`Nav` for menu
keys of the keyboard or a control button, :class:`Point` for touches and
clicks, and :class:`Quit` when the window closes. A pad's taps navigate
menus: N/S move, E selects, W goes back (:func:`nav_of`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap

#: Menu actions of the input layer's optional control buttons, by control name.
NAV_OF_CONTROL: dict[str, str] = {"menu": "pause", "confirm": "select"}

#: Menu actions, by the spot button that triggers them.
NAV_OF_SIDE: dict[Side, str] = {Side.N: "up", Side.S: "down", Side.E: "select", Side.W: "back"}


@dataclass(frozen=True)
class Nav:
    """A menu action (``up``, ``down``, ``select``, ``back``, ``pause``, ``quit``) at ``t_ns``."""

    action: str
    t_ns: int


@dataclass(frozen=True)
class Point:
    """A touch or click at canvas pixel ``pos`` at ``t_ns``."""

    pos: tuple[int, int]
    t_ns: int


@dataclass(frozen=True)
class Quit:
    """The window was closed."""

    t_ns: int


def nav_of(event) -> str | None:
    """The menu action an event means: a pad tap by its side, a Nav, a control button by its name
    (``menu`` pauses, ``confirm`` selects)."""
    if isinstance(event, Tap):
        return NAV_OF_SIDE[event.side]
    if isinstance(event, Nav):
        return event.action
    name = getattr(event, "name", None)  # a Control event of the input layer
    return NAV_OF_CONTROL.get(name) if isinstance(name, str) else None


class Scene:
    """One state of the kiosk. Subclasses override what they need.

    ``ctx`` is the shared :class:`~companion.scenes.context.Context`. A scene
    sets ``self.dirty`` when what it shows changed; the loop then calls
    :meth:`draw` and, right after the flip, :meth:`flipped` with its stamp.
    """

    name = "scene"

    def __init__(self, ctx) -> None:
        self.ctx = ctx
        self.dirty = True

    def enter(self, now_ns: int, **details) -> None:
        """Called when the scene becomes current, with what the previous scene passed on."""
        self.dirty = True

    def handle(self, event, now_ns: int) -> None:
        """React to one event (already in stamp order)."""

    def update(self, now_ns: int) -> None:
        """Run timers: called once per loop pass, after the events."""

    def wake_at_ns(self) -> int | None:
        """When the loop must next call :meth:`update` even without events (``None``: no timer)."""
        return None

    def draw(self, canvas: pygame.Surface) -> str | None:
        """Draw the whole frame; return a moment name for snapshots, or ``None``."""
        return None

    def flipped(self, t_ns: int) -> None:
        """The frame just drawn is on screen since ``t_ns``."""
