"""Same-card tie: tied players whose card was taken each pick another.

The earliest of the tied players took the card; every other tied player on
that card presses the spot button of the card they take instead (a void
on the table is taken first, whatever they press). The prompt, beside the
dice, names the tied card, who took it (and who else took a card in the same
tie), and counts down the choice timeout
(the countdown under every page, should the prompt need pages); after it, the
lowest free side in N, E, S, W order is taken for them. While they choose, the round is
saved as that countdown would settle it, with the choices made so far: a power cut
during the choice keeps the cards the table saw taken.

Pressing the tied card again (the natural reflex) is not a choice, nor is a
press on a card another winner takes, nor a press stamped before the prompt
was on screen: only a free card counts.

A touch on a free card (ringed in cyan) chooses it for the first player still
asked; a touch anywhere else does nothing. Here a touch never pauses: Esc or
the menu button do. With the voice on, the prompt is said as it opens ("Tie! Choose
a free card").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from companion.audio.voice import CHOOSE
from companion.display.draw_verdict import VerdictView
from companion.display.palette import HIGHLIGHT, OPTION
from companion.games.notnot.round import plan_awards
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap
from companion.inputs.actions import Point, asks_pause
from companion.inputs.keyboard import KeyMap, button_name, keypad_said_once
from companion.scenes.changes import ToPause, ToTieChoice
from companion.scenes.core import Scene
from companion.scenes.notnot.countdown import countdown_line, next_change_ns, seconds_left
from companion.scenes.notnot.flow import answer_of, conclude_round, save_tie_under_way
from companion.scenes.notnot.play_view import (
    PagedPanel,
    panel_room,
    play_parts,
    play_texts,
    view_for,
)


class TieChoiceScene(Scene[ToTieChoice]):
    """Waits for each chooser's spot button, or the choice timeout."""

    name = "tie-choice"

    def enter(self, now_ns: int, change: ToTieChoice) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        self.change = change
        self.round, self.words, self.inks = change.round, list(change.words), list(change.inks)
        self.choosers = list(change.choosers)
        self.choices: dict[int, Side] = dict(change.chosen)
        self.shown_ns = now_ns
        self.now_ns = now_ns
        self.until_ns = now_ns + self.play.game.timing.choice_timeout_ns
        winners = self.round.outcome().winners
        self.tapped = {tap.player: tap.side for tap in winners}
        awards, _ = plan_awards(winners, self.play.game.table)
        self.taken = {a.side: a.player for a in awards if a.player not in self.choosers}
        table = self.play.game.table
        self.free = [side for side in SIDES if table[side] is not None and side not in self.taken]
        self.room = panel_room(self.ctx.services.layout, self.words, self.prompt(), False)
        self.panel = PagedPanel(self.room, now_ns, self.ctx.services.pace.verdict_s)
        save_tie_under_way(self.ctx, self.play, self.round, self.choosers, self.choices)
        if self.ctx.services.voice is not None:   # a player who cannot read the prompt hears it
            self.ctx.services.voice.say(CHOOSE, self.ctx.after_frame)

    def handle(self, event: object, now_ns: int) -> None:
        if isinstance(event, Point):
            self.touched(event)
        elif asks_pause(event):
            self.ctx.go(ToPause(resume=replace(self.change, chosen=dict(self.choices)),
                                play=self.play))
        else:
            self.choose(answer_of(self.play, event))

    def choose(self, tap: Tap | None) -> None:
        """``tap`` chooses its card for its player, if it is a choice (:meth:`is_choice`)."""
        if tap is not None and self.is_choice(tap):
            self.choices[tap.player] = tap.side
            self.dirty = True
            if not all(p in self.choices for p in self.choosers):   # the last settles it now
                save_tie_under_way(self.ctx, self.play, self.round, self.choosers, self.choices)

    def touched(self, touch: Point) -> None:
        """A touch on a free card chooses it for the first player still asked."""
        side = self.card_at(touch.pos)
        waiting = [p for p in self.choosers if p not in self.choices]
        if side is not None and waiting:
            self.choose(Tap(waiting[0], side, touch.t_ns, "touch"))

    def card_at(self, pos: tuple[int, int]) -> Side | None:
        """The free card whose spot on screen holds ``pos``, if any."""
        spot = self.ctx.services.layout.spot
        return next((side for side in self.still_free() if spot(side).collidepoint(pos)), None)

    def is_choice(self, tap: Tap | None) -> bool:
        """Whether ``tap`` chooses: a waiting chooser's press on a free card, made while asked."""
        return (tap is not None and tap.player in self.choosers and tap.player not in self.choices
                and tap.t_ns >= self.shown_ns and tap.side in self.still_free())

    def still_free(self) -> list[Side]:
        """The free cards no chooser has chosen yet: two tied players never take one card."""
        return [side for side in self.free if side not in self.choices.values()]

    def wake_at_ns(self) -> int | None:
        tick = next_change_ns(self.until_ns, self.now_ns)
        wakes = [self.until_ns] + ([] if tick is None else [tick])
        if self.pages() > 1:
            wakes.append(self.panel.next_turn_ns(self.now_ns))
        return min(wakes)

    def update(self, now_ns: int) -> None:
        if (seconds_left(self.until_ns, now_ns) != seconds_left(self.until_ns, self.now_ns)
                or self.page_of(now_ns) != self.page_of(self.now_ns)):
            self.dirty = True
        self.now_ns = now_ns
        if now_ns >= self.until_ns or all(p in self.choices for p in self.choosers) \
                or not self.still_free():   # nothing left to choose: the verdict at once
            conclude_round(self.ctx, self.play, self.round, self.words, self.inks, self.choices,
                           replaces=True)

    def prompt(self) -> VerdictView:
        """Which card was tied and who took it, who else took a card in the same tie, who has
        chosen which card, who must still press a free spot, and the seconds left."""
        tied = {side for side in self.taken
                if any(self.tapped.get(p) == side for p in self.choosers)}
        lines = [self.took(side) for side in self.taken if side in tied]
        lines += [self.took(side) for side in self.taken if side not in tied]
        lines += [self.chose(p) for p in self.choices]   # in the order they were made
        headline = "TIE ON ONE CARD"
        waiting = [p for p in self.choosers if p not in self.choices]
        free = self.still_free()
        keys = self.ctx.services.keys   # the hint names the keys a keyboard table presses
        label = self.ctx.session.setup.label
        lines += [f"{label(p)}: press {free_buttons(keys, p, free)}" for p in waiting]
        countdown = countdown_line(self.until_ns, self.now_ns, f"left, then {free[0].value}"
                                   if free else "left")
        return VerdictView("tie", headline, tuple(lines), footer=(countdown,))

    def took(self, side: Side) -> str:
        """``P1 took RED on E``: who took the card on ``side``."""
        card = self.play.game.table[side]
        face = card.face if card is not None else "the card"
        return f"{self.ctx.session.setup.label(self.taken[side])} took {face} on {side.value}"

    def chose(self, player: int) -> str:
        """``P2 chose BLUE on S``: the card a tied player chose (theirs once the choice ends)."""
        side = self.choices[player]
        card = self.play.game.table[side]
        face = card.face if card is not None else "the card"
        return f"{self.ctx.session.setup.label(player)} chose {face} on {side.value}"

    def pages(self) -> int:
        """How many pages the prompt takes in its panel."""
        return self.panel.pages(self.ctx.services.layout, self.prompt())

    def page_of(self, now_ns: int) -> int:
        """The page of the prompt shown at ``now_ns``."""
        return self.panel.page(self.ctx.services.layout, self.prompt(), now_ns)

    def draw(self, canvas: pygame.Surface) -> str | None:
        layout = self.ctx.services.layout
        view = view_for(self.ctx, self.play.game, self.round.roll, self.words, self.inks)
        view.outlines = {side: HIGHLIGHT for side in [*self.taken, *self.choices.values()]}
        view.outlines.update({side: OPTION for side in self.still_free()})
        view.rows = self.room.rows
        prompt = self.panel.part(layout, self.prompt(), self.now_ns)
        drawn = self.ctx.services.frame.compose(canvas, [*play_parts(layout, view), prompt])
        self.panel_drawn = drawn["verdict"]
        self.drawn_texts = play_texts(drawn) + self.panel_drawn
        return "tie-choice"


def free_buttons(keys: KeyMap | None, player: int, free: Sequence[Side]) -> str:
    """The buttons ``player`` may press for the ``free`` cards: the spots' letters on pads
    ("N S W"); on the keyboard each key with the spot it takes ("W for N   A for W"), as
    player 1's keys W, A, S, D would read as spot letters alone, the keypad named once, before
    its first key ("keypad 8 for N   5 for S"), so that the line stands whole where a turned
    screen's panel is narrow. Wide gaps part the keys, so a line too long for the panel breaks
    between two of them, never inside one (:func:`companion.display.text.wrap`)."""
    names = [(button_name(keys, player, side), side.value) for side in free]
    if all(name == spot for name, spot in names):
        return " ".join(spot for _, spot in names)
    keys_said = keypad_said_once([name for name, _ in names])
    return "   ".join(f"{name} for {spot}" for name, (_, spot) in zip(keys_said, names))
