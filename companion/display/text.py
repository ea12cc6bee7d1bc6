"""Text on screen: pygame's default font at a size, and cached text images.

The default font (``pygame.font.Font(None, size)``) ships with pygame, so no
font file is needed. Its capital letters are half the font size tall, which
lets the layout size words by cap height. Rendered text is cached by
``(text, size, colour)``: a frame re-blits images instead of re-rendering
glyphs, which keeps a full frame cheap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

#: Cap height of the default font as a share of its size (measured: 50 px at size 100).
CAP_HEIGHT_PER_SIZE = 0.5


def size_for_cap_height(cap_px: float) -> int:
    """The font size whose capital letters are ``cap_px`` pixels tall."""
    return max(8, round(cap_px / CAP_HEIGHT_PER_SIZE))


def font(size: int) -> pygame.font.Font:
    """The default font at ``size`` (cached while pygame.font stays initialised)."""
    if not pygame.font.get_init():
        reset()
        pygame.font.init()
    return _font(size)


@lru_cache(maxsize=64)
def _font(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, size)


def reset() -> None:
    """Forget cached fonts and text images (they die with ``pygame.font.quit()``)."""
    _font.cache_clear()
    image.cache_clear()


@lru_cache(maxsize=512)
def image(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` rendered antialiased in ``colour`` at font ``size`` (cached)."""
    return font(size).render(text, True, colour)


def width(text: str, size: int) -> int:
    """How many pixels wide ``text`` is at font ``size``."""
    return font(size).size(text)[0]


def fit_size(text: str, size: int, max_width: int, min_size: int = 8) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``max_width`` (not below ``min_size``)."""
    while size > min_size and width(text, size) > max_width:
        size -= max(1, size // 20)
    return max(size, min_size)


@dataclass(frozen=True)
class Drawn:
    """A piece of text put on screen: what, where, in which ink and size.

    Draw functions return these so that callers (and screenshot tests) know
    what a player sees and where to look for it.
    """

    text: str
    rect: pygame.Rect
    ink: tuple[int, int, int]
    size: int


def draw(surface: pygame.Surface, text: str, size: int, colour, **anchor) -> Drawn:
    """Blit ``text`` onto ``surface``, placed by one rect anchor, e.g. ``center=(x, y)``.

    Returns what was drawn and where.
    """
    picture = image(text, size, tuple(colour))
    rect = picture.get_rect(**anchor)
    surface.blit(picture, rect)
    return Drawn(text, rect, tuple(colour), size)
