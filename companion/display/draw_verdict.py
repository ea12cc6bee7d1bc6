"""The verdict panel: one big headline and a few short lines.

The panel's colour says the kind of verdict at a glance (win, tie, wrong,
too early, nobody may tap, no winner); the headline names the player. On the
play screen it lies in the layout's verdict panel, beside the dice; prompts
between rounds use the larger banner. Lines that do not fit are left out.
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


def draw_verdict(surface: pygame.Surface, layout: Layout, view: VerdictView,
                 area: pygame.Rect | None = None, headline_size: int | None = None
                 ) -> list[text.Drawn]:
    """Draw ``view`` filling ``area`` (default: the layout's banner), its headline at most
    ``headline_size`` (default: 1.3 titles); returns the texts drawn."""
    banner = layout.banner if area is None else area
    pygame.draw.rect(surface, VERDICT[view.kind], banner, border_radius=round(layout.unit))
    margin = round(3 * layout.unit)
    wide, floor = banner.width - 2 * margin, layout.min_text_size
    headline = headline_size or layout.title_size * 13 // 10
    blocks = [text.fit_lines(view.headline, headline, wide, floor)]
    blocks += [text.fit_lines(line, layout.body_size, wide, floor) for line in view.details[:3]]
    while len(blocks) > 1 and sum(text.block_height(len(lines), size)
                                  for size, lines in blocks) > banner.height:
        blocks.pop()                                  # fewer detail lines before a cut headline
    y = banner.centery - sum(text.block_height(len(lines), size) for size, lines in blocks) // 2
    drawn: list[text.Drawn] = []
    for size, lines in blocks:
        drawn += text.draw_lines(surface, lines, size, TEXT, midtop=(banner.centerx, y))
        y += text.block_height(len(lines), size)
    return drawn
