"""The round as the table plays it, through the real loop: pauses, feedback, countdowns, ties."""

import pytest

from kiosk_helpers import in_scene, kiosk, now, step_until, tap
from test_scenes_flow import to_round
from companion.rules.sides import SIDES
from companion.scenes.base import Nav


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def wrong_side(round_):
    """A spot that is not a valid tap this round."""
    return next(side for side in SIDES if side not in round_.ruling.valid)


def next_round(app, needs_tap=True):
    """Play on (player 4 taking a valid card) to the next open round that needs a tap."""
    while True:
        step_until(app, lambda: app.scene.name in ("round", "deal", "verdict"))
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        elif app.scene.name == "round":
            if app.scene.round.ruling.tap == needs_tap:
                return app.scene.round
            if app.scene.round.ruling.tap:
                app.post(tap(4, app.scene.round.ruling.valid[0].value))
        app.step()


def next_open(app):
    """Confirm any dealing prompt up to the next open round."""
    while app.scene.name != "round":
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        app.step()
    return app.scene.round


def test_taps_are_final_a_wrong_tap_then_a_pause_still_costs_the_card_and_the_dice_are_not_shown_again():
    app = kiosk("setup")
    round_ = to_round(app)
    app.post(tap(1, round_.ruling.valid[0].value))  # P1 wins a card
    step_until(app, in_scene(app, "verdict"))
    round_ = next_round(app)
    game = app.ctx.game
    assert game.scores()[1] == 1
    round_no, seen = game.round_no, round_.roll
    app.post(tap(1, wrong_side(round_).value))
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    assert game.scores()[1] == 0 and game.round_no == round_no + 1
    assert "its taps count" in app.scene.subtitle
    app.post(tap(2, "E"))  # Resume: the closed round's verdict first
    step_until(app, in_scene(app, "verdict"))
    assert app.scene.view.headline == "P1 WRONG"
    shown = next_open(app)
    assert shown.roll != seen and game.round_no == round_no + 1
