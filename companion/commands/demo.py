"""``companion demo``: the showcase. Simulated players play a whole game on the real kiosk.

``--game not-that-movie`` or ``--game thats-not-a-hat`` plays one of the two
other games instead: a scripted table (:mod:`companion.simulation.scripted_tables`) presses
its way through the same input path. Every demo saves its game in a fresh
state folder of its own (the table's games and history are never touched): a
``companion-demo-<pid>-*`` folder in the temporary directory, named with the
demo's pid as it is made (never a moment without its owner), removed, its
database closed first, however the demo ends (done, an error, Ctrl-C, SIGTERM).
A demo killed outright (SIGKILL) cannot clean up: the next demo removes every
such folder whose pid is no longer running.

The bots (the reaction model of ``companion simulate``) watch the screen and
press their buttons; each press goes in through
:func:`companion.simulation.presses.press_path`, the
real round engine judges by stamps, the real scenes draw. With ``--headless``
SDL draws offscreen; ``--snapshots DIR`` saves PNG frames of key moments
(title, set-up, lay-out, roll, open round, its countdown, a level-up, a
tie choice, each kind of verdict, the end), and for Not Not ``photo-finish``
(the first contested verdict, with its margin and tap timeline; the table
stages one close race if none comes by itself), ``replay`` (that round as ``companion replay``
draws it from the demo's state database: the mock pins' presses bouncing, the judged stamps,
the tie window) and ``colour-blind`` (the dice
of a later round showing a colour word, played on in colour-blind mode).
With the mock GPIO pins, the same ``--seed`` (and players, level, speed, size)
gives the same game and the same snapshot files, byte for byte, run after run:
the bots' stamps are planned from the seed (:mod:`companion.simulation.demo_table`),
the loop reads an instant only once the table's thread has pressed everything due by it
(:meth:`PressScheduler.now_ns`: a busy machine's late thread cannot leave a press out of a
judged round), and a moment whose frame the clock could pick (``round-countdown``) is drawn
at an instant the seed decides (:class:`IssueMoments`).
``--controller simavr`` sends every press through the real serial controller
firmware running in simavr instead of mock GPIO pins (one line and status 2
where the AVR toolchain or simavr is missing).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from types import FrameType

from companion.display.options import add_screen_arguments, speed_arg
from companion.errors import CompanionError
from companion.games.notnot.game import MODES
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.kiosk.loop import App
from companion.scenes.common.pending_saves import GameRef
from companion.scenes.core import Quit, Scene
from companion.scenes.notnot.lights import tap_lights, winner_lights
from companion.scenes.notnot.play import play_of
from companion.scenes.notnot.round import RoundScene
from companion.scenes.notnot.verdict import VerdictScene
from companion.scenes.session import GameSetup, Pace
from companion.simulation.demo_table import DEMO_SETTLE_S, SimulatedTable
from companion.simulation.firmware_sim.simavr import check_toolchain
from companion.simulation.press_scheduler import PressScheduler
from companion.simulation.presses import CONTROLLERS, MockGpioPresses, SimavrPresses, press_path
from companion.simulation.scripted_tables import (
    GAMES,
    ScriptedTable,
    demo_script,
    kiosk_game,
    summary,
)
from companion.simulation.staged_moments import stage_moments
from companion.storage.location import state_dir
from companion.tools.argtypes import UsageError, folder_name, seed, whole_number

#: With nothing happening for this long, the demo stops with an error instead of hanging.
STALL_S = 30
#: The demo's own state folder in the temporary directory: this prefix, its pid, a dash.
FOLDER_PREFIX = "companion-demo-"

NAME = "demo"
HELP = "watch simulated players play a whole game on the kiosk (headless: save PNG snapshots)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headless", action="store_true",
                        help="draw offscreen (SDL dummy driver), no sound")
    parser.add_argument("--snapshots", metavar="DIR", type=folder_name,
                        help="save PNG frames of key moments into DIR")
    parser.add_argument("--seed", type=seed, default=1, help="random seed (default 1)")
    parser.add_argument("--players", type=whole_number(2, 6, "players"), default=4,
                        help="2 to 6 (default 4)")
    parser.add_argument("--level", choices=MODES, default="first-game", help="default first-game")
    parser.add_argument("--game", choices=("not-not",) + GAMES, default="not-not",
                        help="which game the table plays (default not-not)")
    parser.add_argument("--controller", choices=CONTROLLERS, default="gpio-mock",
                        help="how the presses come in: mock GPIO pins (default), or the serial "
                             "controller's firmware running in simavr")
    parser.add_argument("--speed", type=speed_arg, default=1.0,
                        help="play this many times faster (delays and reactions; default 1)")
    parser.add_argument("--moments", action="store_true",
                        help="instead of a game, stage the moments a game may not show (a win "
                             "with a wrong tap, a three-way tie on one card, two level-ups in "
                             "one refill, the controller unplugged) and save them in "
                             "--snapshots DIR")
    add_screen_arguments(parser, size_default=(800, 480))


def run(args: argparse.Namespace) -> int:
    if args.snapshots is None and args.headless:
        raise UsageError("--headless without --snapshots DIR would show nothing: "
                         "add --snapshots DIR")
    if args.moments:
        return run_moments(args)
    if args.controller == "simavr":
        check_toolchain("--controller simavr")
    pace = Pace().scaled(1 / args.speed)
    setup = GameSetup(players=args.players, level=args.level, seed=args.seed)
    # Not Not's table presses on this thread; the loop reads an instant only once the table
    # has pressed everything due by it (the scripted tables wait for the loop's passes).
    presses_due = PressScheduler("simulated-table") if args.game == "not-not" else None
    clock = presses_due.now_ns if presses_due is not None else time.monotonic_ns
    with terminated_as_exit() as termination, demo_folder() as folder:
        app = build_kiosk(KioskOptions(size=args.size, rotation=args.rotation,
                                       headless=args.headless, setup=setup, pace=pace,
                                       snapshots=args.snapshots, state_dir=folder,
                                       clock=clock))
        try:
            termination.check()
            if presses_due is None:
                return run_scripted(app, args, termination.check)
            return run_not_not(app, args, termination.check, presses_due)
        finally:
            app.ctx.services.close_database()   # before its folder goes


@contextlib.contextmanager
def demo_folder() -> Iterator[str]:
    """A fresh state folder for one demo, its pid in its name; removed when the demo ends.
    Folders of demos that were killed are removed first."""
    remove_stale_folders()
    with tempfile.TemporaryDirectory(prefix=f"{FOLDER_PREFIX}{os.getpid()}-") as folder:
        yield folder


class Termination:
    """A SIGTERM, as ``SystemExit`` (so every ``finally`` and ``with`` on the way out runs):
    raised by the signal handler, and again by :meth:`check`, since C code may swallow the
    first (pygame 2.1's ``set_mode`` does, importing its icon)."""

    def __init__(self) -> None:
        self.signum = 0

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.signum = signum
        self.check()

    def check(self) -> None:
        """Raise ``SystemExit`` if a SIGTERM came."""
        if self.signum:
            raise SystemExit(128 + self.signum)


@contextlib.contextmanager
def terminated_as_exit() -> Iterator[Termination]:
    """SIGTERM, while in this block, ends the demo as ``SystemExit`` instead of killing it where
    it stands (in the main thread only, where signal handlers run)."""
    termination = Termination()
    if threading.current_thread() is not threading.main_thread():
        yield termination
        return
    previous = signal.signal(signal.SIGTERM, termination)
    try:
        yield termination
    finally:
        signal.signal(signal.SIGTERM, previous)


def remove_stale_folders(temporary: str | None = None) -> list[Path]:
    """Remove the demo folders in ``temporary`` (default: the temporary directory) whose demo
    no longer runs (killed with SIGKILL, or by a power cut); the folders removed."""
    removed = []
    for folder in Path(temporary or tempfile.gettempdir()).glob(FOLDER_PREFIX + "*"):
        pid = owner(folder)
        if pid is not None and not running(pid):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def owner(folder: Path) -> int | None:
    """The pid of the demo that made ``folder``, from its name (``None``: not one of ours)."""
    text = folder.name.removeprefix(FOLDER_PREFIX).partition("-")[0]
    return int(text) if text.isascii() and text.isdigit() and 0 < int(text) < 2**22 else None


def running(pid: int) -> bool:
    """Whether a process ``pid`` runs (another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def run_moments(args: argparse.Namespace) -> int:
    """The staged moments (:mod:`companion.simulation.staged_moments`), headless."""
    if args.snapshots is None:
        raise UsageError("--moments saves pictures only: add --snapshots DIR")
    for path in stage_moments(args.snapshots, args.size, args.rotation):
        print(path)
    return 0


def run_not_not(app: App, args: argparse.Namespace, check: Callable[[], None],
                scheduler: PressScheduler) -> int:
    """Not Not, played by simulated players pressing on ``scheduler``'s thread (the loop's
    clock waits for it: :meth:`PressScheduler.now_ns`); ``check()`` after each pass of the
    loop."""
    presses = press_path(app, args.players, args.controller)
    if isinstance(presses, MockGpioPresses):
        presses.bounces = DEMO_BOUNCES
    services = app.ctx.services
    services.pace = replace(services.pace, settle_s=max(services.pace.settle_s, DEMO_SETTLE_S))
    table = SimulatedTable(args.players, args.seed, presses.press, speed=args.speed,
                           finish=lambda: app.post(Quit(time.monotonic_ns())),
                           scheduler=scheduler)
    moments = IssueMoments(app, table)
    app.ctx.hooks.on_scene = moments.on_scene
    app.ctx.hooks.on_winners = winner_lights(presses.pads)
    app.ctx.hooks.on_tap = tap_lights(presses.pads)
    table.start()
    table.on_scene(app.scene)
    run_table(app, table, presses, lambda: table.last_scene_ns, check=check)
    play = play_of(app.scene)
    if play is not None:
        game = play.game
        scores = ", ".join(f"P{p} {n}" for p, n in sorted(game.scores().items()))
        winners = " ".join(f"P{p}" for p in game.winners()) or "none (nobody scored)"
        print(f"game over after {game.round_no} rounds: {scores}; winners: {winners}")
    saved = list(app.snapshots.saved)
    ref, n = moments.replayed or (None, 0)
    if ref is not None and ref.id is not None and args.snapshots is not None:
        saved.append(save_replay(services.state_dir, (ref.id, n), args))
    for path in saved:
        print(path)
    return 0


def save_replay(folder: str | None, replayed: tuple[int, int], args: argparse.Namespace) -> Path:
    """Draw round ``replayed`` (game id, round) from the demo's state database as
    ``companion replay --png`` does, into ``replay.png`` beside the snapshots."""
    from companion.display.draw_replay import save_replay_png
    from companion.storage.database import Database
    from companion.storage.replays import saved_round

    path = Path(args.snapshots) / "replay.png"
    with Database.for_reading(state_dir(folder)) as database:
        save_replay_png(saved_round(database, *replayed), path, args.size)
    return path


#: The demo's mock switches bounce this many times as they close and as they open.
DEMO_BOUNCES = 2

#: The staged photo finish: how far behind the first answer the second comes, and from which
#: round on it is staged (the first rounds show ordinary play).
PHOTO_FINISH_GAP_NS = 400_000
PHOTO_FINISH_FROM_ROUND = 2


class IssueMoments:
    """Saves the demo's two extra snapshots: ``photo-finish`` (the first contested verdict, with
    its margin and timeline) and ``colour-blind`` (the dice that opened the first round after it
    whose colour die shows a colour, with colour-blind mode switched on for the rest of the game,
    in memory only). Bots seldom answer within a tie window of each other, so ``table`` stages
    one photo finish from round :data:`PHOTO_FINISH_FROM_ROUND` on, until a contested verdict
    has been shown.

    It also saves ``round-countdown`` as the seed alone decides it: the first round nobody taps
    in (``table.quiet``) drawn as it shows at its open, never a frame the loop drew. Which
    frames the loop draws in a round is the clock's: a tap or a second may come first, and a
    loop that comes back late to a round nobody taps in finds it over, never drawn again."""

    def __init__(self, app: App, table: SimulatedTable) -> None:
        self.app = app
        self.table = table
        self.then = table.on_scene
        self.photo_finish = False
        self.colour_blind = False
        self.drawing_countdown = False
        #: The photo finish's game (its id once saved) and round number, once shown: the demo
        #: draws its replay.
        self.replayed: tuple[GameRef | None, int] | None = None
        app.snapshots.only_when("round-countdown", lambda: self.drawing_countdown)

    def on_scene(self, scene: Scene) -> None:
        """Watch ``scene`` become current (acting by its class), then hand it on to the table."""
        if isinstance(scene, RoundScene) and not self.photo_finish and scene.round.ruling.tap \
                and scene.play.game.round_no >= PHOTO_FINISH_FROM_ROUND:
            self.table.stage_photo_finish(scene.round.ruling.valid, PHOTO_FINISH_GAP_NS)
        contested = isinstance(scene, VerdictScene) and scene.record.margin_us is not None
        if contested and not self.photo_finish:
            self.photo_finish = True
            self.after_frame("photo-finish")
            if isinstance(scene, VerdictScene):   # as ``contested`` says: for mypy
                self.replayed = (scene.play.ref, scene.record.n)
            session = self.app.ctx.session
            session.preferences = replace(session.preferences, colour_blind=True)
        elif isinstance(scene, RoundScene) and self.photo_finish and not self.colour_blind \
                and scene.round.roll is not None \
                and scene.round.roll.criteria[1] != "NOTHING":   # a colour word on the die
            self.colour_blind = True   # the frame on screen is still the one that opened it
            self.app.snapshots.offer("colour-blind", self.app.screen.canvas)
        self.then(scene)
        if isinstance(scene, RoundScene) and self.table.quiet:
            self.save_countdown(scene)

    def save_countdown(self, scene: RoundScene) -> None:
        """Offer ``scene`` as it shows at its round's open as ``round-countdown``: drawn on a
        copy of the screen (the loop's frames and the scene's own instant are left as they
        are)."""
        frame, shown_ns = self.app.screen.canvas.copy(), scene.now_ns
        scene.now_ns = scene.round.t_open_ns
        try:
            scene.draw(frame)
        finally:
            scene.now_ns = shown_ns
        self.drawing_countdown = True
        try:
            self.app.snapshots.offer("round-countdown", frame)
        finally:
            self.drawing_countdown = False

    def after_frame(self, moment: str) -> None:
        """Save the next frame on screen as ``moment``."""
        def save() -> None:
            self.app.snapshots.offer(moment, self.app.screen.canvas)

        self.app.ctx.after_frame.append(save)


def run_table(app: App, table: SimulatedTable | ScriptedTable,
              presses: MockGpioPresses | SimavrPresses, last_activity_ns: Callable[[], int],
              done: Callable[[], bool] = lambda: False,
              check: Callable[[], None] = lambda: None) -> None:
    """Run the loop until ``done()``, or stop with an error when nothing happened for
    :data:`STALL_S` seconds (``check()`` after each pass may end it too); then stop the table
    and release inputs, snapshots, screen, database."""
    stalled = lambda: time.monotonic_ns() - last_activity_ns() > STALL_S * 1e9  # noqa: E731

    def until() -> bool:
        check()
        return done() or stalled()

    try:
        app.run(until=until)
        if stalled():
            raise CompanionError(f"the demo stalled: nothing happened for {STALL_S} s "
                                 f"in scene {app.scene.name}")
    finally:
        table.stop()
        presses.close()
        app.snapshots.close()
        app.screen.close()
        app.ctx.services.close_database()


def run_scripted(app: App, args: argparse.Namespace, check: Callable[[], None]) -> int:
    """Not That Movie! or That's Not a Hat, played by a scripted table; ``check()`` after each
    pass of the loop."""
    from companion.simulation.demo_table import MENU_PAUSE_MS, MIN_MENU_GAP_MS, MS

    presses = press_path(app, args.players, args.controller)
    gap_ns = round(max(MENU_PAUSE_MS / args.speed, MIN_MENU_GAP_MS) * MS)
    script, expected, reads = demo_script(args.game, args.players, args.seed)
    table = ScriptedTable(script, presses.press, gap_ns, wake=app.wake, reads=reads)
    table.start(time.monotonic_ns())

    def done() -> bool:   # called by the loop after each pass
        table.loop_passed()
        return table.finished and app.scene.name == "title"

    run_table(app, table, presses, lambda: table.last_press_ns, done=done, check=check)
    played = kiosk_game(app, args.game)
    if played.snapshot()["moves"] != expected.snapshot()["moves"]:
        raise CompanionError(f"the kiosk's {args.game} game went another way "
                             "than the table's script")
    print(summary(played))
    for path in app.snapshots.saved:
        print(path)
    return 0
