"""The choice of level, number of players and way of dealing, colour-blind mode and the voice
(both saved for the next games, :mod:`companion.scenes.common.table_choices`), then the start.

Selecting a choice steps it to its next value; selecting ``Start`` begins
a game with those settings. When a game is kept unfinished (a power cut),
the menu is led by "Resume the game in progress", naming its round, level and
players, and shows its level, players, names and dealing (the names as the kept
game's seats keep them now, so Start seats the same players); its title then says
"resume or new game" (not "new game": the first item goes on with the kept game);
Start asks first, and ends the kept game as it stands (``companion history``
lists it as ended early). A game left for the title while its saves waited (a full disk) is
offered as it is in memory, not as the state database's copy, which is behind it; its saves
go on waiting in order. "Names", under the player count, chooses who sits in each seat
(:mod:`companion.scenes.common.names`; every seat is a guest until then, so a
table in a hurry plays at once). The pad that selects Start (or Resume)
is the dealer's: it alone confirms the dealing prompts and enters
table-dealt cards (see :mod:`companion.scenes.notnot.deal`).

Players are offered up to one per pad. With fewer pads than the fewest players (a settings
file whose pads seat fewer than players 1 and 2), the subtitle says which players need a pad
and where to add it, and Start and Resume start nothing but a notice saying the same: a game
nobody can play is never dealt (:class:`~companion.scenes.common.setup_menu.SetupMenu`, as
in every game's set-up).
"""

from __future__ import annotations

from companion.games.notnot.game import TABLE_MAX_PLAYERS, TABLE_MIN_PLAYERS
from companion.scenes.changes import ToNames, ToSetup
from companion.scenes.common.names import names_item
from companion.scenes.common.seating import kept_names, names_as_kept
from companion.scenes.common.setup_menu import START, SetupMenu, counted, next_in
from companion.scenes.common.table_choices import on_off, switch, voice_state
from companion.scenes.core import Context
from companion.scenes.notnot.flow import go_on_with, resume_game, start_game
from companion.scenes.notnot.play import NotNotPlay
from companion.scenes.notnot.saving import end_kept, left_play, save_ended, unfinished_game
from companion.scenes.session import DEAL_CHOICES, LEVEL_CHOICES, GameSetup, NoGameInPlay
from companion.storage.notnot_saves import UnfinishedGame

#: The menu's title: a new game, or, when a kept game is offered for resume, either.
NEW_GAME_TITLE = "Not Not: new game"
RESUME_TITLE = "Not Not: resume or new game"
#: Not Not's player counts, before the limit of one pad per player.
MIN_PLAYERS, MAX_PLAYERS = TABLE_MIN_PLAYERS, TABLE_MAX_PLAYERS


#: A seat's player as the set-up keeps it: the name, and the kept player's id (``None``: none).
SeatedPlayer = tuple[str | None, int | None]


def seat_only(setup: GameSetup) -> dict[int, SeatedPlayer]:
    """Forget the names of seats a smaller table no longer has; returns them, by seat."""
    gone = {}
    for seat in sorted(seat for seat in setup.names.keys() | setup.player_ids.keys()
                       if seat > setup.players):
        gone[seat] = (setup.names.pop(seat, None), setup.player_ids.pop(seat, None))
    return gone


def seat_again(setup: GameSetup, set_aside: dict[int, SeatedPlayer]) -> None:
    """Give the seats the table has again the players ``set_aside`` when it had fewer (the
    player count steps round, from 12 to 2 and up again), unless the seat was named since or
    the player sits elsewhere now; they are taken out of ``set_aside``."""
    for seat in sorted(set_aside):
        name, player_id = set_aside[seat]
        if seat > setup.players:
            continue
        del set_aside[seat]
        if seat in setup.names or seat in setup.player_ids or \
                (player_id is not None and player_id in setup.player_ids.values()):
            continue
        if name is not None:
            setup.names[seat] = name
        if player_id is not None:
            setup.player_ids[seat] = player_id


def set_aside_as_kept(set_aside: dict[int, SeatedPlayer],
                      kept: dict[int, str]) -> dict[int, SeatedPlayer]:
    """``set_aside`` with its players as the state folder keeps them now (``kept``: their names
    by id): one renamed since under the new name, one merged or forgotten left out, so that
    their seat comes back a guest's (a name without a kept player stays as it is)."""
    return {seat: (name if pid is None else kept[pid], pid)
            for seat, (name, pid) in set_aside.items() if pid is None or pid in kept}


