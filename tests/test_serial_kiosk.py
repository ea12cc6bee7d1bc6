"""``companion run`` with ``[serial] enabled``: the kiosk opens the controller, judges its
taps, shows its state, and plays on through an unplug until it is back.

The controller here is a fake port speaking the protocol (hello, pongs, edges on a
clock of its own); tests/test_serial_simavr_kiosk.py runs the real firmware."""

from __future__ import annotations

import pytest
import threading
import time
from dataclasses import replace
from types import SimpleNamespace

from kiosk_helpers import in_scene, kiosk, step_until, tap, texts_drawn

from companion.boards.avr import NANO
from companion.kiosk.startup import kiosk_options
from companion.config import settings as settings_file
from companion.games.notnot.sides import Side
from companion.inputs.serial.frames import FrameDecoder
from companion.display.draw_controller import controller_area
from companion.inputs.serial.pads import (
    CORNER_STATES,
    CORNER_WORDS,
    SerialPads,
    serial_pads,
    status_notice,
    status_word,
)
from companion.inputs.serial.protocol import Edge, Hello, HelloRequest, Ping, Pong, encode, parse
from companion.inputs.serial.reader import ControllerStatus
from companion.kiosk.systemd import Notifier
from companion.scenes.session import Pace
from companion.scenes.changes import ToHatSetup, ToMovieSetup, ToPlayers, ToSetup, ToTitle

SERIAL_ON = settings_file.parse('[gpio]\nenabled = false\n'
                                '[serial]\nenabled = true\ndevice = "/dev/fake"\n')
PIN = {target: NANO.pin_names.index(name) for name, target in NANO.default_map().items()}


class FakeController:
    """A serial port with a controller behind it: its clock runs from ``boot_ns`` at 2 ticks
    per us; it answers HELLO_REQUEST and PING; :meth:`press` sends an edge."""

    def __init__(self) -> None:
        self.boot_ns = time.monotonic_ns()
        self.out = bytearray()
        self.decoder = FrameDecoder()
        self.unplugged = threading.Event()
        self.lock = threading.Lock()
        self.seq = 0

    def ticks(self, t_ns: int) -> int:
        return (t_ns - self.boot_ns) // 500

    def send(self, message) -> None:
        with self.lock:
            self.seq = (self.seq + 1) & 0xFF
            self.out += encode(message, self.seq)

    def press(self, player: int, side: Side, t_ns: int, pressed: bool = True) -> None:
        self.send(Edge(PIN[player, side], pressed, self.ticks(t_ns)))

    @property
    def in_waiting(self) -> int:
        return len(self.out)

    def read(self, n: int) -> bytes:
        if self.unplugged.is_set():
            raise OSError("device disconnected")
        with self.lock:
            data, self.out[:] = bytes(self.out), b""
        if not data:
            time.sleep(0.005)
        return data

    def write(self, data: bytes) -> None:
        if self.unplugged.is_set():
            raise OSError("device disconnected")
        for frame in self.decoder.feed(data):
            message = parse(frame)
            if isinstance(message, HelloRequest):
                self.send(Hello(1, 2, 5000, self.ticks(time.monotonic_ns()), "nano",
                                NANO.pin_names))
            elif isinstance(message, Ping):
                self.send(Pong(message.token, self.ticks(time.monotonic_ns())))

    def close(self) -> None:
        pass


class Plugs:
    """``open_serial`` for the reader: the controller currently plugged in, if any."""

    def __init__(self) -> None:
        self.current: FakeController | None = FakeController()

    def __call__(self, path: str) -> FakeController:
        if self.current is None:
            raise OSError(f"no such device: {path}")
        return self.current


def connected_kiosk(plugs: Plugs, size=(800, 480), rotation=0):
    app = kiosk("setup", pace=Pace(roll_frames=2, roll_frame_s=0.001, verdict_s=0.001),
                clock=None, size=size, rotation=rotation)  # the controller stamps on the real clock
    controller = serial_pads(SERIAL_ON, app.post, open_serial=plugs, ping_interval_s=0.02,
                             reconnect_s=0.02)
    assert isinstance(controller, SerialPads)
    app.ctx.services.tie_window_ns = SERIAL_ON.serial.tie_window_ns
    controller.start()
    step_until(app, lambda: controller.reader.link.synced and app.notice is not None
               and app.notice[0] == "button controller ready")
    return app, controller


def open_round(app):
    """From the set-up screen to an open round that needs a tap."""
    from test_scenes_flow import to_round
    return to_round(app)


