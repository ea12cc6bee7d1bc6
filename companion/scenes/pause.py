"""Pause: the game stands still until the table resumes.

Resuming a round that was rolling or open rolls it again (the same dice, as
the roll is drawn from the seed and the round number); nothing of that round
counts. From here the table can also correct the model of the table, end the
game (to the end screen, after asking: it is then listed as ended early), or
leave to the title (the game stays kept for resume).
"""

from __future__ import annotations

from companion.scenes.menu import MenuScene


class PauseScene(MenuScene):
    """Resume, correct the table, end the game, or go to the title."""

    name = "pause"
    title = "PAUSED"

    def enter(self, now_ns: int, resume=("roll", {}), **details) -> None:
        super().enter(now_ns)
        self.resume = resume
        self.cursor = 0

    def items(self) -> list[str]:
        return ["Resume", "Correct the table", "End the game", "Back to the title"]

    def question(self, index: int) -> str | None:
        return "End the game now? select again" if index == 2 else None

    def choose(self, index: int) -> None:
        if index == 0:
            self.back()
        elif index == 1:
            self.ctx.go("correction", resume=self.resume)
        elif index == 2:
            self.ctx.go("end")
        else:
            self.ctx.game = None
            self.ctx.go("title")

    def back(self) -> None:
        name, details = self.resume
        self.ctx.go(name, **details)
