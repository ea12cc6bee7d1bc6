"""The verdict: a panel beside the dice and the card won ringed on the table.

The table is shown as it was during the round, with the spots taken ringed, so the table
sees which card went where (with no winner, the cards that could have been tapped are ringed
instead); the scores are already the new ones. Under the verdict, the tap timeline shows
every tap of the round. A tone per kind of verdict plays, the winners' button LEDs are lit
(through the context's hook), with the voice on its call-out is queued to be spoken once the
frame is up, and after a moment the game goes on.
"""

from __future__ import annotations

import pygame

from companion.audio.voice import callout
from companion.display.draw_timeline import draw_timeline, timeline_view
from companion.display.draw_verdict import draw_verdict
from companion.display.palette import HIGHLIGHT, OPTION
from companion.display.verdict_words import verdict_view
from companion.games.notnot.sides import Side
from companion.inputs.actions import asks_pause
from companion.scenes.base import Scene
from companion.scenes.notnot.flow import after_round, next_after_round
from companion.scenes.notnot.play_view import draw_play, view_for
from companion.scenes.transitions import ToPause, ToVerdict


class VerdictScene(Scene[ToVerdict]):
    """Shows one round's verdict for ``pace.verdict_s`` seconds."""

    name = "verdict"

    def enter(self, now_ns: int, move: ToVerdict) -> None:
        super().enter(now_ns, move)
        record, ruling = move.record, move.ruling
        self.record = record
        self.view = verdict_view(record, ruling.tap, move.scores_before)
        self.timeline = timeline_view(record, self.ctx.services.tie_window_ns / 1000)
        play = view_for(self.ctx, move.roll, move.words, move.inks)
        play.faces = dict(move.before)
        play.outlines = {Side(w.from_side): HIGHLIGHT for w in record.winners}
        play.marked = tuple(w.player for w in record.winners)
        if ruling.tap and not record.winners:  # show which cards could have been tapped
            play.outlines = {side: OPTION for side in ruling.valid}
        self.play = play
        self.until_ns = now_ns + round(self.ctx.services.pace.verdict_s * 1e9)
        self.ctx.services.sounds.play(self.view.kind)
        if self.ctx.services.voice is not None:  # spoken once this frame is on screen
            self.ctx.services.voice.say(callout(record), self.ctx.after_frame)
        self.ctx.hooks.on_winners([(w.player, Side(w.from_side)) for w in record.winners])

    def handle(self, event: object, now_ns: int) -> None:
        if asks_pause(event):
            self.ctx.go(ToPause(resume=next_after_round(self.ctx, self.record.dealt)))

    def wake_at_ns(self) -> int | None:
        return self.until_ns

    def update(self, now_ns: int) -> None:
        if now_ns >= self.until_ns:
            after_round(self.ctx, self.record.dealt)

    def draw(self, canvas: pygame.Surface) -> str | None:
        self.play_drawn = draw_play(canvas, self.ctx.services.layout, self.play)
        layout = self.ctx.services.layout
        self.drawn = draw_verdict(canvas, layout, self.view, layout.verdict_over_timeline,
                                  headline_size=layout.title_size * 4 // 5)
        self.timeline_drawn = draw_timeline(canvas, layout, self.timeline, layout.timeline)
        return f"verdict-{self.view.kind}"
