"""Switching the voice on answers at once: the clips are rendered in a worker
thread that posts back to the loop; the menu says "preparing voice..." meanwhile, and a second
press while it works switches the voice off, as asked."""

from __future__ import annotations

import threading

import pygame
import pytest

from kiosk_helpers import kiosk
from test_table_choices import choose
from companion.audio import voice as voice_module
from companion.audio.tones import Sounds
from companion.audio.voice import phrases
from companion.storage.preferences import Preferences, load_preferences


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


class SlowEngine:
    """A speech engine that renders a clip only once :attr:`go` is set, and never in the
    loop's thread (there it raises: rendering there would freeze the menu)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.rendered: list[str] = []
        self.loop_thread = threading.current_thread()

    def render(self, engine, words, path) -> None:
        if threading.current_thread() is self.loop_thread:
            raise AssertionError("a clip was rendered in the loop's thread")
        assert self.go.wait(30), "the test never let the engine go"
        path.write_bytes(b"RIFF" + words.encode())
        self.rendered.append(words)


@pytest.fixture
def engine(monkeypatch):
    slow = SlowEngine()
    monkeypatch.setattr(voice_module, "find_engine", lambda: "/usr/bin/espeak-ng")
    monkeypatch.setattr(voice_module, "render", slow.render)
    return slow


def worker_done(app) -> None:
    """Wait for the clip workers to finish, then let the loop take what they posted back."""
    for thread in threading.enumerate():
        if thread.name == voice_module.WORKER_NAME:
            thread.join(30)
    app.step()


def voice_item(app) -> str:
    return next(item for item in app.scene.items() if item.startswith("Voice"))


def test_switching_the_voice_on_answers_at_once_and_says_preparing_until_its_clips_are_made(
        tmp_path, engine):
    app = kiosk("setup", state_dir=tmp_path)
    choose(app, "Voice")                     # returns: the loop was not held by the rendering
    assert app.scene.name == "setup" and voice_item(app) == "Voice: preparing voice..."
    assert not app.scene.dirty               # and the menu saying so is on screen
    assert app.ctx.session.preferences.voice
    assert load_preferences(tmp_path, Preferences())[0].voice
    engine.go.set()
    worker_done(app)
    assert voice_item(app) == "Voice: on"
    assert app.ctx.services.voice is not None
    assert set(app.ctx.services.voice.clips) == set(phrases(12))
    app.screen.close()


def test_a_second_press_while_the_voice_is_prepared_switches_it_off_for_good(tmp_path, engine):
    app = kiosk("setup", state_dir=tmp_path)
    choose(app, "Voice")
    assert voice_item(app) == "Voice: preparing voice..."
    choose(app, "Voice")
    assert voice_item(app) == "Voice: off" and app.ctx.services.voice is None
    engine.go.set()
    worker_done(app)
    assert voice_item(app) == "Voice: off" and app.ctx.services.voice is None
    assert not load_preferences(tmp_path, Preferences())[0].voice
    app.screen.close()


def test_switching_it_on_again_while_the_first_clips_are_made_ends_with_the_voice_on(
        tmp_path, engine):
    app = kiosk("setup", state_dir=tmp_path)
    for _ in range(3):                       # on, off, on: before any clip is made
        choose(app, "Voice")
    assert voice_item(app) == "Voice: preparing voice..."
    engine.go.set()
    worker_done(app)
    assert voice_item(app) == "Voice: on" and app.ctx.services.voice is not None
    assert set(app.ctx.services.voice.clips) == set(phrases(12))
    assert len(engine.rendered) == len(set(engine.rendered))   # each clip rendered once
    app.screen.close()


def test_the_voice_switched_on_where_no_sound_device_plays_says_once_that_it_is_silent(
        tmp_path, engine, monkeypatch):
    def no_device(**_):
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = kiosk("setup", state_dir=tmp_path)
    app.ctx.services.sounds = Sounds(device="sysdefault:CARD=Speaker")
    assert not app.ctx.services.sounds.audible
    choose(app, "Voice")
    engine.go.set()
    worker_done(app)
    assert voice_item(app) == "Voice: on"
    assert app.notice[0] == ("the voice is silent: no sound device sysdefault:CARD=Speaker "
                             "plays (companion doctor says why)")
    app.screen.close()


def test_the_voice_switched_on_in_a_kiosk_without_sound_says_it_is_silent(tmp_path, engine):
    app = kiosk("setup", state_dir=tmp_path)   # headless: the tones are off
    choose(app, "Voice")
    engine.go.set()
    worker_done(app)
    assert app.notice[0] == "the voice is silent: this kiosk plays no sound"
    app.screen.close()