def test_run_opens_the_controller_when_serial_is_enabled_and_uses_its_tie_window():
    controller = serial_pads(SERIAL_ON, lambda event: None)
    assert isinstance(controller, SerialPads) and controller.reader.path == "/dev/fake"
    args = SimpleNamespace(size=(800, 480), rotation=0, window=False, keyboard_only=False,
                           seed=7, config=None)
    serial_and_pads_only = replace(SERIAL_ON, keyboard=replace(SERIAL_ON.keyboard, enabled=False))
    options = kiosk_options(args, serial_and_pads_only, None, Notifier(environ={}), controller=controller)
    assert options.fullscreen and options.tie_window_ns == 20_000
    # a tap stamped before the close may sit up to 16 ms in a USB adapter: it is waited for
    assert options.pace.settle_s >= 0.016
    assert serial_pads(SERIAL_ON, lambda event: None, keyboard_only=True) is None
    assert serial_pads(settings_file.load(), lambda event: None) is None


def test_the_controllers_taps_are_judged_by_their_stamps_a_few_microseconds_apart():
    plugs = Plugs()
    app, controller = connected_kiosk(plugs)
    try:
        round_ = open_round(app)
        side = round_.ruling.valid[0]
        t = time.monotonic_ns() + 1_000_000
        plugs.current.press(1, side, t + 30_000)    # player 1: 30 us after player 2
        plugs.current.press(2, side, t)
        step_until(app, in_scene(app, "verdict"))
        assert app.scene.view.headline == "P2 WINS"
    finally:
        controller.close()
        app.screen.close()


def test_an_unplugged_controller_is_named_on_screen_and_the_game_goes_on_until_it_is_back():
    plugs = Plugs()
    app, controller = connected_kiosk(plugs)
    try:
        round_ = open_round(app)
        plugs.current.unplugged.set()
        plugs.current = None
        step_until(app, lambda: app.notice is not None and "unplugged" in app.notice[0])
        assert app.notice[0] == "button controller unplugged: waiting for it"
        assert app.scene.name == "round"
        app.post(tap(1, round_.ruling.valid[0].value))      # the keyboard still plays
        step_until(app, in_scene(app, "verdict"))
        plugs.current = FakeController()
        step_until(app, lambda: "ready" in (app.notice or ("",))[0])
        assert controller.reader.reconnects == 1
    finally:
        controller.close()
        app.screen.close()


def corner_says(app, state: str) -> bool:
    """Whether the next frame, once the notice is gone, shows
    ``controller`` over ``STATE`` in its corner."""
    from kiosk_helpers import shows_text

    app.notice = None
    app.scene.dirty = True
    app.step()
    return [d.text for d in app.controller_drawn] == ["controller", state] \
        and all(shows_text(app.screen.canvas, drawn) for drawn in app.controller_drawn)


@pytest.mark.slow
def test_the_controllers_state_stays_in_the_corner_of_the_title_and_the_play_screens():
    plugs = Plugs()
    app, controller = connected_kiosk(plugs)
    try:
        app.ctx.go(ToTitle())
        step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
        assert corner_says(app, "synced")
        app.ctx.go(ToSetup())
        step_until(app, in_scene(app, "setup"))
        open_round(app)
        plugs.current.unplugged.set()
        plugs.current = None
        step_until(app, lambda: app.controller == "unplugged")
        assert app.scene.name in ("round", "verdict") and corner_says(app, "unplugged")
        plugs.current = FakeController()
        step_until(app, lambda: app.controller == "synced")
    finally:
        controller.close()
        app.screen.close()