class SetupScene(SetupMenu[ToSetup, UnfinishedGame]):
    """Level, players, dealing, start (and resume); the pad that starts deals."""

    name = "setup"
    title = NEW_GAME_TITLE
    subtitle = "the pad that selects Start deals"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    #: The game left for the title while its saves wait, offered for resume as it is in memory.
    left: NotNotPlay | None = None

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The players of the seats the player count stepped past, until a game starts (a
        #: look at *Names* meanwhile keeps them; each entry takes them as kept now:
        #: :func:`set_aside_as_kept`).
        self.set_aside: dict[int, SeatedPlayer] = {}

    def enter(self, now_ns: int, change: ToSetup) -> None:
        s = self.ctx.session.setup
        s.players = min(s.players, self.player_counts()[-1])
        names_as_kept(self.ctx)
        kept = kept_names(self.ctx) if self.set_aside else None
        if kept is not None:
            self.set_aside = set_aside_as_kept(self.set_aside, kept)
        super().enter(now_ns, change)
        self.title = NEW_GAME_TITLE if self.unfinished is None else RESUME_TITLE
        seat_only(s)

    def find_unfinished(self) -> UnfinishedGame | None:
        """The game left for the title while its saves wait, as it is in memory (the state
        database is behind it), else the state database's unfinished game."""
        self.left = left_play(self.ctx)
        if self.left is not None:
            # offered by its game alone: resume and start go on with ``left`` itself, never
            # through a kept id (kept_id says None), so none is given
            return UnfinishedGame(0, {}, self.left.game, ())
        return unfinished_game(self.ctx)

    def kept_id(self, kept: UnfinishedGame) -> int | None:
        return None if self.left is not None else kept.id   # in memory: its seats are the table's

    def kept_facts(self, kept: UnfinishedGame) -> list[str]:
        game = kept.game
        return [f"round {game.round_no + 1}", game.level.value, counted(game.players, "player")]

    def take_choices_of(self, kept: UnfinishedGame) -> None:
        s, game = self.ctx.session.setup, kept.game
        s.level, s.deals = game.mode, game.deals
        s.players = min(game.players, self.player_counts()[-1])

    def kept(self) -> UnfinishedGame:
        """The kept game offered for resume (only asked for while the menu offers one)."""
        if self.unfinished is None:
            raise NoGameInPlay("the set-up menu offers no kept game")
        return self.unfinished

    def resume(self) -> None:
        self.take_dealer()
        if self.left is not None:
            self.ctx.services.saves.left = None
            go_on_with(self.ctx, self.left)
        else:
            resume_game(self.ctx, self.kept())

    def settings_items(self) -> list[str]:
        s = self.ctx.session.setup
        chosen = self.ctx.session.preferences
        return [f"Level: {s.level.replace('-', ' ')}", f"Players: {s.players}",
                names_item(s.names, s.players), f"Deals: {s.deals}",
                f"Colour-blind mode: {on_off(chosen.colour_blind)}",
                f"Voice: {voice_state(self.ctx)}", START]

    def choose_setting(self, index: int) -> None:
        s = self.ctx.session.setup
        if index == 0:
            s.level = next_in(LEVEL_CHOICES, s.level)
        elif index == 1:
            s.players = next_in(self.player_counts(), s.players)
            self.set_aside.update(seat_only(s))
            seat_again(s, self.set_aside)
        elif index == 2:
            self.name_seats(ToNames())
        elif index == 3:
            s.deals = next_in(DEAL_CHOICES, s.deals)
        elif index in (4, 5):
            switch(self.ctx, ("colour_blind", "voice")[index - 4])
        else:
            if self.left is not None:   # started over: ended as it stands, after its saves
                self.ctx.services.saves.left = None
                save_ended(self.ctx, self.left)
            elif self.unfinished:
                end_kept(self.ctx, self.unfinished)
            self.take_dealer()
            start_game(self.ctx)

    def take_dealer(self) -> None:
        """The pad that selected Start or Resume deals (a key or a touch keeps the dealer as it
        was); a game starts with the seats as they stand, the players set aside let go."""
        self.set_aside.clear()
        if self.chooser is not None:
            self.ctx.session.setup.dealer = self.chooser
