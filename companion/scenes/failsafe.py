"""The failsafe: one line saying what went wrong, instead of a dead kiosk.

Any scene's error lands here. E (any pad), Enter or a touch goes back to the
title; the game in progress, if any, is kept for a new start.
"""

from __future__ import annotations

import pygame

from companion.display.draw_menu import draw_message
from companion.scenes.base import Point, Scene, nav_of


class FailsafeScene(Scene):
    """Shows ``message`` in one line."""

    name = "failsafe"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.message = ""

    def enter(self, now_ns: int, message: str = "unknown error", **details) -> None:
        super().enter(now_ns)
        self.message = message.splitlines()[0] if message else "unknown error"

    def handle(self, event, now_ns: int) -> None:
        if isinstance(event, Point) or nav_of(event) == "select":
            self.ctx.go("title")

    def draw(self, canvas: pygame.Surface) -> str | None:
        draw_message(canvas, self.ctx.layout, "Something went wrong", [self.message], hint="E back to the title")
        return "failsafe"
