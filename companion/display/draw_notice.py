"""A one-line notice across the top of any screen (e.g. a stuck button)."""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import TEXT, VERDICT


def draw_notice(surface: pygame.Surface, layout: Layout, line: str) -> list[text.Drawn]:
    """Draw ``line`` on a bar across the top of the canvas (wrapped if one line is too wide)."""
    size, lines = text.fit_lines(line, layout.body_size, layout.width - round(4 * layout.unit),
                                 layout.min_text_size)
    bar = pygame.Rect(0, 0, layout.width, text.block_height(len(lines), size) + round(layout.unit))
    pygame.draw.rect(surface, VERDICT["early"], bar)
    return text.draw_lines(surface, lines, size, TEXT, center=bar.center)
