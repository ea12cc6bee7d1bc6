"""How the loop sleeps between passes: a table with pads does not keep SDL polling every
millisecond (2-3 % of a core while a round waits); a press posted by a pad, and a touch or a
key in the window, still wake it: on a desktop looked for every tenth of a second, on the
console rung in by the kernel's input devices (the input doorbell)."""

from __future__ import annotations

import os
import sys
import threading

import pygame
import pytest

from kiosk_helpers import kiosk, tap
from companion.config.settings import load
from companion.inputs.doorbell import INPUT_FOLDER
from companion.inputs.keyboard import KeyMap
from companion.kiosk import assemble, loop

#: Long enough that a loop which did not wake would fail the test, however busy the machine.
A_MINUTE_MS = 60_000


@pytest.fixture
def sleepy(monkeypatch):
    """The loop sleeps up to a minute between passes, and (unless a test says otherwise) looks
    at the window's events once a minute."""
    monkeypatch.setattr(loop, "MAX_WAIT_MS", A_MINUTE_MS)
    monkeypatch.setattr(loop, "WINDOW_POLL_MS", A_MINUTE_MS)


def step_in_thread(app) -> threading.Thread:
    thread = threading.Thread(target=app.step, daemon=True)
    thread.start()
    return thread


def test_a_table_with_pads_sleeps_without_sdls_millisecond_poll(monkeypatch):
    monkeypatch.setattr(loop, "MAX_WAIT_MS", 30)
    app = kiosk("title", clock=None)
    app.step()   # the title's first frame
    waits, slept = [], []
    monkeypatch.setattr(pygame.event, "wait", lambda *args: waits.append(args))
    sleep = app._sleep
    monkeypatch.setattr(app, "_sleep", lambda timeout_ms: slept.append(timeout_ms) or
                        sleep(timeout_ms))
    app.step()
    assert waits == [] and slept == [30]      # it slept, its own way, as long as it may


def test_a_table_on_the_keyboard_sleeps_in_sdls_wait_so_each_key_is_stamped_at_once(
        monkeypatch):
    monkeypatch.setattr(loop, "MAX_WAIT_MS", 30)
    app = kiosk("title", clock=None)
    app.ctx.services.keys = KeyMap(load().keyboard)
    app.step()
    waits = []
    monkeypatch.setattr(pygame.event, "wait", lambda *args: waits.append(args) or
                        pygame.event.Event(pygame.NOEVENT))
    app.step()
    assert waits == [(30,)]


def test_a_press_posted_by_a_pad_wakes_a_sleeping_loop_at_once(sleepy):
    app = kiosk("title", clock=None)
    app.step()
    handled = []
    app.scene.handle = lambda event, now_ns: handled.append(event)
    thread = step_in_thread(app)
    press = tap(2, "E")
    app.post(press)
    thread.join(30)
    assert not thread.is_alive() and handled == [press]


def test_a_touch_on_a_desktops_window_wakes_a_sleeping_loop_within_the_window_poll(
        sleepy, monkeypatch):
    monkeypatch.setattr(loop, "WINDOW_POLL_MS", 5)
    app = kiosk("title", clock=None)
    app.window_polled = True   # an X11 or Wayland window: its display server hands SDL a touch
    app.step()
    thread = step_in_thread(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    thread.join(30)
    assert not thread.is_alive()


def test_once_a_key_was_pressed_beside_the_pads_the_loop_sleeps_in_sdls_wait(monkeypatch):
    monkeypatch.setattr(loop, "MAX_WAIT_MS", 30)
    app = kiosk("title", clock=None)
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                                         scancode=4))
    app.step()   # takes the key
    waits = []
    monkeypatch.setattr(pygame.event, "wait", lambda *args: waits.append(args) or
                        pygame.event.Event(pygame.NOEVENT))
    app.scene.dirty = False
    app.step()
    assert app.keys_used and waits == [(30,)]


def test_a_wake_waiting_in_sdls_queue_is_taken_whole_by_a_sleeping_loop(sleepy):
    """pygame's ``event.peek()`` (2.1.2 and 2.6 alike) hands back a posted event that is still
    queued without holding its attributes: when the peeked copy goes, they are freed while SDL's
    queue still points at them, and the garbage collector later walks freed memory (the kiosk
    died in ``gc.collect`` under systemd in the Pi in a box). The loop lets go of a wake only
    once, when it takes it from the queue."""
    app = kiosk("title", clock=None)
    app.step()
    wake = pygame.event.Event(loop.WAKE)
    attributes = wake.dict
    held = [attributes, attributes]   # so that a wrong release never frees them in the test
    pygame.event.post(wake)
    del wake
    queued = sys.getrefcount(attributes)
    app.step()
    assert len(held) == 2 and sys.getrefcount(attributes) == queued - 1


def test_on_the_console_a_touch_on_an_input_device_wakes_a_sleeping_loop_at_once(
        sleepy, tmp_path):
    device = tmp_path / "event0"   # stands for a touchscreen: a pipe the test writes events into
    os.mkfifo(device)
    touchscreen = os.open(device, os.O_RDWR | os.O_NONBLOCK)
    app = kiosk("title", clock=None)
    app.listen_to_input_devices(tmp_path)
    try:
        app.step()
        thread = step_in_thread(app)
        os.write(touchscreen, bytes(24))   # one input event's size
        thread.join(30)
        assert not thread.is_alive()
    finally:
        app.stop_listening()
        os.close(touchscreen)


def test_a_loop_on_the_console_or_with_no_window_input_does_not_look_for_it_while_it_sleeps(
        monkeypatch):
    monkeypatch.setattr(loop, "MAX_WAIT_MS", 200)
    monkeypatch.setattr(loop, "WINDOW_POLL_MS", 1)
    app = kiosk("title", clock=None)   # SDL's dummy driver: no window input at all
    app.step()
    looks = []
    get = pygame.event.get
    monkeypatch.setattr(pygame.event, "get", lambda *args: looks.append(args) or get(*args))
    app._sleep(200)
    assert not app.window_polled and len(looks) == 1   # once as it lies down, then sleeps


def test_a_kiosk_on_the_console_listens_to_the_input_devices_from_its_start(monkeypatch):
    monkeypatch.setattr(assemble, "on_the_console", lambda: True)
    app = kiosk("title", clock=None)
    try:
        assert app.doorbell is not None and app.doorbell.folder == INPUT_FOLDER
        assert not app.window_polled
    finally:
        app.stop_listening()
