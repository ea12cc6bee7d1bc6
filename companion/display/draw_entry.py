"""The table-deals entry screen: the faces to choose from, drawn as cards, beside the table so far.

The list of faces fills the left of the screen, each item a small card of
its face (a portal disc of its colour, the void, a rule card's back) before
its name. The right shows the four spots as entered so far, the spot being
asked ringed.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from companion.display import text
from companion.display.draw_menu import draw_hint, draw_title
from companion.display.draw_table import draw_card
from companion.display.layout import Layout
from companion.display.palette import (
    CARD_BACK,
    DIM_TEXT,
    HIGHLIGHT,
    PANEL,
    TEXT,
    VOID_FACE,
    VOID_RIM,
)
from companion.games.notnot.cards import VOID
from companion.games.notnot.sides import SIDES, Side

#: Share of the canvas width the list of faces takes; the table takes the rest.
LIST_WIDTH = 0.56
#: Where each spot sits in the 3x3 grid of the small table (column, row).
GRID: dict[Side, tuple[int, int]] = {Side.N: (1, 0), Side.E: (2, 1), Side.S: (1, 2), Side.W: (0, 1)}


def entry_item_rects(layout: Layout, count: int) -> list[pygame.Rect]:
    """Where the ``count`` faces go on the left (also their touch areas)."""
    top, bottom = round(0.24 * layout.height), round(0.9 * layout.height)
    step = (bottom - top) / max(count, 1)
    left = round(3 * layout.unit)
    return [pygame.Rect(left, round(top + i * step), round(LIST_WIDTH * layout.width) - left,
                        round(step * 0.86)) for i in range(count)]


def small_table_area(layout: Layout) -> pygame.Rect:
    """The square on the right holding the small table."""
    left = round(LIST_WIDTH * layout.width + 3 * layout.unit)
    top = round(0.24 * layout.height)
    side = min(layout.width - left - round(3 * layout.unit), round(0.66 * layout.height))
    return pygame.Rect(left, top, side, side)


def small_spot(area: pygame.Rect, side: Side) -> pygame.Rect:
    """The card rect of spot ``side`` in the small table ``area``."""
    cell = area.width / 3
    col, row = GRID[side]
    rect = pygame.Rect(0, 0, round(cell * 0.8), round(cell * 0.92))
    rect.center = (round(area.left + (col + 0.5) * cell), round(area.top + (row + 0.5) * cell))
    return rect


def draw_face_card(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, face: str,
                   colour_blind: bool = False) -> None:
    """A small card of ``face`` in ``rect``: a portal colour, ``"VOID"`` (black, purple rim, no
    word: the item names it), or ``"RULE"`` (a card back)."""
    radius = round(rect.width * 0.12)
    if face == "RULE":
        pygame.draw.rect(surface, CARD_BACK, rect, border_radius=radius)
    elif face == VOID and not colour_blind:
        pygame.draw.rect(surface, VOID_FACE, rect, border_radius=radius)
        line = max(2, round(0.5 * layout.unit))
        pygame.draw.rect(surface, VOID_RIM, rect, line, border_radius=radius)
    else:
        draw_card(surface, layout, rect, face, colour_blind)


def draw_small_table(surface: pygame.Surface, layout: Layout, faces: Mapping[Side, str | None],
                     asked: Side | None, colour_blind: bool = False) -> list[text.Drawn]:
    """The four spots as entered so far, each with its letter; the ``asked`` spot ringed."""
    area = small_table_area(layout)
    drawn = []
    for side in SIDES:
        rect = small_spot(area, side)
        draw_card(surface, layout, rect, faces.get(side), colour_blind)
        if side is asked:
            ring = rect.inflate(round(1.6 * layout.unit), round(1.6 * layout.unit))
            pygame.draw.rect(surface, HIGHLIGHT, ring, max(2, round(0.6 * layout.unit)),
                             border_radius=round(ring.width * 0.14))
        drawn.append(text.draw(surface, side.value, layout.small_size, DIM_TEXT,
                               bottomleft=(rect.left, rect.top - round(0.4 * layout.unit))))
    return drawn


def draw_entry(surface: pygame.Surface, layout: Layout, title: str, subtitle: str,
               faces: list[str], labels: list[str], cursor: int, table: Mapping[Side, str | None],
               asked: Side | None, hint: str, colour_blind: bool = False) -> list[text.Drawn]:
    """The whole entry screen: title, the ``faces`` as cards with their ``labels`` (the one at
    ``cursor`` highlighted), the small ``table`` with the ``asked`` spot ringed, the hint; in
    ``colour_blind`` mode every card carries its colour's shape and initial."""
    drawn = draw_title(surface, layout, title, subtitle)
    rects = entry_item_rects(layout, len(faces))
    for i, (face, label, rect) in enumerate(zip(faces, labels, rects)):
        pygame.draw.rect(surface, PANEL, rect, border_radius=round(layout.unit))
        if i == cursor:
            pygame.draw.rect(surface, HIGHLIGHT, rect, max(2, round(0.6 * layout.unit)),
                             border_radius=round(layout.unit))
        card = pygame.Rect(0, 0, round(rect.height * 0.7), round(rect.height * 0.86))
        card.midleft = (rect.left + round(1.5 * layout.unit), rect.centery)
        draw_face_card(surface, layout, card, face, colour_blind)
        room = rect.right - card.right - round(3 * layout.unit)
        size = text.fit_size(label, layout.body_size, room)
        drawn.append(text.draw(surface, label, size, TEXT if i == cursor else DIM_TEXT,
                               midleft=(card.right + round(1.5 * layout.unit), rect.centery)))
    drawn += draw_small_table(surface, layout, table, asked, colour_blind)
    drawn += draw_hint(surface, layout, hint)
    return drawn
