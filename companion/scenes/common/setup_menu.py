"""A game's set-up menu: its settings and Start, led by "Resume" when a game is kept unfinished.

Every game's set-up (Not Not, Not That Movie!, That's Not a Hat) looks for
a game a power cut interrupted each time it is shown; when there is one,
the menu starts with a "Resume the game in progress" item, under the cursor,
that says which game it is (its players, round, level or scores), the set-up
items show the kept game's choices and its Names are the kept game's seats (as
kept now: a renamed player shows the new name, a forgotten one is a guest), so
Start seats the same players; Start asks first, as it gives the kept game up.
Back from the Names screen, or from the title while the same game is kept, the
set-up keeps what the table chose since (the kept game's choices are taken once,
not again over them). The last item, "Back to the title", goes back to the title, as W,
Backspace and Esc do (a table with only a touchscreen has no other way back).

Players are offered up to one per pad. With fewer pads than the game's fewest
players (a settings file whose pads seat fewer), the subtitle says which players
need a pad and where to add it, and Start and Resume start nothing but a notice
saying the same: a game nobody can play is never dealt nor resumed, nor is the
kept game ended.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from companion.scenes.changes import ToNames, ToTitle
from companion.scenes.common.menu import MenuScene
from companion.scenes.common.seating import take_seats_of
from companion.scenes.core import Context, M


class Seated(Protocol):
    """What every game has: its players."""

    @property
    def players(self) -> int: ...


class Kept(Protocol):
    """A kept unfinished game (Not Not's, or a bookkeeping game's): its game as it stands."""

    @property
    def game(self) -> Seated: ...


#: A kept unfinished game a set-up menu offers for resume.
U = TypeVar("U", bound=Kept)

#: The label of the item that starts a new game, in every set-up menu.
START = "Start"
#: The first words of the item that resumes a kept game, in every set-up menu.
RESUME = "Resume the game in progress"
#: The label of the last item, which goes back to the title, in every set-up menu.
BACK_TO_TITLE = "Back to the title"


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


#: Where a set-up says a missing pad belongs: the pads of GPIO, the serial controller and the
#: keyboard are all declared in the settings file.
IN_THE_SETTINGS_FILE = "in the settings file"


def too_few_pads(lowest: int, pads: int, players: str | None = None) -> str:
    """Why a set-up offers ``lowest`` players though only ``pads`` pads answer ("" when
    there are enough pads), saying where the missing pads go (:data:`IN_THE_SETTINGS_FILE`);
    ``players``: how the ``lowest`` players are said (default ``at least 2 players``)."""
    if pads >= lowest:
        return ""
    missing = (f"player {lowest} needs" if pads + 1 == lowest
               else f"players {pads + 1}-{lowest} need")
    have = f"only {pads} pad{'s' if pads != 1 else ''}" if pads else "no pads"
    players = players or f"at least {lowest} players"
    return f"{have} but {players}: {missing} a pad {IN_THE_SETTINGS_FILE}"


class SetupMenu(MenuScene[M], Generic[M, U]):
    """Set-up choices after an optional "Resume" item.

    Subclasses set the players the game takes (``min_players``, ``max_players``; the Players
    item offers :meth:`player_counts`), find the kept game in :meth:`find_unfinished`, go on
    with it in :meth:`resume` (its seats found by :meth:`kept_id`), list their own items in
    :meth:`settings_items` and act on them in :meth:`choose_setting` (the Names item by
    :meth:`name_seats`); the last item (:data:`BACK_TO_TITLE`) goes back. Start (the
    :data:`START` item) and Resume pass here first: with too
    few pads they start nothing (:meth:`select`).
    """

    #: The fewest and the most players the game takes.
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The kept unfinished game offered for resume, if any.
        self.unfinished: U | None = None
        #: Whether the set-up was left for its Names screen (and is not back yet).
        self.naming = False
        #: What the subtitle says of missing pads ("" while every player needed has one).
        self.pads_note = ""
        #: The id of the kept game whose choices and seats the menu took (``None``: none yet).
        self.taken_from: int | None = None
        #: The names of the kept game's seats, as they were when the menu took them (seat ->
        #: name; guests left out): what the "Resume" item names, whatever the table chose since.
        self.kept_names: dict[int, str] = {}

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
        have a pad): which players need a pad, and where."""
        return too_few_pads(self.fewest_players(), self.ctx.services.players_with_pads)

    def refused_for_pads(self, doing: str) -> bool:
        """Whether there are too few pads to ``doing`` ("start", "resume") a game (to resume,
        one for each of the kept game's players: a seat without one could never tap, and
        its rounds would wait for it); if so a notice says which players need a pad and
        where."""
        missing = self.pads_missing()
        if not missing and doing == "resume" and self.unfinished is not None:
            kept = self.unfinished.game.players
            missing = too_few_pads(kept, self.ctx.services.players_with_pads,
                                   f"the kept game has {kept} players")
        if missing:
            self.ctx.services.notify(f"cannot {doing}: {missing}")
        return bool(missing)

    def show_pads_missing(self) -> None:
        """The subtitle says which players need a pad while some do (:meth:`pads_missing`),
        unless it says something of its own first (a kept game that could not be resumed)."""
        if self.subtitle in (type(self).subtitle, self.pads_note):
            self.pads_note = self.pads_missing()
            self.subtitle = self.pads_note or type(self).subtitle

    def enter(self, now_ns: int, change: M) -> None:
        """The menu offers the kept game, if any; the first time it offers that game it shows
        the game's choices and seats. Back from the Names screen, or from the title to the same
        kept game, it shows the choices the table made since."""
        back_from_names, self.naming = self.naming, False
        offered = self.unfinished is not None
        self.unfinished = self.find_unfinished()
        if offered and self.unfinished is None:   # the kept game is over: its item goes, and
            self.cursor = (self.items().index(START) if self.cursor == 0  # Start is where
                           else self.cursor - 1)                          # Resume was
        if self.unfinished is not None and not back_from_names:
            self.cursor = 0
            kept_id = self.kept_id(self.unfinished)
            if kept_id is None or kept_id != self.taken_from:
                self.take_choices_of(self.unfinished)
                if kept_id is not None:
                    take_seats_of(self.ctx, kept_id)
                self.kept_names = dict(self.ctx.session.setup.names)
            self.taken_from = kept_id
        super().enter(now_ns, change)
        self.show_pads_missing()

    def find_unfinished(self) -> U | None:
        """The kept unfinished game to offer, or ``None``."""
        return None

    def kept_id(self, kept: U) -> int | None:
        """The id under which ``kept`` is kept with its seats (``None``: kept without)."""
        return None

    def take_choices_of(self, kept: U) -> None:
        """Show the set-up choices ``kept`` was started with (a game started anew takes them);
        its seats' players are taken by :meth:`enter` (:meth:`kept_id`)."""

    def name_seats(self, change: ToNames) -> None:
        """To the Names screen with ``change``; back from it, the set-up shows the names chosen
        there and the choices it showed, even while it offers a kept game."""
        self.naming = True
        self.ctx.go(change)

    def kept_facts(self, kept: U) -> list[str]:
        """What the "Resume" item says of ``kept``: its players, round, level or scores."""
        return []

    def resume_item(self) -> str:
        """The label of the "Resume" item: :data:`RESUME` and what the kept game is."""
        facts = self.kept_facts(self.unfinished) if self.unfinished is not None else []
        return f"{RESUME}: {', '.join(facts)}" if facts else RESUME

    def items(self) -> list[str]:
        return ([self.resume_item()] if self.unfinished else []) + self.settings_items() + \
            [BACK_TO_TITLE]

    def settings_items(self) -> list[str]:
        return []

    def question(self, index: int) -> str | None:
        if self.unfinished and self.items()[index] == START:
            return "Start anew, ending the kept game? select again"
        return None

    def starting(self, index: int) -> str | None:
        """What item ``index`` does to a game: "start", "resume", or ``None`` (a setting)."""
        if self.unfinished and index == 0:
            return "resume"
        return "start" if self.items()[index] == START else None

    def select(self, index: int) -> None:
        """Start and Resume start nothing (nor ask first) while too few players have a pad: a
        notice says which players need one. The subtitle follows the choices (the fewest
        players may change with them)."""
        doing = self.starting(index)
        if doing is not None and self.refused_for_pads(doing):
            self.cursor, self.asking, self.dirty = index, None, True
        else:
            super().select(index)
        self.show_pads_missing()

    def choose(self, index: int) -> None:
        if index == (1 if self.unfinished else 0) + len(self.settings_items()):   # the last
            self.back()
            return
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
