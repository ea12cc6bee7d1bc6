"""Table deals: the dealer enters each card revealed, spot by spot, then confirms the table.

For each empty spot (N, E, S, W order) the screen asks which card was
revealed: a portal colour, VOID, or a rule card while one may come up (the
first game's deck holds the three; a game at a chosen level leaves them in the
box, and the list never offers one). A dealer pad's face button
enters it at once; the dealer's pad (the one that selected Start), keys and
touch pick it from the list, where each face is drawn as its card; other
pads are ignored, so a player's stray tap enters nothing. The spots already
entered are shown as the table lies. The rules refuse a second void on the
table, anything but a portal card in the opening cross, and a rule card when
none may come up (the dealer pad's rule-card button), and say what to do
instead: the reason has a line of its own that nothing covers.

Once every spot holds a card the dice do not roll yet: the screen asks "Are
these the four cards?". One select (the first item) rolls; an item "Fix N:
RED" takes that card back and asks for it again. W takes back the last card
this deal entered, there or while the cards are entered (again and again, one
card a press; with none entered, W pauses). The same actions work from the
dealer's pad, the keys and touch. A touch off the list's items pauses, as it does on every
play screen (the cards entered are kept: Resume asks on from there).

Each card entered (or taken back) is saved at once, with the order of those entered
(:attr:`~companion.games.notnot.game.Game.entered`): after a power cut, Resume asks only for
the cards still to come, and W takes back the ones entered before it, last first. A power
cut during a tie's choice: the message first says what the choice's countdown gave (in place
of the level, until a card is entered or taken back, and again after a pause's Resume until
then), the one change the real cards lack.
"""

from __future__ import annotations

import pygame

from companion.display.draw_entry import EntryView, draw_entry, entry_item_rects
from companion.errors import CompanionError
from companion.games.notnot.cards import PORTAL_COLOURS, VOID
from companion.games.notnot.game import Game
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.words import rule_card_line
from companion.inputs.actions import asks_pause, card_of, touched_item
from companion.inputs.keyboard import button_name
from companion.scenes.changes import ToEntry, ToPause
from companion.scenes.common.menu import MenuScene
from companion.scenes.core import Context
from companion.scenes.notnot.deal import dealer_of, is_dealers_pad
from companion.scenes.notnot.flow import after_round
from companion.scenes.notnot.saving import save_entry

#: Every card the dealer may enter: the portal colours, the void, a rule card.
FACES = PORTAL_COLOURS + (VOID, "RULE")
ASK_CONFIRM = "Are these the four cards?"
ROLL = "Yes: roll the dice"


