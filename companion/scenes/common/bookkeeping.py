"""What the two bookkeeping modes' scenes share: set-up with resume; pads in, a kept game, pause.

Not That Movie! and That's Not a Hat each have a pure pad machine
(:mod:`companion.games.movie.pads`, :mod:`companion.games.hat.pads`) over a game kept in
the state database entry by entry (:class:`~companion.storage.bookkeeping.KeptGame`).
A play scene feeds every pad tap to its machine, saves the game when a tap
changed it, plays a short tone, and redraws. Between rounds and at the end,
the keyboard's Enter (or the confirm button) does what E on a pad does there; on the
round's or the game's end, an E (or Enter) stamped less than a second after the screen that
shows it was flipped is a late tap (:mod:`companion.scenes.common.late_taps`: a double press of
the E that ended the round, another player's E a moment later) and leaves it up.
A touch, the pause key or the menu control opens the pause menu; the game
stays kept for resume, or End the game (after asking) ends it early. A set-up
menu offers the player counts its game takes, no more than there are pads, and
starts a new kept game or resumes the kept one (neither while too few players have a pad,
:class:`~companion.scenes.common.setup_menu.SetupMenu`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import pygame

from companion.display import text
from companion.display.palette import TAP_FLASH
from companion.games.moves import IGNORED, MoveLog
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.inputs.actions import Action, asks_pause, control_action_of
from companion.inputs.keyboard import button_name
from companion.scenes.changes import (
    SceneChange,
    ToGamesPause,
    ToKeptGame,
    ToNames,
    ToScoreSheet,
)
from companion.scenes.common.kept_saves import save_kept
from companion.scenes.common.late_taps import late_tap
from companion.scenes.common.names import names_item
from companion.scenes.common.save_notices import short_reason
from companion.scenes.common.seating import names_as_kept, seats_for, take_seats_of
from companion.scenes.common.setup_menu import SetupMenu, next_in
from companion.scenes.core import Context, M, Scene
from companion.scenes.session import NoGameInPlay
from companion.storage.bookkeeping import KeptGame
from companion.storage.faults import STORE_ERRORS

log = logging.getLogger(__name__)

#: The phases whose screen the table reads before E moves on: a round's points, the game's total.
SUMMARIES = ("round-over", "game-over")


class PadMachine(Protocol):
    """What a play scene asks of its pad machine (:class:`~companion.games.movie.pads.MoviePads`,
    :class:`~companion.games.hat.pads.HatPads`): take one press, say what it did."""

    def press(self, player: int, side: Side | str) -> str:
        """Feed one pad press; returns what it did (a word for screen and sound)."""
        ...


#: The change that enters a bookkeeping game's play scene.
K = TypeVar("K", bound=ToKeptGame[Any])
#: The game a bookkeeping scene keeps (MovieGame, HatGame).
G = TypeVar("G", bound=MoveLog)
#: The pad machine a play scene feeds (MoviePads, HatPads).
P = TypeVar("P", bound=PadMachine)


class BookkeepingScene(Scene[K], Generic[K, G, P]):
    """A play scene over a pad machine (:attr:`pads`) and its kept game (:attr:`kept`).

    Subclasses set ``pads_class``, ``change`` (the change that enters them), ``sheet`` (the
    change to their game's score sheet) and ``tones`` (press word -> tone name) and draw.
    """

    #: Builds the pad machine over a game entered with.
    pads_class: Callable[[G], P]
    #: The change that enters this play scene (going on with its game when ``kept`` is ``None``).
    change: type[K]
    #: The change to this game's score sheet, which rings the game it names.
    sheet: type[ToScoreSheet]
    tones: ClassVar[dict[str, str]] = {}

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: The kept game and its pad machine, from the first change in that brought a game.
        self._playing: tuple[KeptGame[G], P] | None = None
        #: What the last press did (the pad machine's word): the tones play it.
        self.said = ""
        #: What the last press that did something did: the screen shows it (a press that did
        #: nothing leaves what the table was shown).
        self.did = ""
        #: "P3's W does nothing now" after a seated player's press that did nothing, until a
        #: press does something (:meth:`draw_ignored` shows it).
        self.ignored = ""
        #: When the frame that first showed the round's or the game's end on screen was flipped
        #: (the loop's clock); ``None`` while none has been since the scene came or the game
        #: last changed.
        self.summary_shown_ns: int | None = None

    @property
    def kept(self) -> KeptGame[G]:
        """The game being played: the one the last change in brought."""
        return self._game_and_pads()[0]

    @property
    def pads(self) -> P:
        """The pad machine over :attr:`kept`'s game."""
        return self._game_and_pads()[1]

    def _game_and_pads(self) -> tuple[KeptGame[G], P]:
        if self._playing is None:   # moved in without a game, and no game was played here yet
            raise NoGameInPlay(f"the {self.name} scene was entered without a game to play")
        return self._playing

    def enter(self, now_ns: int, change: K) -> None:
        super().enter(now_ns, change)
        self.ignored = ""
        self.summary_shown_ns = None
        if change.kept is not None:
            self._playing = change.kept, self.pads_class(change.kept.game)
            self.said = self.did = ""

    def handle(self, event: object, now_ns: int) -> None:
        if asks_pause(event):
            self.ctx.go(ToGamesPause(resume=self.change(), kept=self.kept,
                                     ended=self.ended_change()))
        elif isinstance(event, Tap):
            if not self.late_tap(event.side, event.t_ns):
                self.press(event.player, event.side)
        elif (control_action_of(event) is Action.SELECT
              and self.kept.game.phase in SUMMARIES):
            if not self.late_tap(Side.E, getattr(event, "t_ns", None)):   # every input stamps
                self.press(self.confirming_player(), Side.E)   # as E on a pad: next round, or write

    def showing_summary(self) -> bool:
        """Whether the screen shows the round's or the game's end, which E on any pad leaves."""
        return self.kept.game.phase in SUMMARIES

    def late_tap(self, side: Side, t_ns: int | None) -> bool:
        """Whether a press of ``side`` stamped ``t_ns`` is a late tap of the press that ended the
        round or the game (:func:`~companion.scenes.common.late_taps.late_tap`): an E while its
        end is on screen, before the frame showing it was flipped or less than a second after,
        which would leave it before the table has read it (an unstamped press never is)."""
        if side is not Side.E or t_ns is None or not self.showing_summary():
            return False
        return self.summary_shown_ns is None or late_tap(t_ns, self.summary_shown_ns)

    def flipped(self, t_ns: int) -> None:
        """The frame on screen since ``t_ns`` shows the round's or the game's end for the first
        time: a press of E is one for it from a second on."""
        if self.summary_shown_ns is None and self.showing_summary():
            self.summary_shown_ns = t_ns

    def ended_change(self) -> SceneChange:
        """Where End the game (from the pause menu) goes once the game is ended early: the score
        sheet, this game ringed."""
        return self.sheet(newest=self.kept.game_id)

    def write_down(self) -> None:
        """The game is over and the table says so: finish it, save it, and show the score
        sheet with this game ringed."""
        self.kept.finish()
        save_kept(self.ctx, self.kept)
        self.ctx.go(self.sheet(newest=self.kept.game_id))

    def label(self, player: int) -> str:
        """How ``player`` is shown: their name, or "P3" for a guest."""
        return self.ctx.session.setup.label(player)

    def confirming_player(self) -> int:
        """Whose pad Enter stands for between rounds and at the end (any player's E does)."""
        return 1

    def button(self, player: int | None, side: Side) -> str:
        """What ``player``'s ``side`` button is called for the table's inputs (``None``: any
        pad's; on the keyboard the menu key, Enter for E)."""
        return button_name(self.ctx.services.keys, player, side)

    def press(self, player: int, side: Side) -> None:
        """One pad press: to the machine; save and redraw if it changed the game."""
        moves = self.kept.game.moves_made
        self.said = self.pads.press(player, side)
        if self.said != IGNORED:
            self.ignored, self.did = "", self.said
        elif self.tells_ignored(player):
            self.ignored = f"{self.label(player)}'s {self.button(player, side)} does nothing now"
        if self.kept.game.moves_made != moves:
            self.summary_shown_ns = None
            self.kept.moved()
            save_kept(self.ctx, self.kept)
        if self.said in self.tones:
            self.ctx.services.sounds.play(self.tones[self.said])
        self.dirty = True

    def tells_ignored(self, player: int) -> bool:
        """Whether a press of ``player``'s that did nothing is said on screen: a seated
        player's (another pad's press changes nothing here)."""
        return 1 <= player <= self.kept.game.players

    def draw_ignored(self, canvas: pygame.Surface, above: int) -> list[text.Drawn]:
        """Draw :attr:`ignored` (if any) centred just above ``above``, in the early tap's ink."""
        if not self.ignored:
            return []
        layout = self.ctx.services.layout
        return text.draw_fit(canvas, self.ignored, layout.body_size,
                             layout.width - round(6 * layout.unit), layout.min_text_size,
                             TAP_FLASH["early"],
                             midbottom=(layout.width // 2, above - round(layout.unit)))


class BookkeepingSetup(SetupMenu[M, KeptGame[G]], Generic[M, G]):
    """A set-up menu of a bookkeeping mode, led by "Resume" when a game is kept unfinished.

    Subclasses set ``game_class``, ``play_move`` and the players the game takes
    (``min_players``, ``max_players``, see :class:`SetupMenu`), list their own items in
    :meth:`settings_items` and act on them in :meth:`choose_setting` (the Players item by
    :meth:`step_players`); :meth:`start` begins a new kept game.
    """

    #: The game this menu sets up.
    game_class: type[G]
    #: The change back to this menu (from the choice of names).
    here: ClassVar[SceneChange]
    #: The change to this game's play scene.
    play_move: type[ToKeptGame[G]]

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        #: How many play the next game started (4 until the table chooses).
        self.players = 4

    def enter(self, now_ns: int, change: M) -> None:
        self.players = min(self.players, self.player_counts()[-1])
        self.players_changed()
        names_as_kept(self.ctx)
        super().enter(now_ns, change)

    def names_at(self) -> int:
        """Where the "Names" item stands: right under the Players item (the first setting)."""
        return (1 if self.unfinished else 0) + 1

    def items(self) -> list[str]:
        items = super().items()
        items.insert(self.names_at(), names_item(self.ctx.session.setup.names, self.players))
        return items

    def choose(self, index: int) -> None:
        """The "Names" item chooses who sits where; the others are the game's own."""
        if index == self.names_at():
            self.name_seats(ToNames(players=self.players, back=self.here))
        else:
            super().choose(index - 1 if index > self.names_at() else index)

    def step_players(self) -> None:
        """The Players item was selected: the next count offered, wrapping round."""
        self.players = next_in(self.player_counts(), self.players)
        self.players_changed()

    def players_changed(self) -> None:
        """The player count was chosen or cut to the pads: fit the choices that depend on it."""

    def take_choices_of(self, kept: KeptGame[G]) -> None:
        self.take_settings(kept.game, kept.settings)
        self.players = min(kept.game.players, self.player_counts()[-1])
        self.players_changed()

    def take_settings(self, game: G, settings: dict) -> None:
        """Show ``game``'s own set-up choices (set up with ``settings``), its players aside."""

    def kept_id(self, kept: KeptGame[G]) -> int | None:
        return kept.game_id

    def find_unfinished(self) -> KeptGame[G] | None:
        self.subtitle = type(self).subtitle
        try:
            return KeptGame.resume(self.ctx.services.database(), self.game_class)
        except self.game_class.ERROR as error:   # a kept game this companion cannot restore
            self.give_up(error)
        except STORE_ERRORS:   # games play on unsaved, and a start says why
            return self.unfinished_read_only()
        return None

    def unfinished_read_only(self) -> KeptGame[G] | None:
        """The kept game read from a state database that cannot be opened to write (a full
        disk, a read-only file or folder), so that it is still offered: resumed, its saves wait
        until they can be written; started over, it is ended early once they can. ``None`` when
        none is kept, or it does not restore; or when the file cannot be read either, which
        the subtitle then says (never said of a file that reads: no game kept is no fault)."""
        try:
            with self.ctx.services.database_to_read() as reader:
                return KeptGame.resume(reader, self.game_class)
        except self.game_class.ERROR as error:
            log.warning("no kept game to resume: %s", error)
        except STORE_ERRORS as error:
            log.warning("no kept game to resume: %s", error)
            self.subtitle = f"kept games cannot be read: {short_reason(error)}"
        return None

    def give_up(self, error: Exception) -> None:
        """Abandon the kept game that does not restore, and say why under the title."""
        self.subtitle = f"the kept game could not be resumed: {error}"
        try:
            KeptGame.give_up(self.ctx.services.database(), self.game_class)
        except STORE_ERRORS as store_error:   # offered again next time: said again then
            log.warning("the kept game could not be abandoned: %s", store_error)

    def resume(self) -> None:
        if self.unfinished is not None and self.unfinished.game_id is not None:
            take_seats_of(self.ctx, self.unfinished.game_id)
        self.ctx.go(self.play_move(kept=self.unfinished))

    def start(self, game: G, settings: dict) -> None:
        """Keep ``game`` (set up with ``settings``) in the state database and play it; a kept
        unfinished game it starts over is ended as it stands, marked ended early."""
        if self.unfinished is not None:
            self.unfinished.end_early()
            save_kept(self.ctx, self.unfinished)
        kept = KeptGame.new(game, settings, seats_for(self.ctx, game.players))
        save_kept(self.ctx, kept)
        self.ctx.go(self.play_move(kept=kept))
