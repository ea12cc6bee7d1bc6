"""Every set-up (Not Not, Not That Movie!, That's Not a Hat) never deals a game nobody can
play: with pads for fewer than the game's fewest players (2; That's Not a Hat 3, or 2 with two
gifts each) it offers the fewest, says under its title which players need a pad and where, and
Start (and Resume) start nothing but a notice saying the same; a kept game is neither resumed
nor ended. The three set-ups share the one code path
(:class:`companion.scenes.common.setup_menu.SetupMenu`).

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
from companion.games.hat.rules import HatGame
from companion.games.movie.rules import MovieGame
from companion.kiosk.loop import App
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.storage.games import NOT_NOT, GameStore

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
#: What That's Not a Hat's set-up says instead (3 players at least, without two gifts each).
HAT_SAYS = {
    NO_PADS: "no pads but at least 3 players: players 1-3 need a pad in the settings file",
    TOO_FEW["one keyboard pad"][1]: "only 1 pad but at least 3 players: players 2-3 need a pad "
                                    "in the settings file",
}
#: Two keyboard pads: enough for Not Not and Not That Movie!, one short for That's Not a Hat.
TWO_PADS = ('[keyboard]\npads = [{ N = "w", E = "d", S = "s", W = "a" }, '
            '{ N = "i", E = "l", S = "k", W = "j" }]\n')

#: Each game: its item on the title menu, its set-up scene, the scene a started game shows.
GAMES = {
    "Not Not": (0, "setup", ("deal", "entry")),
    "Not That Movie!": (1, "movie-setup", ("movie",)),
    "That's Not a Hat": (2, "hat-setup", ("hat",)),
}


def said_by(game: str, said: str) -> str:
    """What ``game``'s set-up says where Not Not's says ``said``."""
    return HAT_SAYS[said] if game == "That's Not a Hat" else said


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


def to_item(app: App, label: str) -> None:
    """The arrow keys move the cursor to the item starting with ``label``; Enter selects it."""
    index = next(i for i, item in enumerate(app.scene.items()) if item.startswith(label))
    steps = index - app.scene.cursor
    press(app, *[pygame.K_DOWN if steps > 0 else pygame.K_UP] * abs(steps), pygame.K_RETURN)


def to_set_up(app: App, game: str) -> None:
    """From the title, the arrow keys and Enter choose ``game``: its set-up."""
    item, setup, _ = GAMES[game]
    press(app, *[pygame.K_DOWN] * item, pygame.K_RETURN)
    passes_until(app, lambda: app.scene.name == setup)


def kept_unfinished(state, game: str) -> int:
    """A game of ``game`` kept unfinished in the state folder ``state``, as a power cut leaves
    it: its id."""
    if game == "Not Not":
        return kept_games(state, finished=0, spoil=None)
    kept, settings = ((MovieGame(3, "pads", 1), {"voting": "pads", "first_holder": 1})
                      if game == "Not That Movie!" else
                      (HatGame(3), {"multi_round": False, "two_gifts": False,
                                    "special_cards": False}))
    with Database.in_folder(state) as database:
        started = KeptGame.start(database, kept, settings)
        started.moved()
        started.sync(database)
        return started.game_id


def kind_of(game: str) -> str:
    return {"Not Not": NOT_NOT, "Not That Movie!": MovieGame.KIND,
            "That's Not a Hat": HatGame.KIND}[game]


def games_kept(state, game: str) -> tuple[int | None, int]:
    """The id of ``game``'s unfinished game kept in ``state`` (``None``: none), and how many of
    its games are finished."""
    with Database.in_folder(state) as database:
        store = GameStore(database, kind=kind_of(game))
        unfinished = store.unfinished()
        return (None if unfinished is None else unfinished.id), len(store.finished())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("case", TOO_FEW)
def test_every_set_up_with_too_few_pads_says_who_needs_one_and_starts_no_game(
        monkeypatch, tmp_path, case, game):
    settings, said = TOO_FEW[case]
    said = said_by(game, said)
    state = tmp_path / "state"
    seen: dict[str, object] = {}

    def drive(app: App, notices: list[str]) -> None:
        to_set_up(app, game)
        seen["subtitle"], seen["drawn"] = app.scene.subtitle, subtitle_on_screen(app)
        for _ in range(3):                                  # step the Players item round
            to_item(app, "Players")
        seen["players"] = next(i for i in app.scene.items() if i.startswith("Players"))
        to_item(app, "Start")
        seen["chosen"] = app.scene.items()[app.scene.cursor]
        press(app, pygame.K_RETURN)                         # and again
        seen["scene"], seen["notices"] = app.scene.name, list(notices)
        seen["asking"] = app.scene.asking

    assert run_set_up(monkeypatch, tmp_path, settings, state, drive) == 0
    assert seen["subtitle"] == said and seen["drawn"]
    fewest = 3 if game == "That's Not a Hat" else 2
    assert seen["players"] == f"Players: {fewest}"
    assert seen["chosen"] == "Start" and seen["scene"] == GAMES[game][1]
    assert seen["asking"] is None
    assert seen["notices"] == [f"cannot start: {said}"] * 2
    assert games_kept(state, game) == (None, 0)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_with_too_few_pads_a_kept_game_is_offered_but_neither_resumed_nor_ended(
        monkeypatch, tmp_path, game):
    state = tmp_path / "state"
    state.mkdir()
    kept = kept_unfinished(state, game)
    settings, said = TOO_FEW["one keyboard pad"]
    said = said_by(game, said)
    seen: dict[str, object] = {}

    def drive(app: App, notices: list[str]) -> None:
        to_set_up(app, game)
        seen["first"], seen["subtitle"] = app.scene.items()[0], app.scene.subtitle
        press(app, pygame.K_RETURN)                         # Resume
        to_item(app, "Start")                               # Start: no question, no game
        seen["scene"], seen["notices"] = app.scene.name, list(notices)
        seen["asking"] = app.scene.asking

    assert run_set_up(monkeypatch, tmp_path, settings, state, drive) == 0
    assert str(seen["first"]).startswith("Resume the game in progress") and seen["subtitle"] == said
    assert seen["scene"] == GAMES[game][1] and seen["asking"] is None
    assert seen["notices"] == [f"cannot resume: {said}", f"cannot start: {said}"]
    assert games_kept(state, game) == (kept, 0)


def test_that_s_not_a_hat_with_two_pads_starts_once_two_gifts_each_lets_two_play(
        monkeypatch, tmp_path):
    state = tmp_path / "state"
    said = "only 2 pads but at least 3 players: player 3 needs a pad in the settings file"
    seen: dict[str, object] = {}

    def drive(app: App, notices: list[str]) -> None:
        to_set_up(app, "That's Not a Hat")
        seen["subtitle"] = app.scene.subtitle
        to_item(app, "Start")
        seen["refused"] = (app.scene.name, list(notices))
        to_item(app, "Gifts each")                          # two gifts each: 2 may play
        seen["two gifts"] = (app.scene.subtitle, app.scene.items()[0])
        to_item(app, "Start")
        passes_until(app, lambda: app.scene.name == "hat")
        seen["players"] = app.scene.kept.game.players

    assert run_set_up(monkeypatch, tmp_path, TWO_PADS, state, drive) == 0
    assert seen["subtitle"] == said
    assert seen["refused"] == ("hat-setup", [f"cannot start: {said}"])
    assert seen["two gifts"] == ("", "Players: 2")
    assert seen["players"] == 2


@pytest.mark.parametrize("game", ["Not Not", "Not That Movie!"])
def test_a_kept_game_of_more_players_than_there_are_pads_is_not_resumed(
        monkeypatch, tmp_path, game):
    """A tester resumed a six-player game on four pads: players 5 and 6 had no button, and each
    round waited for them to answer. Resume now refuses it, and the kept game stays kept."""
    state = tmp_path / "state"
    state.mkdir()
    kept = kept_unfinished(state, game)                   # three players
    said = ("only 2 pads but the kept game has 3 players: player 3 needs a pad in the "
            "settings file")
    seen: dict[str, object] = {}

    def drive(app: App, notices: list[str]) -> None:
        to_set_up(app, game)
        press(app, pygame.K_RETURN)                         # Resume
        seen["resumed"] = (app.scene.name, list(notices))

    assert run_set_up(monkeypatch, tmp_path, TWO_PADS, state, drive) == 0
    assert seen["resumed"] == (GAMES[game][1], [f"cannot resume: {said}"])
    assert games_kept(state, game)[0] == kept
