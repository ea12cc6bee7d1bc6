"""A game's set-up menu: its settings and Start, led by "Resume" when a game is kept unfinished.

Every game's set-up (Not Not, Not That Movie!, That's Not a Hat) looks for
a game a power cut interrupted each time it is shown; when there is one,
the menu starts with a "Resume the game in progress" item, under the cursor,
that says which game it is (its players, round, level or scores), the set-up
items show the kept game's choices, and Start asks first, as it gives the
kept game up. W, Backspace and Esc go back to the title.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, TypeVar

from companion.scenes.changes import ToTitle
from companion.scenes.common.menu import MenuScene
from companion.scenes.core import Context, M

#: A kept unfinished game a set-up menu offers for resume.
U = TypeVar("U")

#: The label of the item that starts a new game, in every set-up menu.
START = "Start"
#: The first words of the item that resumes a kept game, in every set-up menu.
RESUME = "Resume the game in progress"


def counted(count: int, thing: str) -> str:
    """``count`` things in words: "3 players", "1 point"."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def player_choices(lowest: int, highest: int, pads: int) -> tuple[int, ...]:
    """The player counts a set-up offers: ``lowest`` up to ``highest``, but no more than
    ``pads`` (each player needs a pad); just ``lowest`` when there are fewer pads."""
    return tuple(range(lowest, max(lowest, min(highest, pads)) + 1))


#: A set-up choice's value.
T = TypeVar("T")


def next_in(choices: Sequence[T], value: T) -> T:
    """The value after ``value`` in ``choices``, wrapping round (the first when ``value`` is
    not among them)."""
    return choices[(choices.index(value) + 1) % len(choices)] if value in choices else choices[0]


#: Where a set-up says a missing pad belongs, unless it says otherwise.
IN_THE_PIN_MAP = "in the pin map"


def too_few_pads(lowest: int, pads: int, where: str = IN_THE_PIN_MAP) -> str:
    """Why a set-up offers ``lowest`` players though only ``pads`` pads answer ("" when
    there are enough pads), saying ``where`` the missing pads go."""
    if pads >= lowest:
        return ""
    missing = (f"player {lowest} needs" if pads + 1 == lowest
               else f"players {pads + 1}-{lowest} need")
    have = f"only {pads} pad{'s' if pads != 1 else ''}" if pads else "no pads"
    return f"{have} but at least {lowest} players: {missing} a pad {where}"


class SetupMenu(MenuScene[M], Generic[M, U]):
    """Set-up choices after an optional "Resume" item.

    Subclasses set the players the game takes (``min_players``, ``max_players``; the Players
    item offers :meth:`player_counts`), find the kept game in :meth:`find_unfinished`, go on
    with it in :meth:`resume`, list their own items in :meth:`settings_items` and act on them
    in :meth:`choose_setting`.
    """

    #: The fewest and the most players the game takes.
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Where :meth:`pads_missing` says the missing pads go.
    pads_go: ClassVar[str] = IN_THE_PIN_MAP

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The kept unfinished game offered for resume, if any.
        self.unfinished: U | None = None

    def fewest_players(self) -> int:
        """The fewest players the game takes with the choices made (``min_players``)."""
        return self.min_players

    def player_counts(self) -> tuple[int, ...]:
        """The player counts offered: from :meth:`fewest_players`, no more than there are
        pads."""
        return player_choices(self.fewest_players(), self.max_players,
                              self.ctx.services.players_with_pads)

    def pads_missing(self) -> str:
        """Why the fewest players the game takes cannot all play, in one line ("" when as many
        have a pad): which players need a pad, and where (:attr:`pads_go`)."""
        return too_few_pads(self.fewest_players(), self.ctx.services.players_with_pads,
                            self.pads_go)

    def enter(self, now_ns: int, change: M) -> None:
        self.unfinished = self.find_unfinished()
        if self.unfinished is not None:
            self.cursor = 0
            self.take_choices_of(self.unfinished)
        super().enter(now_ns, change)

    def find_unfinished(self) -> U | None:
        """The kept unfinished game to offer, or ``None``."""
        return None

    def take_choices_of(self, kept: U) -> None:
        """Show the set-up choices ``kept`` was started with (a game started anew takes them)."""

    def kept_facts(self, kept: U) -> list[str]:
        """What the "Resume" item says of ``kept``: its players, round, level or scores."""
        return []

    def resume_item(self) -> str:
        """The label of the "Resume" item: :data:`RESUME` and what the kept game is."""
        facts = self.kept_facts(self.unfinished) if self.unfinished is not None else []
        return f"{RESUME}: {', '.join(facts)}" if facts else RESUME

    def items(self) -> list[str]:
        return ([self.resume_item()] if self.unfinished else []) + self.settings_items()

    def settings_items(self) -> list[str]:
        return []

    def question(self, index: int) -> str | None:
        if self.unfinished and self.items()[index] == START:
            return "Start anew, ending the kept game? select again"
        return None

    def choose(self, index: int) -> None:
        if self.unfinished:
            if index == 0:
                self.resume()
                return
            index -= 1
        self.choose_setting(index)

    def choose_setting(self, index: int) -> None:
        """Set-up choice ``index`` (counted without the "Resume" item) was selected."""

    def resume(self) -> None:
        """Go on with :attr:`unfinished`."""

    def back(self) -> None:
        self.ctx.go(ToTitle())

    def pause(self) -> None:
        """Esc (the pause key) on a set-up menu goes back, as W does."""
        self.back()
