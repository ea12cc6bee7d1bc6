"""Hints name the keys a keyboard table presses, and the pad letters on GPIO or serial pads."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from kiosk_helpers import choose, jump_to, kiosk, notnot_play, now, step_until, tap, texts_drawn
from test_screens_text_fits import Frame, problems

from companion.config.settings import load
from companion.display import text
from companion.games.notnot.sides import Side
from companion.inputs.actions import Nav
from companion.inputs.keyboard import KeyMap, button_name
from companion.kiosk.loop import App
from companion.scenes.changes import ToRoll


@pytest.fixture(autouse=True)
def _no_leftover_display() -> Iterator[None]:
    yield
    pygame.display.quit()


def on_the_keyboard(app: App) -> App:
    """The kiosk's table plays on the default keys (no pads were opened)."""
    app.ctx.services.keys = KeyMap(load().keyboard)
    return app


def start(app: App, player: int) -> None:
    """``player``'s pad moves down to Start and selects it: that pad deals."""
    for _ in range(len(app.scene.items()) - 2):
        app.post(tap(player, "S"))
    app.post(tap(player, "E"))
    step_until(app, lambda: app.scene.name == "deal" and not app.scene.dirty)


def texts(app: App) -> list[str]:
    return [d.text for d in app.scene.drawn_texts]


