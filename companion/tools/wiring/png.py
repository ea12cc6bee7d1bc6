"""A :class:`~companion.tools.wiring.svg.Drawing` painted with pygame and saved as PNG.

Paints the same shapes the SVG holds, with the FreeSans Bold font that ships
inside pygame (so the picture does not depend on the fonts a machine has),
anti-aliased circles and text. Works headless: it sets ``SDL_VIDEODRIVER``
to ``dummy`` when no driver is chosen, and needs no window.

The PNG is the same byte for byte on one pygame/SDL version; other versions
may rasterise text slightly differently (see ``tests/test_wiring_drift.py``).
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.tools.wiring.svg import Circle, Drawing, Line, Rect, Text

#: The fonts opened, by size, until ``pygame.quit()`` frees them
#: (:mod:`companion.display.font_lifetime`).
_fonts: dict[int, object] = {}


def _pygame() -> ModuleType:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    import pygame.gfxdraw

    if not pygame.font.get_init():
        _fonts.clear()
        pygame.font.init()
    return pygame


def colour(text: str) -> tuple[int, int, int]:
    """``"#c62828"`` -> ``(198, 40, 40)``."""
    return int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)


def _font(pygame: ModuleType, size: float) -> Any:
    size = max(1, round(size))
    if size not in _fonts:
        from companion.display.font_lifetime import forget_at_quit

        forget_at_quit(_fonts.clear)   # each font opened: the cache is emptied at the next quit
        path = Path(str(pygame.__file__)).parent / "freesansbold.ttf"
        _fonts[size] = pygame.font.Font(str(path), size)
    return _fonts[size]


def render(drawing: Drawing) -> Any:
    """The drawing as a pygame ``Surface``."""
    pygame = _pygame()
    surface = pygame.Surface((drawing.width, drawing.height))
    surface.fill(colour(drawing.background))
    for shape in drawing.shapes:
        if isinstance(shape, Rect):
            _rect(pygame, surface, shape)
        elif isinstance(shape, Circle):
            _circle(pygame, surface, shape)
        elif isinstance(shape, Line):
            _line(pygame, surface, shape)
        elif isinstance(shape, Text):
            _text(pygame, surface, shape)
    return surface


def png_bytes(drawing: Drawing) -> bytes:
    """The drawing as the bytes of a PNG file."""
    pygame = _pygame()
    with io.BytesIO() as buffer:
        pygame.image.save(render(drawing), buffer, "drawing.png")
        return buffer.getvalue()


def save(drawing: Drawing, path: str | os.PathLike) -> None:
    """Write the drawing to ``path`` as a PNG."""
    Path(path).write_bytes(png_bytes(drawing))


def _rect(pygame: ModuleType, surface: Any, shape: Rect) -> None:
    box = pygame.Rect(round(shape.x), round(shape.y), round(shape.w), round(shape.h))
    radius = round(shape.radius) or -1
    if shape.fill:
        pygame.draw.rect(surface, colour(shape.fill), box, border_radius=radius)
    if shape.stroke:
        pygame.draw.rect(surface, colour(shape.stroke), box, max(1, round(shape.stroke_width)),
                         border_radius=radius)


def _circle(pygame: ModuleType, surface: Any, shape: Circle) -> None:
    x, y, r = round(shape.cx), round(shape.cy), round(shape.r)
    if shape.stroke:
        outer = r + round(shape.stroke_width / 2)
        pygame.gfxdraw.filled_circle(surface, x, y, outer, colour(shape.stroke))
        pygame.gfxdraw.aacircle(surface, x, y, outer, colour(shape.stroke))
        r -= round(shape.stroke_width / 2)
    if shape.fill:
        pygame.gfxdraw.filled_circle(surface, x, y, r, colour(shape.fill))
        pygame.gfxdraw.aacircle(surface, x, y, r, colour(shape.fill))


def _line(pygame: ModuleType, surface: Any, shape: Line) -> None:
    ink, width = colour(shape.stroke), max(1, round(shape.width))
    points = [(round(x), round(y)) for x, y in shape.points]
    for start, end in zip(points, points[1:]):
        if shape.dashed:
            _dashes(pygame, surface, ink, start, end, width)
        else:
            pygame.draw.line(surface, ink, start, end, width)
    if width > 2:  # round the joints, as the SVG's stroke-linejoin does
        for point in points[1:-1]:
            pygame.draw.circle(surface, ink, point, width // 2)


def _dashes(pygame: ModuleType, surface: Any, ink: tuple[int, int, int],
            start: tuple[float, float], end: tuple[float, float], width: int,
            dash: float = 8, gap: float = 6) -> None:
    (x0, y0), (x1, y1) = start, end
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    at = 0.0
    while at < length:
        stop = min(length, at + dash)
        a = (x0 + (x1 - x0) * at / length, y0 + (y1 - y0) * at / length)
        b = (x0 + (x1 - x0) * stop / length, y0 + (y1 - y0) * stop / length)
        pygame.draw.line(surface, ink, a, b, width)
        at = stop + gap


def text_boxes(drawing: Drawing) -> list[tuple[str, tuple[int, int, int, int]]]:
    """``(text, (x0, y0, x1, y1))``: where each text of the drawing lands when painted."""
    pygame = _pygame()
    boxes = []
    for shape in drawing.shapes:
        if isinstance(shape, Text):
            box = _text_box(_font(pygame, shape.size).size(shape.text), shape)
            boxes.append((shape.text, (box.left, box.top, box.right, box.bottom)))
    return boxes


def _text_box(size: tuple[int, int], shape: Text) -> Any:
    import pygame

    box = pygame.Rect((0, 0), size)
    y = round(shape.y)
    if shape.anchor == "middle":
        box.midleft = (round(shape.x - box.width / 2), y)
    elif shape.anchor == "end":
        box.midright = (round(shape.x), y)
    else:
        box.midleft = (round(shape.x), y)
    return box


def _text(pygame: ModuleType, surface: Any, shape: Text) -> None:
    image = _font(pygame, shape.size).render(shape.text, True, colour(shape.fill))
    surface.blit(image, _text_box(image.get_size(), shape))
