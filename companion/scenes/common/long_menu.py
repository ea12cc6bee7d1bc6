"""A menu whose list may be longer than a screen holds (twelve seats, every kept player): it
shows :data:`PAGE` entries at a time and scrolls as the cursor moves past them.

N/S (the arrow keys) move through every entry, wrapping from the last to the
first; the hint says which entries are on screen ("8-13 of 13"). Selecting,
touching and asking first work as in every menu
(:mod:`companion.scenes.common.menu`), on the entry shown.
"""

from __future__ import annotations

from companion.inputs.actions import Action, action_of
from companion.scenes.common.menu import MenuScene
from companion.scenes.core import Context, M

#: The most entries on screen at once: the menus' items stay apart at 800x480.
PAGE = 7


class LongMenu(MenuScene[M]):
    """:meth:`entries` in pages of :data:`PAGE`: ``top`` is the first entry shown and the
    cursor is counted from it; subclasses act in :meth:`choose_entry` and ask in
    :meth:`entry_question`, by the entry's index in the whole list."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    def entries(self) -> list[str]:
        """Every entry of the list, top to bottom."""
        return []

    def items(self) -> list[str]:
        return self.entries()[self.top:self.top + PAGE]

    @property
    def at(self) -> int:
        """The entry under the cursor, counted in the whole list."""
        return self.top + self.cursor

    def point_at(self, entry: int) -> None:
        """Put the cursor on ``entry`` (counted in the whole list), scrolling to show it."""
        count = len(self.entries())
        entry = entry % count if count else 0
        if entry < self.top:
            self.top = entry
        elif entry >= self.top + PAGE:
            self.top = entry - PAGE + 1
        self.top = max(0, min(self.top, count - PAGE))
        self.cursor, self.dirty = entry - self.top, True

    def handle(self, event: object, now_ns: int) -> None:
        action = action_of(event)
        if self.asking is None and action in (Action.MOVE_UP, Action.MOVE_DOWN):
            self.point_at(self.at + (1 if action is Action.MOVE_DOWN else -1))
            return
        super().handle(event, now_ns)

    def choose(self, index: int) -> None:
        self.choose_entry(self.top + index)

    def choose_entry(self, entry: int) -> None:
        """Entry ``entry`` (counted in the whole list) was selected (and confirmed)."""

    def question(self, index: int) -> str | None:
        return self.entry_question(self.top + index)

    def entry_question(self, entry: int) -> str | None:
        """The question entry ``entry`` asks before it acts, or ``None``."""
        return None

    def hint(self) -> str:
        count = len(self.entries())
        if count <= PAGE or self.asking is not None:
            return super().hint()
        shown = f"{self.top + 1}-{min(count, self.top + PAGE)} of {count}"
        return f"{shown}   {super().hint()}"
