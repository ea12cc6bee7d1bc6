"""A bookkeeping game's score sheet on the kiosk, kept for ever, newest game first.

One line per game (and a note under it, when the game has one); the game just finished is
ringed in the highlight colour, as a menu frames its chosen item. N/S scroll, E or W goes
back to the title; the hint names the keyboard's arrows and Enter on a keyboard table. Under
the lines a row of touch buttons does the same by touch, as a long menu's rows do
(:mod:`companion.scenes.common.long_menu`): "▲ N more above" turns to the games above,
"Back to the title" goes back, "▼ N more below" turns to the games below (each shown only when
there are such games); a touch elsewhere does nothing. A
sheet that cannot be read says so where its lines would be. Each game's sheet
(:mod:`companion.scenes.movie.sheet`, :mod:`companion.scenes.hat.sheet`) says how its lines
read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

import pygame

from companion.display import solid, text
from companion.display.draw_menu import (
    draw_hint,
    draw_title,
    frame_width,
    hint_top,
    least_item_height,
    line_size,
)
from companion.display.layout import Layout
from companion.display.palette import DIM_TEXT, HIGHLIGHT, PANEL, TEXT
from companion.games.notnot.sides import Side
from companion.inputs.actions import Action, action_of, touched_item
from companion.inputs.keyboard import button_name
from companion.scenes.changes import ToScoreSheet, ToTitle
from companion.scenes.common.long_menu import more_above, more_below
from companion.scenes.common.save_notices import short_reason
from companion.scenes.core import Scene
from companion.storage.database import Database
from companion.storage.faults import STORE_ERRORS

#: The most games a sheet shows at once (fewer when notes take the room).
LINES_SHOWN = 7
#: The touch button that leaves the sheet.
BACK = "Back to the title"


class SheetEntry(Protocol):
    """What a sheet asks of its entries (MovieSheetLine, HatSheet): which game each is, and
    the note under its line ("": none)."""

    @property
    def game_id(self) -> int: ...

    @property
    def note(self) -> str: ...


#: An entry of a sheet.
E = TypeVar("E", bound=SheetEntry)
#: The change that enters a sheet: it names the game to ring (``newest``).
C = TypeVar("C", bound=ToScoreSheet)


def ring_around(canvas: pygame.Surface, layout: Layout, lines: list[text.Drawn]) -> pygame.Rect:
    """A ring in the highlight colour around ``lines`` (a game's line and its note), as a menu
    frames its chosen item, clear of the text; where it went."""
    ring = frame_width(layout)
    area = lines[0].rect.unionall([drawn.rect for drawn in lines[1:]])
    area = area.inflate(2 * round(layout.unit), 2 * ring)
    solid.rect(canvas, HIGHLIGHT, area, ring, border_radius=round(layout.unit))
    return area


def button_row(layout: Layout, hint: str) -> pygame.Rect:
    """Where the row of touch buttons stands: as wide as a menu's items, as tall as its
    shortest item (or an eighth of the screen, when taller), just above the hint line."""
    height = max(least_item_height(layout), round(0.11 * min(layout.size)))
    width = round((0.9 if layout.landscape else 0.96) * layout.width)
    bottom = hint_top(layout, hint) - round(layout.unit)
    return pygame.Rect((layout.width - width) // 2, bottom - height, width, height)


def button_rects(row: pygame.Rect, gap: int) -> list[pygame.Rect]:
    """The row's three buttons (the page above, back, the page below), the middle one wider:
    a quarter, a half and a quarter of ``row``, ``gap`` apart."""
    quarter = (row.width - 2 * gap) // 4
    left = pygame.Rect(row.left, row.top, quarter, row.height)
    middle = pygame.Rect(left.right + gap, row.top, row.width - 2 * quarter - 2 * gap, row.height)
    return [left, middle, pygame.Rect(middle.right + gap, row.top, quarter, row.height)]


class ScoreSheetScene(Scene[C], Generic[C, E]):
    """A kept score sheet, newest game first, the game just finished ringed.

    Subclasses set ``name``, ``heading`` (the title), ``columns`` (the subtitle naming what a
    line holds), ``read`` (the sheet's entries from the database, newest first) and
    ``line_text`` (the words of an entry's line).
    """

    heading: str
    columns: str
    read: Callable[[Database], list[E]]
    line_text: Callable[[E], str]

    def enter(self, now_ns: int, change: C) -> None:
        super().enter(now_ns, change)
        self.newest, self.top, self.unread = change.newest, 0, ""
        try:
            with self.ctx.services.kept_games() as database:   # read-only: saves wait, said
                self.lines = self.read(database)
        except STORE_ERRORS as error:   # said on the sheet; the games wait with the saves
            self.lines, self.unread = [], f"the score sheet cannot be read: {short_reason(error)}"
        #: The sheet's text drawn in the last frame (lines and notes), for tests and snapshots.
        self.drawn: list[text.Drawn] = []
        #: Where the ring around the newest game was drawn in the last frame (``None``: not on
        #: screen).
        self.ringed: pygame.Rect | None = None

    def handle(self, event: object, now_ns: int) -> None:
        action = action_of(event)
        if action in (Action.MOVE_UP, Action.MOVE_DOWN):
            step = 1 if action is Action.MOVE_DOWN else -1
            self.top = max(0, min(self.top + step, len(self.lines) - 1))
            self.dirty = True
        elif action is Action.TOUCH_AT:
            self.touch(touched_item(event, self.buttons()))
        elif action in (Action.SELECT, Action.BACK):
            self.ctx.go(ToTitle())

    def touch(self, button: int | None) -> None:
        """Button ``button`` of the row was touched (``None``: none, or one not shown): the
        page above, back to the title, or the page below."""
        labels = self.button_labels()
        if button is None or not labels[button]:
            return
        if button == 1:
            self.ctx.go(ToTitle())
            return
        if button == 0:   # the games just above, as many as a page holds ending there
            self.top = next(top for top in range(max(0, self.top - LINES_SHOWN), self.top)
                            if top + self.shown_count(top) >= self.top)
        else:
            self.top += self.shown_count(self.top)
        self.dirty = True

    def hint(self) -> str:
        """The hint line, in the buttons the table presses."""
        n, s, e = (button_name(self.ctx.services.keys, None, side)   # ↑/↓, Enter on a keyboard
                   for side in (Side.N, Side.S, Side.E))
        return f"{n}/{s} scroll   {e} back to the title"

    def button_labels(self) -> list[str]:
        """The words of the row's buttons: the page above, back, the page below ("": not
        shown, there being no games that way)."""
        below = len(self.lines) - self.top - self.shown_count(self.top)
        return [more_above(self.top) if self.top else "", BACK,
                more_below(below) if below > 0 else ""]

    def buttons(self) -> list[pygame.Rect]:
        """Where the row's buttons stand (also their touch areas), shown or not."""
        layout = self.ctx.services.layout
        return button_rects(button_row(layout, self.hint()), round(layout.unit))

    def lines_bottom(self) -> int:
        """How far down the sheet's lines may stand: above the row of buttons."""
        layout = self.ctx.services.layout
        return button_row(layout, self.hint()).top - round(layout.unit)

    def entry_height(self, entry: E) -> int:
        """How tall an entry's line and note stand (its ring aside)."""
        layout = self.ctx.services.layout
        wide = layout.width - round(6 * layout.unit)
        height = 0
        for words, size in ((self.line_text(entry), layout.body_size),
                            (entry.note, layout.small_size)):
            if words:
                fitted, lines = text.fit_lines(words, size, wide, layout.min_text_size)
                height += text.block_height(len(lines), fitted)
        return height

    def shown_count(self, top: int) -> int:
        """How many games a page from game ``top`` (counted from the newest) shows: up to
        :data:`LINES_SHOWN`, as many as end above the row of buttons (at least one)."""
        layout = self.ctx.services.layout
        y, bottom, ring, count = round(0.27 * layout.height), self.lines_bottom(), \
            frame_width(layout), 0
        for entry in self.lines[top:top + LINES_SHOWN]:
            y += self.entry_height(entry) + (2 * ring if entry.game_id == self.newest else 0)
            if y > bottom and count:
                break                          # notes took the room: the next page shows it
            y += round(layout.unit)
            count += 1
        return count

    def draw(self, canvas: pygame.Surface) -> str | None:
        layout = self.ctx.services.layout
        wide = layout.width - round(6 * layout.unit)
        draw_title(canvas, layout, self.heading, self.columns)
        if not self.lines:
            text.draw_fit(canvas, self.unread or "No game on the sheet yet.", layout.body_size,
                          wide, layout.min_text_size, DIM_TEXT,
                          center=(layout.width // 2, layout.height // 2))
        y = round(0.27 * layout.height)
        self.drawn, self.ringed = [], None
        ring = frame_width(layout)
        for entry in self.lines[self.top:self.top + self.shown_count(self.top)]:
            newest = entry.game_id == self.newest
            first = len(self.drawn)
            y += ring if newest else 0
            self.drawn += text.draw_fit(canvas, self.line_text(entry), layout.body_size, wide,
                                        layout.min_text_size, HIGHLIGHT if newest else TEXT,
                                        midtop=(layout.width // 2, y))
            y = self.drawn[-1].rect.bottom
            note = entry.note
            if note:
                self.drawn += text.draw_fit(canvas, note, layout.small_size, wide,
                                            layout.min_text_size, DIM_TEXT,
                                            midtop=(layout.width // 2, y))
                y = self.drawn[-1].rect.bottom
            if newest:
                self.ringed = ring_around(canvas, layout, self.drawn[first:])
                y += ring
            y += round(layout.unit)
        self.draw_buttons(canvas)
        draw_hint(canvas, layout, self.hint())
        return self.name

    def draw_buttons(self, canvas: pygame.Surface) -> list[text.Drawn]:
        """The row's buttons that are shown, each a panel with its words, as a menu's items."""
        layout = self.ctx.services.layout
        drawn: list[text.Drawn] = []
        for label, rect in zip(self.button_labels(), self.buttons()):
            if label:
                solid.rect(canvas, PANEL, rect, border_radius=round(layout.unit))
                drawn += text.draw_fit(canvas, label, line_size(layout, rect.height),
                                       rect.width - round(2 * layout.unit),
                                       layout.min_text_size, TEXT if label == BACK else DIM_TEXT,
                                       center=rect.center)
        return drawn
