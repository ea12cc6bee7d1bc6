"""The table-deals entry screen: the faces to choose from, drawn as cards, beside the table so far.

Top to bottom: the title, the message (the level, or why a card was refused: it has a band of
its own that grows with it, so nothing ever covers it), the list and the small table, the hint.
In landscape the list fills the left and the small table the right; in portrait the small
table stands above the list. Each item is a small card of its face (a portal disc of its colour,
the void, a rule card's back) before its name; in colour-blind mode the card carries its
colour's shape with the initial beside it, never on it. An item's name keeps clear of its
selection frame as a menu item's does (:func:`companion.display.draw_menu.text_inset`). The
small table shows the four spots as entered so far, the spot being asked ringed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import pygame

from companion.display import solid, text
from companion.display.colour_marks import draw_shape
from companion.display.draw_menu import (
    draw_hint,
    draw_title,
    frame_width,
    least_item_height,
    text_inset,
)
from companion.display.draw_table import draw_card
from companion.display.layout import Layout
from companion.display.mark_shapes import INITIALS, SHAPES
from companion.display.palette import (
    CARD_BACK,
    CARD_FACE,
    DIM_TEXT,
    HIGHLIGHT,
    PANEL,
    TEXT,
    VOID_FACE,
    VOID_RIM,
)
from companion.games.notnot.cards import VOID
from companion.games.notnot.sides import SIDES, Side

#: Most of the canvas width the small table takes in landscape; the list takes the rest.
TABLE_WIDTH = 0.44
#: Share of the room under the message the small table takes in portrait.
TABLE_HEIGHT = 0.5
#: Lines of the smallest text the message band always keeps, in landscape and in portrait.
MESSAGE_LINES = {True: 2, False: 3}
#: Where each spot sits in the 3x3 grid of the small table (column, row).
GRID: dict[Side, tuple[int, int]] = {Side.N: (1, 0), Side.E: (2, 1), Side.S: (1, 2), Side.W: (0, 1)}


@dataclass(frozen=True)
class EntryView:
    """What the entry screen shows: its words, the items (``faces`` drawn as cards, ``None``
    for an item without one, and their ``labels``), the cursor, the small table."""

    title: str = "Card revealed on N?"
    message: str = ""
    hint: str = ""
    faces: Sequence[str | None] = ()
    labels: Sequence[str] = ()
    cursor: int = 0
    table: Mapping[Side, str | None] = field(default_factory=dict)
    asked: Side | None = None
    colour_blind: bool = False


@dataclass(frozen=True)
class EntryPlaces:
    """Where the parts of the entry screen go: the message's top, the items, the small table."""

    message_top: int
    items: list[pygame.Rect]
    table: pygame.Rect


def lines_height(layout: Layout, words: str, size: int, width: int) -> int:
    """How tall ``words`` stand when fitted to ``width`` from ``size`` (wrapped if need be)."""
    fitted, lines = text.fit_lines(words, size, width, layout.min_text_size)
    return text.block_height(len(lines), fitted)


def entry_places(layout: Layout, count: int, view: EntryView = EntryView()) -> EntryPlaces:  # noqa: B008
    """Where ``view``'s parts go, for ``count`` items: the bands of the title, the message and
    the hint are as tall as their words need, so the list and the table never reach them."""
    unit, wide = layout.unit, layout.width - round(6 * layout.unit)
    title = max(lines_height(layout, view.title, layout.title_size, wide),
                text.block_height(1, layout.title_size))
    message_top = round(0.04 * layout.height) + title + round(unit)
    message = max(lines_height(layout, view.message, layout.body_size, wide),
                  text.block_height(MESSAGE_LINES[layout.landscape], layout.min_text_size))
    hint = lines_height(layout, view.hint or "-", layout.small_size,
                        layout.width - round(4 * unit))
    room = pygame.Rect(0, message_top + message + round(2 * unit), layout.width, 0)
    room.height = layout.height - round(3 * unit) - hint - room.top
    room = room.inflate(-round(6 * unit), 0)
    list_area, table = split_room(layout, room)
    return EntryPlaces(message_top, item_rows(list_area, count, least_item_height(layout)),
                       table)


