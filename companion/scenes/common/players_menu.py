"""The kept players, from the title menu: rename one, merge one into another, or forget one.

The list shows every kept player (and how many games they sat in); selecting
one offers "Rename" (spelt on the letter picker from the name as it is,
:mod:`companion.scenes.common.letter_picker`), "Merge into another player"
(the other players listed; the one chosen asks first: "Merge Ana into Bo?
select again", unless the two sat at one table: that is refused at once,
with nothing to confirm) and "Forget" (asks first: "Forget Ana? select again"; then
the name is removed from every record as ``companion players forget`` removes it, its
seats in kept games guests', and its seat in the set-up a guest's; the notice says so).
The set-up's seat of a player merged seats the player merged into from now on (a guest's
when that player sits in another of its seats: the notice says so).
What the kept players refuse (a name taken, a character the
screen cannot draw left in a name kept before that rule, two players who sat
at the same table) is one line under the title; nothing changes then. W
goes back a step, to the title from the list. ``companion players`` does the
same from the command line.
"""

from __future__ import annotations

from companion.display.text import undrawable
from companion.scenes.changes import ToPlayers, ToTitle
from companion.scenes.common.letter_picker import SpellingMenu
from companion.scenes.common.seating import seat_merged, unseat
from companion.scenes.common.setup_menu import counted
from companion.scenes.core import Context
from companion.storage.faults import STORE_ERRORS
from companion.storage.players import Player, PlayerStore, forgot_words

RENAME, MERGE, FORGET, BACK = "Rename", "Merge into another player", "Forget", "Back"


class PlayersScene(SpellingMenu[ToPlayers]):
    """The kept players; one player's rename, merge or forget."""

    name = "players"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.kept: list[Player] = []
        #: The player chosen (``None``: the list is shown).
        self.player: Player | None = None
        #: Choosing the player to merge :attr:`player` into.
        self.merging = False

    def enter(self, now_ns: int, change: ToPlayers) -> None:
        self.refusal, self.top, self.cursor = "", 0, 0
        self.reload()
        super().enter(now_ns, change)

    def store(self) -> PlayerStore:
        return PlayerStore(self.ctx.services.database())

    def reload(self, showing: int | None = None) -> None:
        """Read the kept players again and show the list, pointing at the player whose id is
        ``showing`` (renamed, or merged into: the list is sorted by name), else at the top."""
        self.player, self.merging, self.spelling = None, False, None
        self.kept = self.read_players()
        self.show_player(showing)

    def show_player(self, player_id: int | None) -> None:
        """Point the list at the kept player whose id is ``player_id`` (the top when none is)."""
        ids = [player.id for player in self.kept]
        self.point_at(ids.index(player_id) if player_id in ids else 0)

    @property
    def title(self) -> str:  # type: ignore[override]
        if self.player is None:
            return "Players"
        if self.spelling is not None:
            return f"Rename {self.player.name}"
        return f"Merge {self.player.name} into..." if self.merging else self.player.name

    def menu_subtitle(self) -> str:
        if self.player:
            return ""
        return ("select a player to rename, merge or forget" if self.kept
                else "no kept player yet: name one at a game's set-up")

    def others(self) -> list[Player]:
        return [p for p in self.kept if self.player is None or p.id != self.player.id]

    def entries(self) -> list[str]:
        if self.player is None:
            return [f"{p.name}: {counted(p.games, 'game')}" for p in self.kept] + [BACK]
        if self.merging:
            return [p.name for p in self.others()] + [BACK]
        return [RENAME, MERGE, FORGET, BACK]

    def entry_question(self, index: int) -> str | None:
        if self.player is not None and not self.merging and self.spelling is None and \
                self.entries()[index] == FORGET:
            return f"Forget {self.player.name}? select again"
        others = self.others()
        if self.merging and self.player is not None and index < len(others) and \
                self.may_merge(self.player, others[index]):
            return f"Merge {self.player.name} into {others[index].name}? select again"
        return None   # a merge refused is said at once, not after asking

    def may_merge(self, source: Player, into: Player) -> bool:
        """Whether ``source`` may be merged into ``into`` (they never sat at one table; a state
        folder that cannot be read asks, and the merge says why it fails)."""
        try:
            return self.store().first_game_together(source, into) is None
        except STORE_ERRORS:
            return True

    def choose_entry(self, index: int) -> None:
        entries = self.entries()
        if entries[index] == BACK:
            self.back()
        elif self.player is None:
            self.player, self.refusal = self.kept[index], ""
            self.point_at(0)
        elif self.merging:
            self.merge(self.player, self.others()[index])
        elif entries[index] == RENAME:
            self.spell(self.player.name)
        elif entries[index] == FORGET:
            self.forget(self.player)
        else:
            self.merging, self.refusal = True, ""
            self.point_at(0)

    def spelt(self, name: str) -> None:
        assert self.player is not None  # spelling renames the chosen player
        old = self.player.name
        try:
            renamed = self.store().rename(old, name, undrawable)
        except STORE_ERRORS as error:
            self.refusal = str(error)
            return
        self.reload(showing=renamed.id)
        if renamed.name != old:   # spelt as it was: nothing changed, nothing to say
            self.ctx.services.notify(f"{old} is called {renamed.name} from now on")

    def merge(self, source: Player, into: Player) -> None:
        try:
            moved = self.store().merge(source.name, into.name)
        except STORE_ERRORS as error:
            self.refusal = str(error)
            return
        self.reload(showing=into.id)
        guest = seat_merged(self.ctx.session.setup, source, into)
        said = f"{source.name} merged into {into.name}: {counted(moved, 'game')} moved"
        self.ctx.services.notify(f"{said}; {guest}" if guest else said)

    def forget(self, player: Player) -> None:
        """Forget ``player`` (:meth:`PlayerStore.forget`, as ``companion players forget``): the
        notice says how many kept seats became guests' and which seat of the set-up did."""
        try:
            freed = self.store().forget(player.name)
        except STORE_ERRORS as error:
            self.refusal = str(error)
            return
        self.reload()
        seat = unseat(self.ctx.session.setup, player.id)
        said = forgot_words(player.name, freed)
        self.ctx.services.notify(said if seat is None else f"{said}; seat {seat} is a guest now")

    def gave_up(self) -> None:
        self.spelling, self.refusal = None, ""
        self.point_at(0)

    def back(self) -> None:
        if self.player is None:
            self.ctx.go(ToTitle())
            return
        if self.merging:
            self.merging, self.refusal = False, ""
            self.point_at(1)
        else:
            chosen, self.player, self.refusal = self.player, None, ""
            self.show_player(chosen.id)

    def pause(self) -> None:
        """Esc goes back, as W does."""
        self.back()
