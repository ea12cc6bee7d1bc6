"""The Scene class, and the one event a scene sees that no input makes: :class:`Quit`.

Inputs post :class:`companion.games.notnot.taps.Tap` (and the input layer's
``Control``/``Dealer``/``Stuck`` events); the loop adds the window's menu keys
and touches (:class:`~companion.inputs.actions.Nav`,
:class:`~companion.inputs.actions.Point`, re-exported here) and :class:`Quit`
when the window closes. What any of them means to a menu or a prompt is
:mod:`companion.inputs.actions`'s to say, never a scene's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from companion.inputs.actions import Nav, Point
from companion.scenes.transitions import Move

if TYPE_CHECKING:
    from companion.scenes.context import Context

__all__ = ["Nav", "Point", "Quit", "Scene"]

#: The move a scene is entered with (:mod:`companion.scenes.transitions`).
M = TypeVar("M", bound=Move)


@dataclass(frozen=True)
class Quit:
    """The window was closed."""

    t_ns: int


class Scene(Generic[M]):
    """One state of the kiosk, entered with a move of type ``M``. Subclasses override what they
    need.

    ``ctx`` is the shared :class:`~companion.scenes.context.Context`. A scene
    sets ``self.dirty`` when what it shows changed; the loop then calls
    :meth:`draw` and, right after the flip, :meth:`flipped` with its stamp.
    """

    name = "scene"

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True

    def enter(self, now_ns: int, move: M) -> None:
        """Called when the scene becomes current, with the move that entered it."""
        self.dirty = True

    def handle(self, event: object, now_ns: int) -> None:
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
