"""A scene that is a list to choose from: the shared behaviour of every menu.

N/S (or the arrow keys) move the cursor, E (or Enter) selects, W (or
Backspace) goes back, a touch selects the item touched. Subclasses say what
the items are and what choosing one does.
"""

from __future__ import annotations

import pygame

from companion.display.draw_menu import draw_menu, item_rects
from companion.rules.taps import Tap
from companion.scenes.base import Point, Scene, nav_of


class MenuScene(Scene):
    """A title, a list of items and a cursor."""

    title = ""
    subtitle = ""

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.cursor = 0

    def enter(self, now_ns: int, **details) -> None:
        super().enter(now_ns)
        self.cursor = min(self.cursor, len(self.items()) - 1)

    def items(self) -> list[str]:
        """The item labels, top to bottom."""
        return []

    def choose(self, index: int) -> None:
        """Item ``index`` was selected."""

    def back(self) -> None:
        """W / Backspace was pressed."""

    def pause(self) -> None:
        """The pause key or the menu control was pressed (pads never pause)."""

    def handle(self, event, now_ns: int) -> None:
        if isinstance(event, Point):
            for i, rect in enumerate(item_rects(self.ctx.layout, len(self.items()))):
                if rect.collidepoint(event.pos):
                    self.cursor = i
                    self.dirty = True
                    self.choose(i)
            return
        action = nav_of(event)
        count = len(self.items())
        if action in ("up", "down"):
            self.cursor = (self.cursor + (1 if action == "down" else -1)) % count
            self.dirty = True
        elif action == "select":
            self.dirty = True
            self.choose(self.cursor)
        elif action == "back":
            self.back()
        elif action == "pause" and not isinstance(event, Tap):
            self.pause()

    def draw(self, canvas: pygame.Surface) -> str | None:
        draw_menu(canvas, self.ctx.layout, self.title, self.items(), self.cursor, self.subtitle)
        return self.name
