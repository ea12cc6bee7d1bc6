"""Spelling a player's name on the four pad buttons, no keyboard needed: the letter picker.

A wheel of letters is shown after the name so far ("Ana[b]", each letter cased as
it would be added): N and S turn it (A to Z, a hyphen, a space, then "done",
round again), E adds the letter under it, W deletes the last letter (W on an
empty name gives up; Esc or the menu button gives up at once, the letters dropped).
E on "done" hands the name over; a refusal (empty, taken, too long) is one line on
screen and the letters stay. The wheel's letters are cased as names are written: a capital
first and after a space or a hyphen, small ones after. The window's keys do the
same as the pads (the arrow keys, Enter, Backspace: :mod:`companion.inputs.actions`), and
a keyboard types: each character typed is added as typed, its case kept ("van Dyk" stays
"van Dyk"), and the wheel turns to "done", so that Enter keeps the name.

A table with only the touchscreen spells on touch controls around the wheel, each the
action of a pad's button there: "◀" and "▶" turn the wheel (N, S), a touch on the wheel or
"add" adds its letter (E), "delete" deletes (W), "done" turns the wheel to "done" and adds
it (keeps the name), "back" gives up at once (Esc).
"""

from __future__ import annotations

import string

import pygame

from companion.display.draw_menu import heading_bottom, item_rects
from companion.display.layout import Layout
from companion.games.notnot.sides import Side
from companion.inputs.actions import Action, Typed, action_of
from companion.scenes.common.long_menu import LongMenu
from companion.scenes.common.save_notices import short_reason
from companion.scenes.core import Context, M
from companion.storage.faults import STORE_ERRORS
from companion.storage.players import NAME_MAX, Player, PlayerStore

#: The wheel's entry that hands the name over.
DONE = "done"
#: The line under the title while a name is spelt (and nothing is refused).
SPELLING_HELP = "turn to each letter and add it; add [done] to keep the name"
#: The same line when the table plays on the keyboard, which types.
TYPING_HELP = "type the name, Enter keeps it (or turn to each letter and add it)"
#: What the wheel turns through, in order.
WHEEL = (*string.ascii_uppercase, "-", " ", DONE)
#: The touch controls around the wheel while a name is spelt, each with the action of the pad's
#: button it stands for ("done" first turns the wheel to :data:`DONE`).
TOUCH_CONTROLS: dict[str, Action] = {
    "◀": Action.MOVE_UP, "▶": Action.MOVE_DOWN, "add": Action.SELECT, "delete": Action.BACK,
    DONE: Action.SELECT, "back": Action.PAUSE,
}
#: What a pad's button (a key, a touch control) does while a name is spelt, the rest as in
#: any menu.
SPELLING_ACTIONS = frozenset(TOUCH_CONTROLS.values())


class LetterPicker:
    """A name being spelt (``name``) and the wheel's entry under the cursor (:attr:`letter`)."""

    def __init__(self, name: str = "") -> None:
        self.name = name
        self.at = 0

    @property
    def letter(self) -> str:
        """The wheel's entry under the cursor: a letter, "-", " " or :data:`DONE`."""
        return WHEEL[self.at]

    def turn(self, step: int) -> None:
        """Turn the wheel ``step`` entries on (back when negative), round and round."""
        self.at = (self.at + step) % len(WHEEL)

    def add(self, delete: str = "W") -> str | None:
        """Add the letter under the cursor; "" when it was :data:`DONE` (the name is spelt),
        else ``None``, or a one-line refusal when the name is full (``delete``: the button or
        key that deletes a letter, as the hint names it)."""
        if self.letter == DONE:
            return ""
        if len(self.name) >= NAME_MAX:
            return self.full(delete)
        self.name += self.cased(self.letter)
        return None

    def type(self, character: str, delete: str = "W") -> str | None:
        """Add ``character`` as typed, its case kept (only the wheel's letters are cased), and
        turn the wheel to :data:`DONE`; ``None``, or the refusal of :meth:`add` when the name
        is full."""
        if len(self.name) >= NAME_MAX:
            return self.full(delete)
        self.name += character
        self.turn_to_done()
        return None

    def turn_to_done(self) -> None:
        """Turn the wheel to :data:`DONE`: adding it now keeps the name."""
        self.at = WHEEL.index(DONE)

    def full(self, delete: str) -> str:
        """The refusal of a letter more when the name is full (``delete``: the button or key
        that deletes one)."""
        return f"a name has at most {NAME_MAX} characters: choose done or delete one ({delete})"

    def starts_word(self) -> bool:
        """Whether the next character starts a word (the name's first, or after " " or "-")."""
        return not self.name or self.name[-1] in " -"

    def cased(self, letter: str) -> str:
        """``letter`` as it would be added: a capital to start a word, else a small one."""
        return letter.upper() if self.starts_word() else letter.lower()

    def delete(self) -> bool:
        """Delete the last letter; ``False`` when there was none."""
        if not self.name:
            return False
        self.name = self.name[:-1]
        return True

    def shown(self) -> str:
        """The name so far and the wheel's entry in brackets, a letter as it would be added:
        ``[A]``, ``Ana[b]``, ``Ana-[B]``, ``Ana[space]``, ``Ana[done]``."""
        entry = {" ": "space", DONE: DONE}.get(self.letter, self.cased(self.letter))
        return f"{self.name}[{entry}]"


