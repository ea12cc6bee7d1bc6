"""A bookkeeping game's score sheet on the kiosk, kept for ever, newest game first.

One line per game (and a note under it, when the game has one); the game just finished is
ringed in the highlight colour, as a menu frames its chosen item. N/S scroll, E or W goes
back to the title; the hint names the keyboard's arrows and Enter on a keyboard table. A
sheet that cannot be read says so where its lines would be. Each game's sheet
(:mod:`companion.scenes.movie.sheet`, :mod:`companion.scenes.hat.sheet`) says how its lines
read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

import pygame

from companion.display import solid, text
from companion.display.draw_menu import draw_hint, draw_title, frame_width
from companion.display.layout import Layout
from companion.display.palette import DIM_TEXT, HIGHLIGHT, TEXT
from companion.games.notnot.sides import Side
from companion.inputs.actions import Action, action_of
from companion.inputs.keyboard import button_name
from companion.scenes.changes import ToScoreSheet, ToTitle
from companion.scenes.common.save_notices import short_reason
from companion.scenes.core import Scene
from companion.storage.database import Database
from companion.storage.faults import STORE_ERRORS

#: The most games a sheet shows at once (fewer when notes take the room).
LINES_SHOWN = 7


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
        elif action in (Action.SELECT, Action.BACK, Action.TOUCH_AT):
            self.ctx.go(ToTitle())

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
        bottom = round(0.88 * layout.height)   # above the hint line
        ring = frame_width(layout)
        for entry in self.lines[self.top:self.top + LINES_SHOWN]:
            if y > bottom - layout.body_size:
                break                          # notes took the room: N/S scrolls to the rest
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
        n, s, e = (button_name(self.ctx.services.keys, None, side)   # ↑/↓, Enter on a keyboard
                   for side in (Side.N, Side.S, Side.E))
        draw_hint(canvas, layout, f"{n}/{s} scroll   {e} back to the title")
        return self.name
