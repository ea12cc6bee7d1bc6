"""What every scene shares: the session (settings, the game), the services, hooks, and the
loop's plumbing.

The context also carries the one pending scene change (:meth:`Context.go`),
which the loop applies after the current scene has handled its events.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.audio.tones import Sounds
from companion.display.layout import Layout
from companion.errors import CompanionError
from companion.games.notnot.game import Game
from companion.games.notnot.round import Timing
from companion.games.notnot.sides import Side
from companion.scenes.transitions import Move, check_move

if TYPE_CHECKING:
    from companion.audio.voice import Voice
    from companion.inputs.keyboard import KeyMap
    from companion.scenes.base import Scene
    from companion.scenes.notnot.saving import Journal
    from companion.storage.database import Database
from companion.storage.preferences import Preferences

LEVEL_CHOICES = ("first-game", "discovery", "normal", "hard", "extreme")
#: Pads a kiosk has when nobody says otherwise: the six GPIO pads of the shipped settings.
DEFAULT_PADS = 6
DEAL_CHOICES = ("companion", "table")
#: How long a kiosk save waits for another program's write to the state database, in seconds.
#: The loop waits with it, so this stays well under systemd's watchdog (``WatchdogSec`` in
#: ``systemd/companion.service``); a save that times out waits in the journal and is tried again
#: after the next frame.
KIOSK_BUSY_TIMEOUT_S = 2.0


def no_op(*_args: object, **_kwargs: object) -> None:
    """A hook that does nothing."""


@dataclass
class Settings:
    """The choices made on the set-up screen."""

    players: int = 4
    level: str = "first-game"
    deals: str = "companion"
    seed: int = 1
    #: The player whose pad confirms the dealing prompts and enters table-dealt cards
    #: (the pad that selected Start).
    dealer: int = 1


@dataclass(frozen=True)
class Pace:
    """How long things stay on screen, in seconds (tests and the benchmark shorten them)."""

    roll_frames: int = 6
    roll_frame_s: float = 0.07
    verdict_s: float = 1.8
    #: After a round's close, how long to wait for late-arriving taps stamped before it.
    settle_s: float = 0.002

    #: Multiplies the round's clocks (idle, round and choice timeouts); the tie window is kept.
    timeouts: float = 1.0

    def scaled(self, factor: float) -> Pace:
        """This pace with every duration multiplied by ``factor`` (settle time and tie window
        kept)."""
        return Pace(self.roll_frames, self.roll_frame_s * factor, self.verdict_s * factor,
                    self.settle_s, self.timeouts * factor)

    def timing(self, tie_window_ns: int = Timing().tie_window_ns) -> Timing:
        """The round's clocks at this pace."""
        base = Timing()
        return Timing(tie_window_ns, round(base.idle_timeout_ns * self.timeouts),
                      round(base.round_timeout_ns * self.timeouts),
                      round(base.choice_timeout_ns * self.timeouts))


class NoGameInPlay(CompanionError):
    """A game's scene was shown with no game to play (a bug, never a player's doing): the
    loop shows it on the failsafe."""


@dataclass(kw_only=True)
class Session:
    """What the table chose this session (settings, preferences) and the game in progress
    with its bookkeeping (id, saves, reaction times, close calls)."""

    settings: Settings = field(default_factory=Settings)
    #: The Not Not game in progress, if any.
    game: Game | None = None
    #: Its id in the state database while it is being saved (:mod:`companion.scenes.notnot.saving`),
    #: else ``None``.
    game_id: int | None = None
    #: The saves waiting to be on disk, made on first use
    #: (:func:`companion.scenes.notnot.saving.journal`).
    saving: Journal | None = None
    #: Each player's reaction times this game, in ms (first taps after the open).
    reactions: dict[int, list[float]] = field(default_factory=dict)
    #: Each player's closest win and closest loss this game for the end screen:
    #: ``{"win": {player: (µs, honest step µs)}, "loss": {...}}``.
    close_calls: dict[str, dict[int, tuple[float, int]]] = field(default_factory=dict)
    #: The table's choices (colour-blind mode, the voice; see
    #: :mod:`companion.scenes.common.table_choices`).
    preferences: Preferences = field(default_factory=Preferences)

    @property
    def playing(self) -> Game:
        """The Not Not game in progress. Raises :class:`NoGameInPlay` when there is none: a
        scene of a game was entered without one, which the loop shows on the failsafe."""
        if self.game is None:
            raise NoGameInPlay("no Not Not game is in progress")
        return self.game


