"""Pause for the bookkeeping modes: resume, end the game, or leave with the game kept for
later.

*End the game* asks first, as every irreversible item does
(:class:`~companion.scenes.common.menu.MenuScene`), then ends the kept game as it stands,
marked ended early, and shows the game's score sheet with its line ringed.
"""

from __future__ import annotations

from companion.scenes.changes import ToGamesPause, ToTitle
from companion.scenes.common.kept_saves import save_kept
from companion.scenes.common.menu import MenuScene


class GamesPauseScene(MenuScene[ToGamesPause]):
    """Resume the game, end it, or go back to the title (the game is kept: resume it from its
    menu)."""

    name = "games-pause"
    title = "PAUSED"
    subtitle = "the game is kept: resume it later from its menu"
    shows_page_qr = True

    def enter(self, now_ns: int, change: ToGamesPause) -> None:
        super().enter(now_ns, change)
        self.change, self.cursor = change, 0

    def items(self) -> list[str]:
        return ["Resume", "End the game", "Back to the title"]

    def question(self, index: int) -> str | None:
        return "End the game now? select again" if index == 1 else None

    def choose(self, index: int) -> None:
        if index == 0:
            self.back()
        elif index == 1:
            if self.change.kept is not None:
                self.change.kept.end_early()
                save_kept(self.ctx, self.change.kept)
            self.ctx.go(self.change.ended)
        else:
            self.ctx.go(ToTitle())

    def pause(self) -> None:
        """The pause key again resumes, as it paused."""
        self.back()

    def back(self) -> None:
        self.ctx.go(self.change.resume)
