"""Moments a seeded demo game may never show, staged on the real kiosk and saved as PNGs.

``companion demo --moments --snapshots DIR`` plays each moment through the real
loop, scenes and judge, from the set-up screen on, with taps posted the way the
input adapters post them (stamped, then queued), and saves the frame that shows it:

- ``verdict-win-wrong``: P2 taps a wrong card, P1 a valid one just after;
- ``tie-choice-three``: three players tie on one card, two of them choose, with the
  countdown;
- ``level-up-double-1``, ``-2`` ...: two rule cards come up in one refill (a deck whose
  Not Not card lies right above the Arrow card), each splash in turn;
- ``notice-unplugged``: the button controller is pulled out mid-round.

A moment that is not reached within a minute stops with a CompanionError naming it.
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from companion.display.snapshots import Snapshots
from companion.errors import CompanionError
from companion.games.notnot.cards import Level
from companion.games.notnot.round import Round
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap
from companion.inputs.serial.reader import ControllerStatus
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.kiosk.loop import App
from companion.scenes.changes import ToSetup
from companion.scenes.common.setup_menu import START
from companion.scenes.notnot.play import game_of
from companion.scenes.notnot.roll import RollScene
from companion.scenes.session import GameSetup, Pace

#: A quick pace: the moments are pictures, not a game to watch.
MOMENTS_PACE = Pace(roll_frames=2, roll_frame_s=0.01, verdict_s=0.05, timeouts=0.05)
#: The longest one moment may take before it is given up, in seconds (the loop may sleep half
#: a second a pass when nothing happens: a bound on passes alone would wait for hours).
MOMENT_S = 60
#: A first-game seed whose deck has the Not Not card right above the Arrow card.
DOUBLE_LEVEL_UP_SEED = 45
#: How far apart the staged taps are stamped (well inside the 1 ms tie window).
TAP_GAP_NS = 150_000
#: What a USB-serial read says when the adapter is pulled out (pyserial's words).
UNPLUGGED_DETAIL = ("device reports readiness to read but returned no data "
                    "(device disconnected or multiple access on port?)")


@dataclass
class Stage:
    """One kiosk being driven to a moment: the app, and where its frames are saved."""

    app: App
    snapshots: Snapshots

    def step_until(self, done: Callable[[], bool], what: str) -> None:
        """Run loop passes until ``done()``; a CompanionError naming ``what`` if it is not
        within :data:`MOMENT_S` seconds."""
        deadline = time.monotonic() + MOMENT_S
        while time.monotonic() < deadline:
            if done():
                return
            self.app.step()
        raise CompanionError(f"staged moment: never reached {what} (scene {self.app.scene.name})")

    def scene(self, name: str) -> bool:
        return self.app.scene.name == name

    def tap(self, player: int, side: Side, t_ns: int | None = None) -> None:
        """Player ``player`` presses ``side``, stamped ``t_ns`` (default: now)."""
        self.app.post(Tap(player, side, time.monotonic_ns() if t_ns is None else t_ns, "staged"))

    def expect(self, shown: bool, what: str) -> None:
        """A CompanionError naming ``what`` unless the stage ``shown`` it."""
        if not shown:
            raise CompanionError(f"staged moment: {what} did not happen")

    def save(self, name: str) -> None:
        """Save the frame on screen as ``name``."""
        self.snapshots.offer(name, self.app.screen.canvas)

    def start_game(self) -> None:
        """From the set-up screen: down to Start and select it (the layout is confirmed by
        :meth:`play_to_round`)."""
        setup = self.app.scene
        for _ in range(setup.items().index(START) - setup.cursor):   # type: ignore[attr-defined]
            self.tap(1, Side.S)
        self.tap(1, Side.E)
        self.step_until(lambda: self.scene("deal"), "the first layout")

    def play_to_round(self, suits: Callable[[App], bool], what: str, player: int = 1,
                      watch: Callable[[], None] = lambda: None) -> None:
        """Play on (``player`` taps a valid card, deals are confirmed) to an open round that
        suits, calling ``watch()`` after each pass of the loop."""
        def there() -> bool:
            watch()
            scene = self.app.scene
            if scene.name == "deal":
                self.tap(1, Side.E)
            elif scene.name == "round" and scene.round.roll is not None:  # type: ignore[attr-defined]
                if suits(self.app):
                    return True
                ruling = scene.round.ruling   # type: ignore[attr-defined]
                if ruling.tap and not scene.round.taps:   # type: ignore[attr-defined]
                    self.tap(player, ruling.valid[0])
            return False

        self.step_until(there, what)

    def after_next_frame(self, name: str) -> None:
        """Draw the current scene's next frame and save it as ``name``."""
        self.app.scene.dirty = True
        self.app.step()
        self.save(name)


def open_round(app: App) -> Round:
    return app.scene.round   # type: ignore[attr-defined]