def drawn_anew(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the scene on screen draws in its next frame, its hint line's included."""
    drawn = texts_drawn(monkeypatch)
    app.scene.dirty = True
    app.step()
    return [d.text for d in drawn]


def test_the_keys_are_named_as_the_keyboard_shows_them_on_every_pygame() -> None:
    keys = KeyMap(load().keyboard)
    names = {player: [button_name(keys, player, side) for side in Side] for player in (1, 2, 3, 4)}
    assert names == {1: ["W", "D", "S", "A"], 2: ["↑", "→", "↓", "←"], 3: ["I", "L", "K", "J"],
                     4: ["keypad 8", "keypad 6", "keypad 5", "keypad 4"]}
    assert [button_name(keys, None, side) for side in Side] == ["↑", "Enter", "↓", "Backspace"]
    assert [button_name(None, 2, side) for side in Side] == ["N", "E", "S", "W"]


@pytest.mark.parametrize("dealer, key", [(1, "D"), (3, "L"), (4, "keypad 6")])
def test_a_keyboard_table_is_told_the_dealers_key_that_confirms_the_deal(
        dealer: int, key: str) -> None:
    app = on_the_keyboard(kiosk("setup"))
    start(app, dealer)
    assert f"P{dealer}: {key} when done" in texts(app)


def test_a_table_on_pads_is_told_the_dealers_pad_letter_that_confirms_the_deal() -> None:
    app = kiosk("setup")
    start(app, 2)
    assert "P2: E when done" in texts(app)


def test_a_menu_offers_back_only_where_back_goes_somewhere() -> None:
    """The title said "Backspace back", and Backspace there does nothing (a player at the
    menus)."""
    app = on_the_keyboard(kiosk("title"))
    app.step()
    assert "back" not in app.scene.hint()
    app.post(Nav("back", now()))
    app.step()
    assert app.scene.name == "title"
    choose(app, "Not Not")
    assert app.scene.hint().endswith("Backspace back")
    app.post(Nav("back", now()))
    step_until(app, lambda: app.scene.name == "title")


def test_the_menus_name_the_menu_keys_on_the_keyboard() -> None:
    app = on_the_keyboard(kiosk("title"))
    app.step()
    assert app.scene.hint() == "↑/↓ move   Enter select"
    app.post(tap(1, "N"))                                    # to Quit: it asks first
    app.post(tap(1, "E"))
    app.step()
    assert app.scene.hint() == "Enter (or touch) again to confirm   ↑/↓/Backspace cancel"


def test_the_end_screen_names_the_key_for_a_new_game_on_the_keyboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = on_the_keyboard(kiosk("setup", state_dir=tmp_path))
    start(app, 1)
    jump_to(app, "end")
    said = drawn_anew(app, monkeypatch)
    assert any(t.endswith("   Enter new game") for t in said), said


def test_the_failsafe_names_the_key_back_to_the_title_on_the_keyboard(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = on_the_keyboard(kiosk("title"))
    jump_to(app, "failsafe", message="a test's trouble")
    said = drawn_anew(app, monkeypatch)
    assert "Enter back to the title" in said, said


def test_the_correction_names_the_menu_keys_on_the_keyboard() -> None:
    app = on_the_keyboard(kiosk("setup"))
    start(app, 1)
    jump_to(app, "correction", resume=ToRoll(play=notnot_play(app)))
    assert app.scene.hint() == "↑/↓ spot   Enter next card   Backspace previous card"


def test_the_movie_holder_is_told_their_keys(tmp_path: Path) -> None:
    app = on_the_keyboard(kiosk("movie-setup", state_dir=tmp_path))
    start_bookkeeping(app)
    app.scene.kept.game.cast_votes({1: (1,), 2: (2,), 3: (3,), 4: (4,)})
    app.scene.dirty = True
    app.step()
    assert "P1: W/S choose a screen, D place the token" in " ".join(app.scene.shown)


def test_the_hat_players_are_told_their_keys(tmp_path: Path) -> None:
    app = on_the_keyboard(kiosk("hat-setup", state_dir=tmp_path))
    start_bookkeeping(app)
    assert app.scene.hint() == "A/←/J/keypad 4 left  D/→/L/keypad 6 right"
    app.post(tap(1, "W"))                                    # P1 begins: a gift to the left
    step_until(app, lambda: app.scene.kept.game.pending is not None)
    receiver = app.scene.kept.game.pending.receiver
    keys = {2: "←/→ give your old gift  ↓ that's not",
            4: "keypad 4/keypad 6 give your old gift  keypad 5 that's not"}[receiver]
    assert app.scene.hint().startswith(f"P{receiver}: {keys}")
    assert app.scene.hint().endswith("P1: S take back")


def test_the_movie_vote_names_every_players_keys_on_the_keyboard(tmp_path: Path) -> None:
    app = on_the_keyboard(kiosk("movie-setup", state_dir=tmp_path))
    start_bookkeeping(app)
    assert app.scene.hint() == ("vote on your keys from screen 1:  W/↑/I/keypad 8 up  "
                                "S/↓/K/keypad 5 down  D/→/L/keypad 6 confirm  "
                                "A/←/J/keypad 4 start again")


def test_a_table_on_pads_is_told_the_pad_letters_to_vote_with(tmp_path: Path) -> None:
    app = kiosk("movie-setup", state_dir=tmp_path)
    start_bookkeeping(app)
    assert app.scene.hint() == \
        "vote on your pad: N up, S down from screen 1, E confirm, W start again"


def test_a_player_who_voted_is_told_their_own_key_that_takes_the_vote_back(tmp_path: Path) -> None:
    app = on_the_keyboard(kiosk("movie-setup", state_dir=tmp_path))
    start_bookkeeping(app)
    for _ in range(2):                                       # P2 votes, and presses again
        app.post(tap(2, "E"))
        app.step()
    assert "P2: already voted (← takes it back)" in app.scene.shown


def test_the_movie_score_sheet_names_the_menu_keys_on_the_keyboard(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = on_the_keyboard(kiosk("movie-sheet", state_dir=tmp_path))
    said = drawn_anew(app, monkeypatch)
    assert "↑/↓ scroll   Enter back to the title" in said, said


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["800x480", "1920x1080"])
def test_the_keys_named_on_the_movie_and_hat_screens_fit_the_screen(
        size: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The longest keyboard hints (every player's keys, P4's keypad) are on screen, whole, with
    what they share it with: three refused votes, a token to take back, the special cards."""
    drawn = texts_drawn(monkeypatch)
    movie = on_the_keyboard(kiosk("movie-setup", state_dir=tmp_path / "movie", size=size))
    start_bookkeeping(movie)
    for player in (1, 2, 3):
        for _ in range(2):                                   # voted, and told it is kept
            movie.post(tap(player, "E"))
    shown, wrong = frame(movie, drawn)
    assert wrong == [] and len(movie.scene.refused) == 3
    assert "A/←/J/keypad 4 start again" in shown and "(J takes it back)" in shown, shown
    movie.post(tap(4, "E"))                                  # the votes are locked
    movie.post(tap(1, "E"))                                  # P1 places a token: A takes it back
    shown, wrong = frame(movie, drawn)
    assert wrong == [] and "(P1 A: take the token back)" in shown, shown
    hat = on_the_keyboard(kiosk("hat-setup", state_dir=tmp_path / "hat", size=size))
    choose(hat, "Special cards")
    start_bookkeeping(hat)
    shown, wrong = frame(hat, drawn)
    assert wrong == [] and "W/↑/I/keypad 8 special card" in shown, shown
    hat.post(tap(1, "E"))                                    # P1 gives to the right: P4 answers
    shown, wrong = frame(hat, drawn)
    assert wrong == [] and "keypad 5 that's not a ...!" in shown, shown


def frame(app: App, drawn: list[text.Drawn]) -> tuple[str, list[str]]:
    """The next frame's texts (all on the canvas), one line; and what of them leaves the
    screen or overlaps another. ``drawn``: the list :func:`texts_drawn` fills."""
    first = len(drawn)
    app.scene.dirty = True
    app.step()
    texts = drawn[first:]
    return (" ".join(d.text for d in texts),
            problems(Frame(app.scene.name, app.screen.canvas.get_size(), texts)))


def start_bookkeeping(app: App) -> None:
    """P1 selects Start on a bookkeeping game's set-up menu."""
    start_at = app.scene.items().index("Start")
    for _ in range(start_at - app.scene.cursor):
        app.post(tap(1, "S"))
    app.post(tap(1, "E"))
    step_until(app, lambda: app.scene.name in ("movie", "hat") and not app.scene.dirty)


def test_companion_run_names_the_keys_only_when_the_table_plays_on_the_keyboard() -> None:
    from companion.kiosk.startup import kiosk_options
    from companion.kiosk.systemd import Notifier

    class Args:
        size, rotation, seed, window, mock, state_dir = None, None, 1, True, False, None

    on_keys = kiosk_options(Args(), load(), None, Notifier(environ={}))
    on_pads = kiosk_options(Args(), load(), object(), Notifier(environ={}))
    assert on_keys.keys is not None and on_keys.keys.key_of(3, Side.E) == pygame.K_l
    assert on_pads.keys is None


def test_a_keyboard_table_dealing_its_own_cards_is_told_the_dealers_keys_on_the_entry() -> None:
    app = on_the_keyboard(kiosk("setup", deals="table"))
    for _ in range(len(app.scene.items()) - 2):
        app.post(tap(3, "S"))
    app.post(tap(3, "E"))                                   # P3's pad selects Start: P3 deals
    step_until(app, lambda: app.scene.name == "entry" and not app.scene.dirty)
    hints = [d.text for d in app.scene.drawn if d.text.startswith("P3:")]
    assert hints == ["P3: I/K move   L enter the card   J pause"]


@pytest.mark.parametrize("keyboard, back", [(True, "←"), (False, "W")], ids=["keys", "pads"])
def test_a_resumed_movie_game_still_says_who_may_take_their_token_back(
        keyboard: bool, back: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """P2's token is a mistake; the power goes; the game resumed says, as before the cut, that
    P2 takes it back (and P2's key still does)."""
    def table() -> App:
        app = kiosk("movie-setup", state_dir=tmp_path)
        return on_the_keyboard(app) if keyboard else app

    app = table()
    start_bookkeeping(app)
    for player in (1, 2, 3, 4):                              # everyone votes for screen 8
        app.post(tap(player, "S"))
        app.post(tap(player, "E"))
    app.post(tap(1, "E"))                                    # P1: screen 1, nobody voted for it
    app.post(tap(2, "S"))                                    # P2: screen 8, a mistake
    app.post(tap(2, "E"))
    app.step()
    hint = f"(P2 {back}: take the token back)"
    assert app.scene.kept.game.round.mistakes == 1
    assert hint in " ".join(drawn_anew(app, monkeypatch))
    app.screen.close()                                       # the power went
    again = table()
    choose(again, "Resume")
    step_until(again, lambda: again.scene.name == "movie")
    assert again.scene.kept.game.round.mistakes == 1
    assert hint in " ".join(drawn_anew(again, monkeypatch))
    again.post(tap(2, "W"))                                  # and P2's key takes it back
    again.step()
    assert again.scene.kept.game.round.mistakes == 0
    assert f"(P1 {'A' if keyboard else 'W'}: take the token back)" in \
        " ".join(drawn_anew(again, monkeypatch))
