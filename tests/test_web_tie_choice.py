"""The phone page during a tie's choice: the kiosk saves the tied round as the choice's
countdown would settle it (a power cut keeps the cards the table saw taken), but a spectator
reads that the tied player is still choosing, and the card chosen once it is. The state
folder is the one a real kiosk wrote, its loop driven on the tests' clock to the moment; the
test holds the folder's lock meanwhile, as the running kiosk does."""

from __future__ import annotations

import re

import pytest

from kiosk_helpers import game_of, in_scene, kiosk, step_until, tap
from test_scenes_flow import CHOOSING, tie_on_one_card
from companion.storage import owner
from companion.web.app import create_app
from companion.web.watcher import SaveWatcher

pytest.importorskip("flask")


def text_of(html: str) -> str:
    """The words of a page, tags and extra spaces dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def live_page(folder) -> str:
    """The words of the live page of ``folder``, as a phone opening it now reads them."""
    return text_of(create_app(folder, SaveWatcher(folder)).test_client().get("/live").text)


def card_on(app, side) -> str:
    """The face of the card on ``side`` of the kiosk's table now."""
    return game_of(app).table[side].face


@pytest.fixture
def choosing(tmp_path):
    """A kiosk (holding its state folder, as ``companion run`` does) at a tie on one card
    between P1 and P2 of three, its prompt on screen: P1 took the card, P2 is asked."""
    lock = owner.take(tmp_path, "the kiosk")
    app = kiosk("setup", players=3, state_dir=tmp_path, pace=CHOOSING)
    side = tie_on_one_card(app)
    app.step()                                        # the prompt is on screen: saved
    assert app.scene.name == "tie-choice" and app.scene.choosers == [2]
    yield app, side, lock
    app.screen.close()
    lock.release()


def test_a_tie_still_being_chosen_says_who_is_choosing_not_the_card_the_countdown_would_give(
        tmp_path, choosing):
    app, side, _ = choosing
    default = app.scene.still_free()[0]
    shown = live_page(tmp_path)
    assert "TIE P1 P2" in shown and "P2 is choosing a card" in shown
    assert f"P1 takes {card_on(app, side)} from {side.value}" in shown
    assert "P2 takes" not in shown and f"{default.value}: P2" not in shown


def test_a_tie_once_chosen_says_the_card_chosen(tmp_path, choosing):
    app, side, _ = choosing
    other = app.scene.still_free()[-1]                # not the default the round was saved with
    face = card_on(app, other)
    app.post(tap(2, other.value))
    step_until(app, in_scene(app, "verdict"))
    app.step()                                        # the verdict is on screen: saved
    shown = live_page(tmp_path)
    assert "choosing" not in shown
    assert f"P2 takes {face} from {other.value}, tied on {side.value}" \
        in shown and f"{other.value}: P2" in shown


def test_a_tie_left_by_a_kiosk_that_stopped_is_the_round_as_it_was_kept(tmp_path, choosing):
    """The power went during the choice: the page shows the cards the table saw taken (the
    round as saved), not a choice nobody is making any more."""
    app, side, lock = choosing
    default = app.scene.still_free()[0]
    lock.release()                                    # the kiosk's end lets its lock go
    shown = live_page(tmp_path)
    assert "choosing" not in shown and "The kiosk is not running" in shown
    assert f"P2 takes {card_on(app, default)} from {default.value}, tied on {side.value}" \
        in shown and f"{default.value}: P2" in shown
