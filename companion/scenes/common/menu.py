"""A scene that is a list to choose from: the shared behaviour of every menu.

N/S (or the arrow keys) move the cursor, E (or Enter) selects, W (or
Backspace) goes back, a touch selects the item touched. Subclasses say what
the items are and what choosing one does.

An item that cannot be undone (quit, end a game, start anew over a kept one)
asks first: the first select shows its question in its place (e.g. "Quit?
select again to quit"), a second select of the same item does it, and any
other key, pad button or touch elsewhere cancels the question. Pads, keys and
touch confirm the same way; no keyboard is needed.
"""

from __future__ import annotations

import pygame

from companion.config.web_page import page_address
from companion.display.draw_menu import draw_menu, heading_bottom, item_rects
from companion.display.draw_qr import draw_page_address, draw_page_qr
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.inputs.actions import Action, action_of, touched_item
from companion.inputs.keyboard import button_name
from companion.scenes.core import Context, M, Scene


class MenuScene(Scene[M]):
    """A title, a list of items, a cursor, and at most one item waiting for its confirmation."""

    title = ""
    subtitle = ""
    #: Whether the menu shows the scoreboard page's QR code (the title and the pause menus).
    shows_page_qr = False
    touch_picks = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.cursor = 0
        #: The item whose question is shown, waiting for a second select (``None``: none).
        self.asking: int | None = None
        #: The player whose pad made the last select (``None``: a key, a control or a touch).
        self.chooser: int | None = None
        #: The scoreboard page's address for the QR code, read at each entry (``None``: none).
        self.page_address: str | None = None
        #: Where the page's QR code was drawn last (``None``: not drawn).
        self.page_code: pygame.Rect | None = None

    def enter(self, now_ns: int, change: M) -> None:
        super().enter(now_ns, change)
        self.asking = None
        self.cursor = min(self.cursor, len(self.items()) - 1)
        self.page_address = page_address() if self.shows_page_qr else None

    def items(self) -> list[str]:
        """The item labels, top to bottom."""
        return []

    def question(self, index: int) -> str | None:
        """The question item ``index`` asks before it acts, or ``None`` if it acts at once."""
        return None

    def shown_items(self) -> list[str]:
        """The labels on screen: the items, with the question in place of the item asking."""
        labels = self.items()
        if self.asking is not None and self.asking < len(labels):
            labels[self.asking] = self.question(self.asking) or labels[self.asking]
        return labels

    def item_rects(self) -> list[pygame.Rect]:
        """Where the items are drawn (also their touch areas)."""
        layout = self.ctx.services.layout
        return item_rects(layout, self.items(),
                          below=heading_bottom(layout, self.title, self.subtitle))

    def choose(self, index: int) -> None:
        """Item ``index`` was selected (and confirmed, if it asks)."""

    #: Whether W / Backspace goes somewhere from this menu (the hint offers it only then).
    goes_back = True

    def back(self) -> None:
        """W / Backspace was pressed."""

    def pause(self) -> None:
        """The pause key or the menu control was pressed (pads never pause)."""

    def select(self, index: int) -> None:
        """Select item ``index``: ask its question first, or act."""
        self.cursor = index
        self.dirty = True
        if self.question(index) is not None and self.asking != index:
            self.asking = index
            return
        self.asking = None
        self.choose(index)

    def handle(self, event: object, now_ns: int) -> None:
        action = action_of(event)
        if action is Action.TOUCH_AT:
            touched = touched_item(event, self.item_rects())
            if self.asking is not None and touched != self.asking:
                self.asking, self.dirty = None, True  # a touch elsewhere only cancels
            elif touched is not None:
                self.chooser = None
                self.select(touched)
            return
        if action is None:
            return
        if action is Action.SELECT:
            self.chooser = event.player if isinstance(event, Tap) else None
            self.select(self.cursor)
            return
        if self.asking is not None:  # anything else only cancels the question
            self.asking, self.dirty = None, True
            return
        count = len(self.items())
        if action in (Action.MOVE_UP, Action.MOVE_DOWN):
            self.cursor = (self.cursor + (1 if action is Action.MOVE_DOWN else -1)) % count
            self.dirty = True
        elif action is Action.BACK:
            self.back()
        elif action is Action.PAUSE:
            self.pause()

    def button(self, side: Side) -> str:
        """What any pad's ``side`` button is called for the table's inputs ("E"; on the
        keyboard the menu key doing the same, "Enter")."""
        return button_name(self.ctx.services.keys, None, side)

    def hint(self) -> str:
        """The hint line at the bottom, in the buttons the table presses."""
        n, e, s, w = (self.button(side) for side in (Side.N, Side.E, Side.S, Side.W))
        if self.asking is not None:
            return f"{e} (or touch) again to confirm   {n}/{s}/{w} cancel"
        return f"{n}/{s} move   {e} select" + (f"   {w} back" if self.goes_back else "")

    def draw(self, canvas: pygame.Surface) -> str | None:
        self.drawn_texts = draw_menu(canvas, self.ctx.services.layout, self.title,
                                     self.shown_items(), self.cursor, self.subtitle,
                                     hint=self.hint(),
                                     rects=self.item_rects(), asking=self.asking)
        if self.shows_page_qr and self.page_address:
            items = self.item_rects()
            code = self.page_code = draw_page_qr(canvas, self.ctx.services.layout,
                                                 self.page_address,
                                                 below=max(r.bottom for r in items),
                                                 texts=[d.rect for d in self.drawn_texts])
            if code is not None:
                self.drawn_texts += draw_page_address(
                    canvas, self.ctx.services.layout, self.page_address, code,
                    [*items, *(drawn.rect for drawn in self.drawn_texts)])
        return self.name
