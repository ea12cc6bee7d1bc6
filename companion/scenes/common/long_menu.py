"""A menu whose list may be longer than a screen holds (twelve seats, every kept player): it
shows a page of :data:`PAGE` rows at a time and scrolls as the cursor moves past them.

N/S (the arrow keys) move through every entry, wrapping from the last to the
first; the hint says which entries are on screen ("8-13 of 13"). A list longer
than a page has a row "▲ N more above" at the top of a page that follows
others, and "▼ N more below" at the bottom of a page that others follow:
touching one turns to the page above or below (the cursor goes to the first
entry it brings), so a table with only a touchscreen reaches every entry; the
cursor never stops on those rows, so pads and keys move as in a short list.
Selecting, touching and asking first work as in every menu
(:mod:`companion.scenes.common.menu`), on the entry shown.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.inputs.actions import Action, action_of
from companion.scenes.common.menu import MenuScene
from companion.scenes.core import Context, M

#: The most rows on screen at once (entries and the rows that turn the page): the menus'
#: items stay apart at 800x480.
PAGE = 7


def more_above(count: int) -> str:
    """The row that turns to the page above, with ``count`` entries above this one."""
    return f"▲ {count} more above"


def more_below(count: int) -> str:
    """The row that turns to the page below, with ``count`` entries below this one."""
    return f"▼ {count} more below"


class Window(NamedTuple):
    """The entries a page starting at entry ``top`` shows, of ``total``: whether a row above
    them turns up (``up``), how many entries (``shown``), whether a row below them turns
    down (``down``)."""

    top: int
    total: int

    @property
    def up(self) -> bool:
        return self.top > 0

    @property
    def down(self) -> bool:
        return self.total - self.top > PAGE - self.up

    @property
    def shown(self) -> int:
        return min(self.total - self.top, PAGE - self.up - self.down)

    @property
    def end(self) -> int:
        """The first entry past the page."""
        return self.top + self.shown


def last_top(count: int) -> int:
    """Where the last page of ``count`` entries starts: the last entries, as many as it holds."""
    return next(top for top in range(count + 1) if Window(top, count).end >= count)


def top_showing(entry: int, top: int, count: int) -> int:
    """Where the page starts that shows ``entry`` and moves least from the page at ``top``."""
    if entry < top:
        return entry
    while Window(top, count).end <= entry:
        top += 1
    return top


class LongMenu(MenuScene[M]):
    """:meth:`entries` in pages of :data:`PAGE` rows: ``top`` is the first entry shown and the
    cursor counts the rows on screen; subclasses act in :meth:`choose_entry` and ask in
    :meth:`entry_question`, by the entry's index in the whole list."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.top = 0

    def entries(self) -> list[str]:
        """Every entry of the list, top to bottom."""
        return []

    def window(self) -> Window:
        """The page on screen."""
        return Window(self.top, len(self.entries()))

    def items(self) -> list[str]:
        entries, page = self.entries(), self.window()
        return ([more_above(page.top)] if page.up else []) + entries[page.top:page.end] + \
            ([more_below(page.total - page.end)] if page.down else [])

    def entry_of(self, row: int) -> int | None:
        """The entry (counted in the whole list) on row ``row`` of the page; ``None`` for a row
        that turns the page."""
        page = self.window()
        entry = page.top + row - page.up
        return entry if page.top <= entry < page.end else None

    @property
    def at(self) -> int:
        """The entry under the cursor, counted in the whole list."""
        return self.top + self.cursor - self.window().up

    def point_at(self, entry: int) -> None:
        """Put the cursor on ``entry`` (counted in the whole list), scrolling to show it."""
        count = len(self.entries())
        entry = entry % count if count else 0
        self.top = min(top_showing(entry, self.top, count), last_top(count)) if count else 0
        self.cursor, self.dirty = entry - self.top + self.window().up, True

    def turn_page(self, row: int) -> None:
        """The row ``row`` turns the page: up, to the entries just above this page (the cursor
        on the last of them), or down, to those just below (the cursor on the first)."""
        page = self.window()
        if row == 0 and page.up:
            self.top = next(top for top in range(page.top)
                            if Window(top, page.total).end >= page.top)
            self.point_at(page.top - 1)
        else:
            self.top = min(page.end, last_top(page.total))
            self.point_at(page.end)

    def handle(self, event: object, now_ns: int) -> None:
        action = action_of(event)
        if self.asking is None and action in (Action.MOVE_UP, Action.MOVE_DOWN):
            self.point_at(self.at + (1 if action is Action.MOVE_DOWN else -1))
            return
        super().handle(event, now_ns)

    def choose(self, index: int) -> None:
        entry = self.entry_of(index)
        if entry is None:
            self.turn_page(index)
        else:
            self.choose_entry(entry)

    def choose_entry(self, entry: int) -> None:
        """Entry ``entry`` (counted in the whole list) was selected (and confirmed)."""

    def question(self, index: int) -> str | None:
        entry = self.entry_of(index)
        return None if entry is None else self.entry_question(entry)

    def entry_question(self, entry: int) -> str | None:
        """The question entry ``entry`` asks before it acts, or ``None``."""
        return None

    def hint(self) -> str:
        page = self.window()
        if page.total <= PAGE or self.asking is not None:
            return super().hint()
        return f"{page.top + 1}-{page.end} of {page.total}   {super().hint()}"
