"""The open round: taps go to the round engine, in stamp order, until it closes.

Nothing is redrawn while the round is open (the final dice stay on screen).
The loop wakes at the round's close plus a short settle time (for taps
stamped before the close that arrive a moment later), then the round is
judged: tied players on the same card choose another, else the verdict.

Taps are final: a pause closes the round at the pause's stamp; after the
same settle time it is judged (or, if nobody had answered, cancelled so that
new dice are rolled) and the pause menu shows instead of what comes next.
"""

from __future__ import annotations

from companion.rules.taps import Tap
from companion.scenes.base import Scene
from companion.scenes.flow import answer_of, conclude_round
from companion.scenes.pausing import CANCELLED_NOTE, CLOSED_NOTE, pause_before_pending, wants_pause
from companion.scenes.play_view import draw_play, view_of


class RoundScene(Scene):
    """One open round of the game."""

    name = "round"

    def enter(self, now_ns: int, roll=None, t_open: int = 0, taps=(), words=(), inks=(), **details) -> None:
        self.round = self.ctx.game.open_round(roll, t_open)
        self.words, self.inks = list(words), list(inks)
        for tap in taps:
            self.round.offer(tap)
        self.pausing = False
        self.dirty = False  # the final dice are already on screen

    def handle(self, event, now_ns: int) -> None:
        if isinstance(event, Tap):
            if answer_of(self.ctx, event):
                self.round.offer(event)
        elif wants_pause(event) and not self.pausing:
            self.round.close_at(getattr(event, "t_ns", now_ns))
            self.pausing = True

    def draw(self, canvas) -> str | None:
        """The final dice again (only when something forces a redraw, e.g. a notice)."""
        draw_play(canvas, self.ctx.layout, view_of(self.ctx.game, self.round.roll, self.words, self.inks))
        return None

    def settled_at_ns(self) -> int:
        return self.round.closes_at_ns + round(self.ctx.pace.settle_s * 1e9)

    def wake_at_ns(self) -> int | None:
        return self.settled_at_ns()

    def update(self, now_ns: int) -> None:
        if now_ns < self.settled_at_ns():
            return
        if self.pausing and not self.round.answered:
            self.ctx.game.cancel_round(self.round)
            self.ctx.go("pause", resume=("roll", {}), note=CANCELLED_NOTE)
            return
        choosers = self.ctx.game.choosers(self.round)
        if choosers:
            self.ctx.go("tie-choice", round=self.round, choosers=choosers, words=self.words, inks=self.inks)
        else:
            conclude_round(self.ctx, self.round, self.words, self.inks)
        if self.pausing:
            pause_before_pending(self.ctx, CLOSED_NOTE)