@pytest.mark.parametrize("size, rotation", [((1280, 800), 0), ((800, 480), 0), ((800, 480), 90)])
def test_no_screens_title_lies_under_the_controllers_corner_whatever_it_says(
        size, rotation, monkeypatch):
    """At 1280x800 the set-up's title ran under ``controller / unplugged`` (a maker)."""
    from companion.kiosk import startup
    from companion.kiosk.loop import App
    from companion.kiosk.startup import EarlyPosts

    plugs, posts = Plugs(), EarlyPosts()
    plugs.current = None   # not plugged in: the corner says so the whole time
    controller = serial_pads(SERIAL_ON, posts, open_serial=plugs, reconnect_s=0.02)
    args = SimpleNamespace(size=size, rotation=rotation, window=False, keyboard_only=False,
                           seed=7, config=None)
    options = kiosk_options(args, SERIAL_ON, None, Notifier(environ={}), controller=controller)
    options.headless = True
    covered = []

    def menus_under_every_word(app):
        """Each menu the title leads to, with the corner saying each word it can."""
        for change in (None, ToSetup(), ToPlayers(), ToHatSetup(), ToMovieSetup()):
            if app.scene.name != "title":
                app.ctx.go(ToTitle())
                app.step()
            if change is not None:
                app.ctx.go(change)
                app.step()
            app.notice = None
            for state in CORNER_STATES:
                app.controller = state
                drawn = texts_drawn(monkeypatch)
                app.scene.dirty = True
                app.step()
                corner = controller_area(app.screen.layout, state)
                covered.extend((app.scene.name, state, d.text) for d in drawn
                               if d.rect.colliderect(corner) and d not in app.controller_drawn)

    monkeypatch.setattr(App, "run", menus_under_every_word)
    startup.run_kiosk(options, Notifier(environ={}), None, SERIAL_ON, None, controller, posts, "")
    assert covered == []


@pytest.mark.parametrize("size, rotation", [((1280, 800), 0), ((800, 480), 0), ((1920, 1080), 0),
                                            ((800, 480), 90)])
def test_a_start_problems_long_title_beside_the_controllers_corner_stays_whole_and_large(
        size, rotation):
    """Narrowed beside the corner, "Another companion is using the state folder" wrapped onto
    the first line of the problem below it at 1280x800, and stood smaller than that text at
    every landscape size (a regression tester): a title that cannot stand beside the corner
    on one line at body size stands under it."""
    from kiosk_helpers import canvas

    from companion.display.layout import Layout
    from companion.scenes.common.failsafe import draw_problem
    from companion.scenes.start_problem import StartProblem

    layout = Layout(size, rotation, CORNER_STATES)
    problem = StartProblem("Another companion is using the state folder",
                           ("The kiosk (pid 1234) is using /var/lib/companion since 10:02.",),
                           "Stop it first: sudo systemctl stop companion", "play without saving",
                           can_quit=True)
    drawn = draw_problem(canvas(layout.size), layout, problem)
    title = [d for d in drawn if d.text in problem.title]
    body = [d for d in drawn if d not in title]
    corner = controller_area(layout, "wrong board")   # the corner at its widest
    assert not [d.text for d in title if d.rect.colliderect(corner)]
    assert not [(a.text, b.text) for a in title for b in body if a.rect.colliderect(b.rect)]
    alone = [d.size for d in draw_problem(canvas(layout.size), Layout(size, rotation), problem)
             if d.text in problem.title]   # as large as without a corner, or the body's size
    assert min(d.size for d in title) >= min(max(d.size for d in body), min(alone))


def test_every_word_the_controllers_corner_says_has_room_kept_for_it():
    for connected, synced in ((True, True), (True, False), (False, False)):
        status = ControllerStatus(connected=connected, detail="", synced=synced)
        assert status_word(status) in CORNER_STATES
    for kind in CORNER_WORDS:
        assert status_word(ControllerStatus(connected=False, detail="", kind=kind)) \
            in CORNER_STATES


def test_a_controller_that_restarts_or_overflows_is_named_in_a_notice():
    restarted = ControllerStatus(True, "controller restarted (its clock went back): syncing "
                                 "its clock afresh", alarm=True, device="/dev/ttyUSB0")
    assert status_notice(restarted).startswith(
        "serial controller /dev/ttyUSB0: controller restarted")
    overflow = replace(restarted, detail="its buffer overflowed: 3 edges lost", synced=True)
    assert status_notice(overflow) == ("serial controller /dev/ttyUSB0: its buffer overflowed: "
                                       "3 edges lost")


def test_a_restart_and_the_clock_synced_again_at_one_stamp_leave_the_corner_synced():
    app = kiosk("title")
    try:
        restarted = ControllerStatus(True, "controller restarted (a clock sample that cannot be "
                                     "right): syncing its clock afresh", 5_000, alarm=True,
                                     kind="restarted")
        synced = ControllerStatus(True, "clock synced", 5_000, synced=True)
        app.post(restarted)                           # as the reader posts them, in order
        app.post(synced)
        app.step()
        assert app.controller == "synced"
    finally:
        app.screen.close()


