"""Pause: the game stands still until the table resumes.

Taps are final: a round open at the pause was closed and judged before this
menu shows (:mod:`companion.scenes.common.pausing`), and the menu's subtitle says
so; Resume then shows its verdict, or rolls new dice if nobody had tapped. A verdict
paused comes back on Resume (:class:`~companion.scenes.changes.ToVerdict`'s ``again``).
A roll still tumbling at the pause (its dice not yet shown) rolls again on
Resume. From here the table can also correct the model of the table, end the
game (to the end screen, after asking: it is then listed as ended early), or
leave to the title (the game stays kept for resume).
"""

from __future__ import annotations

from companion.scenes.changes import (
    ToCorrection,
    ToEnd,
    ToPause,
    ToRoll,
    ToTieChoice,
    ToTitle,
)
from companion.scenes.common.menu import MenuScene
from companion.scenes.notnot.flow import round_edges, settle_round
from companion.scenes.notnot.saving import leave_for_title, save_round


class PauseScene(MenuScene[ToPause]):
    """Resume, correct the table, end the game, or go to the title."""

    name = "pause"
    title = "PAUSED"
    shows_page_qr = True

    def enter(self, now_ns: int, change: ToPause) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        self.resume = change.resume
        self.subtitle = change.note
        self.cursor = 0

    def items(self) -> list[str]:
        return ["Resume", "Correct the table", "End the game", "Back to the title"]

    def question(self, index: int) -> str | None:
        return "End the game now? select again" if index == 2 else None

    def choose(self, index: int) -> None:
        if index == 0:
            self.back()
        elif index == 1:
            self.ctx.go(ToCorrection(resume=self.resume, note=self.subtitle, play=self.play))
        elif index == 2:
            self.settle_interrupted_tie()
            self.ctx.go(ToEnd(play=self.play))
        else:
            self.settle_interrupted_tie()
            leave_for_title(self.ctx, self.play)
            self.ctx.go(ToTitle())

    def settle_interrupted_tie(self) -> None:
        """Taps are final: a tie choice the pause interrupted is settled before the game is
        left, with the choices made so far and the default side for the rest."""
        if isinstance(self.resume, ToTieChoice):
            record = settle_round(self.play, self.resume.round, self.resume.chosen)
            edges = round_edges(self.ctx, self.play, self.resume.round)
            save_round(self.ctx, self.play, record, edges, replaces=True)
            self.resume = ToRoll(play=self.play)

    def pause(self) -> None:
        """The pause key again resumes, as it paused."""
        self.back()

    def back(self) -> None:
        self.ctx.go(self.resume)