@dataclass(kw_only=True)
class Services:
    """What the kiosk was built with and lends every scene: the screen's layout, the pace,
    sounds and voice, the ink chooser, the state database, notices, and the wired pads."""

    layout: Layout
    pace: Pace = field(default_factory=Pace)
    sounds: Sounds = field(default_factory=lambda: Sounds(enabled=False))
    #: The voice speaking the verdicts (``None``: silent).
    voice: Voice | None = None
    #: Chooses Stroop inks and roll-animation faces (never global random state).
    rng: random.Random = field(default_factory=lambda: random.Random(1))
    #: The state folder of the games' database (``None``: the usual place).
    state_dir: str | None = None
    #: Shows a one-line notice over every screen for a few seconds (the loop sets it).
    notify: Callable[[str], None] = no_op
    #: Shows a one-line notice over every screen until the next call replaces it (``None``:
    #: clears it), e.g. a save that cannot be written (the loop sets it).
    warn_until_cleared: Callable[[str | None], None] = no_op
    #: Runs ``work`` in the loop's thread on its next pass, from any thread (the loop sets it):
    #: how a worker (the voice's clips) posts its result back.
    in_loop: Callable[[Callable[[], None]], None] = no_op
    #: How many players have a pad (players 1..pads): the set-up menus offer no more.
    pads: int = DEFAULT_PADS
    #: The keys, when the table plays on the keyboard (no GPIO or serial pads): the hints name
    #: them (``None``: the pads' letters; :func:`companion.inputs.keyboard.button_name`).
    keys: KeyMap | None = None
    #: The inputs' tie window: taps closer than this are a tie.
    tie_window_ns: int = Timing().tie_window_ns
    _database: Database | None = field(default=None, repr=False)

    def database(self) -> Database:
        """The state database (:class:`companion.storage.database.Database`), opened on first use.

        Not Not, Not That Movie! and That's Not a Hat keep their games (and score sheets) there.
        Raises :class:`~companion.errors.CompanionError` when it cannot be opened.
        """
        if self._database is None:
            from companion.storage.database import Database
            from companion.storage.location import state_dir

            self._database = Database.in_folder(state_dir(self.state_dir),
                                                busy_timeout_s=KIOSK_BUSY_TIMEOUT_S)
        return self._database

    def close_database(self) -> None:
        """Close the state database if it was opened."""
        if self._database is not None:
            self._database.close()
            self._database = None


@dataclass
class Hooks:
    """What the product or the demo plugs in to watch the game; each does nothing by default."""

    #: Called with the scene whenever one becomes current (the demo's table watches this and
    #: acts by the scene's class).
    on_scene: Callable[[Scene[Any]], None] = no_op
    #: Called with the winners' (player, side) pairs of each verdict: lights the winner's button
    #: LED.
    on_winners: Callable[[list[tuple[int, Side]]], None] = no_op
    #: Called with (player, side, what the tap counts for) at each telling tap of a round:
    #: lights the pressed button's LED.
    on_tap: Callable[[int, Side, str], None] = no_op


@dataclass(kw_only=True)
class Context:
    """What all scenes of one kiosk session share: the :class:`Session` (``ctx.session``), the
    :class:`Services` (``ctx.services``), the :class:`Hooks` (``ctx.hooks``), and the loop's
    plumbing kept here: the pending scene change, the current scene, work after the frame,
    quitting.
    """

    session: Session = field(default_factory=Session)
    services: Services
    hooks: Hooks = field(default_factory=Hooks)
    #: The scene change asked for and not yet applied.
    pending: Move | None = None
    #: The name of the current scene (the loop sets it as it enters one): where moves start.
    current_scene: str = ""
    #: Work for the loop to do once the next frame is on screen (saving a round: the disk never
    #: delays a verdict), in order.
    after_frame: list[Callable[[], None]] = field(default_factory=list)
    #: Set by the "Quit" menu item or a closed window.
    quitting: bool = False

    def go(self, move: Move) -> None:
        """Ask the loop to enter ``move``'s scene with ``move`` once the current scene has
        handled its events.

        Raises :class:`~companion.scenes.transitions.MoveError` when the table of
        :mod:`companion.scenes.transitions` has no such move from the current scene.
        """
        check_move(self.current_scene, move)
        self.pending = move