def test_the_simavr_demo_without_the_avr_toolchain_says_so_in_one_line(monkeypatch, capsys):
    from companion.cli import main
    from companion.simulation.firmware_sim import simavr

    monkeypatch.setattr(simavr, "toolchain_missing", lambda: "avr-gcc is not installed")
    assert main(["demo", "--controller", "simavr"]) == 2
    assert capsys.readouterr().err == ("companion: --controller simavr cannot run here: "
                                       "avr-gcc is not installed\n")


@pytest.mark.parametrize("argv, who", [
    (["firmware-sim", "--board", "nano", "--compare"], "firmware-sim"),
    (["demo", "--controller", "simavr"], "--controller simavr")])
def test_a_simavr_run_from_a_copy_without_the_hardware_sources_says_only_that(
        monkeypatch, capsys, tmp_path, argv, who):
    """An installed copy with gcc-avr and simavr installed lacks only the repository's
    hardware/ folder: the line says that, where it began "needs the AVR toolchain"."""
    import shutil

    from companion.cli import main
    from companion.simulation.firmware_sim import simavr

    monkeypatch.setattr(shutil, "which", lambda tool: f"/usr/bin/{tool}")   # every tool here
    monkeypatch.setattr(simavr, "HARDWARE", tmp_path / "hardware")
    assert main(argv) == 2
    assert capsys.readouterr().err == (
        f"companion: {who} cannot run here: the hardware sources are not at "
        f"{tmp_path / 'hardware'} (they come with the repository, not with an installed copy: "
        "run it from a clone)\n")


def test_the_wiring_check_shows_controller_presses_like_gpio_presses():
    from companion.commands.buttons import SerialWatch
    from companion.inputs.wiring_check import WiringCheck, serial_buttons

    loaded = settings_file.parse('[serial]\nenabled = true\n[[serial.pads]]\nplayer = 7\n'
                                 'N = "D2"\nE = "D3"\nS = "D4"\nW = "D5"\n')
    lines: list[str] = []
    check = WiringCheck(serial_buttons(loaded), write=lines.append)
    plugs = Plugs()
    watch = SerialWatch(check, check.buttons, "/dev/fake", open_serial=plugs,
                        ping_interval_s=0.02)
    watch.reader.start()
    try:
        deadline = time.monotonic() + 5
        while not watch.reader.link.synced and time.monotonic() < deadline:
            time.sleep(0.01)
        t = time.monotonic_ns()
        for side in Side:
            plugs.current.press(1, side, t)        # board pins D2-D5 are player 7 here
            plugs.current.press(1, side, t + 30_000_000, pressed=False)
        assert check.done.wait(5), lines
    finally:
        watch.reader.stop()
    pressed = [line for line in lines if " pressed " in line]
    assert pressed[0].startswith("player 7 N   nano D2") and "t = " in pressed[0]
    assert any(line.startswith("player 7 N   nano D2") and "released  after 30.0 ms, bounce "
               "filtered by the controller" in line for line in lines)
    assert lines[0] == "serial controller /dev/fake: connected (nano controller (firmware 1, " \
                       "16 pins)), syncing its clock"
    assert check.missing_text() == "every button works"


def test_a_controller_not_plugged_in_at_start_is_named_until_it_appears():
    plugs = Plugs()
    plugs.current = None
    app = kiosk("setup", clock=None)  # the controller stamps on the real clock
    controller = serial_pads(SERIAL_ON, app.post, open_serial=plugs, ping_interval_s=0.02,
                             reconnect_s=0.02)
    assert isinstance(controller, SerialPads)
    controller.start()
    try:
        step_until(app, lambda: app.notice is not None and "not found" in app.notice[0])
        assert app.notice[0] == "button controller not found: waiting for it"
        plugs.current = FakeController()
        step_until(app, lambda: "ready" in (app.notice or ("",))[0])
        assert controller.reader.reconnects == 0
    finally:
        controller.close()
        app.screen.close()


def test_twelve_players_can_sit_down_and_each_score_fits_its_own_cell():
    from kiosk_helpers import canvas, shows_text

    from companion.display.draw_scores import draw_scores
    from companion.display.layout import Layout
    from companion.scenes.notnot.setup import MAX_PLAYERS

    assert MAX_PLAYERS == 12          # six GPIO pads and a Mega's six
    layout = Layout((800, 480))
    surface = canvas()
    drawn = draw_scores(surface, layout, {player: 10 + player for player in range(1, 13)})
    assert all(shows_text(surface, d) and layout.scores.contains(d.rect) for d in drawn)
    cell_w = layout.scores.width / 12
    assert all(int(d.rect.left // cell_w) == int((d.rect.right - 1) // cell_w) for d in drawn)
