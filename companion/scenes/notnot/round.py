"""The open round: taps go to the round engine, in stamp order, until it closes.

The final dice stay on screen. Each telling tap is shown at once
(:mod:`companion.scenes.notnot.tap_feedback`): the next frame flashes the player's
name (a valid tap whose round settles within a frame shows its verdict
instead, which is sooner than a flash and then a verdict). Beside the dice
a countdown shows the seconds until the round closes by its clock (while a
TOO EARLY banner shows, the two share the panel: the banner never covers
it). For the first ``idle_timeout`` it counts down to the idle close in every round, so
it never tells the table whether anybody may tap; after that (a round that
needs a tap) it counts down to the round timeout.

The loop wakes at the round's close plus a short settle time (for taps
stamped before the close that arrive a moment later), then the round is
judged: tied players on the same card choose another, else the verdict.

Taps are final: a pause closes the round at the pause's stamp; after the
same settle time it is judged (or, if nobody had answered, cancelled so that
new dice are rolled) and the pause menu shows instead of what comes next.

With handicaps, each tap goes to the round at the stamp its player's head
start gives it (:mod:`companion.scenes.notnot.head_starts`), and the round is
judged its largest head start later.
"""

from __future__ import annotations

import json
import logging

import pygame

from companion.display.draw_verdict import VerdictView
from companion.games.notnot.round import COUNTED, Round
from companion.games.notnot.taps import Tap
from companion.inputs.actions import asks_pause
from companion.scenes.changes import ToPause, ToRoll, ToRound, ToTieChoice
from companion.scenes.common.pausing import (
    CANCELLED_NOTE,
    CLOSED_NOTE,
    pause_before_pending,
)
from companion.scenes.core import Scene
from companion.scenes.notnot.countdown import (
    CLOSED_WORDS,
    COUNTDOWN_WORDS,
    countdown_view,
    first_words,
    next_change_ns,
    seconds_left,
)
from companion.scenes.notnot.flow import answer_of, conclude_round
from companion.scenes.notnot.head_starts import judged_tap, wait_ns
from companion.scenes.notnot.play_view import play_parts, play_texts, view_for
from companion.scenes.notnot.roll import new_feedback
from companion.scenes.notnot.saving import save_cancelled_roll

log = logging.getLogger(__name__)

#: One frame at 60 Hz, in nanoseconds.
FRAME_NS = 16_666_667


def clock_close_ns(round_: Round, now_ns: int) -> int:
    """What the countdown counts down to at ``now_ns``: the idle close until it has passed (the
    same in every round), then the round's close."""
    idle_close = round_.t_open_ns + round_.timing.idle_timeout_ns
    return min(idle_close, round_.closes_at_ns) if now_ns < idle_close else round_.closes_at_ns


def countdown_panel(round_: Round, now_ns: int) -> VerdictView:
    """The countdown of ``round_`` at ``now_ns``: its first seconds say what they end in every
    round alike (the round, if nobody may tap), then the round's own close; once closed, that
    it is (it may wait for a head start's tap before its verdict)."""
    idle_close = round_.t_open_ns + round_.timing.idle_timeout_ns
    words = first_words(round_.timing) if now_ns < idle_close else COUNTDOWN_WORDS
    if now_ns >= round_.closes_at_ns:
        words = CLOSED_WORDS
    return countdown_view(clock_close_ns(round_, now_ns), now_ns, words)


