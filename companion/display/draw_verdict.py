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
                 area: pygame.Rect | None = None) -> list[text.Drawn]:
    """Draw ``view`` filling ``area`` (default: the layout's banner); returns the texts drawn."""
    banner = layout.banner if area is None else area
    pygame.draw.rect(surface, VERDICT[view.kind], banner, border_radius=round(layout.unit))
    margin = round(3 * layout.unit)
    body = layout.body_size
    body_h = text.font(body).get_height() + round(0.4 * layout.unit)  # a line may render taller
    details = view.details[:3]
    width = banner.width - 2 * margin
    head_size = text.fit_size(view.headline, layout.title_size * 13 // 10, width)
    lines_h = len(details) * body_h
    while head_size > body and text.font(head_size).get_height() + lines_h > banner.height:
        head_size -= max(1, head_size // 20)  # a smaller headline before fewer lines
    head_h = text.font(head_size).get_height()
    details = details[:max(0, (banner.height - head_h) // body_h)]
    total = head_h + len(details) * body_h
    y = banner.centery - total // 2
    drawn = [text.draw(surface, view.headline, head_size, TEXT, midtop=(banner.centerx, y))]
    y += head_h
    for line in details:
        size = text.fit_size(line, body, width)
        drawn.append(text.draw(surface, line, size, TEXT, midtop=(banner.centerx, y)))
        y += body_h
    return drawn
