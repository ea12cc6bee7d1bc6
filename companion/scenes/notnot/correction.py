"""Correction: make the model's table match the real cards, spot by spot, both ways.

N/S move between the spots; E steps the card under the cursor to the next
face (RED, BLUE, GREEN, YELLOW, WHITE, VOID, round again), W to the previous
one, so a card stepped past is one press back. A touch on a spot steps it
forward. A face the rules refuse (a second void on the table, no such card
left) is skipped and the reason shown. ``Done`` (E or W on it), Backspace
on it, or the pause key returns to the pause menu, with the note it showed
(e.g. that the round closed at the pause). Each card changed is saved at once, the
way finished rounds are, so a resume keeps it (and, while the pause stands in front of the
verdict of a round closed at it, that the table has not seen that verdict yet).
"""

from __future__ import annotations

from companion.games.notnot.cards import TABLE_FACES
from companion.games.notnot.game import RuleError
from companion.games.notnot.sides import SIDES, Side
from companion.inputs.actions import Action, action_of
from companion.scenes.changes import NotNotChange, ToCorrection, ToPause, ToTieChoice, ToVerdict
from companion.scenes.common.menu import MenuScene
from companion.scenes.notnot.flow import save_tie_under_way
from companion.scenes.notnot.saving import save_correction


def verdict_unseen(resume: NotNotChange) -> bool:
    """Whether Resume (``resume``) first shows the verdict of a round closed at the pause,
    which the table has not seen yet."""
    return isinstance(resume, ToVerdict) and resume.unseen and not resume.again


class CorrectionScene(MenuScene[ToCorrection]):
    """One item per spot showing its card, and Done."""

    name = "correction"
    title = "Correct the table"

    def enter(self, now_ns: int, change: ToCorrection) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        self.resume = change.resume
        #: The pause menu's note, shown again on the way back.
        self.note = change.note
        self.subtitle = f"{self.button(Side.E)}: next card   {self.button(Side.W)}: previous card"

    def items(self) -> list[str]:
        faces = self.play.game.faces()
        return [f"{side}: {faces[side] or 'empty'}" for side in SIDES] + ["Done"]

    def hint(self) -> str:
        n, e, s, w = (self.button(side) for side in SIDES)
        return f"{n}/{s} spot   {e} next card   {w} previous card"

    def handle(self, event: object, now_ns: int) -> None:
        if action_of(event) is Action.BACK and self.cursor < len(SIDES):
            self.step(SIDES[self.cursor], -1)
        else:
            super().handle(event, now_ns)

    def pause(self) -> None:
        """The pause key returns to the pause menu."""
        self.back()

    def choose(self, index: int) -> None:
        if index == len(SIDES):
            self.back()
        else:
            self.step(SIDES[index], +1)

    def step(self, side: Side, direction: int) -> None:
        """Step the card on ``side`` to the next face (``direction`` +1) or the previous (-1)
        that the rules accept."""
        current = self.play.game.faces()[side]
        if current in TABLE_FACES:
            start = TABLE_FACES.index(current) + direction
        else:
            start = 0 if direction > 0 else len(TABLE_FACES) - 1
        reasons = []
        for count in range(len(TABLE_FACES)):
            face = TABLE_FACES[(start + direction * count) % len(TABLE_FACES)]
            try:
                self.play.game.correct(side, face)
            except RuleError as error:
                reasons.append(f"{face} skipped: {error}")
                continue
            if isinstance(self.resume, ToTieChoice):   # its round stands saved, as settled
                save_tie_under_way(self.ctx, self.play, self.resume.round,
                                   self.resume.choosers, self.resume.chosen)
            else:
                save_correction(self.ctx, self.play, unseen=verdict_unseen(self.resume))
            self.subtitle = f"{side} is now {face}" + (f" ({reasons[0]})" if reasons else "")
            self.dirty = True
            return
        self.subtitle = reasons[0] if reasons else "no other card fits"
        self.dirty = True

    def back(self) -> None:
        self.ctx.go(ToPause(resume=self.resume, note=self.note, play=self.play))
