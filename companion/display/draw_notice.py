"""A notice (a stuck button, the controller unplugged) in a strip of its own along the bottom
of any screen (:attr:`Layout.notice`), never over a card spot, the dice or the level."""

from __future__ import annotations

import pygame

from companion.display import solid, text
from companion.display.layout import Layout
from companion.display.palette import TEXT, VERDICT
from companion.display.parts import Part

#: What ends a notice cut short to the lines its strip holds (the journal has it whole).
CUT = "..."


def draw_notice(surface: pygame.Surface, layout: Layout, line: str) -> list[text.Drawn]:
    """Draw ``line`` on a bar filling the notice strip: on one line as large as fits, else
    wrapped at the smallest text size into the lines the strip holds, the last cut short."""
    strip = layout.notice
    solid.rect(surface, VERDICT["early"], strip)
    room = strip.width - round(4 * layout.unit)
    size, lines = text.fit_lines(line, tallest_size(layout, strip), room, layout.min_text_size)
    held = max(1, strip.height // text.block_height(1, size))
    if len(lines) > held:
        lines = [*lines[:held - 1], cut_short(" ".join(lines[held - 1:]), size, room)]
    return text.draw_lines(surface, lines, size, TEXT, center=strip.center)


def tallest_size(layout: Layout, strip: pygame.Rect) -> int:
    """The body size, or less if one line of it would not stand in ``strip`` with a margin."""
    size = layout.body_size
    while size > layout.min_text_size and \
            text.block_height(1, size) > strip.height - round(layout.unit):
        size -= 1
    return size


def cut_short(words: str, size: int, room: int) -> str:
    """``words`` ending in :data:`CUT` once they are shortened to fit ``room`` at ``size``."""
    while words and text.width(words + CUT, size) > room:
        words = words[:-1]
    return words.rstrip() + CUT


def notice_part(layout: Layout, line: str) -> Part:
    """The notice strip showing ``line``, as a part of a frame (:mod:`companion.display.parts`)."""
    return Part("notice", layout.notice, line, lambda surface: draw_notice(surface, layout, line))
