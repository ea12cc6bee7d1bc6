"""A one-line notice across the top of any screen (e.g. a stuck button)."""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import TEXT, VERDICT


def draw_notice(surface: pygame.Surface, layout: Layout, line: str) -> text.Drawn:
    """Draw ``line`` on a bar across the top of the canvas."""
    size = text.fit_size(line, layout.body_size, layout.width - round(4 * layout.unit))
    bar = pygame.Rect(0, 0, layout.width, text.font(size).get_height() + round(layout.unit))
    pygame.draw.rect(surface, VERDICT["early"], bar)
    return text.draw(surface, line, size, TEXT, center=bar.center)
