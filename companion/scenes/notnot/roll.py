"""The roll: a short animation of tumbling dice words, then the final faces.

The round opens at the flip that first shows the final faces: this scene
hands that flip's stamp to the round scene. Taps that arrive while the dice
tumble are passed on too: stamped before the open, they count as too early,
and the next frame says so (the player's name flashes orange, a TOO EARLY
banner shows beside the dice). The final frame shows the round's countdown
(beside the banner while it shows, never under it), and once it is on screen
the roll is saved as seen (:func:`companion.scenes.notnot.saving.save_seen_roll`):
a resume never shows these dice again.

When rule cards have changed the level since the last roll (first game), a
level-up splash per rule card (:mod:`companion.scenes.notnot.level_up`), in
the order they came up, shows for twice a verdict's time (and at least one
frame) before the dice tumble; taps during them are no answer at all.
"""

from __future__ import annotations

import pygame

from companion.display.draw_verdict import VerdictView
from companion.display.stroop import inks_for
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.verdict import Verdict
from companion.inputs.actions import asks_pause
from companion.scenes.changes import ToPause, ToRoll, ToRound
from companion.scenes.core import Context, Scene
from companion.scenes.notnot.countdown import countdown_view, first_words
from companion.scenes.notnot.flow import answer_of
from companion.scenes.notnot.level_up import LevelWatch, level_up_view
from companion.scenes.notnot.play_view import (
    banner_part,
    dice_words,
    play_parts,
    play_texts,
    view_for,
)
from companion.scenes.notnot.saving import save_seen_roll
from companion.scenes.notnot.tap_feedback import TapFeedback


def new_feedback(ctx: Context) -> TapFeedback:
    """A round's tap feedback, made as its dice roll: the early banner stays a verdict's time;
    a telling tap plays its tone and lights the pressed button's LED (``ctx.hooks.on_tap``)."""
    def tell(player: int, side: Side, kind: str) -> None:
        ctx.services.sounds.play(f"tap-{kind}")
        ctx.hooks.on_tap(player, side, kind)

    return TapFeedback(ctx.services.pace.verdict_s, tell, ctx.session.setup.label)


class RollScene(Scene[ToRoll]):
    """Rolls the dice for the coming round and shows them landing."""

    name = "roll"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.levels = LevelWatch()

    def enter(self, now_ns: int, change: ToRoll) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        game = self.play.game
        self.roll = game.next_roll()
        self.ruling = game.ruling_for(self.roll)
        self.words = dice_words(self.roll)
        self.inks = inks_for([w or "" for w in self.words], self.ctx.services.rng)
        self.frame = 0
        self.next_frame_ns = now_ns
        #: The levels still to announce, one splash each, the one showing first.
        self.splashes = self.levels.reached(game)
        if self.splashes:
            self.start_splash(now_ns)
        self.early: list[Tap] = []
        self.feedback = new_feedback(self.ctx)
        self.now_ns = now_ns
        self.final_drawn = False

    def start_splash(self, now_ns: int) -> None:
        """Show the first splash of :attr:`splashes` for twice a verdict's time (at least one
        frame), with its tone and, once on screen, its call-out."""
        self.splash_until_ns = now_ns + round(2 * self.ctx.services.pace.verdict_s * 1e9)
        self.splash_drawn = False
        self.ctx.services.sounds.play("level-up")
        if self.ctx.services.voice is not None:  # spoken once the splash is on screen
            self.ctx.services.voice.say(f"level-{self.splashes[0].value}", self.ctx.after_frame)

    @property
    def splashing(self) -> bool:
        """Whether a level-up splash is still showing (the dice have not started)."""
        return bool(self.splashes)

    def next_splash(self, now_ns: int) -> None:
        """The splash showing has been seen for its time: the next one, else the dice."""
        self.splashes.pop(0)
        self.dirty = True
        if self.splashes:
            self.start_splash(now_ns)
        else:
            self.next_frame_ns = now_ns

    @property
    def frames(self) -> int:
        return self.ctx.services.pace.roll_frames

    def handle(self, event: object, now_ns: int) -> None:
        if isinstance(event, Tap):
            if answer_of(self.play, event) and not self.splashing:
                self.early.append(event)
                self.dirty = self.feedback.show(event, Verdict.EARLY, now_ns) or self.dirty
        elif asks_pause(event):
            self.ctx.go(ToPause(resume=ToRoll(play=self.play), play=self.play))

    def update(self, now_ns: int) -> None:
        self.now_ns = now_ns
        if self.splashing:
            if self.splash_drawn and now_ns >= self.splash_until_ns:
                self.next_splash(now_ns)
            return
        if self.frame < self.frames and now_ns >= self.next_frame_ns:
            if self.frame == 0:
                self.ctx.services.sounds.play("roll")
            self.frame += 1
            self.next_frame_ns = now_ns + round(self.ctx.services.pace.roll_frame_s * 1e9)
            self.dirty = True

    def wake_at_ns(self) -> int | None:
        if self.splashing:
            return self.splash_until_ns if self.splash_drawn else None
        return self.next_frame_ns if self.frame < self.frames else None

    def tumbling_words(self) -> list[str | None]:
        """Random faces of the same dice, for one frame of the animation."""
        dice, rng = self.play.game.dice, self.ctx.services.rng
        faces = [dice.negation, dice.direction, dice.colour]
        return [rng.choice(f) if word else None for word, f in zip(self.words, faces)]

    def draw(self, canvas: pygame.Surface) -> str | None:
        if self.splashing:
            view = view_for(self.ctx, self.play.game)
            view.level = self.splashes[0].value   # the level this splash brings
            layout = self.ctx.services.layout
            splash = banner_part(layout, level_up_view(self.splashes[0]))
            parts = [*play_parts(layout, view), splash]
            drawn = self.ctx.services.frame.compose(canvas, parts)
            self.drawn_texts = play_texts(drawn) + drawn["banner"]
            self.splash_drawn = True
            return "level-up"
        final = self.frame >= self.frames
        words = self.words if final else self.tumbling_words()
        inks = self.inks if final else inks_for([w or "" for w in words], self.ctx.services.rng)
        view = view_for(self.ctx, self.play.game, self.roll, words, inks)
        view.flashes = self.feedback.flashes()
        view.panel = self.countdown() if final else None
        view.early = self.feedback.early_banner(self.now_ns)
        parts = play_parts(self.ctx.services.layout, view)
        self.drawn_texts = play_texts(self.ctx.services.frame.compose(canvas, parts))
        self.final_drawn = final
        if not final:
            return "rolling"
        return f"round-open-{self.roll.level}" + ("-liar" if self.roll.liar else "")

    def countdown(self) -> VerdictView:
        """The countdown as the round opens: the same in every round (see the round scene)."""
        timing = self.play.game.timing
        first_ns = min(timing.idle_timeout_ns, timing.round_timeout_ns)
        return countdown_view(first_ns, 0, first_words(timing))

    def flipped(self, t_ns: int) -> None:
        """The flip that shows the final dice opens the round; the table has seen them, so
        they are saved as seen (after the frame, off the tap's path)."""
        if self.final_drawn:
            save_seen_roll(self.ctx, self.play, self.roll)
            self.ctx.go(ToRound(roll=self.roll, t_open_ns=t_ns, taps=self.early, words=self.words,
                                inks=self.inks, feedback=self.feedback, play=self.play))
