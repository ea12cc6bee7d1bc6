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

A part that no part below it overlaps is painted on the bare background, so its
pixels depend on its name, rect and key alone: they are kept (:class:`PartImages`,
the least recently used dropped past a few screens of pixels) and copied back the
next time the same part is painted, with the texts it drew, instead of painting it
again (the dice's words as they tumble, a countdown's seconds, a flashing score).
:attr:`Compositor.steps` lists what a frame painted, in order, each with its kept
picture when it has one, so a rotated screen copies the picture turned once
instead of turning the canvas again (:meth:`PartImage.turned`).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from companion.display import solid
from companion.display.palette import BACKGROUND
from companion.display.solid import pixels_of
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
    #: Whether its picture is worth keeping: ``False`` for a part shown once and never again
    #: (a round's verdict and its timeline), whose copy would only cost time.
    keep: bool = True

    def same_as(self, other: Part | None) -> bool:
        """Whether ``other`` shows the same picture in the same place."""
        return other is not None and other.rect == self.rect and other.key == self.key


@dataclass
class PartImage:
    """A part's pixels painted alone on the background, the texts it drew, and the same pixels
    turned for each rotation asked for (made on first use), counted by the :class:`PartImages`
    that keeps it (``owner``; ``None`` once dropped)."""

    picture: pygame.Surface
    drawn: list[Drawn]
    turns: dict[int, pygame.Surface] = field(default_factory=dict)
    owner: PartImages | None = None

    def turned(self, rotation: int) -> pygame.Surface:
        """The picture turned by ``rotation`` degrees, as ``pygame.transform.rotate`` turns."""
        if rotation == 0:
            return self.picture
        if rotation not in self.turns:
            self.keep_turn(rotation, pygame.transform.rotate(self.picture, rotation))
        return self.turns[rotation]

    def keep_turn(self, rotation: int, turned: pygame.Surface) -> None:
        """Keep ``turned``, the picture turned by ``rotation`` (however it was made)."""
        self.turns[rotation] = turned
        if self.owner is not None:
            self.owner.grew(pixels_of(turned))

    @property
    def pixels(self) -> int:
        """The pixels it holds: the picture and each turned copy."""
        return pixels_of(self.picture) * (1 + len(self.turns))


#: How many screens of pixels the kept part pictures may hold, their turned copies included
#: (4 bytes a pixel: 33 MB at 1920x1080, 6 MB at 800x480).
KEPT_SCREENS = 4


class PartImages:
    """Pictures of parts painted alone, by name, rect and key; past ``limit`` pixels the least
    recently used are dropped."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pixels = 0
        self.kept: OrderedDict[Hashable, PartImage] = OrderedDict()

    @staticmethod
    def index(part: Part) -> Hashable | None:
        """What ``part``'s picture is kept under (``None``: its key cannot be hashed)."""
        try:
            hash(part.key)
        except TypeError:
            return None
        return (part.name, tuple(part.rect), part.key)

    def get(self, part: Part) -> PartImage | None:
        """The picture kept for ``part``, if any."""
        index = self.index(part)
        image = self.kept.get(index) if index is not None else None
        if image is not None:
            self.kept.move_to_end(index)
        return image

    def put(self, part: Part, picture: pygame.Surface, drawn: list[Drawn]) -> PartImage:
        """Keep ``picture`` (and ``drawn``) for ``part``; returns it as kept."""
        image = PartImage(picture, drawn)
        index = self.index(part)
        if index is None or index in self.kept or image.pixels > self.limit:
            return image
        self.kept[index], image.owner = image, self
        self.grew(image.pixels)
        return image

    def grew(self, pixels: int) -> None:
        """A picture kept here, or its turned copy, added ``pixels``: drop the least recently
        used until they all fit the limit again."""
        self.pixels += pixels
        while self.pixels > self.limit:
            _, dropped = self.kept.popitem(last=False)
            self.pixels -= dropped.pixels
            dropped.owner = None

    def clear(self) -> None:
        for image in self.kept.values():
            image.owner = None
        self.kept.clear()
        self.pixels = 0


