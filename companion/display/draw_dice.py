"""The dice as words: the negation die on top, the two criteria dice below.

Each word is drawn in its Stroop ink (see ``stroop``), as large as the dice
column allows but never below the layout's minimum word size. In Discovery
the negation die is not rolled and its line stays empty.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import INKS


def draw_dice(surface: pygame.Surface, layout: Layout, words: list[str | None],
              inks: list[str]) -> list[text.Drawn]:
    """Draw the dice ``words`` (negation, criterion, criterion; ``None`` = not rolled).

    ``inks`` names the ink of each word. Returns the words drawn, with where.
    """
    drawn = []
    lines = layout.die_lines()
    shown = [w for w in words if w]
    size = min(text.fit_size(w, layout.word_size, lines[0].width, layout.min_word_size) for w in shown) \
        if shown else layout.word_size
    for word, ink, line in zip(words, inks, lines):
        if not word:
            continue
        drawn.append(text.draw(surface, word, size, INKS[ink], midleft=(line.left, line.centery)))
    return drawn
