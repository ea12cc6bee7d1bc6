"""The kiosk's start-up, as ``companion run`` does it: the settings read (a mistake becomes a
start problem shown on screen), the inputs opened before the loop exists (what they report
waits in :class:`EarlyPosts`; a press made before any screen showed is let go), the state
folder owned, the kiosk built and
what went wrong at start shown, the loop run, and everything it opened closed.

The settings file is ``--config``, else ``$COMPANION_CONFIG``, else the first of
``~/.config/companion/config.toml`` and ``/etc/companion/config.toml``, else the shipped
defaults (:func:`companion.config.reading.named_path`: an empty ``--config ""`` is not the
default file, and a file missing where ``$COMPANION_CONFIG`` points says it came from there, in
the line ``companion config`` says). A settings mistake is shown in large text until E,
Enter or a touch plays with the defaults; pads or a state database that do not open leave the
keyboard, or play unsaved, with a notice. One kiosk per state folder
(:mod:`companion.storage.owner`): a second asks the table first and plays without saving in a
scratch folder, or quits. Under systemd a display that is not there yet is waited for, with
READY=1 and the watchdog kept.
"""

from __future__ import annotations

import argparse
import collections
import glob
import logging
import os
import random
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from companion.config import settings as settings_file
from companion.config.reading import named_path
from companion.errors import CompanionError
from companion.inputs.actions import Nav, menu_key
from companion.inputs.events import Control, Dealer, Event, Tap
from companion.inputs.gpio import GpioPads, confirmation_delay_ns, open_gpio
from companion.inputs.keyboard import KeyMap
from companion.inputs.serial.pads import (
    SERIAL_SETTLE_S,
    SerialPads,
    players_of,
    seated_by_keys_alone,
    serial_pads,
    tie_window_ns,
)
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.kiosk.loop import App, UntilActed
from companion.kiosk.systemd import Notifier
from companion.scenes.changes import ToFailsafe
from companion.scenes.common.save_notices import short_reason
from companion.scenes.core import KIOSK, Context
from companion.scenes.notnot.lights import tap_lights, winner_lights
from companion.scenes.notnot.saving import flush
from companion.scenes.session import GameSetup, Pace
from companion.scenes.start_problem import StartProblem
from companion.storage import owner
from companion.storage.faults import (
    STORE_ERRORS,
    DamagedDatabase,
    cannot_save_in,
    damaged_notice,
)
from companion.storage.location import state_dir
from companion.storage.preferences import Preferences, load_preferences

log = logging.getLogger(__name__)

#: Why there are no pads when nothing went wrong (no notice for these).
KEYBOARD_ASKED = "keyboard only, as asked"
GPIO_OFF = "GPIO is off in the settings"
#: Seconds between tries to open a display that is not there yet (under systemd).
DISPLAY_RETRY_S = 5.0
#: What to restart once a start problem is fixed, under systemd.
RESTART = "sudo systemctl restart companion"
#: The same for a kiosk started by hand (a laptop's window, a terminal).
START_AGAIN = "start companion run again"


#: Presses: what a player means for a screen. One made before the loop exists answered nothing
#: (under systemd the display may take minutes to come: a TV switched on late).
PRESSES = (Tap, Control, Dealer, Nav)


class EarlyPosts:
    """``post`` for inputs opened before the loop exists: what they report before :meth:`connect`
    (a stuck button) waits here in order and reaches the loop then, but a press is let go,
    counted in the journal (nothing was on screen to answer it: mashed at a black screen, it
    would drive the menus once one appears); after, each event goes straight to the loop."""

    def __init__(self) -> None:
        self.target: Callable[[object], None] | None = None
        self.waiting: collections.deque[object] = collections.deque()
        self.lock = threading.Lock()

    def __call__(self, event: object) -> None:
        with self.lock:
            if self.target is None:
                self.waiting.append(event)
                return
            target = self.target
        target(event)

    def connect(self, target: Callable[[object], None]) -> None:
        """From now on post to ``target``, after the events that waited (in their order), but
        the presses among them."""
        with self.lock:
            presses = 0
            while self.waiting:
                event = self.waiting.popleft()
                if isinstance(event, PRESSES):
                    presses += 1
                else:
                    target(event)
            self.target = target
        if presses:
            log.info("%d press%s made before the first screen let go: nothing answered them",
                     presses, "" if presses == 1 else "es")


