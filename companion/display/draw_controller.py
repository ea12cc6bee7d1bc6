"""The serial controller's state in the top-right corner: a coloured dot and a word."""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import CONTROLLER, DIM_TEXT


def draw_controller(surface: pygame.Surface, layout: Layout, state: str) -> list[text.Drawn]:
    """Draw ``controller: STATE`` (``synced``, ``connecting`` or ``unplugged``) in the
    top-right corner, after a dot in that state's colour; returns the text drawn."""
    m = round(layout.unit)
    drawn = text.draw(surface, f"controller: {state}", layout.min_text_size, DIM_TEXT,
                      topright=(layout.width - m, m))
    radius = max(3, drawn.rect.height // 3)
    centre = (drawn.rect.left - m - radius, drawn.rect.centery)
    pygame.draw.circle(surface, CONTROLLER.get(state, DIM_TEXT), centre, radius)
    return [drawn]
