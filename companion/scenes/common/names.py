"""Who sits where: each seat of the next Not Not game picks a kept player, a new one, or a guest.

Reached from a set-up menu's "Names" item, right under the player count (Not
Not's; Not That Movie!'s and That's Not a Hat's, whose games are kept with
their seats too). The
seats are listed ("Seat 2: Ana", "Seat 3: P3"); selecting one lists the kept
players not already at this table, then "New player" (spelt on the letter
picker, :mod:`companion.scenes.common.letter_picker`, and kept at once),
"Guest" and "Back" (to the seats, the seat as it was, as W does: a table with
only a touchscreen has no other way back). Once a seat has its player the
cursor goes on to the next seat, so a table names itself in turn; "Done" (or
W) goes back to the set-up menu.

Any pad (and the window's keys) drives this screen, not only the seat being
named: the names are chosen on one shared screen before anyone plays, a seat's
pad may sit across the table from the screen, and a young player's name is
often spelt by a neighbour. Which pad is whose is the set-up's seat number.
"""

from __future__ import annotations

from companion.display.text import undrawable
from companion.games.notnot.words import player_label
from companion.scenes.changes import ToNames
from companion.scenes.common.letter_picker import SpellingMenu
from companion.scenes.common.setup_menu import counted
from companion.scenes.core import Context
from companion.storage.faults import STORE_ERRORS
from companion.storage.players import Player, PlayerStore

NEW_PLAYER, GUEST, DONE_ITEM, BACK = "New player", "Guest", "Done", "Back"


#: The longest list of names the set-up menu's item spells out; past it, it counts them.
NAMES_ITEM_MAX = 40


def names_item(names: dict[int, str], players: int) -> str:
    """The set-up menu's item: ``Names: all guests``, ``Names: Ana, Bo, P3``, or for a long
    list ``Names: 5 named, 7 guests``."""
    named = sum(1 for seat in names if 1 <= seat <= players)
    if not named:
        return "Names: all guests"
    listed = ", ".join(player_label(seat, names) for seat in range(1, players + 1))
    if len(listed) <= NAMES_ITEM_MAX:
        return f"Names: {listed}"
    return f"Names: {named} named, {counted(players - named, 'guest')}"


class NamesScene(SpellingMenu[ToNames]):
    """The seats and who sits in each; a seat's choice of kept player, new player or guest."""

    name = "names"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The seat being named (``None``: the list of seats is shown).
        self.seat: int | None = None
        self.kept: list[Player] = []
        #: The seats to name, and where W and Done go back to.
        self.players, self.back_to = 0, ToNames().back

    def enter(self, now_ns: int, change: ToNames) -> None:
        self.players = change.players or self.ctx.session.setup.players
        self.back_to = change.back
        self.seat, self.spelling, self.refusal, self.top, self.cursor = None, None, "", 0, 0
        self.kept = self.read_players()
        super().enter(now_ns, change)

    @property
    def title(self) -> str:  # type: ignore[override]
        if self.seat is None:
            return "Who sits where?"
        return f"Seat {self.seat}: {'new player' if self.spelling else 'who sits here?'}"

    def menu_subtitle(self) -> str:
        return "each seat picks a player, or plays as a guest" if self.seat is None else ""

    def offered(self) -> list[Player]:
        """The kept players the seat being named may pick: none seated elsewhere at this table."""
        taken = {pid for seat, pid in self.ctx.session.setup.player_ids.items()
                 if seat != self.seat}
        return [player for player in self.kept if player.id not in taken]

    def entries(self) -> list[str]:
        setup = self.ctx.session.setup
        if self.seat is None:
            return [f"Seat {seat}: {setup.label(seat)}"
                    for seat in range(1, self.players + 1)] + [DONE_ITEM]
        return [player.name for player in self.offered()] + [NEW_PLAYER, GUEST, BACK]

    def choose_entry(self, index: int) -> None:
        if self.seat is None:
            if index < self.players:
                self.seat, self.refusal = index + 1, ""
                self.point_at(0)
            else:
                self.back()
            return
        offered = self.offered()
        if index < len(offered):
            self.sit(offered[index])
        elif index == len(offered):
            self.spell()
        elif index == len(offered) + 1:
            self.sit(None)
        else:
            self.back()

    def spelt(self, name: str) -> None:
        try:
            player = PlayerStore(self.ctx.services.database()).add(name, undrawable)
        except STORE_ERRORS as error:
            self.refusal = str(error)
            return
        self.kept.append(player)
        self.sit(player)

    def sit(self, player: Player | None) -> None:
        """Seat ``player`` (``None``: a guest) in the seat being named; on to the next seat."""
        setup, seat = self.ctx.session.setup, self.seat
        assert seat is not None  # a player is picked for a seat only
        setup.names.pop(seat, None)
        setup.player_ids.pop(seat, None)
        if player is not None:
            setup.names[seat], setup.player_ids[seat] = player.name, player.id
        self.seat, self.spelling, self.refusal = None, None, ""
        self.point_at(seat)   # the next seat (or Done after the last)

    def back(self) -> None:
        if self.seat is not None:
            seat, self.seat, self.refusal = self.seat, None, ""
            self.point_at(seat - 1)
        else:
            self.ctx.go(self.back_to)

    def pause(self) -> None:
        """Esc goes back, as W does."""
        self.back()