class Compositor:
    """Keeps the parts of the last composed frame and repaints what changed since.

    :attr:`damage` is the list of canvas rects the last frame touched (``None``: the whole
    canvas), and :attr:`steps` the rects it painted, in order, each with its kept picture
    (``None``: painted on the canvas only); the loop hands both to the screen's present and
    resets them with :meth:`begin`.
    """

    def __init__(self) -> None:
        self.parts: dict[str, Part] = {}
        self.drawn: dict[str, list[Drawn]] = {}
        self.damage: list[pygame.Rect] | None = None
        self.steps: list[tuple[pygame.Rect, PartImage | None]] = []
        self.images = PartImages(0)
        self.composed = False
        #: Parts that go over every frame, above the scene's (the loop sets them each frame).
        self.overlays: list[Part] = []

    def begin(self) -> None:
        """A new frame starts: nothing composed or touched yet."""
        self.composed = False
        self.damage, self.steps = [], []

    def invalidate(self) -> None:
        """The canvas no longer shows the last composed frame (a scene drew its own, the
        screen was resized): the next frame is painted whole (it has no parts to keep)."""
        self.parts, self.drawn = {}, {}

    def forget(self) -> None:
        """The screen changed size: paint the next frame whole, and keep no picture painted
        for the old size."""
        self.invalidate()
        self.images.clear()

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
        self.images.limit = KEPT_SCREENS * pixels_of(canvas)
        if not self.parts:   # nothing kept of the canvas: paint it whole
            again, self.damage = {part.name for part in parts}, None
        else:
            again, self.damage = self._to_paint_again(parts)
        rects = [part.rect for part in parts]
        plan = [(part, part.rect.collidelist(rects[:i]) < 0)
                for i, part in enumerate(parts) if part.name in again]
        kept = {part.name: self.images.get(part) for part, alone in plan if alone and part.keep}
        copied = [part.rect for part, _ in plan if kept.get(part.name)]
        for area in [canvas.get_rect()] if self.damage is None else self.damage:
            if not covered(area, copied):
                clear(canvas, area)
        drawn = {part.name: self.drawn.get(part.name, []) for part in parts}
        for part, alone in plan:
            drawn[part.name] = self._paint(canvas, part, alone, kept.get(part.name))
        self.parts, self.drawn = {part.name: part for part in parts}, drawn
        return dict(drawn)

    def paint_overlays(self, canvas: pygame.Surface) -> None:
        """Paint the overlays over a frame a scene drew whole itself."""
        for part in self.overlays:
            self.drawn[part.name] = self._paint(canvas, part)

    def _to_paint_again(self, parts: Sequence[Part]) -> tuple[set[str], list[pygame.Rect]]:
        """The parts to paint again, and the canvas rects to clear for them: the parts that
        changed or appeared, the rects of those that went away, and every part that overlaps
        any of these rects (each part is painted whole: a primitive cut by a clip can come
        out otherwise than the same primitive whole, as pygame's rounded rects do)."""
        names = {part.name for part in parts}
        rects = [old.rect for name, old in self.parts.items() if name not in names]
        again: set[str] = set()
        for part in parts:
            old = self.parts.get(part.name)
            if not part.same_as(old):
                again.add(part.name)
                rects.append(part.rect)
                if old is not None and old.rect != part.rect:
                    rects.append(old.rect)
        grown = True
        while grown:
            grown = False
            for part in parts:
                if part.name not in again and part.rect.collidelist(rects) >= 0:
                    again.add(part.name)
                    rects.append(part.rect)
                    grown = True
        return again, merged(rects)

    def _paint(self, canvas: pygame.Surface, part: Part, alone: bool = False,
               image: PartImage | None = None) -> list[Drawn]:
        """Copy ``part``'s kept ``image`` onto its rect, or paint it there (on its rect
        already cleared), keeping the picture of a part painted ``alone`` (no part below
        overlaps it). Returns its texts."""
        if image is not None:
            canvas.blit(image.picture, part.rect)
        else:
            canvas.set_clip(part.rect)
            drawn = part.paint(canvas) or []
            canvas.set_clip(None)
            if alone and part.keep and canvas.get_rect().contains(part.rect):
                image = self.images.put(part, canvas.subsurface(part.rect).copy(), drawn)
            else:
                self.steps.append((part.rect, None))
                return drawn
        self.steps.append((part.rect, image))
        return image.drawn

    def check(self, canvas: pygame.Surface) -> bool:
        """Whether ``canvas`` shows exactly the last composed parts painted afresh on a blank
        canvas (each clipped to its rect, bottom to top)."""
        fresh = pygame.Surface(canvas.get_size(), 0, canvas)
        paint_whole(fresh, list(self.parts.values()))
        return pygame.image.tostring(fresh, "RGB") == pygame.image.tostring(canvas, "RGB")


def covered(area: pygame.Rect, rects: Sequence[pygame.Rect]) -> bool:
    """Whether one of ``rects`` holds all of ``area``."""
    return any(rect.contains(area) for rect in rects)


def clear(surface: pygame.Surface, area: pygame.Rect) -> None:
    """Paint ``area`` of ``surface`` with the background (:func:`companion.display.solid.rect`)."""
    solid.rect(surface, BACKGROUND, area)


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
