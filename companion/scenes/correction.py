"""Correction: make the model's table match the real cards, spot by spot.

Selecting a spot steps its card to the next face (RED, BLUE, GREEN, YELLOW,
WHITE, VOID); a face the rules refuse (a second void on the table, no such
card left) is skipped and the reason shown. ``Done`` (or W) returns to the
pause menu.
"""

from __future__ import annotations

from companion.rules.cards import TABLE_FACES
from companion.rules.game import RuleError
from companion.rules.sides import SIDES
from companion.scenes.menu import MenuScene


class CorrectionScene(MenuScene):
    """One item per spot showing its card, and Done."""

    name = "correction"
    title = "Correct the table"

    def enter(self, now_ns: int, resume=("roll", {}), **details) -> None:
        super().enter(now_ns)
        self.resume = resume
        self.subtitle = "select a spot to change its card"

    def items(self) -> list[str]:
        faces = self.ctx.game.faces()
        return [f"{side}: {faces[side] or 'empty'}" for side in SIDES] + ["Done"]

    def choose(self, index: int) -> None:
        if index == len(SIDES):
            self.back()
            return
        side = SIDES[index]
        current = self.ctx.game.faces()[side]
        start = TABLE_FACES.index(current) + 1 if current in TABLE_FACES else 0
        reasons = []
        for step in range(len(TABLE_FACES)):
            face = TABLE_FACES[(start + step) % len(TABLE_FACES)]
            try:
                self.ctx.game.correct(side, face)
            except RuleError as error:
                reasons.append(str(error))
                continue
            self.subtitle = f"{side} is now {face}" + (f" ({reasons[0]})" if reasons else "")
            return
        self.subtitle = reasons[0] if reasons else "no other card fits"

    def back(self) -> None:
        self.ctx.go("pause", resume=self.resume)
