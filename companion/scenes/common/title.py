"""The title screen and main menu: a new game of Not Not, the other two games, or quit.

Quit asks first ("Quit the companion? select again"), as N from the first item wraps to it.
Under the title, the leaderboard of named players when there is one
(:mod:`companion.scenes.common.leaderboard`, read at each entry), else the tagline.
"""

from __future__ import annotations

from companion.scenes.changes import ToHatSetup, ToMovieSetup, ToSetup, ToTitle
from companion.scenes.common.leaderboard import leaderboard_line
from companion.scenes.common.menu import MenuScene


class TitleScene(MenuScene[ToTitle]):
    """``NOT NOT`` and the main menu: one item per game, each named."""

    name = "title"
    title = "NOT NOT"
    subtitle = "the companion: dice, table and judge"
    shows_page_qr = True
    tagline = subtitle

    def enter(self, now_ns: int, change: ToTitle) -> None:
        super().enter(now_ns, change)
        self.subtitle = leaderboard_line(self.ctx) or self.tagline

    def items(self) -> list[str]:
        return ["Not Not", "Not That Movie!", "That's Not a Hat", "Quit"]

    def question(self, index: int) -> str | None:
        return "Quit the companion? select again" if index == 3 else None

    def choose(self, index: int) -> None:
        if index == 0:
            self.ctx.go(ToSetup())
        elif index == 1:
            self.ctx.go(ToMovieSetup())
        elif index == 2:
            self.ctx.go(ToHatSetup())
        else:
            self.ctx.quitting = True
