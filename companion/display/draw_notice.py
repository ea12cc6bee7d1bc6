"""A notice (a stuck button, the controller unplugged) in a strip of its own along the bottom
of any screen (:attr:`Layout.notice`), never over a card spot, the dice or the level; and the
mark that stays in the top-right corner while the games are not being saved, once its notice
has been read (the scores back in sight)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.display import solid, text
from companion.display.layout import Layout
from companion.display.palette import TEXT, VERDICT
from companion.display.parts import Part

#: What ends a notice cut short to the lines its strip holds (the journal has it whole).
CUT = "..."
#: The cut mark where :data:`CUT` has no room: one character, the ellipsis.
NARROW_CUT = "\u2026"


def draw_notice(surface: pygame.Surface, layout: Layout, line: str) -> list[text.Drawn]:
    """Draw ``line`` on a bar filling the notice strip: on one line as large as fits, else
    wrapped at the smallest text size into the lines the strip holds, the last cut short
    after a whole word."""
    strip = layout.notice
    solid.rect(surface, VERDICT["early"], strip)
    room = strip.width - round(4 * layout.unit)
    size, lines = text.fit_lines(line, tallest_size(layout, strip), room, layout.min_text_size)
    held = max(1, strip.height // text.block_height(1, size))
    if len(lines) > held:
        lines = [*lines[:held - 1], cut_after_a_word(" ".join(lines[held - 1:]), size, room)]
    return text.draw_lines(surface, lines, size, TEXT, center=strip.center)


def tallest_size(layout: Layout, strip: pygame.Rect) -> int:
    """The body size, or less if one line of it would not stand in ``strip`` with a margin."""
    size = layout.body_size
    while size > layout.min_text_size and \
            text.block_height(1, size) > strip.height - round(layout.unit):
        size -= 1
    return size


def cut_short(words: str, size: int, room: int, mark: str = CUT) -> str:
    """``words`` ending in ``mark`` once they are shortened to fit ``room`` at ``size``."""
    while words and text.width(words + mark, size) > room:
        words = words[:-1]
    return words.rstrip() + mark


def cut_after_a_word(words: str, size: int, room: int) -> str:
    """``words`` cut short to fit ``room`` at ``size`` after a whole word and :data:`CUT`
    (``the game is...``, not ``the game i...``), or mid-word when not even one word fits."""
    kept = words.split(" ")
    while len(kept) > 1 and text.width(" ".join(kept).rstrip(" ;:,") + CUT, size) > room:
        kept.pop()
    shortened = " ".join(kept).rstrip(" ;:,")
    if len(kept) == len(words.split(" ")) or text.width(shortened + CUT, size) > room:
        return cut_short(words, size, room)
    return shortened + CUT


def name_cut_short(name: str, size: int, room: int) -> str:
    """``name`` cut short to fit ``room``: after :data:`CUT`, or in a narrow room, where that
    keeps one letter or none ("C..."), after :data:`NARROW_CUT` ("Cl…")."""
    cut = cut_short(name, size, room)
    return cut if len(cut) - len(CUT) >= 2 else cut_short(name, size, room, NARROW_CUT)


def notice_part(layout: Layout, line: str) -> Part:
    """The notice strip showing ``line``, as a part of a frame (:mod:`companion.display.parts`)."""
    return Part("notice", layout.notice, line, lambda surface: draw_notice(surface, layout, line))


#: The mark of a fault that lasts (saves that wait), after its notice.
UNSAVED_MARK = "NOT SAVED"


def mark_area(layout: Layout, beside: pygame.Rect | None = None) -> pygame.Rect:
    """Where :data:`UNSAVED_MARK` stands, clear of the controller's corner ``beside`` (if
    shown): in landscape in the table's empty top-right cell, under the controller's corner;
    in portrait at the right end of the level line, or with the controller's corner there,
    in the table's empty top-right cell."""
    size, unit = layout.min_text_size, round(layout.unit)
    line_h = text.font(size).get_height()
    wide = text.width(UNSAVED_MARK, size) + unit + 2 * dot_radius(line_h) + 2   # dot, gap, word
    if layout.landscape:
        top = beside.bottom if beside is not None else 0
        return pygame.Rect(layout.width - wide - unit, top, wide + unit, line_h + 2 * unit)
    if beside is None:
        return pygame.Rect(layout.width - wide - unit, layout.level_line.centery - line_h,
                           wide + unit, 2 * line_h)
    return pygame.Rect(layout.width - wide - unit, layout.table.top, wide + unit,
                       line_h + 2 * unit)


def dot_radius(line_h: int) -> int:
    """The radius of the mark's dot beside a line ``line_h`` pixels tall."""
    return max(3, line_h // 3)


def draw_mark(surface: pygame.Surface, layout: Layout, area: pygame.Rect) -> list[text.Drawn]:
    """Draw :data:`UNSAVED_MARK` after a dot of the notice's colour, right-aligned in ``area``."""
    word = text.draw(surface, UNSAVED_MARK, layout.min_text_size, TEXT,
                     midright=(area.right - round(layout.unit), area.centery))
    dot_before(surface, layout, word.rect, VERDICT["early"])
    return [word]


def dot_before(surface: pygame.Surface, layout: Layout, word: pygame.Rect, colour: tuple) -> None:
    """A dot of ``colour`` a unit before the ``word`` drawn (a corner's state: the
    controller's, the NOT SAVED mark's)."""
    radius = dot_radius(word.height)
    pygame.draw.circle(surface, colour, (word.left - round(layout.unit) - radius, word.centery),
                       radius)


def mark_part(layout: Layout, beside: pygame.Rect | None = None) -> Part:
    """The lasting fault's mark as a part of a frame (:mod:`companion.display.parts`)."""
    area = mark_area(layout, beside)
    return Part("mark", area, UNSAVED_MARK, lambda surface: draw_mark(surface, layout, area))


def cut_apart(names: Sequence[str], size: int, room: int) -> list[str]:
    """``names`` each fitted to ``room`` at ``size``: a name too wide cut short at its end
    ("Alexan..."), unless that reads like another name cut so; then each keeps as much of its
    end as tells it apart ("Alexa...r", "Alexa...a" for Alexander and Alexandra), ``room``
    allowing."""
    at_end = [name if text.width(name, size) <= room else name_cut_short(name, size, room)
              for name in names]
    cut = list(at_end)
    for i, name in enumerate(names):
        alike = [other for j, other in enumerate(names) if at_end[j] == at_end[i] != name
                 and other != name]
        if alike:
            cut[i] = cut_in_the_middle(name, apart_from=alike, size=size, room=room)
    return cut


def cut_in_the_middle(name: str, apart_from: Sequence[str], size: int, room: int) -> str:
    """``name`` cut in the middle to fit ``room``: the shortest end that no name of
    ``apart_from`` ends with, and as much of its start as fits before :data:`CUT`; in a room
    too narrow for a letter, :data:`CUT` and that end, the end after :data:`NARROW_CUT`
    ("…01"), or
    if not even that fits, the end alone, or the name cut short."""
    tail = next((name[-n:] for n in range(1, len(name))
                 if not any(other.endswith(name[-n:]) for other in apart_from)), name[-1:])
    head = name[:len(name) - len(tail)]
    while head and text.width(head + CUT + tail, size) > room:
        head = head[:-1]
    if head and text.width(head + CUT + tail, size) <= room:
        return head.rstrip() + CUT + tail
    return next((words for words in (NARROW_CUT + tail, tail) if text.width(words, size) <= room),
                cut_short(name, size, room))
