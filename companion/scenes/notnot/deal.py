"""Companion deals: the screen tells the table which card to put where.

After set-up and after each round, the new cards are ringed on the table and
listed ("GREEN on W"), with any rule card that came up (and the new level)
and any second void sent to the bottom. Players keep the cards sorted by
colour, so the dealer takes the card named. A resumed game first lists all
four spots to check the real table against, first saying what the countdown gave when the
kiosk stopped during a tie's choice (the one change the real cards lack). The cards are named
as the model shows them: after Correct the table (pause menu), the corrected ones.

Only the dealer confirms, so that a player still mashing a button after the
last round cannot roll the dice before the cards are down: the E button of
the dealer's pad (the pad that selected Start; the prompt names it as the table
presses it, e.g. "P1: D when done" on the keyboard), Enter, or the confirm
control button. Every other pad's taps are ignored here. A touch pauses, as
it does on every play screen; so do the pause key and the menu control. On the keyboard, the
first prompt of a game (and the check of a resumed one) lists each player's keys for the spots.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pygame

from companion.display.draw_verdict import VerdictView
from companion.display.palette import HIGHLIGHT
from companion.games.notnot.game import Game
from companion.games.notnot.record import DealtRecord
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.words import deal_prompt_lines
from companion.inputs.actions import Action, action_of, asks_pause
from companion.inputs.keyboard import KeyMap, button_name, keypad_said_once
from companion.scenes.changes import ToDeal, ToPause, ToRoll
from companion.scenes.core import Context, Scene
from companion.scenes.notnot.play_view import banner_part, play_parts, play_texts, view_for


def dealer_of(ctx: Context) -> int:
    """The player whose pad deals: confirms the prompts and enters table-dealt cards."""
    return ctx.session.setup.dealer


def is_dealers_pad(ctx: Context, event: object) -> bool:
    """Whether ``event`` comes from the dealer's pad, or from no pad at all (a key, a control)."""
    return not isinstance(event, Tap) or event.player == dealer_of(ctx)


def confirms_deal(ctx: Context, event: object) -> bool:
    """Whether ``event`` confirms a dealing prompt: the dealer pad's E, Enter, or the confirm
    control."""
    return is_dealers_pad(ctx, event) and action_of(event) is Action.SELECT


def as_on_table(game: Game, dealt: Iterable[DealtRecord]) -> list[DealtRecord]:
    """``dealt`` with each placed card named as the model now shows it on its spot: the table
    may have corrected a spot (the pause menu) since the deal, and the prompt names the cards
    the picture shows and the judge goes by."""
    faces = game.faces()
    return [replace(d, card=faces[Side(d.side)] or d.card) if d.what == "placed" else d
            for d in dealt]


def spot_keys(keys: KeyMap, player: int) -> str:
    """``player``'s keys for N, E, S and W: ``W D S A``; ``keypad 8 6 5 4``."""
    return " ".join(keypad_said_once([button_name(keys, player, side) for side in SIDES]))


class DealScene(Scene[ToDeal]):
    """Shows the cards to place and waits for the table to confirm."""

    name = "deal"

    def enter(self, now_ns: int, change: ToDeal) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        self.change = change
        self.dealt = as_on_table(self.play.game, change.dealt)
        self.first, self.check = change.first, change.check

    def handle(self, event: object, now_ns: int) -> None:
        if asks_pause(event):
            self.ctx.go(ToPause(resume=self.change, play=self.play))
        elif confirms_deal(self.ctx, event):
            self.ctx.go(ToRoll(play=self.play))

    def keys_lines(self) -> list[str]:
        """On the keyboard, which keys tap the spots, each player's (the pads' buttons lie as
        the spots do and need no words): before a game's first roll, where a newcomer looks."""
        keys = self.ctx.services.keys
        if keys is None:
            return []
        label = self.ctx.session.setup.label
        return ["keys for N E S W:", *(f"{label(player)}: {spot_keys(keys, player)}"
                                       for player in range(1, self.play.game.players + 1))]

    def draw(self, canvas: pygame.Surface) -> str | None:
        view = view_for(self.ctx, self.play.game)
        view.outlines = {Side(d.side): HIGHLIGHT for d in self.dealt if d.what == "placed"}
        layout = self.ctx.services.layout
        headline = "CHECK THE TABLE" if self.check else "LAY OUT" if self.first else "DEAL"
        dealer = dealer_of(self.ctx)
        done = (f"{self.ctx.session.setup.label(dealer)}: "
                f"{button_name(self.ctx.services.keys, dealer, Side.E)} when done")
        keys = self.keys_lines() if self.first or self.check else []
        note = (self.change.note,) if self.change.note else ()
        banner = VerdictView("none", headline,
                             (*note, *deal_prompt_lines(self.dealt), done, *keys))
        drawn = self.ctx.services.frame.compose(canvas, [*play_parts(layout, view),
                                                         banner_part(layout, banner)])
        self.drawn_texts = play_texts(drawn) + drawn["banner"]
        return "deal-check" if self.check else "deal-first" if self.first else "deal"
