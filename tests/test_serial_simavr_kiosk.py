"""End to end without hardware: the real firmware in simavr on a pty, the reader and its
clock sync, the kiosk loop and the round engine, for presses microseconds apart, and a
controller unplugged and plugged in again mid-game."""

from __future__ import annotations

import time

import pytest

from kiosk_helpers import in_scene, kiosk, step_until
from companion.config import settings as settings_file
from companion.inputs.serial.pads import SERIAL_SETTLE_S, serial_pads, tie_window_ns
from companion.games.notnot.sides import SIDES
from companion.scenes.session import Pace
from companion.scenes.common.setup_menu import START
from companion.boards.avr import NANO
from companion.simulation.firmware_sim.simavr import toolchain_missing

pytestmark = pytest.mark.skipif(toolchain_missing() is not None,
                                reason=f"simavr toolchain missing: {toolchain_missing()}")

#: How long any one step may take before the test calls it stuck: a hang guard, never a speed
#: check (the firmware runs in simavr, which a busy machine slows well below real time).
STUCK_S = 180

#: The kiosk's wait after a round's close for taps stamped before it. A real controller's
#: frames arrive within the adapter's 16 ms (:data:`SERIAL_SETTLE_S`); the simulated one runs
#: slower than real time on a busy machine, and its frames were seen arriving 110 ms after
#: their stamps, and out of stamp order, 13 ms apart (a wrong tap or the true winner then
#: missed the judge). As the demo does (``DEMO_SETTLE_S``), the settle covers the simulation.
SIMULATION_SETTLE_S = 1.0

SLOW_ROUNDS = Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=0.001, timeouts=3,
                   settle_s=SIMULATION_SETTLE_S)


@pytest.fixture
def table(tmp_path):
    """A headless kiosk reading the simulated controller at ``[serial] tie_window_us = 2``."""
    from companion.simulation.firmware_sim.live import SimulatedController

    controller = SimulatedController(NANO, str(tmp_path))
    config = settings_file.parse(f'[gpio]\nenabled = false\n[serial]\nenabled = true\n'
                                 f'device = "{controller.path}"\ntie_window_us = 2\n')
    app = kiosk("setup", pace=SLOW_ROUNDS, clock=None)  # the firmware stamps on the real clock
    app.ctx.services.tie_window_ns = tie_window_ns(config, gpio=False, serial=True)
    pads = serial_pads(config, app.post, ping_interval_s=0.05, reconnect_s=0.05)
    pads.start()
    try:
        step_until(app, lambda: pads.reader.link.synced, limit_s=STUCK_S)
        yield app, controller, pads
    finally:
        pads.close()
        controller.close()
        app.screen.close()


def press_to_round(app, controller):
    """Player 1 starts a game on the controller's pad and waits for a round that needs a tap."""
    while app.scene.name == "setup":   # down to Start, then select: each press seen first
        cursor = app.scene.cursor
        controller.press(1, "E" if app.scene.items()[cursor] == START else "S")
        step_until(app, lambda: app.scene.name != "setup" or app.scene.cursor != cursor,
                   limit_s=STUCK_S)
    step_until(app, in_scene(app, "deal"), limit_s=STUCK_S)
    while True:
        if app.scene.name == "deal":     # one E, and wait for it: a second would tap the round
            controller.press(1, "E")
            step_until(app, lambda: app.scene.name != "deal", limit_s=STUCK_S)
        step_until(app, lambda: app.scene.name in ("round", "deal"), limit_s=STUCK_S)
        if app.scene.name == "round":
            if app.scene.round.ruling.tap:
                return app.scene.round
            step_until(app, lambda: app.scene.name != "round", limit_s=STUCK_S)


@pytest.mark.slow
def test_presses_microseconds_apart_through_the_firmware_are_judged_in_their_order(table):
    app, controller, _ = table
    round_ = press_to_round(app, controller)
    valid = round_.ruling.valid[0]
    wrong = next(side for side in SIDES if side not in round_.ruling.valid)
    time.sleep(0.02)
    controller.press_together([(3, wrong, 0), (2, valid, 4), (1, valid, 10)])
    step_until(app, in_scene(app, "verdict"), limit_s=STUCK_S)
    verdicts = {tap.player: tap.verdict for tap in app.scene.record.taps}
    assert app.scene.view.headline == "P2 WINS"
    assert verdicts == {3: "wrong", 2: "win", 1: "late"}


@pytest.mark.slow
def test_a_controller_unplugged_mid_game_is_named_and_plays_again_once_plugged_back(table):
    app, controller, pads = table
    round_ = press_to_round(app, controller)
    controller.unplug()
    step_until(app, lambda: app.notice is not None
               and app.notice[0].endswith(": waiting for it"), limit_s=STUCK_S)
    assert "unplugged" in app.notice[0] and app.scene.name == "round"
    controller.plug_in()
    step_until(app, lambda: pads.reader.link.synced and app.notice is not None
               and app.notice[0] == "button controller ready", limit_s=STUCK_S)
    assert pads.reader.reconnects == 1
    time.sleep(0.02)
    controller.press(4, round_.ruling.valid[0])
    step_until(app, in_scene(app, "verdict"), limit_s=STUCK_S)
    assert app.scene.view.headline == "P4 WINS"


@pytest.mark.slow
def test_the_demo_plays_a_whole_game_through_the_simulated_controller(tmp_path, capsys):
    from companion.cli import main

    shots = tmp_path / "shots"
    assert main(["demo", "--controller", "simavr", "--headless", "--snapshots", str(shots),
                 "--speed", "40", "--players", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("game over after ") and "winners: P" in out
    assert {"title", "round-open-discovery", "verdict-win", "end"} <= {
        path.stem for path in shots.glob("*.png")}


def test_a_press_the_simulation_reads_late_is_still_one_press_and_its_release(table):
    """A starved harness reads a press after its instant and its release's have both passed:
    both move on together, so the firmware still sees the button go down and come up (the
    demo stalled in the set-up menu on a busy machine when the two collapsed into one
    instant)."""
    app, controller, _ = table
    cursor = app.scene.cursor
    controller.press_together([(1, "S", 0.0)], lead_us=-50_000)   # 50 ms in the past
    step_until(app, lambda: app.scene.cursor != cursor, limit_s=STUCK_S)
    assert app.scene.cursor == cursor + 1
