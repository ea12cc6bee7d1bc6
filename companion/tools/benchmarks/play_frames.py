"""The frame budget: what each frame the kiosk draws during play costs, against a bare blit.

For each display size (800x480, 1280x720, 1920x1080) and each rotation (0, 90, 180, 270) the
real kiosk plays rounds of Not Not on SDL's dummy driver (or, ``on_screen``, fullscreen on
this machine's own display, at its own size: KMSDRM on a Pi's console), on a clock that steps
only as the program runs (the game plays the same on any machine; only the frames' own times
are taken from the machine's clock), after :data:`WARM_UP_ROUNDS` rounds whose frames are not timed.
A table of four taps in the rounds that want a tap, at a moment of the round the seed
picks, so that its countdown ticks and the verdict has a tap timeline; in every
:data:`UNTAPPED_EVERY`-th round nobody taps, so that its verdict has none. Each frame is timed
from the start of the scene's drawing to the return of the screen's present (turning and
showing what changed), and sorted by what it shows:

- ``tumble``: the dice rolling, and the frame they land on;
- ``countdown``: the open round (its countdown's ticks, the taps' flashes);
- ``verdict``: a verdict with no tap timeline;
- ``timeline``: a verdict with its tap timeline.

Python's garbage collections that ran inside a timed frame are counted too (``collections``:
how many, and the time they took), as the kiosk's loop means to run them between frames
(:mod:`companion.kiosk.collector`).

The floor of each size is a bare full-screen blit: a prepared image of the display's size
copied onto the display and flipped, measured in the same run on the display opened as the
kiosk opens it (:func:`blit_floor`; on the dummy driver a flip shows nothing and costs
nothing, on a real display it presents the frame). The budget (issue 26) is every kind's p99
at most :data:`BUDGET` times the floor's median. Beside it, each rotation's whole turn
(``whole_turn_to_blit``): the same prepared canvas presented turned whole, in blits, the least a
frame that changes most of the screen costs at that rotation.
"""

from __future__ import annotations

import gc
import platform
import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from companion.display.screen import Screen, pygame_build, use_headless_drivers
from companion.errors import CompanionError
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.inputs.actions import Nav
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.kiosk.loop import App
from companion.scenes.changes import ToSetup
from companion.scenes.core import Scene
from companion.scenes.notnot.deal import DealScene
from companion.scenes.notnot.end import EndScene
from companion.scenes.notnot.flow import start_game
from companion.scenes.notnot.replay import ReplayScene
from companion.scenes.notnot.roll import RollScene
from companion.scenes.notnot.round import RoundScene
from companion.scenes.notnot.setup import SetupScene
from companion.scenes.notnot.verdict import VerdictScene
from companion.scenes.session import GameSetup
from companion.tools.benchmarks import floors

SIZES = ((800, 480), (1280, 720), (1920, 1080))
#: Rounds played at each size and rotation before the frames are timed: the kiosk loads each
#: font size and renders each word once, on first use, and keeps them (a table's first
#: rounds after the kiosk starts; not what its frames cost through a game).
WARM_UP_ROUNDS = 5
ROTATIONS = (0, 90, 180, 270)
KINDS = ("tumble", "countdown", "verdict", "timeline")
#: A play frame may cost at most this many bare full-screen blits of its size (p99).
BUDGET = 3.0
#: Every this many rounds, nobody taps (a verdict without a tap timeline).
UNTAPPED_EVERY = 3
#: Passes of the loop a round may take at most (a round at the kiosk's pace takes a few hundred).
MOST_STEPS_PER_ROUND = 100_000


class SteppingClock:
    """A clock (``time.monotonic_ns``'s shape) that moves a microsecond per reading and jumps
    over the loop's waits: the game's timing never depends on how fast the machine draws."""

    def __init__(self) -> None:
        self.now_ns = time.monotonic_ns()

    def __call__(self) -> int:
        self.now_ns += 1_000
        return self.now_ns

    def wait(self, timeout_ms: int) -> None:
        self.now_ns += timeout_ms * 1_000_000


def kind_of(scene: Scene[Any]) -> str | None:
    """Which kind of play frame ``scene`` draws next (``None``: not a play frame)."""
    if isinstance(scene, RollScene):
        return None if scene.splashing else "tumble"
    if isinstance(scene, RoundScene):
        return "countdown"
    if isinstance(scene, VerdictScene):
        return "verdict" if scene.timeline is None else "timeline"
    return None


