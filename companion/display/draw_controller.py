"""The serial controller's state in the top-right corner, clear of the N spot: a coloured dot
and its state word.

In landscape it stands in the table's empty top-right cell, ``controller`` over the state
word, right-aligned; in portrait, where the table lies below the dice, it is one line,
``controller: STATE``, at the right end of the level line.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.draw_notice import dot_before
from companion.display.layout import Layout
from companion.display.palette import CONTROLLER, DIM_TEXT
from companion.display.parts import Part


def draw_controller(surface: pygame.Surface, layout: Layout, state: str) -> list[text.Drawn]:
    """Draw the controller's ``state`` (``synced``, ``connecting``, ``unplugged`` or why its
    presses are not taken: :data:`companion.inputs.serial.pads.CORNER_WORDS`) after a dot in
    that state's colour in the top-right corner; returns the texts drawn."""
    size, right = layout.min_text_size, layout.width - round(layout.unit)
    if layout.landscape:
        label = text.draw(surface, "controller", size, DIM_TEXT,
                          topright=(right, round(layout.unit)))
        drawn = [label, text.draw(surface, state, size, DIM_TEXT,
                                  topright=(right, label.rect.bottom))]
    else:
        drawn = [text.draw(surface, f"controller: {state}", size, DIM_TEXT,
                           midright=(right, layout.level_line.centery))]
    dot_before(surface, layout, drawn[-1].rect, CONTROLLER.get(state, DIM_TEXT))
    return drawn


def controller_area(layout: Layout, state: str) -> pygame.Rect:
    """Where :func:`draw_controller` draws ``state``, with room to spare: the corner's texts
    and the dot before them."""
    size, unit = layout.min_text_size, round(layout.unit)
    lines = ["controller", state] if layout.landscape else [f"controller: {state}"]
    line_h = text.image(lines[0], size, DIM_TEXT).get_height()
    wide = max(text.width(line, size) for line in lines) + 3 * unit + line_h
    if layout.landscape:
        return pygame.Rect(layout.width - wide - unit, 0, wide + unit, 3 * line_h + 2 * unit)
    middle = layout.level_line.centery
    return pygame.Rect(layout.width - wide - unit, middle - line_h, wide + unit, 2 * line_h)


def kept_corner(layout: Layout) -> pygame.Rect | None:
    """Where the controller's corner may draw, whatever it says
    (:attr:`Layout.controller_corner`); ``None`` when no corner is kept."""
    areas = [controller_area(layout, state) for state in layout.controller_corner]
    return areas[0].unionall(areas[1:]) if areas else None


def controller_part(layout: Layout, state: str) -> Part:
    """The controller's corner as a part of a frame (:mod:`companion.display.parts`)."""
    return Part("controller", controller_area(layout, state), state,
                lambda surface: draw_controller(surface, layout, state))
