"""Colour-blind mode's marks: a distinct shape and the initial for every colour a card can have.

With colour-blind mode on, a portal is drawn as its colour's shape (red a triangle, blue a
square, green a circle, yellow a diamond, white a hexagon) carrying the colour's initial, and a
void card carries its own mark (a struck-through ring and a V), so every card reads without
telling colours apart. The same shape stands beside the colour die's word.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.mark_shapes import INITIALS, SHAPES, polygon
from companion.display.palette import BACKGROUND, PORTAL, VOID_RIM


def draw_shape(surface: pygame.Surface, face: str, centre: tuple[int, int], r: float) -> bool:
    """``face``'s shape alone, in its colour, of radius ``r`` around ``centre`` (``False`` and
    nothing drawn for a face without a mark)."""
    shape = SHAPES.get(face)
    if shape is None:
        return False
    if shape == "struck-ring":
        line = max(2, round(r * 0.18))
        pygame.draw.circle(surface, VOID_RIM, centre, round(r), line)
        pygame.draw.line(surface, VOID_RIM, (centre[0] - r * 0.7, centre[1] + r * 0.7),
                         (centre[0] + r * 0.7, centre[1] - r * 0.7), line)
    elif shape == "circle":
        pygame.draw.circle(surface, PORTAL[face], centre, round(r))
    else:
        pygame.draw.polygon(surface, PORTAL[face], polygon(shape, centre, r))
    return True


def draw_mark(surface: pygame.Surface, face: str, centre: tuple[int, int], r: float,
              letter_size: int) -> text.Drawn | None:
    """``face``'s shape in its colour with its initial, centred on ``centre`` (``None`` and
    nothing drawn for a face without a mark)."""
    if not draw_shape(surface, face, centre, r):
        return None
    if face == "VOID":
        return text.draw(surface, INITIALS[face], letter_size, VOID_RIM,
                         midtop=(centre[0], centre[1] + round(r * 1.05)))
    return text.draw(surface, INITIALS[face], letter_size, BACKGROUND, center=centre)
