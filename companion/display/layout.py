"""Where things go on screen, for any display from 800x480 to 1920x1080 and any rotation.

Everything is drawn on a *logical* canvas as the players see it: a display
turned by 90 or 270 degrees has its width and height swapped. The screen
module turns the canvas back onto the panel. Sizes are fractions of the
canvas, so one layout serves every resolution:

- landscape (wider than tall): dice words in a column on the left, the table
  (four spots around the deck) in a square on the right, scores along the
  bottom;
- portrait: dice words on top, the table below, scores along the bottom.

The dice column holds, top to bottom: the level line, the three dice words,
and the verdict panel (verdicts, prompts, countdowns), so a verdict is read
beside the dice that decided it, never over them; after a round with taps the
panel's bottom holds the tap timeline. A verdict that needs more room than the
round's panel gives it takes the dice lines it does not use (:class:`DiceRows`:
the words on the lines they use, then at their smallest size, closer together).

Dice words have a cap height of at least 8% of the display's shorter side,
so they read from across the table on the smallest screen; no text at all is
smaller than a cap height of 3% of it (:attr:`Layout.min_text_size`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from companion.display.text import CAP_HEIGHT_PER_SIZE, SMALLEST_SIZE, size_for_cap_height
from companion.errors import CompanionError
from companion.games.notnot.sides import Side

ROTATIONS = (0, 90, 180, 270)
#: Minimum cap height of dice words, as a share of the display's shorter side.
MIN_WORD_CAP = 0.08
#: Preferred cap height of dice words, as a share of the canvas height.
WORD_CAP = 0.10
#: Height of the level line and of each dice word's line, as shares of the canvas's shorter side.
LEVEL_LINE = 0.06
WORD_LINE = 0.14
#: Pitch of the dice words' lines when a verdict needs room: words at their smallest size (cap
#: 8 %, :data:`MIN_WORD_CAP`) with 3.5 % between them (die words are capitals: no descenders).
COMPACT_WORD_LINE = 0.115
#: Height of the tap timeline's strip under a verdict, as a share of the canvas's shorter side.
TIMELINE_LINE = 0.14
#: Minimum cap height of any text, as a share of the display's shorter side.
MIN_TEXT_CAP = 0.03
#: Width the dice column keeps in landscape, as a share of the display's shorter side: the
#: widest die word, NOT NOT NOT, is 9.8 cap heights wide in the bundled font, at 8% cap height.
DICE_MIN_WIDTH = 0.8


def check_rotation(rotation: int) -> int:
    """``rotation`` if it is 0, 90, 180 or 270; otherwise a CompanionError naming it."""
    if rotation not in ROTATIONS:
        raise CompanionError(f"rotation {rotation!r} is not one of 0, 90, 180, 270")
    return rotation


@dataclass(frozen=True)
class DiceRows:
    """How the dice words stand in their column: on ``rows`` lines from the top (three in a
    round, the negation line empty in Discovery; fewer: the lines the words use), and
    ``compact``: at the smallest word size, on lines :data:`COMPACT_WORD_LINE` apart."""

    rows: int = 3
    compact: bool = False


#: The dice words as a round shows them: three lines at the preferred size.
ROUND_ROWS = DiceRows()


@dataclass(frozen=True)
class Layout:
    """Regions of the logical canvas for a display of ``display_size`` turned by ``rotation``."""

    display_size: tuple[int, int]
    rotation: int = 0
    #: The words the serial controller's corner may show (:mod:`.draw_controller`), kept at the
    #: top right of every screen while a controller is configured (none: no corner): a screen's
    #: title keeps clear of the widest.
    controller_corner: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_rotation(self.rotation)

    # -- the canvas ------------------------------------------------------
    @cached_property
    def size(self) -> tuple[int, int]:
        """The logical canvas (width, height) as the players see it."""
        w, h = self.display_size
        return (h, w) if self.rotation in (90, 270) else (w, h)

    @property
    def width(self) -> int:
        return self.size[0]

    @property
    def height(self) -> int:
        return self.size[1]

    @property
    def landscape(self) -> bool:
        return self.width >= self.height

    @cached_property
    def unit(self) -> float:
        """One percent of the canvas's shorter side: the measure of margins and lines."""
        return min(self.size) / 100

    # -- text sizes ------------------------------------------------------
    @property
    def min_word_size(self) -> int:
        """Smallest font size for dice words (cap height 8% of the shorter side)."""
        return size_for_cap_height(MIN_WORD_CAP * min(self.display_size))

    @property
    def word_size(self) -> int:
        """Preferred font size for dice words."""
        return max(self.min_word_size, size_for_cap_height(WORD_CAP * min(self.size)))

    @property
    def title_size(self) -> int:
        return size_for_cap_height(0.09 * min(self.size))

    @property
    def body_size(self) -> int:
        return size_for_cap_height(0.045 * min(self.size))

    @property
    def small_size(self) -> int:
        """Size of the smallest text: hints and fine print."""
        return self.min_text_size

    @property
    def min_text_size(self) -> int:
        """Smallest font size of any text (cap height 3% of the shorter side, rounded up)."""
        return max(SMALLEST_SIZE,
                   math.ceil(MIN_TEXT_CAP * min(self.display_size) / CAP_HEIGHT_PER_SIZE))

    # -- regions ---------------------------------------------------------
    # Each region is worked out once per layout and handed out as a new Rect (callers may
    # move theirs): the frame asks for the same regions many times.
    @property
    def scores(self) -> pygame.Rect:
        """The strip along the bottom that shows every player's score."""
        return pygame.Rect(self._scores)

    @cached_property
    def _scores(self) -> pygame.Rect:
        h = round(0.11 * self.height) if self.landscape else round(0.08 * self.height)
        return pygame.Rect(0, self.height - h, self.width, h)

    @property
    def play_area(self) -> pygame.Rect:
        """Everything above the score strip."""
        return pygame.Rect(0, 0, self.width, self._scores.top)

    @property
    def table(self) -> pygame.Rect:
        """The square holding the four spots in a cross around the deck."""
        return pygame.Rect(self._table)

    @cached_property
    def _table(self) -> pygame.Rect:
        area = self.play_area
        m = round(2 * self.unit)
        if self.landscape:
            dice_width = round(DICE_MIN_WIDTH * min(self.display_size))
            side = min(area.height - 2 * m, round(0.52 * self.width),
                       self.width - 3 * m - dice_width)
            return pygame.Rect(area.right - m - side, area.top + (area.height - side) // 2,
                               side, side)
        side = min(area.width - 2 * m, round(0.46 * area.height))
        return pygame.Rect(area.centerx - side // 2, area.bottom - m - side, side, side)

    @property
    def dice(self) -> pygame.Rect:
        """The area holding the three dice words, one per line."""
        return pygame.Rect(self._dice)

    @cached_property
    def _dice(self) -> pygame.Rect:
        area = self.play_area
        m = round(2 * self.unit)
        if self.landscape:
            return pygame.Rect(m, area.top + m, self.table.left - 2 * m, area.height - 2 * m)
        return pygame.Rect(m, area.top + m, area.width - 2 * m, self.table.top - 2 * m)

    @property
    def level_line(self) -> pygame.Rect:
        """The line at the top of the dice area that names the level being played."""
        area = self.dice
        return pygame.Rect(area.left, area.top, area.width, round(LEVEL_LINE * min(self.size)))

    def die_lines(self, rows: DiceRows = ROUND_ROWS) -> list[pygame.Rect]:
        """The dice words' lines under the level line, top to bottom (three in a round:
        negation die, criteria dice)."""
        area, top = self.dice, self.level_line.bottom
        h = round((COMPACT_WORD_LINE if rows.compact else WORD_LINE) * min(self.size))
        return [pygame.Rect(area.left, top + i * h, area.width, h) for i in range(rows.rows)]

    def panel(self, rows: DiceRows = ROUND_ROWS, timeline: bool = False) -> pygame.Rect:
        """The panel under the dice words standing as ``rows`` say, down to the dice area's
        bottom, or to just above the tap timeline's strip with ``timeline``."""
        area = self.dice
        top = self.die_lines(rows)[-1].bottom + round(self.unit)
        bottom = self.timeline.top - round(self.unit) if timeline else area.bottom
        return pygame.Rect(area.left, top, area.width, bottom - top)

    @property
    def verdict(self) -> pygame.Rect:
        """The panel under the dice words: verdicts, prompts and countdowns, beside the dice."""
        return self.panel()

    @property
    def timeline(self) -> pygame.Rect:
        """The tap timeline's strip along the bottom of the dice area (after a round)."""
        area = self.dice
        h = round(TIMELINE_LINE * min(self.size))
        return pygame.Rect(area.left, area.bottom - h, area.width, h)

    @property
    def verdict_over_timeline(self) -> pygame.Rect:
        """The verdict panel shortened to leave the timeline's strip under it."""
        return self.panel(timeline=True)

    @cached_property
    def card_size(self) -> tuple[int, int]:
        cell = self._table.width / 3
        return round(cell * 0.80), round(cell * 0.92)

    def spot(self, side: Side) -> pygame.Rect:
        """The card rect of table spot ``side`` (N above the deck, E right, S below, W left)."""
        col, row = {Side.N: (1, 0), Side.E: (2, 1), Side.S: (1, 2), Side.W: (0, 1)}[side]
        return self._cell_card(col, row)

    @property
    def deck(self) -> pygame.Rect:
        """The card rect of the deck in the middle of the cross."""
        return self._cell_card(1, 1)

    def _cell_card(self, col: int, row: int) -> pygame.Rect:
        table = self._table
        cell = table.width / 3
        w, h = self.card_size
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(table.left + (col + 0.5) * cell),
                       round(table.top + (row + 0.5) * cell))
        return rect

    @property
    def banner(self) -> pygame.Rect:
        """The big banner over the dice area below the level line (prompts between rounds)."""
        area = self.dice.inflate(round(2 * self.unit), round(2 * self.unit))
        area.height -= self.level_line.bottom - area.top
        area.top = self.level_line.bottom  # the level stays in view
        return area

    @property
    def notice(self) -> pygame.Rect:
        """The strip a notice takes while it is up (a stuck button, the controller unplugged):
        the score strip's place along the bottom, which no spot, die word, level line or verdict
        overlaps, tall enough for a line at :attr:`min_text_size`."""
        return self.scores
