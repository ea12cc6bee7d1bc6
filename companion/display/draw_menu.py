"""Menus and message screens: a title, a list with a cursor, and a hint line.

Pads navigate every menu: N/S move the cursor, E selects, W goes back. The
keyboard's arrow keys and touch do the same (touch selects the item
touched).

An item's words keep clear of its box's edges: the whole line of text, the
font's ascent (room for accents) and descent (the tails of g, y, p) both, stands
inside the frame the selected item gets, :func:`text_inset` from each edge. A
box is never shorter than a line of the smallest text needs with that room (a
screen of 800x480 holds nine such boxes under a heading of a title and one line: the most a
menu shows, Not Not's set-up with "Resume" and "Back to the title"; a long menu shows
seven rows); the words shrink (not under the smallest
text) to the box before they touch it.
"""

from __future__ import annotations

import pygame

from companion.display import solid, text
from companion.display.draw_controller import kept_corner
from companion.display.layout import Layout
from companion.display.palette import BACKGROUND, DIM_TEXT, HIGHLIGHT, PANEL, TEXT, VERDICT

NAVIGATION_HINT = "N/S move   E select   W back"
#: The frame of an item asking for its confirmation.
QUESTION = VERDICT["early"]
#: The hint while an item asks for its confirmation.
CONFIRM_HINT = "E (or touch) again to confirm   N/S/W cancel"


#: Where a menu's items end, as a share of the screen's height from the top.
ITEMS_END = 0.88


def frame_width(layout: Layout) -> int:
    """How thick the frame of the selected item (or of one asking first) is."""
    return max(2, round(0.6 * layout.unit))


def text_inset(layout: Layout) -> int:
    """How far an item's line of text keeps from its box's top and bottom edges: the selection
    frame's width and room to spare beyond it."""
    return frame_width(layout) + max(3, round(0.5 * layout.unit))


def least_item_height(layout: Layout) -> int:
    """The shortest item box: one line of the smallest text, :func:`text_inset` above and
    below it."""
    return text.block_height(1, layout.min_text_size) + 2 * text_inset(layout)