def p2_can_lose_a_card(app: App) -> bool:
    """An open round with a wrong card to tap, P2 holding a card to lose."""
    ruling = open_round(app).ruling
    scored = game_of(app.scene).scores().get(2, 0) > 0
    return scored and ruling.tap and len(ruling.valid) < len(SIDES)


def needs_tap_without_void(app: App) -> bool:
    return open_round(app).ruling.tap and "VOID" not in game_of(app.scene).faces().values()


def win_with_a_wrong_tap(stage: Stage) -> None:
    stage.start_game()
    stage.play_to_round(p2_can_lose_a_card, "a round with a wrong card, P2 with a card", player=2)
    ruling = open_round(stage.app).ruling
    wrong = next(side for side in SIDES if side not in ruling.valid)
    t_ns = time.monotonic_ns()
    stage.tap(2, wrong, t_ns)
    stage.tap(1, ruling.valid[0], t_ns + TAP_GAP_NS)
    stage.step_until(lambda: stage.scene("verdict"), "the verdict")
    stage.expect(stage.app.scene.record.penalties != (),   # type: ignore[attr-defined]
                 "P2's wrong tap cost a card")
    stage.after_next_frame("verdict-win-wrong")


def three_tie_on_one_card(stage: Stage) -> None:
    stage.start_game()
    stage.play_to_round(needs_tap_without_void, "a round without a void on the table")
    side = open_round(stage.app).ruling.valid[0]
    t_ns = time.monotonic_ns()
    for n, player in enumerate((1, 2, 3)):
        stage.tap(player, side, t_ns + n * TAP_GAP_NS)
    stage.step_until(lambda: stage.scene("tie-choice"), "the tie choice")
    stage.expect(stage.app.scene.choosers == [2, 3],   # type: ignore[attr-defined]
                 "P2 and P3 choose another card")
    stage.after_next_frame("tie-choice-three")


def double_level_up(stage: Stage) -> None:
    """Play the seeded deck until the refill that draws two rule cards; save each splash once
    it is on screen (the roll scene says which level each one brings)."""
    saved: list[Level] = []

    def suits(app: App) -> bool:
        return game_of(app.scene).level.value == "hard"

    def watch() -> None:
        roll = stage.app.scene
        if isinstance(roll, RollScene) and roll.splashing and roll.splash_drawn \
                and roll.splashes[0] not in saved:
            saved.append(roll.splashes[0])
            stage.save(f"level-up-double-{len(saved)}")

    stage.start_game()
    stage.play_to_round(suits, "the level after the Not Not and Arrow cards", watch=watch)
    if len(saved) < 2:
        raise CompanionError(f"staged moment: the double level-up showed {len(saved)} splash(es)")


def controller_unplugged(stage: Stage) -> None:
    stage.start_game()
    stage.play_to_round(lambda app: True, "an open round")
    stage.app.post(ControllerStatus(connected=True, detail="Nano", synced=True,
                                    device="/dev/companion-buttons"))
    stage.app.step()
    stage.app.post(ControllerStatus(connected=False, detail=UNPLUGGED_DETAIL, alarm=True,
                                    device="/dev/companion-buttons"))
    stage.app.step()
    stage.expect(stage.app.notice is not None and stage.app.controller == "unplugged",
                 "the unplugged notice")
    stage.after_next_frame("notice-unplugged")


@dataclass(frozen=True)
class Moment:
    """A moment's table (players, seed), how it is staged, and the pace it is played at."""

    players: int
    seed: int
    play: Callable[[Stage], None]
    pace: Pace = MOMENTS_PACE


#: Every moment, by the name of its first snapshot. The tie choice keeps the real clocks, so
#: its countdown reads as a table sees it.
MOMENTS = {
    "verdict-win-wrong": Moment(2, 3, win_with_a_wrong_tap),
    "tie-choice-three": Moment(3, 1, three_tie_on_one_card, replace(MOMENTS_PACE, timeouts=1.0)),
    "level-up-double": Moment(4, DOUBLE_LEVEL_UP_SEED, double_level_up),
    "notice-unplugged": Moment(4, 2, controller_unplugged),
}


def stage_moments(folder: str, size: tuple[int, int], rotation: int) -> list[Path]:
    """Play every moment on a headless kiosk of ``size`` and ``rotation``; the files saved."""
    snapshots = Snapshots(folder)
    try:
        for moment in MOMENTS.values():
            with tempfile.TemporaryDirectory(prefix="companion-moments-") as state:
                app = build_kiosk(KioskOptions(
                    size=size, rotation=rotation, headless=True, sound=False, pace=moment.pace,
                    setup=GameSetup(players=moment.players, seed=moment.seed), state_dir=state,
                    first_scene=ToSetup()))
                try:
                    moment.play(Stage(app, snapshots))
                finally:
                    app.screen.close()
                    app.ctx.services.close_database()
    finally:
        snapshots.close()
    return snapshots.saved
