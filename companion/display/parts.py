"""A frame made of parts, and the compositor that repaints only the parts that changed.

A scene that shows the play screen says what its frame is made of: named
:class:`Part`\\ s, bottom to top, each with the rect it paints in, a key (any value
compared with ``==``: everything its picture depends on) and a paint function.
:meth:`Compositor.compose` paints a part again only when its rect or key differ
from the last frame's part of the same name, or when a part it overlaps changed;
everything else on the canvas is left as it was. It returns what each part drew
and keeps the rects it touched (:attr:`Compositor.damage`), so the screen turns
and presents only those (:meth:`companion.display.screen.Screen.present`).

A part is always painted whole, clipped to its rect, after the parts below it, on
its rect cleared to the background; every part overlapping a rect cleared is painted
again too. So a frame composed from any earlier frame has the same pixels as the
same parts painted on a blank canvas (:meth:`Compositor.check` compares them, for
tests).
A scene that draws its whole frame itself (menus, the title) leaves the
compositor unused for that frame; the next composed frame is then painted whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from companion.display.palette import BACKGROUND
from companion.display.text import Drawn

#: Paints a part on the surface it is given (clipped to the part's rect); returns its texts.
Paint = Callable[[pygame.Surface], "list[Drawn] | None"]


@dataclass(frozen=True)
class Part:
    """One named piece of a frame: ``paint`` draws it inside ``rect``; ``key`` is everything
    its picture depends on (a part with the same name, rect and key is not painted again)."""

    name: str
    rect: pygame.Rect
    key: Any
    paint: Paint

    def same_as(self, other: Part | None) -> bool:
        """Whether ``other`` shows the same picture in the same place."""
        return other is not None and other.rect == self.rect and other.key == self.key


class Compositor:
    """Keeps the parts of the last composed frame and repaints what changed since.

    :attr:`damage` is the list of canvas rects the last frame touched (``None``: the whole
    canvas); the loop hands it to the screen's present and resets it with :meth:`begin`.
    """

    def __init__(self) -> None:
        self.parts: dict[str, Part] = {}
        self.drawn: dict[str, list[Drawn]] = {}
        self.damage: list[pygame.Rect] | None = None
        self.composed = False
        #: Parts that go over every frame, above the scene's (the loop sets them each frame).
        self.overlays: list[Part] = []

    def begin(self) -> None:
        """A new frame starts: nothing composed or touched yet."""
        self.composed = False
        self.damage = []

    def invalidate(self) -> None:
        """The canvas no longer shows the last composed frame (a scene drew its own, the
        screen was resized): the next frame is painted whole (it has no parts to keep)."""
        self.parts, self.drawn = {}, {}

    def finish(self) -> list[pygame.Rect] | None:
        """The frame is drawn: the rects to present (``None``: all of it). A frame nobody
        composed was drawn whole by its scene, so the next composed frame starts afresh."""
        if not self.composed:
            self.invalidate()
            return None
        return self.damage

    def compose(self, canvas: pygame.Surface, parts: Sequence[Part]) -> dict[str, list[Drawn]]:
        """Bring ``canvas`` to show ``parts`` (bottom to top), painting only what changed;
        returns every part's texts by name (a part left alone gives what it drew last)."""
        self.composed = True
        parts = [*parts, *self.overlays]
        if not self.parts:   # nothing kept of the canvas: paint it whole
            self.drawn = paint_whole(canvas, parts)
            self.damage = None
        else:
            again, self.damage = self._to_paint_again(parts)
            for area in self.damage:
                canvas.fill(BACKGROUND, area)
            for part in parts:
                if part.name in again:
                    self._paint(canvas, part)
            self.drawn = {part.name: self.drawn.get(part.name, []) for part in parts}
        self.parts = {part.name: part for part in parts}
        return dict(self.drawn)

    def paint_overlays(self, canvas: pygame.Surface) -> None:
        """Paint the overlays over a frame a scene drew whole itself."""
        for part in self.overlays:
            self._paint(canvas, part)

    def _to_paint_again(self, parts: Sequence[Part]) -> tuple[set[str], list[pygame.Rect]]:
        """The parts to paint again, and the canvas rects to clear for them: the parts that
        changed or appeared, the rects of those that went away, and every part that overlaps
        any of these rects (each part is painted whole: a primitive cut by a clip can come
        out otherwise than the same primitive whole, as pygame's rounded rects do)."""
        names = {part.name for part in parts}
        rects = [old.rect for name, old in self.parts.items() if name not in names]
        for part in parts:
            old = self.parts.get(part.name)
            if not part.same_as(old) and old is not None and old.rect != part.rect:
                rects.append(old.rect)
        again: set[str] = set()
        grown = True
        while grown:
            grown = False
            for part in parts:
                if part.name not in again and (not part.same_as(self.parts.get(part.name)) or
                                               part.rect.collidelist(rects) >= 0):
                    again.add(part.name)
                    rects.append(part.rect)
                    grown = True
        return again, merged(rects)

    def _paint(self, canvas: pygame.Surface, part: Part) -> None:
        canvas.set_clip(part.rect)
        self.drawn[part.name] = part.paint(canvas) or []
        canvas.set_clip(None)

    def check(self, canvas: pygame.Surface) -> bool:
        """Whether ``canvas`` shows exactly the last composed parts painted afresh on a blank
        canvas (each clipped to its rect, bottom to top)."""
        fresh = pygame.Surface(canvas.get_size(), 0, canvas)
        paint_whole(fresh, list(self.parts.values()))
        return pygame.image.tostring(fresh, "RGB") == pygame.image.tostring(canvas, "RGB")


def paint_whole(canvas: pygame.Surface, parts: Sequence[Part]) -> dict[str, list[Drawn]]:
    """Paint ``parts`` on the background, bottom to top, each clipped to its rect, whatever the
    canvas showed; every part's texts by name."""
    canvas.fill(BACKGROUND)
    drawn = {}
    for part in parts:
        canvas.set_clip(part.rect)
        drawn[part.name] = part.paint(canvas) or []
    canvas.set_clip(None)
    return drawn


def merged(rects: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """``rects`` with every rect that lies inside another left out (no area lost)."""
    kept: list[pygame.Rect] = []
    for rect in sorted((pygame.Rect(r) for r in rects if r.width > 0 and r.height > 0),
                       key=lambda r: -r.width * r.height):
        if not any(k.contains(rect) for k in kept):
            kept.append(rect)
    return kept
