"""Same-card tie: tied players whose card was taken each pick another.

The earliest of the tied players took the card; every other tied player on
that card presses the spot button of the card they take instead (a void
on the table is taken first, whatever they press). After the choice
timeout, the lowest free side in N, E, S, W order is taken for them.
"""

from __future__ import annotations

import pygame

from companion.display.draw_scores import player_label
from companion.display.draw_verdict import VerdictView, draw_verdict
from companion.scenes.base import Scene
from companion.scenes.flow import answer_of, conclude_round
from companion.scenes.pausing import wants_pause
from companion.scenes.play_view import draw_play, view_of


class TieChoiceScene(Scene):
    """Waits for each chooser's spot button, or the choice timeout."""

    name = "tie-choice"

    def enter(self, now_ns: int, round=None, choosers=(), words=(), inks=(), **details) -> None:
        super().enter(now_ns)
        self.round, self.words, self.inks = round, list(words), list(inks)
        self.choosers = list(choosers)
        self.choices: dict = {}
        self.until_ns = now_ns + self.ctx.game.timing.choice_timeout_ns

    def handle(self, event, now_ns: int) -> None:
        if wants_pause(event):
            self.ctx.go("pause", resume=("tie-choice", {"round": self.round, "choosers": self.choosers,
                                                        "words": self.words, "inks": self.inks}))
        elif answer_of(self.ctx, event) and event.player in self.choosers and event.player not in self.choices:
            self.choices[event.player] = event.side
            self.dirty = True

    def wake_at_ns(self) -> int | None:
        return self.until_ns

    def update(self, now_ns: int) -> None:
        if now_ns >= self.until_ns or all(p in self.choices for p in self.choosers):
            conclude_round(self.ctx, self.round, self.words, self.inks, self.choices)

    def draw(self, canvas: pygame.Surface) -> str | None:
        draw_play(canvas, self.ctx.layout, view_of(self.ctx.game, self.round.roll, self.words, self.inks))
        waiting = [p for p in self.choosers if p not in self.choices]
        view = VerdictView("tie", "TIE ON ONE CARD",
                           tuple(f"{player_label(p)}: press the spot you take" for p in waiting))
        draw_verdict(canvas, self.ctx.layout, view)
        return "tie-choice"