class EntryScene(MenuScene[ToEntry]):
    """Which card was revealed on the next empty spot? Then: are these the four cards?"""

    name = "entry"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: What the table is told first of a resumed game (:class:`ToEntry`'s ``note``), until
        #: a card is entered or taken back: a pause and its Resume bring it back.
        self.note = ""

    def enter(self, now_ns: int, change: ToEntry) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        game = self.game()
        if game.over:
            after_round(self.ctx, self.play, [])
            return
        self.note = change.note
        self.say(change.note)
        if self.confirming():
            self.cursor = 0

    def game(self) -> Game:
        """The game being played."""
        return self.play.game

    @property
    def entered(self) -> list[Side]:
        """The spots whose cards this deal entered, in order (W takes back the last): the
        game's, so a game resumed (after a power cut too) takes them back as before."""
        return self.game().entered

    def confirming(self) -> bool:
        """Whether every spot holds a card: the table confirms them before the roll."""
        return not self.game().awaiting_cards()

    def say(self, message: str) -> None:
        """Show ``message`` under the title (a refusal's reason), else the level."""
        spots = self.game().awaiting_cards()
        self.title = f"Card revealed on {spots[0]}?" if spots else ASK_CONFIRM
        self.subtitle = message or f"level: {self.game().level}"
        self.dirty = True

    def offered(self) -> tuple[str, ...]:
        """The cards the list offers: :data:`FACES`, the rule card only while one may come up
        (:meth:`companion.games.notnot.game.Game.rule_card_to_come`)."""
        if self.game().rule_card_to_come():
            return FACES
        return tuple(face for face in FACES if face != "RULE")

    def items(self) -> list[str]:
        if self.confirming():
            faces = self.game().faces()
            return [ROLL] + [f"Fix {side}: {faces[side]}" for side in SIDES]
        return [face if face != "RULE" else "rule card" for face in self.offered()]

    def item_faces(self) -> list[str | None]:
        """The card drawn before each item (``None``: none)."""
        if self.confirming():
            return [None, *self.game().faces().values()]
        return list(self.offered())

    def handle(self, event: object, now_ns: int) -> None:
        face = card_of(event)
        if face is not None:
            self.enter_face(face)
        elif asks_pause(event) and touched_item(event, self.item_rects()) is None:
            self.pause()   # a touch off the list, as on every play screen; Esc; the menu button
        elif is_dealers_pad(self.ctx, event):
            super().handle(event, now_ns)

    def hint(self) -> str:
        """The dealer's buttons, named as the table presses them (keys on the keyboard)."""
        player = dealer_of(self.ctx)
        who = self.ctx.session.setup.label(player)
        n, e, s, w = (button_name(self.ctx.services.keys, player, side) for side in SIDES)
        back = f"{w} fix the last card ({self.entered[-1]})" if self.entered else f"{w} pause"
        if not self.confirming():
            return f"{who}: {n}/{s} move   {e} enter the card   {back}"
        return f"{who}: {e} yes, roll   {n}/{s} pick a card to fix   {back}"

    def view(self) -> EntryView:
        """What the screen shows now."""
        confirm = self.confirming()
        spots = self.game().awaiting_cards()
        asked = spots[0] if spots else SIDES[self.cursor - 1] if confirm and self.cursor else None
        return EntryView(self.title, self.subtitle, self.hint(), self.item_faces(), self.items(),
                         self.cursor, self.game().faces(), asked,
                         self.ctx.session.preferences.colour_blind)

    def item_rects(self) -> list[pygame.Rect]:
        return entry_item_rects(self.ctx.services.layout, len(self.items()), self.view())

    def choose(self, index: int) -> None:
        if not self.confirming():
            self.place(self.offered()[index])
        elif index == 0:
            self.game().confirm_cards()   # rolled: the cards are in play
            after_round(self.ctx, self.play, [])
        else:
            self.fix(SIDES[index - 1])

    def back(self) -> None:
        """W: take back the last card this deal entered, else pause."""
        if self.entered:
            self.fix(self.entered[-1])
        else:
            self.pause()

    def pause(self) -> None:
        self.ctx.go(ToPause(resume=ToEntry(play=self.play, note=self.note), play=self.play))

    def enter_face(self, face: str) -> None:
        """A dealer pad's button: enter ``face``, or say why not while the table is confirmed."""
        if self.confirming():
            self.say("every spot holds a card: roll the dice, or pick a card to fix first")
        else:
            self.place(face)

    def fix(self, side: Side) -> None:
        """Take back the card entered on ``side`` and ask for it again, the cursor on it."""
        card = self.game().take_back(side)
        save_entry(self.ctx, self.play)
        self.note = ""
        self.cursor = self.offered().index(card.face)
        self.say(f"{card.face} taken back from {side}")

    def place(self, face: str) -> None:
        """Enter ``face`` on the next empty spot (the rules may refuse it, saying why)."""
        game = self.game()
        side = game.awaiting_cards()[0]
        try:
            dealt = game.place(side, face)
        except CompanionError as error:
            self.say(str(error))
            return
        save_entry(self.ctx, self.play)
        self.note = ""
        if game.over:
            after_round(self.ctx, self.play, [])
            return
        if self.confirming():
            self.cursor = 0
        self.cursor = min(self.cursor, len(self.items()) - 1)   # the last rule card came up
        self.say(rule_card_line(dealt.card.face, dealt.level) if dealt.what == "rule" else "")

    def draw(self, canvas: pygame.Surface) -> str | None:
        self.drawn = draw_entry(canvas, self.ctx.services.layout, self.view())
        return "entry-confirm" if self.confirming() else self.name
