"""The verdict banner: one big headline and a few short lines, across the middle.

The banner's colour says the kind of verdict at a glance (win, tie, wrong,
too early, nobody may tap, no winner); the headline names the player.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import TEXT, VERDICT


@dataclass(frozen=True)
class VerdictView:
    """What the banner says: ``kind`` (a key of ``palette.VERDICT``), a headline, detail lines."""

    kind: str
    headline: str
    details: tuple[str, ...] = field(default_factory=tuple)


def draw_verdict(surface: pygame.Surface, layout: Layout, view: VerdictView) -> list[text.Drawn]:
    """Draw the banner for ``view``; returns the texts drawn."""
    banner = layout.banner
    pygame.draw.rect(surface, VERDICT[view.kind], banner)
    margin = round(3 * layout.unit)
    wide, floor = banner.width - 2 * margin, layout.min_text_size
    blocks = [text.fit_lines(view.headline, layout.title_size * 13 // 10, wide, floor)]
    blocks += [text.fit_lines(line, layout.body_size, wide, floor) for line in view.details[:3]]
    y = banner.centery - sum(text.block_height(len(lines), size) for size, lines in blocks) // 2
    drawn: list[text.Drawn] = []
    for size, lines in blocks:
        drawn += text.draw_lines(surface, lines, size, TEXT, midtop=(banner.centerx, y))
        y += text.block_height(len(lines), size)
    return drawn
