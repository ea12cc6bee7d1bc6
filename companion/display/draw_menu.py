"""Menus and message screens: a title, a list with a cursor, and a hint line.

Pads navigate every menu: N/S move the cursor, E selects, W goes back. The
keyboard's arrow keys and touch do the same (touch selects the item
touched).
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import BACKGROUND, DIM_TEXT, HIGHLIGHT, PANEL, TEXT, VERDICT

NAVIGATION_HINT = "N/S move   E select   W back"
#: The frame of an item asking for its confirmation.
QUESTION = VERDICT["early"]
#: The hint while an item asks for its confirmation.
CONFIRM_HINT = "E (or touch) again to confirm   N/S/W cancel"


def item_rects(layout: Layout, count: int) -> list[pygame.Rect]:
    """Where the ``count`` items of a menu go (also their touch areas): below the title and
    its subtitle, above the hint line."""
    top = round(0.29 * layout.height)
    bottom = round(0.88 * layout.height)
    step = min((bottom - top) / max(count, 1), 0.13 * layout.height)
    w = round(0.7 * layout.width)
    return [pygame.Rect((layout.width - w) // 2, round(top + i * step), w, round(step * 0.86))
            for i in range(count)]


def draw_title(surface: pygame.Surface, layout: Layout, title: str,
               subtitle: str = "") -> list[text.Drawn]:
    """Clear the canvas and draw ``title`` (and ``subtitle``) at the top."""
    surface.fill(BACKGROUND)
    wide = layout.width - round(6 * layout.unit)
    drawn = text.draw_fit(surface, title, layout.title_size, wide, layout.min_text_size, TEXT,
                          midtop=(layout.width // 2, round(0.04 * layout.height)))
    if subtitle:
        below = drawn[-1].rect.bottom + round(layout.unit)
        drawn += text.draw_fit(surface, subtitle, layout.body_size, wide, layout.min_text_size,
                               DIM_TEXT, midtop=(layout.width // 2, below))
    return drawn


def draw_menu(surface: pygame.Surface, layout: Layout, title: str, items: list[str], cursor: int,
              subtitle: str = "", hint: str = NAVIGATION_HINT,
              rects: list[pygame.Rect] | None = None,
              asking: int | None = None) -> list[text.Drawn]:
    """A full menu screen: title, ``items`` with the one at ``cursor`` highlighted, hint line.

    ``rects`` places the items (default: :func:`item_rects`); item ``asking`` (a question
    waiting for its confirmation) is framed in the warning colour."""
    drawn = draw_title(surface, layout, title, subtitle)
    for i, (item, rect) in enumerate(zip(items, rects or item_rects(layout, len(items)))):
        chosen = i == cursor
        pygame.draw.rect(surface, PANEL, rect, border_radius=round(layout.unit))
        if chosen:
            frame = QUESTION if i == asking else HIGHLIGHT
            pygame.draw.rect(surface, frame, rect, max(2, round(0.6 * layout.unit)),
                             border_radius=round(layout.unit))
        ink = TEXT if chosen else DIM_TEXT
        drawn += text.draw_fit(surface, item, layout.body_size, rect.width - round(2 * layout.unit),
                               layout.min_text_size, ink, center=rect.center)
    drawn += draw_hint(surface, layout, hint)
    return drawn


def draw_hint(surface: pygame.Surface, layout: Layout, hint: str) -> list[text.Drawn]:
    """The hint at the bottom of a screen (wrapped upwards if one line is too wide)."""
    return text.draw_fit(surface, hint, layout.small_size, layout.width - round(4 * layout.unit),
                         layout.min_text_size, DIM_TEXT,
                         midbottom=(layout.width // 2, layout.height - round(layout.unit)))


def draw_message(surface: pygame.Surface, layout: Layout, title: str, lines: list[str],
                 hint: str = "E continue") -> list[text.Drawn]:
    """A screen of ``title`` and a few big lines (prompts, errors, pause)."""
    drawn = draw_title(surface, layout, title)
    y = round(0.3 * layout.height)
    for line in lines:
        drawn += text.draw_fit(surface, line, layout.body_size * 3 // 2,
                               layout.width - round(6 * layout.unit), layout.min_text_size, TEXT,
                               midtop=(layout.width // 2, y))
        y = drawn[-1].rect.bottom + round(layout.unit)
    drawn += draw_hint(surface, layout, hint)
    return drawn