class RoundScene(Scene[ToRound]):
    """One open round of the game."""

    name = "round"

    def enter(self, now_ns: int, change: ToRound) -> None:
        self.play = change.play
        game = self.play.game
        self.round = game.open_round(change.roll, change.t_open_ns)
        # The journal keeps every roll as `companion judge` reads it: a disputed round
        # can be judged again from `journalctl -u companion`.
        log.info("round open: %s", json.dumps(
            {**change.roll.to_dict(), "table": {s.value: f for s, f in game.faces().items()}}))
        self.words, self.inks = list(change.words), list(change.inks)
        #: When the table paused this round (its stamp), else ``None``.
        self.paused_at_ns: int | None = None
        for tap in change.taps:
            self.round.offer(self.judged(tap))
        self.feedback = change.feedback or new_feedback(self.ctx)
        self.pausing = False
        self.now_ns = now_ns
        self.shown = self.panel_key(now_ns)
        self.dirty = False  # the final dice are already on screen

    def handle(self, event: object, now_ns: int) -> None:
        if isinstance(event, Tap):
            if answer_of(self.play, event):
                tap = self.judged(event)
                self.round.offer(tap)
                kind = self.round.feedback_of(tap)
                shown = self.feedback.show(tap, kind, now_ns)
                self.dirty = self.dirty or (shown and not self.verdict_is_next(kind, now_ns))
        elif asks_pause(event) and not self.pausing:
            self.paused_at_ns = getattr(event, "t_ns", now_ns)
            self.round.close_at(self.paused_at_ns)
            self.pausing = True

    def judged(self, tap: Tap) -> Tap:
        """``tap`` at the stamp the judge takes it at (its player's head start off)."""
        return judged_tap(tap, self.play.head_starts, self.round.t_open_ns, self.paused_at_ns)

    def verdict_is_next(self, kind: str, now_ns: int) -> bool:
        """Whether a counted tap's flash would only delay the verdict: the round settles within
        a frame, and the verdict frame tells the table more."""
        return kind == COUNTED and self.settled_at_ns() - now_ns < FRAME_NS

    def panel_key(self, now_ns: int) -> tuple:
        """What the panel beside the dice shows at ``now_ns``, as a key that changes with it."""
        return (self.feedback.early_banner(now_ns) is not None,
                seconds_left(clock_close_ns(self.round, now_ns), now_ns))

    def panel(self, now_ns: int) -> VerdictView:
        """The countdown at ``now_ns``."""
        return countdown_panel(self.round, now_ns)

    def draw(self, canvas: pygame.Surface) -> str | None:
        """The final dice, the countdown beside them (and the early banner beside it while it
        shows), the flashing names."""
        view = view_for(self.ctx, self.play.game, self.round.roll, self.words, self.inks)
        view.panel = self.panel(self.now_ns)
        view.early = self.feedback.early_banner(self.now_ns)
        view.flashes = self.feedback.flashes()
        parts = play_parts(self.ctx.services.layout, view)
        self.drawn_texts = play_texts(self.ctx.services.frame.compose(canvas, parts))
        return "round-countdown"

    def settled_at_ns(self) -> int:
        """When the round is judged: its close, the time a head start may still bring a tap
        inside it (after a pause: no later than the pause), and the settle time."""
        close = self.round.closes_at_ns
        head_start = wait_ns(self.play.head_starts)
        if self.paused_at_ns is not None:
            head_start = min(head_start, self.paused_at_ns - close)
        return close + head_start + round(self.ctx.services.pace.settle_s * 1e9)

    def wake_at_ns(self) -> int | None:
        wakes = [self.settled_at_ns(), self.feedback.wake_at_ns(self.now_ns),
                 next_change_ns(clock_close_ns(self.round, self.now_ns), self.now_ns)]
        return min(t for t in wakes if t is not None)

    def update(self, now_ns: int) -> None:
        self.now_ns = now_ns
        if self.panel_key(now_ns) != self.shown:
            self.shown = self.panel_key(now_ns)
            self.dirty = True
        if now_ns < self.settled_at_ns():
            return
        if self.pausing and not self.round.answered:
            self.play.game.cancel_round(self.round)
            save_cancelled_roll(self.ctx, self.play)
            self.ctx.go(ToPause(resume=ToRoll(play=self.play), note=CANCELLED_NOTE,
                                play=self.play))
            return
        choosers = self.play.game.choosers(self.round)
        if choosers:
            self.ctx.go(ToTieChoice(round=self.round, choosers=choosers, words=self.words,
                                    inks=self.inks, play=self.play))
        else:
            conclude_round(self.ctx, self.play, self.round, self.words, self.inks,
                           at_pause=self.pausing)
        if self.pausing:
            pause_before_pending(self.ctx, self.play, CLOSED_NOTE)
