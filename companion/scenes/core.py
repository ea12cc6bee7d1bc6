"""The scene core: a :class:`Scene` (one state of the kiosk), the :class:`Context` every scene
shares (the session, the services, the hooks, the pending scene change), and :class:`Quit`,
the one event a scene sees that no input makes.

Inputs post :class:`companion.games.notnot.taps.Tap` (and the input layer's
``Control``/``Dealer``/``Stuck`` events); the loop adds the window's menu keys
and touches (:class:`~companion.inputs.actions.Nav`,
:class:`~companion.inputs.actions.Point`) and :class:`Quit` when the window
closes. What any of them means to a menu or a prompt is
:mod:`companion.inputs.actions`'s to say, never a scene's. The context carries
the one pending scene change (:meth:`Context.go`), which the loop applies as soon as the
scene's call that asked for it returns (after the event it handled, its timers, or its
frame): the next event of the same pass goes to the new scene.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, get_args

import pygame

from companion.audio.tones import Sounds
from companion.display.layout import Layout
from companion.display.parts import Compositor
from companion.errors import Bug, CompanionError
from companion.games.notnot.round import Timing
from companion.games.notnot.sides import Side
from companion.scenes.changes import SceneChange
from companion.scenes.common.pending_saves import PendingSaves
from companion.scenes.session import Pace, Session

if TYPE_CHECKING:
    from companion.audio.voice import Voice
    from companion.inputs.edge_log import EdgeLog
    from companion.inputs.keyboard import KeyMap
    from companion.storage.database import Database
    from companion.storage.owner import FolderLock

log = logging.getLogger(__name__)

__all__ = ["Context", "Hooks", "SceneChangeError", "Quit", "Scene", "SceneTable", "Services"]

#: Pads a kiosk has when nobody says otherwise: the six GPIO pads of the shipped settings.
DEFAULT_PLAYERS_WITH_PADS = 6
#: How long a kiosk save waits for another program's write to the state database, in seconds.
#: The loop waits with it, so this stays well under systemd's watchdog (``WatchdogSec`` in
#: ``systemd/companion.service``); a save that times out waits with the pending saves and is
#: tried again after the next frame.
KIOSK_BUSY_TIMEOUT_S = 2.0
#: Who holds the state folder's lock while the kiosk runs (the line a second writer gets).
KIOSK = "the kiosk"


def no_op(*_args: object, **_kwargs: object) -> None:
    """A hook that does nothing."""


#: The change a scene is entered with (:mod:`companion.scenes.changes`).
M = TypeVar("M", bound=SceneChange)


@dataclass(frozen=True)
class Quit:
    """The window was closed."""

    t_ns: int


class Scene(Generic[M]):
    """One state of the kiosk, entered with a change of type ``M``. Subclasses override what they
    need.

    ``ctx`` is the shared :class:`Context`. A scene
    sets ``self.dirty`` when what it shows changed; the loop then calls
    :meth:`draw` and, right after the flip, :meth:`flipped` with its stamp.
    """

    name = "scene"
    #: Whether a key that types a character comes to the scene as that character
    #: (:class:`companion.inputs.actions.Typed`) rather than as the pad or menu key it is.
    takes_text = False
    #: Whether a touch on this screen picks what it touches (a menu), rather than pausing the
    #: game whatever it touches (a play screen): a touch on a notice over a menu puts the
    #: notice away instead (:meth:`companion.kiosk.loop.App.touches_the_notice`).
    touch_picks = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.dirty = True

    def enter(self, now_ns: int, change: M) -> None:
        """Called when the scene becomes current, with the change that entered it."""
        self.dirty = True

    def handle(self, event: object, now_ns: int) -> None:
        """React to one event (already in stamp order)."""

    def update(self, now_ns: int) -> None:
        """Run timers: called once per loop pass, after the events."""

    def wake_at_ns(self) -> int | None:
        """When the loop must next call :meth:`update` even without events (``None``: no timer)."""
        return None

    def draw(self, canvas: pygame.Surface) -> str | None:
        """Draw the whole frame; return a moment name for snapshots, or ``None``."""
        return None

    def flipped(self, t_ns: int) -> None:
        """The frame just drawn is on screen since ``t_ns``."""


def entered_with(scene: type[Scene[Any]]) -> type[SceneChange]:
    """The change class ``scene`` is entered with: the one its class names (``Scene[ToVerdict]``,
    or the first change among a generic base's parameters)."""
    for klass in scene.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            for arg in get_args(base):
                if isinstance(arg, type) and issubclass(arg, SceneChange):
                    return arg
    raise SceneChangeError(f"scene {scene.__name__} names no change it is entered with")


class SceneChangeError(Bug):
    """A scene change the table does not allow: a change no scene is entered with, or one
    nobody planned from the current scene."""


class SceneTable:
    """Every scene of the kiosk and where each may go: ``changes`` maps each scene class to the
    scene classes it may enter; every scene may enter those of ``anywhere`` (the failsafe).
    Each scene is entered with the change its class names (:func:`entered_with`), and no two
    scenes with the same."""

    def __init__(self, changes: Mapping[type[Scene[Any]], Collection[type[Scene[Any]]]],
                 anywhere: Collection[type[Scene[Any]]] = ()) -> None:
        self.changes = {source: frozenset(targets) for source, targets in changes.items()}
        self.anywhere = frozenset(anywhere)
        self.entered_by = {entered_with(scene): scene for scene in self.changes}

    @property
    def scenes(self) -> tuple[type[Scene[Any]], ...]:
        """Every scene of the table, in its order."""
        return tuple(self.changes)

    def targets(self, source: type[Scene[Any]]) -> frozenset[type[Scene[Any]]]:
        """The scenes ``source`` may enter."""
        return self.changes.get(source, frozenset()) | self.anywhere

    def scene_of(self, change: SceneChange) -> type[Scene[Any]]:
        """The scene ``change`` enters; :class:`SceneChangeError` when no scene of the table is
        entered with a change of its class."""
        scene = self.entered_by.get(type(change))
        if scene is None:
            raise SceneChangeError(f"scene change {type(change).__name__}: no scene of the "
                                   "table is entered with it")
        return scene

    def check(self, source: type[Scene[Any]] | None, change: SceneChange) -> None:
        """Raise :class:`SceneChangeError` unless the table allows ``change`` from ``source``
        (``None``: no scene is current yet, any scene may come first)."""
        target = self.scene_of(change)
        if source is not None and target not in self.targets(source):
            raise SceneChangeError(f"scene change {source.name} -> {target.name}: not in "
                            "companion/scenes/catalogue.py")


@dataclass(kw_only=True)
class Services:
    """What the kiosk was built with and lends every scene: the screen's layout, the pace,
    sounds and voice, the ink chooser, the state database, notices, and the wired pads."""

    layout: Layout
    #: The play screen's compositor: scenes that show the play screen compose their frame of
    #: parts on it, and only what changed is painted and presented (the loop begins and
    #: finishes each frame; :mod:`companion.display.parts`).
    frame: Compositor = field(default_factory=Compositor)
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
    #: How many players have a pad (players 1 to this): the set-up menus offer no more.
    players_with_pads: int = DEFAULT_PLAYERS_WITH_PADS
    #: The keys, when the table plays on the keyboard (no GPIO or serial pads): the hints name
    #: them (``None``: the pads' letters; :func:`companion.inputs.keyboard.button_name`).
    keys: KeyMap | None = None
    #: The inputs' tie window: taps closer than this are a tie.
    tie_window_ns: int = Timing().tie_window_ns
    #: The players only the keyboard's pads seat beside the GPIO or serial pads read: a game
    #: that seats one of them ties within the keyboard's window too (:meth:`tie_window_for`).
    keys_only_seats: tuple[int, ...] = ()
    #: The Not Not saves waiting to be on disk, kept across games (a game's saves may still wait
    #: when the next one starts; :mod:`companion.scenes.notnot.saving`).
    saves: PendingSaves = field(default_factory=PendingSaves)
    #: The pads' raw edges, saved with each round for its replay (``None``: pads that keep none,
    #: the keyboard or the serial controller).
    edge_log: EdgeLog | None = None
    #: The state folder's lock the kiosk holds (``None``: none, playing in a scratch folder or
    #: a test's kiosk): held again when its file is deleted or replaced (:meth:`database`).
    lock: FolderLock | None = None
    _database: Database | None = field(default=None, repr=False)
    #: The state folder's locks the kiosk held before a database put back took the folder's
    #: lock again (:mod:`.moved_away`), held while the kiosk runs.
    _locks: list[FolderLock | None] = field(default_factory=list, repr=False)
    #: What the journal was last told of a lock that could not be held again (said once).
    _lock_trouble: str | None = field(default=None, repr=False)

    def tie_window_for(self, players: int) -> int:
        """The tie window of a game of ``players``: the inputs', or, when the game seats a
        player whose pad only the keyboard gives, the wider of it and the keyboard's (the
        rules' default: a key is stamped when the loop takes it, true to a millisecond at best;
        a tie is only as fine as the coarser stamp)."""
        if any(seat <= players for seat in self.keys_only_seats):
            return max(self.tie_window_ns, Timing().tie_window_ns)
        return self.tie_window_ns

    def database(self) -> Database:
        """The state database (:class:`companion.storage.database.Database`), opened on first use.

        Not Not, Not That Movie! and That's Not a Hat keep their games (and score sheets) there.
        Raises :class:`~companion.errors.CompanionError` when it cannot be opened. Each time,
        the files under it are looked at first: a database deleted or moved away under the
        kiosk is written back whole (:mod:`companion.storage.moved_away`), a write-ahead log
        deleted is folded into it (:mod:`companion.storage.deleted_log`), and the table is told;
        when that cannot be yet, raises :class:`~companion.storage.faults.SaveLater`. A lock
        file deleted or replaced is held again (:meth:`hold_the_folder`).
        """
        if self._database is None:
            from companion.storage.database import Database
            from companion.storage.location import state_dir

            self._database = Database.in_folder(state_dir(self.state_dir),
                                                busy_timeout_s=KIOSK_BUSY_TIMEOUT_S)
        else:
            self._put_back_if_moved(self._database)
            self._fold_in_deleted_log(self._database)
        self.hold_the_folder()
        return self._database

    def _put_back_if_moved(self, database: Database) -> None:
        """Write ``database`` back whole at its path if it was deleted or moved away (every save
        since would be lost), holding the folder's new lock; :class:`SaveLater`, left open as
        it was, when it cannot be yet."""
        from companion.storage.faults import SaveLater
        from companion.storage.moved_away import moved_away, put_back

        if not moved_away(database):
            return
        self._database = None
        try:
            self._database, lock = put_back(database, KIOSK)
        except SaveLater:   # still open as it was: the next try puts it back
            self._database = database
            raise
        if lock is not None:
            self._locks.append(self.lock)
            self.lock = lock
        self.notify(f"the state database was deleted or moved away: written back whole "
                    f"at {self._database.path}")

    def _fold_in_deleted_log(self, database: Database) -> None:
        """Fold the saves of ``database``'s write-ahead log into it if the log was deleted (they
        would be lost at a power cut), and open it again with a new log; :class:`SaveLater`,
        left open as it was, when it cannot be yet."""
        from companion.storage.deleted_log import FOLDED_IN, fold_in, log_deleted
        from companion.storage.faults import SaveLater

        if not log_deleted(database):
            return
        self._database = None
        try:
            self._database = fold_in(database)
        except SaveLater:   # still open as it was: the next try folds it in
            self._database = database
            raise
        log.warning("the write-ahead log %s was deleted while the kiosk ran: its saves were "
                    "written into the database, and a new log begins", database.log_path)
        self.notify(FOLDED_IN)

    def hold_the_folder(self) -> None:
        """Hold the state folder's lock again when its file was deleted or replaced (a second
        writer would otherwise take a new one), saying so in the journal; when it cannot be
        yet, say why once and try again at the next call."""
        from companion.storage.owner import FolderInUse

        if self.lock is None or not self.lock.lost():
            return
        try:
            self.lock.take_again(KIOSK)
        except (FolderInUse, OSError) as error:
            trouble = f"the state folder's lock file was deleted or replaced: {error}"
            if trouble != self._lock_trouble:
                self._lock_trouble = trouble
                log.warning("%s; the kiosk takes it again when it can", trouble)
            return
        self._lock_trouble = None
        log.warning("the state folder's lock file %s was deleted or replaced while the kiosk "
                    "ran: the kiosk holds it again", self.lock.folder / "companion.lock")

    @contextmanager
    def kept_games(self) -> Iterator[Database]:
        """The state database to read what the table keeps (games, score sheets, players) in the
        ``with`` block: the kiosk's own (:meth:`database`), or, when that cannot be opened to
        write (a :class:`~companion.storage.faults.SaveLater`: a read-only folder or file, with
        or without the folder's lock file, a full disk), the file opened for reading only
        (:meth:`database_to_read`), closed after the block; the saves meanwhile wait and say so.
        Raises the opening's :class:`~companion.errors.CompanionError` when the file cannot be
        read either."""
        from companion.storage.faults import SaveLater

        try:
            database = self.database()
        except SaveLater as error:
            try:
                reader = self.database_to_read()
            except CompanionError as reading:
                log.debug("the kept games do not read either: %s", reading)
                raise error from None
            with reader:
                yield reader
            return
        yield database

    def database_to_read(self) -> Database:
        """The state database opened for reading only (for a kept game when it cannot be
        opened to write: a full disk, a read-only file); the caller closes it. Raises
        :class:`~companion.errors.CompanionError` when it cannot be read either."""
        from companion.storage.database import Database
        from companion.storage.location import state_dir

        return Database.for_reading(state_dir(self.state_dir))

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
    pending: SceneChange | None = None
    #: Every scene and where each may go (:data:`companion.scenes.catalogue.TABLE`).
    table: SceneTable
    #: The current scene's class (the loop sets it as it enters one): where changes start.
    current: type[Scene[Any]] | None = None
    #: Work for the loop to do once the next frame is on screen (saving a round: the disk never
    #: delays a verdict), in order.
    after_frame: list[Callable[[], None]] = field(default_factory=list)
    #: Set by the "Quit" menu item or a closed window.
    quitting: bool = False

    def go(self, change: SceneChange) -> None:
        """Ask the loop to enter ``change``'s scene with ``change`` once the current scene's call
        (handling an event, its timers, its frame) returns.

        Raises :class:`SceneChangeError` when the table (:attr:`table`) has no such change from the
        current scene.
        """
        self.table.check(self.current, change)
        self.pending = change
