"""The dice as words: the negation die on top, the two criteria dice below.

Each word is drawn in its Stroop ink (see ``stroop``), as large as the dice
column allows but never below the layout's minimum word size. In Discovery
the negation die is not rolled and its line stays empty; when a verdict needs
the room, the words stand on the lines they use only, and may be drawn at the
minimum word size on closer lines (:class:`~companion.display.layout.DiceRows`). In colour-blind
mode a colour word carries its colour's shape, the same as on the cards.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.colour_marks import draw_mark
from companion.display.layout import ROUND_ROWS, DiceRows, Layout
from companion.display.palette import BACKGROUND, INKS, PORTAL


def draw_dice(surface: pygame.Surface, layout: Layout, words: list[str | None],
              inks: list[str], colour_blind: bool = False,
              rows: DiceRows = ROUND_ROWS) -> list[text.Drawn]:
    """Draw the dice ``words`` (negation, criterion, criterion; ``None`` = not rolled) on the
    lines ``rows`` gives (fewer than three: the words fill them from the top).

    ``inks`` names the ink of each word; in ``colour_blind`` mode a colour word is followed by
    its colour's shape, as on the cards. Returns the words drawn, with where.
    """
    size, placed = dice_lines(layout, words, inks, rows)
    return [draw_die(surface, layout, word, ink, size, line, colour_blind)
            for word, ink, line in placed]


def dice_lines(layout: Layout, words: list[str | None], inks: list[str],
               rows: DiceRows = ROUND_ROWS) -> tuple[int, list[tuple[str, str, pygame.Rect]]]:
    """The one size all the dice ``words`` are drawn at, and each word rolled with its ink and
    its line (see :func:`draw_dice`)."""
    lines = layout.die_lines(rows)
    inked = list(zip(words, inks))
    if rows.rows < len(inked):
        inked = [(word, ink) for word, ink in inked if word]
    largest = layout.min_word_size if rows.compact else layout.word_size
    shown = [w for w in words if w]
    size = min(text.fit_size(w, largest, lines[0].width, layout.min_word_size)
               for w in shown) if shown else largest
    return size, [(word, ink, line) for (word, ink), line in zip(inked, lines) if word]


def draw_die(surface: pygame.Surface, layout: Layout, word: str, ink: str, size: int,
             line: pygame.Rect, colour_blind: bool = False) -> text.Drawn:
    """One die's ``word`` at ``size`` in ``ink`` on its ``line``, with its colour's shape in
    ``colour_blind`` mode; returns the word drawn."""
    drawn = text.draw(surface, word, size, INKS[ink], on=BACKGROUND,
                      midleft=(line.left, line.centery))
    if colour_blind and word in PORTAL:
        draw_word_mark(surface, layout, word, drawn.rect, line)
    return drawn


def draw_word_mark(surface: pygame.Surface, layout: Layout, word: str, word_rect: pygame.Rect,
                   line: pygame.Rect) -> None:
    """The shape of colour ``word`` just right of it, when the line has room."""
    r = line.height * 0.3
    centre = (round(word_rect.right + 2 * layout.unit + r), line.centery)
    if centre[0] + r <= line.right:
        draw_mark(surface, word, centre, r, layout.small_size)