def restart_advice(environ: Mapping[str, str] = os.environ) -> str:
    """How to start the kiosk again once its start problem is fixed: restart the service under
    systemd (which gives a unit's processes ``INVOCATION_ID``), else run the command again."""
    return RESTART if environ.get("INVOCATION_ID") else START_AGAIN


def load_settings(path: str | Path | None, named_by: str = ""
                  ) -> tuple[settings_file.Config, StartProblem | None]:
    """The settings at ``path``; if they cannot be used, the defaults and the problem to show.

    ``named_by`` says what named ``path`` (``"$COMPANION_CONFIG"``, as
    :func:`companion.config.reading.named_path` says). A file that cannot be read (an empty
    path, no file there, a symbolic link to nowhere) is said in the line every command says
    for it, on the screen, in the notice once the table plays on, and in the journal."""
    unreadable = ""
    try:
        return settings_file.load(path, named_by), None
    except settings_file.ConfigError as error:
        detail = tuple(error.problems)
    except CompanionError as error:
        unreadable = str(error)
        detail = (unreadable,)
    except Exception as error:  # noqa: BLE001 - a value the checks let through (e.g. inf)
        detail = (f"{path}: cannot use it: {type(error).__name__}: {error}",)
    if path is not None and os.fspath(path) == "":
        todo = "Name a settings file after --config (or leave --config out)"
    elif path is not None and not os.path.lexists(path):
        todo = (f"Name a settings file that is there, or write one: companion config "
                f"--print-default > {path}")
    else:
        todo = f"Fix {path} (companion config --check {path} lists every mistake)"
    problem = StartProblem(
        title=("The settings file has a mistake" if len(detail) == 1
               else f"The settings file has {len(detail)} mistakes"), detail=detail,
        todo=f"{todo}, then: {restart_advice()}",
        fallback="play with the default settings",
        notice=f"playing with the default settings: {unreadable or f'fix {path}'}")
    return settings_file.load(None), problem


def open_pads(config: settings_file.Config, keyboard_only: bool,
              post: Callable[[Event], None], mock: bool = False) -> tuple[GpioPads | None, str]:
    """The GPIO pads (``mock``: on mock pins) posting to ``post``, or ``(None, why not)``."""
    if keyboard_only:
        return None, KEYBOARD_ASKED
    if not config.gpio.enabled:
        return None, GPIO_OFF
    try:
        if mock:
            from companion.inputs.mock import StampedMockFactory
            return open_gpio(config.gpio, post, pin_factory=StampedMockFactory()), ""
        return open_gpio(config.gpio, post), ""
    except CompanionError as error:
        return None, str(error)
    except Exception as error:  # noqa: BLE001 - e.g. lgpio's own "GPIO busy": the keyboard plays on
        return None, f"cannot open the GPIO pins: {type(error).__name__}: {error}"


#: The start's notice of a kiosk whose pads did not open (the journal says why).
NO_PADS = "no button pads: playing with the keyboard"


def pads_missing_level(why: str) -> int:
    """How loud the journal says the kiosk plays with the keyboard because ``why``: asked for,
    only for the curious; on a laptop (no ``/dev/gpiochip*``), where the keyboard is the way to
    play, for information (the start's notice sends the table to it); a warning on a machine
    with a GPIO chip (a Pi whose pins did not open)."""
    if why in (KEYBOARD_ASKED, GPIO_OFF):
        return logging.DEBUG
    return logging.WARNING if glob.glob("/dev/gpiochip*") else logging.INFO


def keyboard_keys(config: settings_file.Config) -> tuple[KeyMap | None, str]:
    """The ``[keyboard]`` keys, or ``(None, why not)`` when this pygame refuses one of their
    names (the menus keep the arrows, Enter and Esc)."""
    if not config.keyboard.enabled:
        return None, ""
    try:
        return KeyMap(config.keyboard), ""
    except CompanionError as error:
        return None, str(error)