def item_rects(layout: Layout, items: int | list[str],
               end: float = ITEMS_END, below: int = 0) -> list[pygame.Rect]:
    """Where a menu's items go (also their touch areas): below the title and its subtitle
    (lower than usual when they end ``below`` that: :func:`heading_bottom`), above the hint
    line (or ``end`` of the height down). Given the items' words, an item whose words wrap gets
    a box tall enough for all its lines, and the others close up under it. Items that do not
    stand there even so start higher, up to a unit under the heading ``below`` ends at, when
    given (a set-up with "Resume" and "Back to the title": nine items at 800x480)."""
    words = [""] * items if isinstance(items, int) else items
    top = max(round(0.29 * layout.height), below + round(layout.unit))
    bottom = round(end * layout.height)
    step = min((bottom - top) / max(len(words), 1), 0.13 * layout.height)
    w = round((0.9 if layout.landscape else 0.7) * layout.width)
    least = least_item_height(layout)
    heights = [max(round(step * 0.86), least, words_height(layout, item, w)) for item in words]
    if below:   # crowded under a heading measured: higher, up to a unit under it
        top = max(below + round(layout.unit), min(top, bottom - sum(heights)))
    gap = min(step * 0.14, max(0.0, (bottom - top - sum(heights)) / max(len(words), 1)))
    rects, y = [], float(top)
    for height in heights:
        rects.append(pygame.Rect((layout.width - w) // 2, round(y), w, height))
        y += height + gap
    return rects


def words_height(layout: Layout, item: str, box_width: int) -> int:
    """How tall a box ``box_width`` wide must be for ``item``'s words when they wrap: their
    lines and :func:`text_inset` above and below them (0 when they fit one line: a line
    shrinks to its box)."""
    size, lines = text.fit_lines(item, layout.body_size, box_width - round(2 * layout.unit),
                                 layout.min_text_size)
    if len(lines) == 1:
        return 0
    return text.block_height(len(lines), size) + 2 * text_inset(layout)


def line_size(layout: Layout, height: int) -> int:
    """The body text size, smaller (not under the smallest) when a line of it, ascent and
    descent, does not stand in a box ``height`` tall with :func:`text_inset` above and below
    it: the items of a long menu stay clear of their frames."""
    size, room = layout.body_size, height - 2 * text_inset(layout)
    while size > layout.min_text_size and text.block_height(1, size) > room:
        size -= 1
    return size


def heading_width(layout: Layout) -> int:
    """How wide a title and its subtitle may stand, the controller's corner aside."""
    return layout.width - round(6 * layout.unit)


def heading_frame(layout: Layout, title: str) -> tuple[int, int]:
    """Where a heading with ``title`` starts and how wide it may stand, clear of the
    controller's corner when one is kept (:func:`.kept_corner`): in landscape beside it,
    centred with as much room on the left, when the title stands there on one line no smaller
    than the body text; else (and in portrait, where the corner is a line across the top)
    under it, as wide as the screen allows."""
    top, wide = round(0.04 * layout.height), heading_width(layout)
    corner = kept_corner(layout)
    if corner is None:
        return top, wide
    beside = min(wide, 2 * corner.left - layout.width)
    if layout.landscape and beside > 0:
        size, lines = text.fit_lines(title, layout.title_size, beside, layout.min_text_size)
        if len(lines) == 1 and size >= layout.body_size:
            return top, beside
    return max(top, corner.bottom), wide


def heading_bottom(layout: Layout, title: str, subtitle: str = "") -> int:
    """Where :func:`draw_title`'s heading ends (``title``'s lines, then ``subtitle``'s a unit
    below), measured: the one place its layout is worked out (a long subtitle wraps: the title's
    leaderboard line, a set-up's missing pads)."""
    top, wide = heading_frame(layout, title)
    size, lines = text.fit_lines(title, layout.title_size, wide, layout.min_text_size)
    bottom = top + text.block_height(len(lines), size)
    if subtitle:
        size, lines = text.fit_lines(subtitle, layout.body_size, wide, layout.min_text_size)
        bottom += round(layout.unit) + text.block_height(len(lines), size)
    return bottom


def draw_title(surface: pygame.Surface, layout: Layout, title: str,
               subtitle: str = "") -> list[text.Drawn]:
    """Clear the canvas and draw ``title`` (and ``subtitle``) at the top, where
    :func:`heading_bottom` measures them."""
    surface.fill(BACKGROUND)
    _, wide = heading_frame(layout, title)
    drawn = text.draw_fit(surface, title, layout.title_size, wide, layout.min_text_size, TEXT,
                          midbottom=(layout.width // 2, heading_bottom(layout, title)))
    if subtitle:
        drawn += text.draw_fit(surface, subtitle, layout.body_size, wide, layout.min_text_size,
                               DIM_TEXT, midbottom=(layout.width // 2,
                                                    heading_bottom(layout, title, subtitle)))
    return drawn


def draw_menu(surface: pygame.Surface, layout: Layout, title: str, items: list[str], cursor: int,
              subtitle: str = "", hint: str = NAVIGATION_HINT,
              rects: list[pygame.Rect] | None = None,
              asking: int | None = None) -> list[text.Drawn]:
    """A full menu screen: title, ``items`` with the one at ``cursor`` highlighted, hint line.

    ``rects`` places the items (default: :func:`item_rects`); item ``asking`` (a question
    waiting for its confirmation) is framed in the warning colour."""
    drawn = draw_title(surface, layout, title, subtitle)
    for i, (item, rect) in enumerate(zip(items, rects or item_rects(layout, items))):
        chosen = i == cursor
        solid.rect(surface, PANEL, rect, border_radius=round(layout.unit))
        if chosen:
            frame = QUESTION if i == asking else HIGHLIGHT
            solid.rect(surface, frame, rect, frame_width(layout),
                       border_radius=round(layout.unit))
        ink = TEXT if chosen else DIM_TEXT
        drawn += text.draw_fit(surface, item, line_size(layout, rect.height),
                               rect.width - round(2 * layout.unit), layout.min_text_size, ink,
                               center=rect.center)
    drawn += draw_hint(surface, layout, hint)
    return drawn


def lines_width(layout: Layout) -> int:
    """How wide :func:`draw_lines_fit`'s lines stand at most: the screen less its margins."""
    return layout.width - round(6 * layout.unit)


def fitted_line(layout: Layout, line: str, size: int | None = None) -> tuple[int, list[str]]:
    """``line`` as :func:`draw_lines_fit` draws it: its size (up to ``size``, default the small
    size) and its lines, shrunk to :func:`lines_width`, wrapped at the smallest size."""
    return text.fit_lines(line, layout.small_size if size is None else size,
                          lines_width(layout), layout.min_text_size)


def one_size(layout: Layout, lines: list[str], size: int) -> int:
    """The largest size up to ``size`` at which every one of ``lines`` stands on one line of
    :func:`lines_width` (the smallest size if one does not)."""
    return text.fit_block(lines, size, lines_width(layout), layout.min_text_size)[0]


def lines_height(layout: Layout, lines: list[str], size: int | None = None) -> int:
    """How tall :func:`draw_lines_fit` draws all of ``lines`` (up to ``size``)."""
    return sum(text.block_height(len(wrapped), fitted)
               for fitted, wrapped in (fitted_line(layout, line, size) for line in lines))


def draw_lines_fit(surface: pygame.Surface, layout: Layout, lines: list[str], top: int,
                   bottom: int | None = None, size: int | None = None) -> list[text.Drawn]:
    """``lines`` one under another from ``top``, centred, each shrunk to the screen's width
    (:func:`fitted_line`, up to ``size``); with ``bottom``, only the first lines that end
    above it."""
    drawn: list[text.Drawn] = []
    for line in lines:
        fitted, wrapped = fitted_line(layout, line, size)
        if bottom is not None and top + text.block_height(len(wrapped), fitted) > bottom:
            break
        drawn += text.draw_lines(surface, wrapped, fitted, TEXT, midtop=(layout.width // 2, top))
        top = drawn[-1].rect.bottom
    return drawn


def fitted_hint(layout: Layout, hint: str) -> tuple[int, list[str]]:
    """``hint`` as :func:`draw_hint` draws it: its size and its lines (wrapped if too wide)."""
    return text.fit_lines(hint, layout.small_size, layout.width - round(4 * layout.unit),
                          layout.min_text_size)


def hint_top(layout: Layout, hint: str) -> int:
    """Where :func:`draw_hint`'s first line of ``hint`` starts, at the screen's bottom."""
    size, lines = fitted_hint(layout, hint)
    return layout.height - round(layout.unit) - text.block_height(len(lines), size)


def draw_hint(surface: pygame.Surface, layout: Layout, hint: str,
              bottom: int | None = None) -> list[text.Drawn]:
    """The hint at the bottom of a screen, or ending at ``bottom`` (wrapped upwards if one line
    is too wide)."""
    bottom = layout.height if bottom is None else bottom
    size, lines = fitted_hint(layout, hint)
    return text.draw_lines(surface, lines, size, DIM_TEXT,
                           midbottom=(layout.width // 2, bottom - round(layout.unit)))


def draw_message(surface: pygame.Surface, layout: Layout, title: str, lines: list[str],
                 hint: str = "E continue") -> list[text.Drawn]:
    """A screen of ``title`` and a few big lines (prompts, errors, pause), all at one size."""
    drawn = draw_title(surface, layout, title)
    y = round(0.3 * layout.height)
    size, paragraphs = text.fit_block(lines, layout.body_size * 3 // 2,
                                      layout.width - round(6 * layout.unit), layout.min_text_size)
    for wrapped in paragraphs:
        drawn += text.draw_lines(surface, wrapped, size, TEXT, midtop=(layout.width // 2, y))
        y = drawn[-1].rect.bottom + round(layout.unit)
    drawn += draw_hint(surface, layout, hint)
    return drawn
