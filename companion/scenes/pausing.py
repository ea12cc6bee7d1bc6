"""What pauses a game: a pause key or control, or a touch on the play screen."""

from __future__ import annotations

from companion.scenes.base import Nav, Point


def wants_pause(event) -> bool:
    """Whether ``event`` asks for the pause menu (players' pad taps never do)."""
    return isinstance(event, Point) or (isinstance(event, Nav) and event.action == "pause") \
        or getattr(event, "name", None) == "pause"