def players_with_pads(config: settings_file.Config, gpio_open: bool,
                      serial_open: bool = False) -> int:
    """How many players, counting from player 1, have a pad: on GPIO or the serial controller
    (when open) or keys."""
    numbers = {pad.player for pad in config.gpio.pads} if gpio_open else set()
    if serial_open:
        numbers |= set(players_of(config.serial))
    if config.keyboard.enabled:
        numbers |= {pad.player for pad in config.keyboard.pads}
    count = 0
    while count + 1 in numbers:
        count += 1
    return count


def own_state_folder(explicit: str | None) -> tuple[owner.FolderLock | None,
                                                   owner.FolderInUse | None]:
    """The lock on the kiosk's state folder, or who holds it already; ``(None, None)`` when the
    folder cannot hold a lock (opening the database then says why, in a notice)."""
    try:
        return owner.take(state_dir(explicit), KIOSK), None
    except owner.FolderInUse as error:
        return None, error
    except (CompanionError, RuntimeError) as error:   # RuntimeError: a home that is not there
        log.debug("no lock on the state folder: %s", error)
        return None, None


def folder_in_use(busy: owner.FolderInUse) -> StartProblem:
    """The question a second kiosk asks the table: play without saving, or quit?"""
    return StartProblem(
        title="Another companion is using the state folder",
        detail=(f"{busy.holder[:1].upper()}{busy.holder[1:]} is using {busy.folder}: two "
                "kiosks saving there would mix their games.",),
        todo="Stop the other one first, or start this one with --state-dir another folder. "
             f"Played here, nothing is saved or written to {busy.folder}.",
        fallback="play without saving", can_quit=True,
        notice=f"playing without saving: {busy.holder} is using {busy.folder}")


@contextmanager
def owned_state_folder(options: KioskOptions) -> Iterator[StartProblem | None]:
    """Hold the kiosk's state folder while the ``with`` block runs.

    When another companion holds it, ``options`` are pointed at a scratch
    folder (deleted after the block) with the table's saved choices read from
    the folder in use, and the question to ask the table is given.
    """
    lock, busy = own_state_folder(options.state_dir)
    if busy is None:
        options.lock = lock   # held again by the kiosk if its file is deleted
        try:
            yield None
        finally:
            if lock is not None:
                lock.release()
        return
    log.warning("%s: playing without saving if the table agrees", busy)
    options.preferences, _ = load_preferences(busy.folder, options.preferences)
    scratch = tempfile.mkdtemp(prefix="companion-unsaved-")
    options.state_dir = scratch
    try:
        yield folder_in_use(busy)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def kiosk_options(args: argparse.Namespace, config: settings_file.Config,
                  pads: GpioPads | None, notifier: Notifier, status: str = "kiosk up",
                  controller: SerialPads | None = None) -> KioskOptions:
    """How to build the kiosk for these arguments, settings and inputs: ``--size`` and
    ``--rotation`` over the settings' ``[display]``, whose colour-blind mode and ``[sound]``
    voice are the defaults of the table's saved choices.

    ``status`` is the line ``systemctl status`` shows once the first frame is up.
    """
    keys, _ = keyboard_keys(config)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    mock = getattr(args, "mock", False)   # mock pins: no hand presses them, the keyboard does
    windowed = args.window or mock
    display = config.display
    return KioskOptions(
        size=args.size or display.size,
        rotation=display.rotation if args.rotation is None else args.rotation,
        preferences=Preferences(colour_blind=display.colour_blind, voice=config.sound.voice),
        sound_device=config.sound.device,
        fullscreen=(pads is not None or controller is not None) and not windowed,
        setup=GameSetup(seed=seed, handicaps=config.game.handicaps),
        key_maps=((keys.event_of,) if keys else ()) + (menu_key,),
        tie_window_ns=tie_window_ns(config, pads is not None, controller is not None),
        keys_only_seats=seated_by_keys_alone(config, pads is not None, controller is not None),
        pace=kiosk_pace(config, pads is not None, controller is not None),
        state_dir=getattr(args, "state_dir", None),
        players_with_pads=players_with_pads(config, pads is not None and not mock,
                                            controller is not None),
        keys=None if pads_at_hand(config, pads, controller, mock) else keys,
        ready=lambda: notifier.ready(status), watchdog=notifier.watchdog)