@dataclass
class FrameTimer:
    """Times each frame of ``app`` from its scene's drawing to its present, by kind, and each
    garbage collection that runs inside a timed frame (under ``"collections"``)."""

    app: App
    times: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: Whether frames are timed now (not while the kiosk warms up).
    timing: bool = False
    _kind: str | None = None
    _start: int = 0
    _collecting: int = 0

    def __post_init__(self) -> None:
        loop_draw, present = self.app._draw, self.app.screen.present

        def draw() -> None:
            self._kind = kind_of(self.app.scene)
            self._start = time.perf_counter_ns()
            loop_draw()

        def timed_present(damage: Any = None, steps: Any = ()) -> int:
            stamp = present(damage, steps)
            if self._kind is not None and self.timing:
                self.times[self._kind].append(time.perf_counter_ns() - self._start)
            self._kind = None
            return stamp

        self.app._draw = draw   # type: ignore[method-assign]
        self.app.screen.present = timed_present   # type: ignore[method-assign]

    def on_collection(self, phase: str, info: dict) -> None:
        """``gc.callbacks``' hook: time each collection that runs inside a timed frame."""
        if phase == "start":
            self._collecting = time.perf_counter_ns()
        elif self._kind is not None and self.timing:
            self.times["collections"].append(time.perf_counter_ns() - self._collecting)


class TappingTable:
    """Four players: the dealer confirms each prompt; in each round that wants a tap, a moment
    into it (its countdown ticks meanwhile), one player taps a valid card, and in every other
    round another taps a wrong one first; every :data:`UNTAPPED_EVERY`-th round nobody taps."""

    def __init__(self, app: App, clock: SteppingClock, seed: int) -> None:
        self.app, self.clock, self.rng = app, clock, random.Random(seed)
        self.rounds = 0
        #: Passes of the loop since the last round opened.
        self.passes = 0
        #: When the open round's taps come (``None``: no tap is due).
        self.due_ns: int | None = None
        app.ctx.hooks.on_scene = self.on_scene

    def on_scene(self, scene: Scene[Any]) -> None:
        if isinstance(scene, (DealScene, EndScene, ReplayScene)):
            self.app.post(Nav("select", self.clock()))
        elif isinstance(scene, SetupScene):   # a game ended: the table starts the next
            start_game(self.app.ctx)
        elif isinstance(scene, RoundScene):
            self.rounds, self.passes = self.rounds + 1, 0
            wants_tap = scene.round.ruling.tap and self.rounds % UNTAPPED_EVERY != 0
            delay = self.rng.randrange(300, 2500) * 1_000_000
            self.due_ns = scene.round.t_open_ns + delay if wants_tap else None

    def step(self) -> None:
        """One pass of the loop, then the round's taps once they are due. A CompanionError if
        :data:`MOST_STEPS_PER_ROUND` passes go by without a new round (the table is stuck)."""
        self.passes += 1
        if self.passes > MOST_STEPS_PER_ROUND:
            raise CompanionError(f"the frame budget's table is stuck on the {self.app.scene.name} "
                                 f"screen: no new round in {MOST_STEPS_PER_ROUND} passes")
        self.app.step()
        scene = self.app.scene
        if self.due_ns is None or not isinstance(scene, RoundScene) or \
                self.clock.now_ns < self.due_ns:
            return
        self.due_ns, valid, t_ns = None, scene.round.ruling.valid, self.clock()
        wrong = [side for side in Side if side not in valid]
        if wrong and self.rounds % 2:
            self.app.post(Tap(1 + self.rounds % 4, self.rng.choice(wrong), t_ns, "bench"))
        self.app.post(Tap(1 + (self.rounds + 1) % 4, self.rng.choice(valid),
                          t_ns + 1_000_000, "bench"))


def measure_frames(size: tuple[int, int], rotation: int, rounds: int, seed: int,
                   state_dir: str, on_screen: bool = False) -> dict[str, list[int]]:
    """Times (ns) of the play frames of ``rounds`` rounds at ``size`` turned by ``rotation``,
    by kind, after :data:`WARM_UP_ROUNDS` rounds not timed; and of the garbage collections
    inside them (``"collections"``). Drawn offscreen, or ``on_screen``: fullscreen on this
    machine's display."""
    clock = SteppingClock()
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=not on_screen,
                                   fullscreen=on_screen, sound=False,
                                   setup=GameSetup(players=4, level="extreme", seed=seed),
                                   state_dir=state_dir, first_scene=ToSetup(),
                                   clock=clock, wait=clock.wait))
    start_game(app.ctx)
    timer = FrameTimer(app)
    table = TappingTable(app, clock, seed)
    table.on_scene(app.scene)
    gc.callbacks.append(timer.on_collection)
    try:
        while table.rounds <= WARM_UP_ROUNDS:
            table.step()
        timer.timing = True
        while table.rounds <= WARM_UP_ROUNDS + rounds:
            table.step()
    finally:
        gc.callbacks.remove(timer.on_collection)
        app.screen.close()
    return dict(timer.times)


@dataclass(frozen=True)
class Floor:
    """The bare blits of one display: its size, the SDL video driver it was opened with, and
    each blit's time (ns)."""

    size: tuple[int, int]
    driver: str
    times: list[int]


