"""Filled rects of one colour, square or rounded, painted by copying kept pixels.

:func:`rect` paints exactly what ``pygame.draw.rect`` paints with the same arguments, but
copies a filled rect instead of drawing it, because pygame's own filling costs many times a
copy of the same pixels (measured on 800x480 with both stacks): a fill of a rect that does not
span the surface's rows about seven times a copy, and pygame 2.1.2 (Debian Bookworm's
``python3-pygame``, the Pi's) draws a filled rounded rect pixel by pixel, about 30 times a copy
(0.05 ms for a card, 0.24 ms for the countdown's panel, 1.4 ms for a whole screen).

- A filled square rect is copied from a kept band of its colour, in strips.
- Under pygame before 2.2 (:data:`ROUNDED_BY_COPY`), a filled rect with the same rounded
  corners all round is three such strips (a cross) and its four corners, copied from a kept
  picture of the smallest such rect (``2r`` square) whose pixels outside the shape are a
  colour key. pygame's corners do not depend on the rect's size (measured;
  ``tests/test_display_solid_rects.py`` compares every pixel). pygame 2.2 made its circles
  fast (its rounded corners are circles), and 2.6.1 draws a card's rounded rect in about the
  time of the seven copies, so there pygame draws it.

Everything else (outlines, corners of different radii, per-pixel alpha, a palette, a shape whose
corners spill out of its rect: :func:`copies_alike`) ``pygame.draw.rect`` paints itself. What is
kept is bounded (:data:`KEPT_PIXELS`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import pygame

#: How many pixels the kept bands and corners may hold (16 MB at 4 bytes a pixel): a play
#: screen's take 0.4-1 million, from 800x480 to 1920x1080. Past it, all are dropped and made anew.
KEPT_PIXELS = 4_000_000
#: The height of a kept band of one colour, as wide as the surface painted on (a taller rect is
#: copied in strips of it).
BAND_ROWS = 64
#: Whether filled rounded rects are copied (pygame before 2.2 draws them point by point).
ROUNDED_BY_COPY = pygame.version.vernum < (2, 2)
CORNER_RADII = ("border_top_left_radius", "border_top_right_radius",
                "border_bottom_left_radius", "border_bottom_right_radius")


_KEPT: dict[Hashable, pygame.Surface] = {}


def _keep(key: Hashable, picture: pygame.Surface) -> pygame.Surface:
    """Keep ``picture`` under ``key``; when that would pass :data:`KEPT_PIXELS`, drop all first."""
    _KEPT.pop(key, None)
    if pixels_of(picture) + sum(map(pixels_of, _KEPT.values())) > KEPT_PIXELS:
        _KEPT.clear()
    _KEPT[key] = picture
    return picture


def pixels_of(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height()


def rect(surface: pygame.Surface, colour: Any, area: Any, width: int = 0,
         **radii: int) -> None:
    """Paint what ``pygame.draw.rect(surface, colour, area, width, **radii)`` paints."""
    radius = same_radius(radii) if radii else 0
    if width != 0 or radius is None or (radius > 0 and not ROUNDED_BY_COPY):
        pygame.draw.rect(surface, colour, area, width, **radii)
        return
    area = pygame.Rect(area)
    paint = colour if isinstance(colour, tuple) else tuple(pygame.Color(colour))
    if not copies_alike(surface, paint, area, radius):
        pygame.draw.rect(surface, colour, area, width, **radii)
    elif radius == 0:
        _fill(surface, paint, area)
    else:
        _rounded(surface, paint, area, radius)


def same_radius(radii: dict[str, int]) -> int | None:
    """The radius of every corner, as ``pygame.draw.rect`` reads ``radii`` (a corner's own
    radius, or ``border_radius`` where it is not given); ``None`` when the corners differ."""
    whole = radii.get("border_radius", 0)
    corners = {radii.get(name, -1) for name in CORNER_RADII}
    resolved = {whole if corner < 0 else corner for corner in corners}
    return max(0, resolved.pop()) if len(resolved) == 1 else None


def copies_alike(surface: pygame.Surface, paint: tuple, area: pygame.Rect, radius: int) -> bool:
    """Whether a copy paints what pygame draws: an opaque colour (``paint``: r, g, b and maybe
    alpha) on a surface of 16 bits a pixel or more without per-pixel alpha, and corners no
    wider than half the rect's shorter side (past that, pygame's corners spill out of it)."""
    return ((len(paint) == 3 or paint[3] == 255) and surface.get_bitsize() >= 16
            and not surface.get_flags() & pygame.SRCALPHA
            and 2 * radius <= min(area.width, area.height))


def _fill(surface: pygame.Surface, paint: tuple, area: pygame.Rect) -> None:
    if area.width <= 0 or area.height <= 0:
        return
    band = _band(surface, paint, area.width)
    rows = band.get_height()
    for top in range(area.top, area.bottom, rows):
        surface.blit(band, (area.left, top), (0, 0, area.width, min(rows, area.bottom - top)))


def _rounded(surface: pygame.Surface, paint: tuple, area: pygame.Rect,
             radius: int) -> None:
    left, top, right, bottom, r = area.left, area.top, area.right, area.bottom, radius
    _fill(surface, paint, pygame.Rect(left, top + r, area.width, area.height - 2 * r))
    _fill(surface, paint, pygame.Rect(left + r, top, area.width - 2 * r, r))
    _fill(surface, paint, pygame.Rect(left + r, bottom - r, area.width - 2 * r, r))
    corners = _corners(surface, paint, radius)
    for x, y in ((0, 0), (r, 0), (0, r), (r, r)):
        surface.blit(corners, (left if x == 0 else right - r, top if y == 0 else bottom - r),
                     (x, y, r, r))


def _band(surface: pygame.Surface, paint: tuple, width: int) -> pygame.Surface:
    """A kept band of ``paint`` in ``surface``'s pixel format, at least ``width`` wide."""
    key = ("band", paint, _format(surface))
    band = _KEPT.get(key)
    if band is None or band.get_width() < width:
        band = pygame.Surface((max(width, surface.get_width()), BAND_ROWS), 0, surface)
        band.fill(paint)
        band = _keep(key, band)
    return band


def _corners(surface: pygame.Surface, paint: tuple, radius: int) -> pygame.Surface:
    """A kept ``2 * radius`` square rect of ``paint`` with corners of ``radius`` drawn by pygame,
    the pixels outside it a colour key: its quarters are the corners of any larger such rect."""
    key = ("corners", paint, radius, _format(surface))
    picture = _KEPT.get(key)
    if picture is None:
        picture = pygame.Surface((2 * radius, 2 * radius), 0, surface)
        skipped = (paint[0] ^ 0x80, paint[1], paint[2])   # never the shape's colour
        picture.fill(skipped)
        pygame.draw.rect(picture, paint, picture.get_rect(), border_radius=radius)
        picture.set_colorkey(skipped, pygame.RLEACCEL)
        picture = _keep(key, picture)
    return picture


def _format(surface: pygame.Surface) -> tuple:
    return surface.get_bitsize(), surface.get_masks()
