"""The title screen and main menu: a new game of Not Not, the other two games, the kept players
(rename, merge: :mod:`companion.scenes.common.players_menu`), or quit.

Quit asks first ("Quit the companion? select again"), as N from the first item wraps to it;
while saves wait to be written (a full disk), the question says how many quitting loses.
Under the title, the leaderboard of named players when there is one
(:mod:`companion.scenes.common.leaderboard`, read at each entry), else the tagline.
"""

from __future__ import annotations

import pygame

from companion.display.draw_menu import heading_bottom, item_rects
from companion.scenes.changes import ToHatSetup, ToMovieSetup, ToPlayers, ToSetup, ToTitle
from companion.scenes.common.leaderboard import leaderboard_line
from companion.scenes.common.menu import MenuScene

#: Where the title menu's items end (a share of the height): above the QR code's room.
TITLE_ITEMS_END = 0.8


class TitleScene(MenuScene[ToTitle]):
    """``NOT NOT`` and the main menu: one item per game, each named."""

    name = "title"
    title = "NOT NOT"
    subtitle = "the companion: dice, table and judge"
    shows_page_qr = True
    tagline = subtitle
    goes_back = False   # the first menu: nothing lies behind it

    def enter(self, now_ns: int, change: ToTitle) -> None:
        super().enter(now_ns, change)
        self.subtitle = leaderboard_line(self.ctx) or self.tagline

    def item_rects(self) -> list[pygame.Rect]:
        """The items closer together, so the page's QR code keeps its room under them."""
        layout = self.ctx.services.layout
        return item_rects(layout, self.items(), end=TITLE_ITEMS_END,
                          below=heading_bottom(layout, self.title, self.subtitle))

    def items(self) -> list[str]:
        return ["Not Not", "Not That Movie!", "That's Not a Hat", "Players", "Quit"]

    def question(self, index: int) -> str | None:
        if index != 4:
            return None
        book = self.ctx.services.saves
        waiting = len(book.waiting) + len(book.kept)
        if waiting:   # what quitting now costs: saves that could not be written yet
            return (f"Quit? {waiting} save{'s' if waiting > 1 else ''} not on disk yet "
                    "will be lost: select again")
        return "Quit the companion? select again"

    def choose(self, index: int) -> None:
        if index == 0:
            self.ctx.go(ToSetup())
        elif index == 1:
            self.ctx.go(ToMovieSetup())
        elif index == 2:
            self.ctx.go(ToHatSetup())
        elif index == 3:
            self.ctx.go(ToPlayers())
        else:
            self.ctx.quitting = True
