"""Companion deals: the screen tells the table which card to put where.

After set-up and after each round, the new cards are ringed on the table and
listed ("GREEN on W"), with any rule card that came up (and the new level)
and any second void sent to the bottom. Players keep the cards sorted by
colour, so the dealer takes the card named. A resumed game first lists all
four spots to check the real table against.

Only the dealer confirms, so that a player still mashing a button after the
last round cannot roll the dice before the cards are down: the E button of
the dealer's pad (the pad that selected Start), Enter, or the confirm
control button. Every other pad's taps are ignored here. A touch pauses, as
it does on every play screen; so do the pause key and the menu control.
"""

from __future__ import annotations

import pygame

from companion.display.draw_verdict import VerdictView, draw_verdict
from companion.display.palette import HIGHLIGHT
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.scenes.base import Scene, nav_of
from companion.scenes.common.pausing import wants_pause
from companion.scenes.notnot.play_view import draw_play, view_for


def deal_lines(dealt: list[dict]) -> list[str]:
    """What the dealer must do, in short lines: placements two to a line, then rule cards and voids."""
    placed = [f"{d['card']} on {d['side']}" for d in dealt if d["what"] == "placed"]
    lines = ["   ".join(placed[i:i + 2]) for i in range(0, len(placed), 2)]
    for d in dealt:
        if d["what"] == "rule":
            lines.append(f"{d['card']} card: now {d['level'].upper()}")
        elif d["what"] == "to-bottom":
            lines.append("second VOID: to the bottom")
    return lines


def dealer_of(ctx) -> int:
    """The player whose pad deals: confirms the prompts and enters table-dealt cards."""
    return ctx.settings.dealer


def is_dealers_pad(ctx, event) -> bool:
    """Whether ``event`` comes from the dealer's pad, or from no pad at all (a key, a control)."""
    return not isinstance(event, Tap) or event.player == dealer_of(ctx)


def confirms_deal(ctx, event) -> bool:
    """Whether ``event`` confirms a dealing prompt: the dealer pad's E, Enter, or the confirm
    control."""
    return is_dealers_pad(ctx, event) and nav_of(event) == "select"


class DealScene(Scene):
    """Shows the cards to place and waits for the table to confirm."""

    name = "deal"

    def enter(self, now_ns: int, dealt=(), first: bool = False, check: bool = False, **details) -> None:
        super().enter(now_ns)
        self.dealt, self.first, self.check = list(dealt), first, check

    def handle(self, event, now_ns: int) -> None:
        if wants_pause(event):
            self.ctx.go("pause", resume=("deal", {"dealt": self.dealt, "first": self.first,
                                                  "check": self.check}))
        elif confirms_deal(self.ctx, event):
            self.ctx.go("roll")

    def draw(self, canvas: pygame.Surface) -> str | None:
        view = view_for(self.ctx)
        view.outlines = {Side(d["side"]): HIGHLIGHT for d in self.dealt if d["what"] == "placed"}
        draw_play(canvas, self.ctx.layout, view)
        headline = "CHECK THE TABLE" if self.check else "LAY OUT" if self.first else "DEAL"
        done = f"P{dealer_of(self.ctx)} E when done"
        banner = VerdictView("none", headline, (*deal_lines(self.dealt), done))
        draw_verdict(canvas, self.ctx.layout, banner)
        return "deal-check" if self.check else "deal-first" if self.first else "deal"
