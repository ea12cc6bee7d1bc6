"""Table deals: the dealer enters each card revealed, spot by spot.

For each empty spot (N, E, S, W order) the screen asks which card was
revealed: a portal colour, VOID, or a rule card. A dealer pad's face button
enters it at once; the dealer's pad (the one that selected Start), keys and
touch pick it from the list, where each face is drawn as its card; other
pads are ignored, so a player's stray tap enters nothing. The spots already
entered are shown as the table lies. The rules refuse a second void on the
table and say what to do instead.
"""

from __future__ import annotations

import pygame

from companion.display.draw_entry import draw_entry, entry_item_rects
from companion.errors import CompanionError
from companion.games.notnot.cards import PORTAL_COLOURS, VOID
from companion.inputs.actions import card_of
from companion.scenes.common.menu import MenuScene
from companion.scenes.notnot.deal import dealer_of, is_dealers_pad
from companion.scenes.notnot.flow import after_round
from companion.scenes.transitions import ToEntry, ToPause

FACES = PORTAL_COLOURS + (VOID, "RULE")


class EntryScene(MenuScene[ToEntry]):
    """Which card was revealed on the next empty spot?"""

    name = "entry"

    def enter(self, now_ns: int, move: ToEntry) -> None:
        super().enter(now_ns, move)
        self.say("")
        if not self.ctx.session.playing.awaiting_cards():   # corrected full during a pause
            after_round(self.ctx, [])

    def say(self, message: str) -> None:
        """Ask for the next empty spot's card; the subtitle says ``message``, else the level."""
        spots = self.ctx.session.playing.awaiting_cards()
        self.title = f"Card revealed on {spots[0]}?" if spots else "Table is full"
        self.subtitle = message or f"level: {self.ctx.session.playing.level}"

    def items(self) -> list[str]:
        return [face if face != "RULE" else "rule card" for face in FACES]

    def handle(self, event: object, now_ns: int) -> None:
        face = card_of(event)
        if face is not None:
            self.place(face)
        elif is_dealers_pad(self.ctx, event):
            super().handle(event, now_ns)

    def hint(self) -> str:
        return f"P{dealer_of(self.ctx)}: N/S move   E enter the card   W pause"

    def item_rects(self) -> list[pygame.Rect]:
        return entry_item_rects(self.ctx.services.layout, len(FACES))

    def choose(self, index: int) -> None:
        self.place(FACES[index])

    def back(self) -> None:
        self.pause()

    def pause(self) -> None:
        self.ctx.go(ToPause(resume=ToEntry()))

    def place(self, face: str) -> None:
        """Enter ``face`` on the next empty spot (the rules may refuse it, saying why)."""
        game = self.ctx.session.playing
        spots = game.awaiting_cards()
        if not spots:
            return
        try:
            dealt = game.place(spots[0], face)
        except CompanionError as error:
            self.say(str(error))
        else:
            self.say(f"rule card: now {dealt.level}" if dealt.what == "rule" else "")
            if game.over or not game.awaiting_cards():
                after_round(self.ctx, [])
        self.dirty = True

    def draw(self, canvas: pygame.Surface) -> str | None:
        game = self.ctx.session.playing
        spots = game.awaiting_cards()
        self.drawn = draw_entry(canvas, self.ctx.services.layout, self.title, self.subtitle,
                                list(FACES), self.items(), self.cursor, game.faces(),
                                spots[0] if spots else None, self.hint(),
                                self.ctx.session.preferences.colour_blind)
        return self.name