def blit_floor(size: tuple[int, int] | None, frames: int, on_screen: bool = False,
               rotation: int = 0) -> Floor:
    """A bare full-screen blit, ``frames`` times (:func:`.floors.present_times_ns`: a prepared
    image of the display's size copied onto it and presented, the floor of every frame
    figure), on a display opened as the kiosk opens it, at ``size`` (``None``: the screen's own
    size), fullscreen when ``on_screen``. With a ``rotation``, the canvas is presented turned
    whole, as a frame that changed most of the screen is (:data:`.screen.WHOLE_SHARE`)."""
    screen = Screen(size, rotation, fullscreen=on_screen)
    try:
        times = floors.present_times_ns(screen, frames)
        return Floor(screen.display.get_size(), pygame.display.get_driver(), times)
    finally:
        screen.close()


def median(values: list[int]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def p99(values: list[int]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.99 * len(ordered)) - 1))]


def measure_budget(rounds: int, seed: int, state_dir: str,
                   sizes: Sequence[tuple[int, int] | None] | None = None,
                   on_screen: bool = False) -> dict[str, Any]:
    """The frame budget's figures at each of ``sizes`` (default :data:`SIZES`; ``None``: the
    screen's own) and every rotation (see the module's docstring), offscreen or
    ``on_screen``."""
    if not on_screen:
        use_headless_drivers()
    report: dict[str, Any] = {"budget_x_blit": BUDGET, "rounds_each": rounds,
                              "warm_up_rounds_each": WARM_UP_ROUNDS, "stack": stack(),
                              "on_screen": on_screen, "sizes": {}, "collections_in_frames": 0}
    worst = 0.0
    for asked in SIZES if sizes is None else sizes:
        floor = blit_floor(asked, 200, on_screen)
        size, report["driver"] = floor.size, floor.driver
        name = f"{size[0]}x{size[1]}"
        floor_ms = median(floor.times) / 1e6
        entry: dict[str, Any] = {"blit_floor_ms": round(floor_ms, 4), "rotations": {},
                                 "whole_turn_to_blit": {}, "collections_in_frames": {}}
        for rotation in ROTATIONS:
            entry["whole_turn_to_blit"][str(rotation)] = whole_turn_to_blit(
                asked, rotation, floor_ms, on_screen)
            times = measure_frames(size, rotation, rounds, seed, state_dir, on_screen)
            kinds = {}
            for kind in KINDS:
                shown = times.get(kind, [])
                if not shown:
                    continue
                ratio = round(p99(shown) / 1e6 / floor_ms, 2)
                worst = max(worst, ratio)
                kinds[kind] = {"n": len(shown), "p50_ms": round(median(shown) / 1e6, 3),
                               "p99_ms": round(p99(shown) / 1e6, 3), "p99_to_blit": ratio}
            entry["rotations"][str(rotation)] = kinds
            collections = times.get("collections", [])
            entry["collections_in_frames"][str(rotation)] = {
                "n": len(collections), "ms": round(sum(collections) / 1e6, 3)}
            report["collections_in_frames"] += len(collections)
        report["sizes"][name] = entry
    report["worst_p99_to_blit"] = worst
    report["met"] = worst <= BUDGET
    return report


def whole_turn_to_blit(size: tuple[int, int] | None, rotation: int, floor_ms: float,
                       on_screen: bool) -> float:
    """What presenting a whole prepared canvas turned by ``rotation`` costs, in bare blits
    (``floor_ms``): the least a frame that changed most of the screen pays at that rotation,
    before anything is drawn on it (a turn copies each pixel to another row)."""
    turned = blit_floor(size, 100, on_screen, rotation)
    return round(median(turned.times) / 1e6 / floor_ms, 2)


def stack() -> str:
    """The pygame and SDL the frames were drawn with: what a frame costs depends on both
    (Debian Bookworm's pygame 2.1.2, the Pi's, draws some shapes far slower than pip's)."""
    return f"{pygame_build()}, Python {platform.python_version()}"


def summary_lines(report: dict[str, Any]) -> list[str]:
    """One line per size and rotation: each kind's p99 in blits of that size, and in ms."""
    lines = []
    for size, entry in report["sizes"].items():
        for rotation, kinds in entry["rotations"].items():
            shown = ", ".join(f"{kind} {k['p99_to_blit']:g}x ({k['p99_ms']:g} ms)"
                              for kind, k in kinds.items())
            lines.append(f"play frames p99 at {size} turned {rotation}: {shown}; "
                         f"a bare blit {entry['blit_floor_ms']:g} ms, a whole canvas turned "
                         f"{entry['whole_turn_to_blit'][rotation]:g}x that")
    lines.append(f"worst play frame p99: {report['worst_p99_to_blit']:g} blits "
                 f"(budget {report['budget_x_blit']:g}); garbage collections inside play "
                 f"frames: {report['collections_in_frames']}; drawn with {report['stack']} "
                 f"on SDL's {report['driver']} driver")
    return lines
