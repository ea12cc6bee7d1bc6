"""The demo's table: simulated players who watch the screen and press their buttons.

The players are the bots of :mod:`companion.simulation.bots` (the same reaction model
as ``companion simulate``). They see each scene as it becomes current
(:meth:`SimulatedTable.on_scene` finds what to do by the scene's class): they
start a game from the title and set-up menus with player 1's pad, confirm
the companion's dealing prompts, answer every round with the bots' presses,
pick a card after a same-card tie, and leave a round's replay (opened when a
press reaches the verdict, as a late one can on a busy machine). Presses happen
on a thread of their own, at their due time, through ``press(player, side,
t_ns)`` (the input path under test), from a
:class:`~companion.simulation.press_scheduler.PressScheduler`.

The same seed plays the same game, run after run: a round's presses are planned
from the seed as offsets from the round's open and stamped ``t_open_ns + offset``
(:meth:`SimulatedTable.round_presses`), never with the clock, so the judge sees
the same stamps whatever the machine's load. The open is the flip that shows
the dice, known only once it happened: a bot who jumps the gun presses as the
dice land, stamped before them (counted too early, by its stamp, as the kiosk
counts every tap). The table never presses a button again within
:data:`MIN_MENU_GAP_MS` of its last press (the debouncer would take it as bounce), and
its bots stop pressing :data:`PRESS_LATENCY_MS` before the kiosk judges the round
(its close plus the settle time, which the demo sets to :data:`DEMO_SETTLE_S`):
which taps the judge has seen, and which scene a press reaches, never depend on
which thread ran first. :attr:`SimulatedTable.quiet` says whether nobody presses
in the round on screen (its countdown frames show nothing the clock decides but the
seconds).

``speed`` divides every delay of the table (and the bots' reaction times). For the demo's
``photo-finish`` snapshot the table can stage one close race
(:meth:`SimulatedTable.stage_photo_finish`).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from companion.games.notnot.round import Round
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap
from companion.scenes.common.setup_menu import START
from companion.scenes.common.title import TitleScene
from companion.scenes.core import Scene
from companion.scenes.notnot.deal import DealScene
from companion.scenes.notnot.end import EndScene
from companion.scenes.notnot.replay import ReplayScene
from companion.scenes.notnot.roll import RollScene
from companion.scenes.notnot.round import RoundScene
from companion.scenes.notnot.setup import SetupScene
from companion.scenes.notnot.tie_choice import TieChoiceScene
from companion.scenes.notnot.verdict import VerdictScene
from companion.simulation.bots import Bot, make_bots
from companion.simulation.press_scheduler import PressScheduler

MS = 1_000_000
#: How long the simulated dealer looks at a menu or prompt before pressing.
MENU_PAUSE_MS = 500
#: The shortest time between two menu presses, whatever the speed: a button
#: pressed again within its hold plus debounce time would count as bounce.
MIN_MENU_GAP_MS = 40
#: How late a press of the table's thread may reach the loop, or the loop judge a round, and
#: the game still be the same: no bot's press is stamped this close to the judging moment.
PRESS_LATENCY_MS = 50
#: The demo's settle time (the kiosk's wait after a round's close for taps stamped before it):
#: long enough for any press stamped up to the close to have arrived.
DEMO_SETTLE_S = 2 * PRESS_LATENCY_MS / 1000
#: Scenes the table passes through without pressing: the verdict moves on by itself.
IGNORED: tuple[type[Scene], ...] = (VerdictScene,)


class SimulatedTable:
    """Bots around the table, pressing through ``press(player, side)`` on their own thread."""

    def __init__(self, players: int, seed: int, press: Callable[..., None], speed: float = 1.0,
                 finish: Callable[[], None] = lambda: None,
                 scheduler: PressScheduler | None = None) -> None:
        self.bots: list[Bot] = make_bots(players, random.Random(f"{seed}:bots"))
        self.seed = seed
        self.press = press
        self.speed = speed
        self.finish = finish
        #: The thread the presses are made on (the demo's loop reads its clock from it).
        self.scheduler = scheduler or PressScheduler("simulated-table")
        self.last_scene_ns = time.monotonic_ns()
        #: The coming round's presses as ``(player, side, ns from the open)``: before the
        #: open (too early) and after it.
        self._early: list[tuple[int, Side, int]] = []
        self._pending: list[tuple[int, Side, int]] = []
        #: The stamp of each button's last press in a round, by ``(player, side)``.
        self._last_press_ns: dict[tuple[int, Side], int] = {}
        #: Whether nobody presses in the round that opened last.
        self.quiet = False
        #: The buttons menu presses have used since the last round opened.
        self._menu_buttons: set[tuple[int, Side]] = set()
        #: Scenes that became current with no handler and not ignored.
        self.unhandled: set[type[Scene]] = set()

    # -- the thread ------------------------------------------------------------
    def start(self) -> None:
        self.scheduler.start()

    def stop(self) -> None:
        self.scheduler.stop()

    def after_ms(self, ms: float) -> int:
        """The monotonic stamp ``ms`` (divided by the speed) from now."""
        return time.monotonic_ns() + round(ms * MS / self.speed)

    def menu_presses(self, player: int, sides: list[Side], start_ns: int | None = None) -> None:
        """Press ``sides`` one after another, as a person reading a menu does: the gap apart
        from ``start_ns`` (default: now), each stamped at its due time however late this
        thread presses it. A late burst stamped as it happens would fall within the debounce
        time (the debouncer would take the later presses as bounce); stamped the gap after the
        press before, whenever that came, its stamps would run ahead of the clock, and a bot's
        next press of the button, stamped from a round's open, would come before them."""
        gap = round(max(MENU_PAUSE_MS / self.speed, MIN_MENU_GAP_MS) * MS)
        start = time.monotonic_ns() if start_ns is None else start_ns
        self._menu_buttons.update((player, side) for side in sides)
        for step, side in enumerate(sides, start=1):
            self.press_at(start + step * gap, player, side, start + step * gap)

    def press_at(self, due_ns: int, player: int, side: Side, t_ns: int) -> None:
        """At ``due_ns``, press ``side`` of ``player``'s pad with the stamp ``t_ns``."""
        self.scheduler.at(due_ns, partial(self.press, player, side, t_ns))

    # -- watching the screen ---------------------------------------------------
    def handlers(self) -> dict[type[Scene[Any]], Callable[[Any], None]]:
        """What the table does as each scene becomes current, by the scene's class."""
        return {TitleScene: self.on_title, SetupScene: self.on_setup, DealScene: self.on_deal,
                RollScene: self.on_roll, RoundScene: self.on_round,
                TieChoiceScene: self.on_tie_choice, EndScene: self.on_end,
                ReplayScene: self.on_replay}

    def on_scene(self, scene: Scene[Any]) -> None:
        """React to the scene that just became current (called on the loop's thread).

        A scene the table neither handles nor ignores (:data:`IGNORED`) is said once on
        stderr: the demo would wait there until it gives up.
        """
        self.last_scene_ns = time.monotonic_ns()
        handler = self.handlers().get(type(scene))
        if handler is not None:
            handler(scene)
        elif not isinstance(scene, IGNORED) and type(scene) not in self.unhandled:
            self.unhandled.add(type(scene))
            print(f"demo: the simulated table has no handler for scene {type(scene).__name__}",
                  file=sys.stderr)

    def on_title(self, scene: TitleScene) -> None:
        self.menu_presses(1, [Side.E])  # New game

    def on_setup(self, scene: SetupScene) -> None:
        downs = scene.items().index(START) - scene.cursor
        self.menu_presses(1, [Side.S] * downs + [Side.E])  # down to Start, select

    def on_deal(self, scene: DealScene) -> None:
        self.menu_presses(1, [Side.E])  # the cards are placed

    def on_replay(self, scene: ReplayScene) -> None:
        """A press that reached the verdict (a bot late on a busy machine) opened the round's
        replay: any press goes on, as a person at the table would."""
        self.menu_presses(1, [Side.E])

    def on_roll(self, scene: RollScene) -> None:
        """Plan the coming round's presses from the seed (pressed once the round opens)."""
        rng = random.Random(f"{self.seed}:{scene.play.game.round_no}:demo-bots")
        self.plan([(bot.player, side, round(offset / self.speed))
                   for bot in self.bots for side, offset in bot.taps(scene.ruling, rng)])

    def plan(self, presses: list[tuple[int, Side, int]]) -> None:
        """Plan the coming round's ``presses``, as ``(player, side, ns from the open)``."""
        self._early = [press for press in presses if press[2] < 0]
        self._pending = [press for press in presses if press[2] >= 0]

    def on_round(self, scene: RoundScene) -> None:
        """The round opened: press the planned presses, each at ``t_open_ns + offset``."""
        settle_ns = round(scene.ctx.services.pace.settle_s * 1e9)
        now = time.monotonic_ns()
        presses = self.round_presses(scene.round, settle_ns)
        self.quiet = not presses
        for t_ns, player, side in presses:
            self.press_at(max(t_ns, now), player, side, t_ns)
        self._early, self._pending, self._menu_buttons = [], [], set()

    def round_presses(self, opened: Round, settle_ns: int) -> list[tuple[int, int, Side]]:
        """The planned presses of the round ``opened`` as ``(stamp, player, side)``, in stamp
        order, without those a bot makes once the round is over: stamped later than
        :data:`PRESS_LATENCY_MS` before the kiosk judges it (its close, as the rules give it
        for these presses, plus ``settle_ns``). A press within :data:`MIN_MENU_GAP_MS` of the
        same button's last one is left out (only a press after the close can be, so the close
        stays as planned), and so is a press before the open on a button a menu press used
        since the last round (its stamp may be close to that menu press's, which is the
        clock's)."""
        early = [press for press in self._early if press[:2] not in self._menu_buttons]
        planned = sorted((opened.t_open_ns + offset, player, side)
                         for player, side, offset in early + self._pending)
        probe = Round(opened.ruling, opened.t_open_ns, opened.timing, seats=opened.seats)
        for t_ns, player, side in free_presses(planned, dict(self._last_press_ns)):
            probe.offer(Tap(player, side, t_ns, "bot"))
        last_ns = probe.closes_at_ns + settle_ns - PRESS_LATENCY_MS * MS
        return free_presses([press for press in planned if press[0] < last_ns],
                            self._last_press_ns)

    def stage_photo_finish(self, valid: tuple[Side, ...], gap_ns: int) -> bool:
        """Make this round a photo finish: the first player to press a ``valid`` spot is answered
        ``gap_ns`` later by another player on another valid spot (or the same one), instead of
        that player's own presses. Call it before the round scene is handed on; ``False`` (and
        nothing changed) when fewer than two players were going to press."""
        answers = [press for press in self._pending if press[1] in valid]
        if not answers:
            return False
        first_player, first_side, first_offset = min(answers, key=lambda press: press[2])
        others = sorted({player for player, _, _ in self._pending} - {first_player})
        if not others:
            return False
        second = others[0]
        side = next((s for s in valid if s is not first_side), first_side)
        self._pending = [p for p in self._pending if p[0] != second]
        self._pending.append((second, side, first_offset + gap_ns))
        return True

    def on_tie_choice(self, scene: TieChoiceScene) -> None:
        rng = random.Random(f"{self.seed}:{scene.play.game.round_no}:demo-choice")
        for player in scene.choosers:   # from the instant the choice's countdown began
            self.menu_presses(player, [rng.choice(SIDES)], start_ns=scene.shown_ns)

    def on_end(self, scene: EndScene) -> None:
        self.scheduler.at(self.after_ms(3 * MENU_PAUSE_MS), self.finish)


def free_presses(presses: list[tuple[int, int, Side]],
                 last_press_ns: dict[tuple[int, Side], int]) -> list[tuple[int, int, Side]]:
    """``presses`` (``(stamp, player, side)``, in stamp order) without those that come within
    :data:`MIN_MENU_GAP_MS` of the same button's last press (a finger cannot press a button
    again before it is up and the debouncer has let it go). ``last_press_ns`` holds each
    button's last press and is brought up to date."""
    free = []
    for t_ns, player, side in presses:
        last = last_press_ns.get((player, side))
        if last is None or t_ns - last >= MIN_MENU_GAP_MS * MS:
            last_press_ns[(player, side)] = t_ns
            free.append((t_ns, player, side))
    return free
