"""The Not Not set-up never deals a game nobody can play: with pads for fewer than players 1
and 2 it offers 2 players, says under its title which players need a pad and where, and Start
(and Resume) start nothing but a notice saying the same.

These run the real ``companion run --keyboard-only --config FILE`` (``cli.main``) headless, as
on a laptop; only the endless loop is replaced by one that lets the test press keys. Each wait
is a number of loop passes, never a time.
"""

from __future__ import annotations

import pygame
import pytest
from kiosk_helpers import shows_text
from test_fault_kiosk import kept_games

from companion import cli
from companion.kiosk.loop import App
from companion.storage.database import Database
from companion.storage.games import GameStore

#: Settings files whose pads seat fewer than players 1 and 2, and the line the set-up shows.
NO_PADS = "no pads but at least 2 players: players 1-2 need a pad in the settings file"
TOO_FEW = {
    "no pads in [gpio] or [keyboard]": ("[keyboard]\npads = []\n[gpio]\npads = []\n", NO_PADS),
    "[gpio] switched off, no keyboard pads": ("[gpio]\nenabled = false\n[keyboard]\npads = []\n",
                                              NO_PADS),
    "[keyboard] switched off": ("[keyboard]\nenabled = false\n[gpio]\npads = []\n", NO_PADS),
    "one keyboard pad": ('[keyboard]\npads = [{ N = "w", E = "d", S = "s", W = "a" }]\n',
                         "only 1 pad but at least 2 players: player 2 needs a pad in the "
                         "settings file"),
}


def passes_until(app: App, done, passes: int = 200) -> None:
    """Run loop passes until ``done()``; fails after ``passes`` passes."""
    for _ in range(passes):
        if done():
            return
        app.step()
    assert done(), f"still in scene {app.scene.name}"


def press(app: App, *keys: int) -> None:
    """The keys pressed one after the other, each handled and its screen drawn (a pass takes
    the window's events as soon as there are any, and never sleeps while a scene is dirty)."""
    for key in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key))
        app.step()
        passes_until(app, lambda: not app.scene.dirty)


def run_set_up(monkeypatch, tmp_path, settings: str, state_dir, drive) -> int:
    """``companion run --keyboard-only`` with ``settings``; ``drive(app, notices)`` once the
    title is up (``notices``: every notice shown from then on, in order)."""
    path = tmp_path / "config.toml"
    path.write_text(settings)

    def loop(app: App, until=None) -> None:
        passes_until(app, lambda: app.scene.name == "title" and app.frames >= 1)
        notices: list[str] = []
        shown = app.ctx.services.notify
        app.ctx.services.notify = lambda line: (notices.append(line), shown(line))[-1]
        drive(app, notices)

    monkeypatch.setattr(App, "run", loop)
    return cli.main(["run", "--window", "--keyboard-only", "--size", "800x480",
                     "--config", str(path), "--state-dir", str(state_dir)])


def subtitle_on_screen(app: App) -> bool:
    """Whether the set-up's subtitle is drawn, whole, on the screen."""
    app.scene.dirty = True
    app.step()
    lines = [drawn for drawn in app.scene.drawn_texts if drawn.text in app.scene.subtitle]
    return (" ".join(drawn.text for drawn in lines) == app.scene.subtitle
            and all(shows_text(app.screen.canvas, drawn) for drawn in lines))


@pytest.mark.parametrize("case", TOO_FEW)
def test_the_not_not_set_up_with_fewer_than_two_pads_says_who_needs_one_and_starts_no_game(
        monkeypatch, tmp_path, case):
    settings, said = TOO_FEW[case]
    state = tmp_path / "state"
    seen: dict[str, object] = {}

    def drive(app: App, notices: list[str]) -> None:
        press(app, pygame.K_RETURN)                         # the title's first item: Not Not
        passes_until(app, lambda: app.scene.name == "setup")
        seen["subtitle"], seen["drawn"] = app.scene.subtitle, subtitle_on_screen(app)
        press(app, pygame.K_DOWN, *[pygame.K_RETURN] * 3)   # step the Players item round
        seen["players"] = app.scene.items()[1]
        press(app, *[pygame.K_DOWN] * (len(app.scene.items()) - 2), pygame.K_RETURN)   # Start
        seen["chosen"] = app.scene.items()[app.scene.cursor]
        press(app, pygame.K_RETURN)                         # and again
        seen["scene"], seen["notices"] = app.scene.name, list(notices)

    assert run_set_up(monkeypatch, tmp_path, settings, state, drive) == 0
    assert seen["subtitle"] == said and seen["drawn"]
    assert seen["players"] == "Players: 2"
    assert seen["chosen"] == "Start" and seen["scene"] == "setup"
    assert seen["notices"] == [f"cannot start: {said}"] * 2
    with Database.in_folder(state) as database:
        assert GameStore(database).unfinished() is None and GameStore(database).finished() == []


@pytest.mark.slow
def test_with_fewer_than_two_pads_a_kept_game_is_offered_but_neither_resumed_nor_ended(
        monkeypatch, tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    kept = kept_games(state, finished=0, spoil=None)
    settings, said = TOO_FEW["one keyboard pad"]
    seen: dict[str, object] = {}

    def drive(app: App, notices: list[str]) -> None:
        press(app, pygame.K_RETURN)
        passes_until(app, lambda: app.scene.name == "setup")
        seen["first"], seen["subtitle"] = app.scene.items()[0], app.scene.subtitle
        press(app, pygame.K_RETURN)                         # Resume
        press(app, pygame.K_UP, pygame.K_RETURN)            # Start: no question, no game
        seen["scene"], seen["notices"] = app.scene.name, list(notices)
        seen["asking"] = app.scene.asking

    assert run_set_up(monkeypatch, tmp_path, settings, state, drive) == 0
    assert str(seen["first"]).startswith("Resume the game in progress") and seen["subtitle"] == said
    assert seen["scene"] == "setup" and seen["asking"] is None
    assert seen["notices"] == [f"cannot resume: {said}", f"cannot start: {said}"]
    with Database.in_folder(state) as database:
        unfinished = GameStore(database).unfinished()
        assert unfinished is not None and unfinished.id == kept
