"""What pauses a game: a pause key or control, or a touch on the play screen."""

from __future__ import annotations

from companion.rules.taps import Tap
from companion.scenes.base import Point, nav_of


def wants_pause(event) -> bool:
    """Whether ``event`` asks for the pause menu: a touch, the pause key or the menu control
    (players' pad taps never do)."""
    return isinstance(event, Point) or (not isinstance(event, Tap) and nav_of(event) == "pause")
