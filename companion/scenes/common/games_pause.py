"""Pause for the bookkeeping modes: resume, end the game, or leave with the game kept for
later.

*End the game* asks first, as every irreversible item does
(:class:`~companion.scenes.common.menu.MenuScene`), then ends the kept game as it stands,
marked ended early (a Not That Movie! game goes on the score sheet, shown with its line
ringed; a That's Not a Hat game back to the title).
"""

from __future__ import annotations

from companion.scenes.common.menu import MenuScene
from companion.scenes.transitions import ToGamesPause, ToTitle


class GamesPauseScene(MenuScene[ToGamesPause]):
    """Resume the game, end it, or go back to the title (the game is kept: resume it from its
    menu)."""

    name = "games-pause"
    title = "PAUSED"
    subtitle = "the game is kept: resume it later from its menu"

    def enter(self, now_ns: int, move: ToGamesPause) -> None:
        super().enter(now_ns, move)
        self.move, self.cursor = move, 0

    def items(self) -> list[str]:
        return ["Resume", "End the game", "Back to the title"]

    def question(self, index: int) -> str | None:
        return "End the game now? select again" if index == 1 else None

    def choose(self, index: int) -> None:
        if index == 0:
            self.back()
        elif index == 1:
            if self.move.kept is not None:
                self.move.kept.end_early()
            self.ctx.go(self.move.ended)
        else:
            self.ctx.go(ToTitle())

    def back(self) -> None:
        self.ctx.go(self.move.resume)