class SpellingMenu(LongMenu[M]):
    """A long menu that spells a name with a :class:`LetterPicker` while :attr:`spelling` is
    set: then its items are the picker and its :data:`TOUCH_CONTROLS` (the cursor stays on
    the picker), and :meth:`spelt` gets the name (on E at "done"),
    else entries are chosen in :meth:`choose_entry`;
    :meth:`gave_up` is called on W with no letters, and on Esc; :attr:`refusal` is the one
    line shown under the title."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.spelling: LetterPicker | None = None
        self.refusal = ""

    @property
    def subtitle(self) -> str:  # type: ignore[override]
        """The refusal, else how to spell while spelling, else :meth:`menu_subtitle`."""
        if self.refusal:
            return self.refusal
        if self.spelling is None:
            return self.menu_subtitle()
        return TYPING_HELP if self.ctx.services.keys is not None else SPELLING_HELP

    def menu_subtitle(self) -> str:
        """The line under the title while not spelling (and nothing is refused)."""
        return ""

    def read_players(self) -> list[Player]:
        """The kept players; none, said as the refusal, when they cannot be read."""
        try:
            with self.ctx.services.kept_games() as database:
                return PlayerStore(database).list_players()
        except STORE_ERRORS as error:
            self.refusal = f"the kept players cannot be read: {short_reason(error)}"
            return []

    @property
    def takes_text(self) -> bool:  # type: ignore[override]
        """A keyboard types while a name is spelt."""
        return self.spelling is not None

    def spell(self, name: str = "") -> None:
        """Start spelling, from ``name``."""
        self.spelling, self.refusal, self.dirty = LetterPicker(name), "", True
        self.top = self.cursor = 0

    def items(self) -> list[str]:
        """While spelling: the wheel, then the :data:`TOUCH_CONTROLS`; else the menu's."""
        if self.spelling is None:
            return super().items()
        return [self.spelling.shown(), *TOUCH_CONTROLS]

    def item_rects(self) -> list[pygame.Rect]:
        """While spelling, the wheel and its touch controls: :func:`spelling_rects`."""
        if self.spelling is None:
            return super().item_rects()
        layout = self.ctx.services.layout
        return spelling_rects(layout, below=heading_bottom(layout, self.title, self.subtitle))

    def spelt(self, name: str) -> None:
        """The name was handed over (E at "done"); set :attr:`refusal` to refuse it."""

    def gave_up(self) -> None:
        """W with no letters, or Esc: spelling is given up."""
        self.spelling = None

    def handle(self, event: object, now_ns: int) -> None:
        picker = self.spelling
        if picker is not None and isinstance(event, Typed):
            self.refusal, self.dirty = picker.type(event.character, self.button(Side.W)) or "", True
            return
        action = action_of(event)
        if picker is None or action not in SPELLING_ACTIONS:   # a touch finds its control
            super().handle(event, now_ns)
            return
        self.spell_on(picker, action)

    def spell_on(self, picker: LetterPicker, action: Action) -> None:
        """What ``action`` does while spelling, from a pad's button, a key or a touch control:
        N/S turn the wheel, E adds (at "done": keeps the name), W deletes (on an empty name:
        gives up), Esc gives up at once."""
        self.dirty = True
        if action is Action.PAUSE:   # the name is given up, its letters dropped
            self.refusal = ""
            self.gave_up()
        elif action in (Action.MOVE_UP, Action.MOVE_DOWN):
            picker.turn(1 if action is Action.MOVE_DOWN else -1)
        elif action is Action.BACK:
            self.refusal = ""
            if not picker.delete():
                self.gave_up()
        else:
            self.add_letter(picker)

    def add_letter(self, picker: LetterPicker) -> None:
        """E (or a touch) while spelling: add the letter, or hand the name over at "done"."""
        said = picker.add(delete=self.button(Side.W))
        self.refusal, self.dirty = said or "", True
        if said == "":
            self.spelt(picker.name)

    def choose(self, index: int) -> None:
        """While spelling, a touch: on the wheel it adds as E does; on a touch control it does
        that control's action (the cursor stays on the wheel)."""
        picker = self.spelling
        if picker is None:
            super().choose(index)
            return
        self.cursor = 0
        control = self.items()[index] if index else "add"
        if control == DONE:
            picker.turn_to_done()
        self.spell_on(picker, TOUCH_CONTROLS[control])

    def hint(self) -> str:
        if self.spelling is None:
            return super().hint()
        n, e, s, w = (self.button(side) for side in (Side.N, Side.E, Side.S, Side.W))
        return f"{n}/{s} letter   {e} add (done: keep)   {w} delete"


def spelling_rects(layout: Layout, below: int) -> list[pygame.Rect]:
    """Where the wheel and the :data:`TOUCH_CONTROLS` go (also their touch areas), under a
    heading ending ``below``: rows of a menu's items, as wide as the screen allows. On a wide
    screen the first row holds "◀", the wheel and "▶"; on an upright one the wheel has the
    first row to itself (a twelve-letter name fits it) and "◀" and "▶" share the next. The
    other controls go two a row, side by side."""
    gap = round(layout.unit)
    if layout.landscape:
        first, *rows = item_rects(layout, 3, below=below)
        arrow = max(first.height, round(0.18 * first.width))
        return [first.inflate(-2 * (arrow + gap), 0),
                pygame.Rect(first.left, first.top, arrow, first.height),
                pygame.Rect(first.right - arrow, first.top, arrow, first.height),
                *side_by_side(rows, gap)]
    first, *rows = [pygame.Rect(2 * gap, row.top, layout.width - 4 * gap, row.height)
                    for row in item_rects(layout, 4, below=below)]
    return [first, *side_by_side(rows, gap)]


def side_by_side(rows: list[pygame.Rect], gap: int) -> list[pygame.Rect]:
    """Each of ``rows`` cut in two halves ``gap`` apart, left then right, row by row."""
    halves = []
    for row in rows:
        half = (row.width - gap) // 2
        halves += [pygame.Rect(row.left, row.top, half, row.height),
                   pygame.Rect(row.right - half, row.top, half, row.height)]
    return halves
