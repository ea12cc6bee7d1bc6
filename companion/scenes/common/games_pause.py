"""Pause for the bookkeeping modes: resume, or leave with the game kept for later."""

from __future__ import annotations

from companion.scenes.common.menu import MenuScene
from companion.scenes.transitions import ToGamesPause, ToTitle


class GamesPauseScene(MenuScene[ToGamesPause]):
    """Resume the game, or go back to the title (the game is kept: resume it from its menu)."""

    name = "games-pause"
    title = "PAUSED"
    subtitle = "the game is kept: resume it later from its menu"

    def enter(self, now_ns: int, move: ToGamesPause) -> None:
        super().enter(now_ns, move)
        self.resume, self.cursor = move.resume, 0

    def items(self) -> list[str]:
        return ["Resume", "Back to the title"]

    def choose(self, index: int) -> None:
        self.ctx.go(self.resume if index == 0 else ToTitle())

    def back(self) -> None:
        self.ctx.go(self.resume)
