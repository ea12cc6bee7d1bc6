"""Not That Movie!: the score sheet kept for ever, newest game first.

One line per game as on the rulebook's last page: date, players, team,
points of rounds 1-5, total, stars; under a game of 2 or 3 players, the note
that it was rated on the 4-player row. N/S scroll, E or W goes back; the hint names the
keyboard's arrows and Enter on a keyboard table.
"""

from __future__ import annotations

import pygame

from companion.display import solid, text
from companion.display.draw_menu import draw_hint, draw_title, frame_width
from companion.display.layout import Layout
from companion.display.palette import DIM_TEXT, HIGHLIGHT, TEXT
from companion.games.movie.rating import row_note
from companion.games.notnot.sides import Side
from companion.inputs.actions import Action, action_of
from companion.inputs.keyboard import button_name
from companion.scenes.changes import ToMovieSheet, ToTitle
from companion.scenes.common.save_notices import short_reason
from companion.scenes.common.seating import STORE_ERRORS
from companion.scenes.core import Scene
from companion.storage.score_sheets import (
    NOT_RATED,
    MovieSheetLine,
    early_mark,
    movie_score_sheet,
)

LINES_SHOWN = 7


def sheet_text(line: MovieSheetLine) -> str:
    rounds = " ".join(str(points) for points in line.rounds)
    rating = f"{line.stars}* {line.title}" if line.rated else NOT_RATED
    return (f"{line.played_on}  {line.players}p  {line.team}  {rounds}  = {line.total}  "
            f"{rating}{early_mark(line)}")


def ring_around(canvas: pygame.Surface, layout: Layout, lines: list[text.Drawn]) -> pygame.Rect:
    """A ring in the highlight colour around ``lines`` (a game's line and its note), as a menu
    frames its chosen item, clear of the text; where it went."""
    ring = frame_width(layout)
    area = lines[0].rect.unionall([drawn.rect for drawn in lines[1:]])
    area = area.inflate(2 * round(layout.unit), 2 * ring)
    solid.rect(canvas, HIGHLIGHT, area, ring, border_radius=round(layout.unit))
    return area


class MovieSheetScene(Scene[ToMovieSheet]):
    """The kept score sheet; the newest game (just finished) is ringed in the
    highlight colour, as a menu frames its chosen item."""

    name = "movie-sheet"

    def enter(self, now_ns: int, change: ToMovieSheet) -> None:
        super().enter(now_ns, change)
        self.newest, self.top, self.unread = change.newest, 0, ""
        try:
            self.lines = movie_score_sheet(self.ctx.services.database())
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
        draw_title(canvas, layout, "Not That Movie! score sheet",
                   "date  players  team  rounds 1-5  = total  stars")
        if not self.lines:
            text.draw_fit(canvas, self.unread or "No game on the sheet yet.", layout.body_size,
                          wide, layout.min_text_size, DIM_TEXT,
                          center=(layout.width // 2, layout.height // 2))
        y = round(0.27 * layout.height)
        self.drawn, self.ringed = [], None
        bottom = round(0.88 * layout.height)   # above the hint line
        ring = frame_width(layout)
        for line in self.lines[self.top:self.top + LINES_SHOWN]:
            if y > bottom - layout.body_size:
                break                          # notes took the room: N/S scrolls to the rest
            newest = line.game_id == self.newest
            first = len(self.drawn)
            y += ring if newest else 0
            self.drawn += text.draw_fit(canvas, sheet_text(line), layout.body_size, wide,
                                        layout.min_text_size, HIGHLIGHT if newest else TEXT,
                                        midtop=(layout.width // 2, y))
            y = self.drawn[-1].rect.bottom
            note = row_note(line.players)
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
        return "movie-sheet"
