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
    head_size = text.fit_size(view.headline, layout.title_size * 13 // 10, banner.width - 2 * margin)
    details = view.details[:3]
    body = layout.body_size
    head_h = text.font(head_size).get_height()
    body_h = text.font(body).get_height()
    total = head_h + len(details) * body_h
    y = banner.centery - total // 2
    drawn = [text.draw(surface, view.headline, head_size, TEXT, midtop=(banner.centerx, y))]
    y += head_h
    for line in details:
        size = text.fit_size(line, body, banner.width - 2 * margin)
        drawn.append(text.draw(surface, line, size, TEXT, midtop=(banner.centerx, y)))
        y += body_h
    return drawn
