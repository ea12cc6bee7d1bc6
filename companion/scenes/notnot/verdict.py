"""The verdict: a panel beside the dice and the card won ringed on the table.

The table is shown as it was during the round, with the spots taken ringed, so the table
sees which card went where (with no winner, the cards that could have been tapped are ringed
instead), the deck with the cards it held during the round; the scores are already the new
ones. Under the verdict, the tap timeline shows every tap of the round (a round without taps
has none: the verdict takes its room). Every line of the verdict is shown: a verdict too long
for its panel is shown in pages, each for the verdict's time. A tone per kind of verdict plays,
the winners' button LEDs are lit (through the context's hook), with the voice on its call-out
is queued to be spoken once the frame is up, and after a moment the game goes on. Paused,
the verdict comes back whole on Resume (without its tone and call-out again). The verdict of a
round closed at a pause, saved as not yet shown, is saved as seen once on screen
(:func:`~companion.scenes.notnot.saving.save_verdict_shown`). A player's
pad button pressed meanwhile, :data:`~companion.scenes.common.late_taps.LATE_TAP_S` or more
after the verdict came, opens the round's replay (:mod:`companion.scenes.notnot.replay`)
instead; a press sooner is a late tap of the round just judged (a player a few hundred
milliseconds behind the winner) and the verdict stays.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from companion.audio.voice import callout
from companion.display.draw_timeline import timeline_part
from companion.display.palette import HIGHLIGHT, OPTION
from companion.display.timeline_axis import timeline_view
from companion.display.verdict_words import verdict_view
from companion.games.notnot.sides import Side
from companion.inputs.actions import asks_pause
from companion.scenes.changes import ToPause, ToReplay, ToVerdict
from companion.scenes.common.late_taps import late_tap
from companion.scenes.core import Scene
from companion.scenes.notnot.flow import after_round, answer_of, next_after_round
from companion.scenes.notnot.play_view import (
    PagedPanel,
    panel_room,
    play_parts,
    play_texts,
    view_for,
)
from companion.scenes.notnot.saving import save_verdict_shown


class VerdictScene(Scene[ToVerdict]):
    """Shows one round's verdict for ``pace.verdict_s`` seconds a page, and at least one frame
    (a verdict is never left before the table has seen it, however slow the loop)."""

    name = "verdict"

    def enter(self, now_ns: int, change: ToVerdict) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        record, ruling = change.record, change.ruling
        self.record, self.edges, self.entered_ns = record, change.edges, now_ns
        self.view = verdict_view(record, ruling.tap, change.scores_before,
                                 self.ctx.session.setup.names)
        tie_window_us = change.play.game.timing.tie_window_ns / 1000
        self.timeline = timeline_view(record, tie_window_us) if record.taps else None
        play_screen = view_for(self.ctx, change.play.game, change.roll, change.words, change.inks)
        play_screen.faces = dict(change.before)
        if play_screen.cards_left is not None:
            play_screen.cards_left = record.cards_before_refill(play_screen.cards_left)
        play_screen.outlines = {Side(w.from_side): HIGHLIGHT for w in record.winners}
        play_screen.marked = tuple(w.player for w in record.winners)
        if ruling.tap and not record.winners:  # show which cards could have been tapped
            play_screen.outlines = {side: OPTION for side in ruling.valid}
        layout = self.ctx.services.layout
        self.room = panel_room(layout, play_screen.words, self.view, self.timeline is not None)
        play_screen.rows = self.room.rows
        self.play_view = play_screen
        self.panel = PagedPanel(self.room, now_ns, self.ctx.services.pace.verdict_s)
        self.pages = self.panel.pages(layout, self.view)
        self.now_ns = now_ns
        self.shown = False
        self.until_ns = now_ns + round(self.panel.page_s * 1e9) * self.pages
        self.change = change
        if change.unseen and not change.again:   # Resume shows a verdict the pause hid
            save_verdict_shown(self.ctx, self.play)
        if not change.again:
            self.ctx.services.sounds.play(self.view.kind)
            if self.ctx.services.voice is not None:  # spoken once this frame is on screen
                self.ctx.services.voice.say(callout(record, self.ctx.session.setup.names),
                                            self.ctx.after_frame, instead=callout(record))
        self.ctx.hooks.on_winners([(w.player, Side(w.from_side)) for w in record.winners])

    def handle(self, event: object, now_ns: int) -> None:
        if asks_pause(event):   # Resume shows the verdict again: it was paused to be read
            self.ctx.go(ToPause(resume=replace(self.change, again=True), play=self.play))
        elif (tap := answer_of(self.play, event)) and \
                not late_tap(tap.t_ns, self.entered_ns):
            self.ctx.go(ToReplay(record=self.record, edges=self.edges, play=self.play,
                                 resume=next_after_round(self.play, self.record.dealt)))

    @property
    def page(self) -> int:
        """The page of the verdict on screen."""
        return self.panel.page(self.ctx.services.layout, self.view, self.now_ns)

    def wake_at_ns(self) -> int | None:
        return min(self.until_ns, self.panel.next_turn_ns(self.now_ns))

    def update(self, now_ns: int) -> None:
        page, self.now_ns = self.page, now_ns
        self.dirty = self.dirty or self.page != page
        if self.shown and now_ns >= self.until_ns:
            after_round(self.ctx, self.play, self.record.dealt)

    def draw(self, canvas: pygame.Surface) -> str | None:
        layout = self.ctx.services.layout
        parts = [*play_parts(layout, self.play_view),
                 self.panel.part(layout, self.view, self.now_ns)]
        if self.timeline is not None:
            parts.append(timeline_part(layout, self.timeline, self.ctx.session.setup.names))
        drawn = self.ctx.services.frame.compose(canvas, parts)
        self.play_drawn, self.drawn = play_texts(drawn), drawn["verdict"]
        self.timeline_drawn = drawn.get("timeline", [])
        self.shown = True
        return f"verdict-{self.view.kind}"
