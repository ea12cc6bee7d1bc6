"""``companion run``: GPIO or the keyboard in a window, systemd told when ready and alive."""

import pytest
import socket
import time
from types import SimpleNamespace

import pygame

from kiosk_helpers import step_until
from companion.config import settings as settings_file
from companion.kiosk.startup import EarlyPosts, kiosk_options, open_pads
from companion.kiosk.assemble import build_kiosk
from companion.kiosk.systemd import Notifier


def args(**overrides):
    base = dict(size=(800, 480), rotation=0, window=False, keyboard_only=False, seed=7, config=None)
    return SimpleNamespace(**{**base, **overrides})


def test_without_gpio_the_kiosk_plays_with_the_keyboard_in_a_window():
    config = settings_file.load()
    pads, why = open_pads(config, keyboard_only=False, post=EarlyPosts())
    assert pads is None and why.startswith("cannot open the GPIO pins")
    options = kiosk_options(args(), config, pads, Notifier(environ={}))
    assert not options.fullscreen and options.tie_window_ns is None
    options.headless = True
    app = build_kiosk(options)
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d))  # player 1's E: select
    step_until(app, lambda: app.scene.name == "setup")
    app.screen.close()


@pytest.mark.slow
def test_the_kiosk_tells_systemd_it_is_ready_after_the_first_frame_and_feeds_the_watchdog(tmp_path):
    address = str(tmp_path / "notify")
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(address)
    listener.settimeout(2)
    notifier = Notifier(environ={"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "20000"})
    options = kiosk_options(args(keyboard_only=True), settings_file.load(), None, notifier)
    options.headless = True
    app = build_kiosk(options)
    assert app.frames == 0
    app.step()
    assert app.frames == 1 and listener.recv(100).startswith(b"READY=1")
    time.sleep(0.02)
    app.step()
    assert listener.recv(100) == b"WATCHDOG=1"
    app.screen.close()
    notifier.close()
    listener.close()


@pytest.mark.slow
def test_a_verdict_reaches_the_screen_only_after_the_tie_window_and_the_settle_time_passed():
    from companion.inputs.gpio import confirmation_delay_ns
    from companion.scenes.session import Pace
    from companion.tools.benchmarks.latency import measure_edge_to_verdict, waits_ms

    latencies, path, lost = measure_edge_to_verdict(10, seed=3)
    assert len(latencies) == 10 and lost == 0 and path.startswith("mock GPIO pins")
    gpio = settings_file.load().gpio
    # the bench's kiosk waits as the kiosk does with the shipped GPIO pads: the glitch filter's
    # 1.3 ms on top of the tie window and the pace's settle time
    assert waits_ms() * 1e6 == pytest.approx(
        gpio.tie_window_ns + Pace().settle_s * 1e9 + confirmation_delay_ns(gpio))
    assert min(latencies) >= round(waits_ms() * 1e6)


def test_what_the_inputs_post_before_the_loop_exists_reaches_it_in_order():
    posts, reached = EarlyPosts(), []
    posts("first press")
    posts("second press")
    posts.connect(reached.append)
    posts("a press once the loop runs")
    assert reached == ["first press", "second press", "a press once the loop runs"]


def test_a_press_made_before_the_first_screen_is_let_go_a_stuck_button_still_reported(caplog):
    """A child mashing the pads while the screen was still black (a TV switched on late) drove
    the menus once it came (a code reviewer)."""
    from companion.inputs.actions import Nav
    from companion.inputs.events import Control, Stuck, Tap
    from companion.games.notnot.sides import Side

    posts, reached = EarlyPosts(), []
    stuck = Stuck(1, Side.E, 5, "P1 E")
    for event in (Tap(1, Side.E, 1), Control("pause", 2), stuck, Nav("select", 3)):
        posts(event)
    with caplog.at_level("INFO"):
        posts.connect(reached.append)
    posts(Tap(1, Side.E, 9))
    assert reached == [stuck, Tap(1, Side.E, 9)]
    assert "3 presses made before the first screen let go" in caplog.text


def test_with_the_glitch_filter_a_round_waits_for_presses_confirmed_after_their_stamp():
    from companion.inputs.gpio import EDGE_DELIVERY_NS
    shipped = settings_file.load()                       # the filter is on: 300 us
    # the filter off, explicitly: the settle time without it, to measure what it adds
    plain = kiosk_options(args(), settings_file.parse("[gpio]\nmin_press_us = 0"), object(),
                          Notifier(environ={}))
    on_pads = kiosk_options(args(), shipped, object(), Notifier(environ={}))
    on_keys = kiosk_options(args(keyboard_only=True), shipped, None, Notifier(environ={}))
    longer = kiosk_options(args(), settings_file.parse("[gpio]\nmin_press_us = 2000"), object(),
                           Notifier(environ={}))
    assert on_pads.pace.settle_s == pytest.approx(
        plain.pace.settle_s + (300_000 + EDGE_DELIVERY_NS) / 1e9)
    assert longer.pace.settle_s == pytest.approx(
        plain.pace.settle_s + (2_000_000 + EDGE_DELIVERY_NS) / 1e9)
    assert on_keys.pace.settle_s == plain.pace.settle_s


def test_a_closing_kiosk_writes_its_last_saves_first_and_closes_all_else_when_a_pin_will_not(
        monkeypatch, caplog):
    """The pads were closed before the last saves: a light's pin that would not close left the
    saves unwritten and the display and database open (a code reviewer)."""
    from companion.inputs.edge_log import EdgeLog
    from companion.kiosk import startup
    from companion.scenes.core import Quit, Services

    config = settings_file.load()
    options = kiosk_options(args(), config, None, Notifier(environ={}))
    options.headless = True
    done = []

    class Pads:
        edge_log = EdgeLog()

        def close(self):
            done.append("pads")
            raise OSError("GPIO busy")

    monkeypatch.setattr(startup, "last_saves", lambda ctx: done.append("saves"))
    monkeypatch.setattr(Services, "close_database", lambda services: done.append("database"))
    posts = EarlyPosts()
    posts(Quit(0))                                     # the table quits at the first pass
    startup.run_kiosk(options, Notifier(environ={}), None, config, Pads(), None, posts, "")
    assert done == ["saves", "pads", "database"]
    assert "closing the GPIO pads failed" in caplog.text
    assert not pygame.display.get_init()