def pads_at_hand(config: settings_file.Config, pads: GpioPads | None,
                 controller: SerialPads | None, mock: bool) -> bool:
    """Whether the table presses pads (the hints then name pad letters, else the keyboard's
    keys): the serial controller's, or GPIO pads on real pins (never mock pins, which no hand
    presses, nor a pin map without pads)."""
    return controller is not None or (pads is not None and bool(config.gpio.pads) and not mock)


def kiosk_pace(config: settings_file.Config, gpio: bool, serial: bool) -> Pace:
    """The kiosk's pace: its settle time (the wait after a round's close for taps stamped before
    it) long enough for the serial controller's taps, and for GPIO presses the glitch filter
    (``gpio.min_press_us``) posts once they have lasted and their edges had time to arrive."""
    settle_s = SERIAL_SETTLE_S if serial else Pace().settle_s
    if gpio:
        settle_s = max(settle_s, Pace().settle_s + confirmation_delay_ns(config.gpio) / 1e9)
    return Pace(settle_s=settle_s)


def open_kiosk(options: KioskOptions, notifier: Notifier,
               sleep: Callable[[float], None] = time.sleep, tries: int | None = None) -> App:
    """The kiosk, built; under systemd a display that cannot be opened is tried again.

    Without systemd (``notifier.enabled`` false) the first failure is raised.
    Under systemd the unit is told it is up (so it is not restarted in a loop),
    its status says why there is no picture, and the watchdog is fed while it
    waits :data:`DISPLAY_RETRY_S` between tries (``tries``: at most that many).
    """
    attempt = 0
    while True:
        attempt += 1
        try:
            return build_kiosk(options)
        except CompanionError as error:
            if not notifier.enabled or (tries is not None and attempt >= tries):
                raise
            if attempt == 1:
                log.error("%s; trying again every %g s (companion doctor says more)",
                          error, DISPLAY_RETRY_S)
                notifier.ready(f"no picture: {error}")
            wait_fed(notifier, DISPLAY_RETRY_S, sleep)


def wait_fed(notifier: Notifier, seconds: float, sleep: Callable[[float], None]) -> None:
    """Wait ``seconds`` in one-second steps, feeding the watchdog."""
    left = seconds
    while left > 0:
        notifier.watchdog()
        sleep(min(1.0, left))
        left -= 1.0


def start_notices(app: App, config: settings_file.Config, no_pads_why: str,
                  mock: bool = False) -> list[str]:
    """A notice for each fallback the kiosk plays on with, the most urgent first: saves missing
    from a damaged write-ahead log kept at the open, or no saving at all; then no pads, no
    keyboard keys (``mock``: the mock pins are played from them)."""
    notices = []
    if no_pads_why and no_pads_why not in (KEYBOARD_ASKED, GPIO_OFF):
        notices.append(NO_PADS)   # the journal says why
    if mock and app.ctx.services.players_with_pads < settings_file.FEWEST_PLAYERS:
        notices.append("--mock plays the pin map from the keyboard's pads, and [keyboard] "
                       + ("is switched off" if not config.keyboard.enabled else
                          "has pads for fewer than 2 players"))
    keys_why = keyboard_keys(config)[1]
    if keys_why:
        notices.append(f"no keyboard pads: {keys_why}")
    unseated = settings_file.seats_with_pads(config)[1]
    if unseated:   # the journal says why; the screen, where to read it
        log.warning("%s", settings_file.pads_never_seated(config))
        notices.append(f"the pads of {settings_file.players_named(unseated)} never play: "
                       "companion config --check says why")
    try:
        database = app.ctx.services.database()
    except DamagedDatabase as error:   # the most urgent, and what to do before anything else
        notices.insert(0, f"games are not saved: {damaged_notice(error)}")
    except STORE_ERRORS as error:   # the most urgent: nothing played from now on is kept
        log.warning("games are not saved: %s", error)   # whole; the screen says its gist
        notices.insert(0, f"games are not saved: {short_reason(error)}")
    else:
        cannot_save = cannot_save_in(database.path)
        if cannot_save:
            notices.insert(0, f"games are not saved: {cannot_save}")
        elif database.kept_log is not None:
            notices.insert(0, UntilActed(database.kept_log.notice))   # nobody may look yet
    return notices