def split_room(layout: Layout, room: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The list's area and the small table's (taller than wide by its spot letters' band) in
    ``room``: side by side in landscape, the table above the list in portrait."""
    band = letter_band(layout)
    gap = round(3 * layout.unit)
    if layout.landscape:
        side = max(0, min(round(TABLE_WIDTH * layout.width), room.height - band))
        table = pygame.Rect(room.right - side, room.top, side, side + band)
        return pygame.Rect(room.left, room.top, table.left - gap - room.left, room.height), table
    side = max(0, min(room.width, round(TABLE_HEIGHT * room.height) - band))
    table = pygame.Rect(room.centerx - side // 2, room.top, side, side + band)
    below = table.bottom + gap
    return pygame.Rect(room.left, below, room.width, room.bottom - below), table


def item_rows(area: pygame.Rect, count: int, least: int = 0) -> list[pygame.Rect]:
    """``count`` rows filling ``area`` top to bottom, with a gap between them (narrowed, down
    to none, for a row to stand ``least`` tall)."""
    step = area.height / max(count, 1)
    tall = min(math.floor(step), max(round(step * 0.86), least))
    return [pygame.Rect(area.left, round(area.top + i * step), area.width, tall)
            for i in range(count)]


def entry_item_rects(layout: Layout, count: int,
                     view: EntryView = EntryView()) -> list[pygame.Rect]:  # noqa: B008
    """Where the ``count`` items go (also their touch areas)."""
    return entry_places(layout, count, view).items


def small_table_area(layout: Layout, count: int = 7,
                     view: EntryView = EntryView()) -> pygame.Rect:  # noqa: B008
    """The area of the small table: a square of spots under a band for the N spot's letter."""
    return entry_places(layout, count, view).table


def letter_band(layout: Layout) -> int:
    """How tall a spot's letter stands above its card in the small table."""
    return text.block_height(1, layout.small_size) + round(0.4 * layout.unit)


def small_spot(area: pygame.Rect, side: Side) -> pygame.Rect:
    """The card rect of spot ``side`` in the small table ``area`` (its square at the bottom)."""
    cell = area.width / 3
    col, row = GRID[side]
    rect = pygame.Rect(0, 0, round(cell * 0.8), round(cell * 0.92))
    rect.center = (round(area.left + (col + 0.5) * cell),
                   round(area.bottom - area.width + (row + 0.5) * cell))
    return rect


def draw_marked_card(surface: pygame.Surface, layout: Layout, rect: pygame.Rect,
                     face: str) -> text.Drawn:
    """A card of ``face`` (a portal colour or the void) in colour-blind mode: its shape and,
    beside it along the card's longer side, its initial; returns the initial drawn."""
    void = face == VOID
    short = min(rect.size)
    radius = round(short * 0.14)
    solid.rect(surface, VOID_FACE if void else CARD_FACE, rect, border_radius=radius)
    rim = max(1, round(0.3 * layout.unit)) if void else 0
    if void:
        solid.rect(surface, VOID_RIM, rect, rim, border_radius=radius)
    pad = -2 * (rim + max(1, round(0.06 * short)))
    inner = rect.inflate(pad, pad)
    icon_side = min(min(inner.size), round(0.6 * max(inner.size)))
    icon = pygame.Rect(inner.topleft, (icon_side, icon_side))
    if inner.width >= inner.height:
        icon.centery = inner.centery
        letter = pygame.Rect(icon.right, inner.top, inner.right - icon.right, inner.height)
    else:
        icon.centerx = inner.centerx
        letter = pygame.Rect(inner.left, icon.bottom, inner.width, inner.bottom - icon.bottom)
    draw_shape(surface, face, icon.center, 0.4 * icon_side)
    return text.draw(surface, INITIALS[face], size_to_fit(layout, "W", letter),
                     VOID_RIM if void else TEXT, center=letter.center)


def size_to_fit(layout: Layout, words: str, box: pygame.Rect) -> int:
    """The largest size, from the body size down to the smallest text's, at which ``words``
    fit ``box`` on one line."""
    size = layout.body_size
    while size > layout.min_text_size and (text.block_height(1, size) > box.height
                                           or text.width(words, size) > box.width):
        size -= 1
    return size


def draw_face_card(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, face: str,
                   colour_blind: bool = False) -> list[text.Drawn]:
    """An item's card of ``face`` in ``rect``: a portal colour, ``"VOID"`` (black, purple rim, no
    word: the item names it) or ``"RULE"`` (a card back); in ``colour_blind`` mode a colour's
    card carries its shape and initial side by side. Returns the texts drawn."""
    radius = round(rect.width * 0.12)
    if face == "RULE":
        solid.rect(surface, CARD_BACK, rect, border_radius=radius)
    elif colour_blind and face in SHAPES:
        return [draw_marked_card(surface, layout, rect, face)]
    elif face == VOID:
        solid.rect(surface, VOID_FACE, rect, border_radius=radius)
        line = max(2, round(0.5 * layout.unit))
        solid.rect(surface, VOID_RIM, rect, line, border_radius=radius)
    else:
        draw_card(surface, layout, rect, face)
    return []


def draw_small_table(surface: pygame.Surface, layout: Layout, area: pygame.Rect,
                     view: EntryView) -> list[text.Drawn]:
    """The four spots in ``area`` as entered so far, each with its letter; the asked one ringed."""
    drawn = []
    for side in SIDES:
        rect, face = small_spot(area, side), view.table.get(side)
        if view.colour_blind and face in SHAPES:
            drawn.append(draw_marked_card(surface, layout, rect, face))
        else:
            draw_card(surface, layout, rect, face)
        if side is view.asked:
            ring = rect.inflate(round(1.6 * layout.unit), round(1.6 * layout.unit))
            solid.rect(surface, HIGHLIGHT, ring, max(2, round(0.6 * layout.unit)),
                             border_radius=round(ring.width * 0.14))
        drawn.append(text.draw(surface, side.value, layout.small_size, DIM_TEXT,
                               bottomleft=(rect.left, rect.top - round(0.4 * layout.unit))))
    return drawn


def draw_item(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, face: str | None,
              label: str, chosen: bool, colour_blind: bool) -> list[text.Drawn]:
    """One item: its panel (framed when ``chosen``), the card of ``face`` if any, its ``label``."""
    solid.rect(surface, PANEL, rect, border_radius=round(layout.unit))
    if chosen:
        solid.rect(surface, HIGHLIGHT, rect, frame_width(layout),
                   border_radius=round(layout.unit))
    drawn: list[text.Drawn] = []
    left = rect.left + round(1.5 * layout.unit)
    if face is not None:
        tall = round(rect.height * 0.9)
        card = pygame.Rect(0, 0, round(tall * (1.9 if colour_blind else 0.75)), tall)
        card.midleft = (left, rect.centery)
        drawn += draw_face_card(surface, layout, card, face, colour_blind)
        left = card.right + round(1.5 * layout.unit)
    room = rect.right - left - round(1.5 * layout.unit)
    size = size_to_fit(layout, label,
                       pygame.Rect(0, 0, room, rect.height - 2 * text_inset(layout)))
    drawn.append(text.draw(surface, label, size, TEXT if chosen else DIM_TEXT,
                           midleft=(left, rect.centery)))
    return drawn


def draw_entry(surface: pygame.Surface, layout: Layout, view: EntryView) -> list[text.Drawn]:
    """The whole entry screen of ``view``: title, message, items, small table, hint."""
    places = entry_places(layout, len(view.labels), view)
    drawn = draw_title(surface, layout, view.title)
    if view.message:
        drawn += text.draw_fit(surface, view.message, layout.body_size,
                               layout.width - round(6 * layout.unit), layout.min_text_size,
                               DIM_TEXT, midtop=(layout.width // 2, places.message_top))
    for i, (face, label, rect) in enumerate(zip(view.faces, view.labels, places.items)):
        drawn += draw_item(surface, layout, rect, face, label, i == view.cursor, view.colour_blind)
    drawn += draw_small_table(surface, layout, places.table, view)
    drawn += draw_hint(surface, layout, view.hint)
    return drawn