def show_start_notes(app: App, problem: StartProblem | None, notices: list[str],
                     no_pads_why: str = "") -> None:
    """Put what went wrong at start on the screen: the problem, and each notice in turn, the
    most urgent first, ahead of the saved choices' (the notice line holds one); every notice
    is logged, as a warning but :data:`NO_PADS`, as loud as its reason ``no_pads_why`` is
    (:func:`pads_missing_level`: on a laptop, information)."""
    for notice in notices:
        log.log(pads_missing_level(no_pads_why) if notice == NO_PADS else logging.WARNING,
                "%s", notice)
    app.notify_in_turn(notices, ahead=True)
    if problem is not None:
        log.error("%s", problem.summary())
        app.ctx.go(ToFailsafe(problem=problem))


def start_kiosk(args: argparse.Namespace) -> None:
    """``companion run``'s kiosk for ``args``, from the settings to the loop's end."""
    config, problem = load_settings(*named_path(args.config, "COMPANION_CONFIG",
                                                settings_file.find))
    post = EarlyPosts()
    pads, why = open_pads(config, args.keyboard_only, post, mock=args.mock)
    controller = serial_pads(config, post, args.keyboard_only or args.mock)
    if pads is None and controller is None:
        log.log(pads_missing_level(why), "playing with the keyboard in a window: %s (companion "
                "doctor says more)", why)
    notifier = Notifier()
    options = kiosk_options(args, config, pads, notifier, controller=controller)
    with owned_state_folder(options) as busy:
        if busy is not None and problem is not None:   # the table is asked first, told both
            log.error("%s (playing with the default settings)", problem.summary())
            busy = replace(busy, detail=(*busy.detail, f"Also: {problem.title.lower()}, so the "
                                                       "defaults are used (companion config "
                                                       "--check names it)."))
        problem = busy or problem
        status = f"showing: {problem.summary()}" if problem else "kiosk up"
        options.ready = lambda: notifier.ready(status)
        run_kiosk(options, notifier, problem, config, pads, controller, post,
                  why if pads is None and controller is None else "", mock=args.mock)


def last_saves(ctx: Context) -> None:
    """The kiosk is closing: try the saves that wait once more, and say in the journal how many
    are lost when they still cannot be written (never dropped without a word)."""
    book = ctx.services.saves
    if not (book.waiting or book.kept):
        return
    flush(ctx)
    lost = len(book.waiting) + len(book.kept)
    if lost:
        log.error("the kiosk closes with %d save%s not written (%s): they are lost", lost,
                  "s" if lost > 1 else "", book.failing or "the state database refused them")


def run_kiosk(options: KioskOptions, notifier: Notifier, problem: StartProblem | None,
              config: settings_file.Config, pads: GpioPads | None,
              controller: SerialPads | None, post: EarlyPosts, no_pads_why: str,
              mock: bool = False) -> None:
    """Build the kiosk, show what went wrong at start, and run the loop until it quits; then
    close everything it opened."""
    app = None
    try:
        app = open_kiosk(options, notifier)
        if pads is not None:
            app.ctx.services.edge_log = pads.edge_log   # each round is saved with its edges
            app.ctx.hooks.on_winners = winner_lights(pads)
            app.ctx.hooks.on_tap = tap_lights(pads)
        post.connect(app.post)
        show_start_notes(app, problem, start_notices(app, config, no_pads_why, mock),
                         no_pads_why)
        if controller is not None:
            app.show_controller("connecting")   # until its first status
            controller.start()
        app.run()
    finally:
        notifier.stopping()
        closing = [] if app is None else [("the last saves", lambda: last_saves(app.ctx))]
        closing += [("the service manager's socket", notifier.close)]
        closing += [] if pads is None else [("the GPIO pads", pads.close)]
        closing += [] if controller is None else [("the serial controller", controller.close)]
        if app is not None:
            closing += [("the input doorbell", app.stop_listening),
                        ("the display", app.screen.close),
                        ("the state database", app.ctx.services.close_database)]
        close_in_turn(closing)


def close_in_turn(closing: list[tuple[str, Callable[[], None]]]) -> None:
    """Run each closing step in turn, the saves first; one that fails is said in the journal
    and the next still runs (a light's pin that will not close never costs a save)."""
    for what, close in closing:
        try:
            close()
        except Exception:  # noqa: BLE001 - whatever it was, the next step still runs
            log.exception("closing %s failed", what)
