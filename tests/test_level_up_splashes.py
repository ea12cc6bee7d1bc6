"""Level-up splashes through the real loop: one per rule card a refill draws, in order."""

import pytest

from kiosk_helpers import kiosk, step_until, tap
from companion.scenes.notnot.level_up import NEWS
from companion.games.notnot.cards import Level
from kiosk_helpers import game_of


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def rule_cards_on_top(game, *faces):
    """Move the rule cards ``faces`` to the top of the model deck, in that order."""
    cards = [next(c for c in game.deck if c.face == face) for face in faces]
    game.deck[:] = cards + [c for c in game.deck if c not in cards]


def splash_texts(app):
    """Record the texts of every level-up frame drawn, frame by frame."""
    frames = []
    offer = app.snapshots.offer
    app.snapshots.offer = lambda name, surface: (
        frames.append([d.text for d in app.scene.drawn_texts]) if name == "level-up" else None
    ) or offer(name, surface)
    return frames


def play_to_the_refill(app):
    """Win a card in each round until a refill has dealt (P1 taps a valid card)."""
    step_until(app, lambda: app.scene.name != "deal")
    while True:
        step_until(app, lambda: app.scene.name in ("round", "deal"))
        if app.scene.name == "deal":
            return
        if app.scene.round.ruling.tap and not app.scene.round.taps:
            app.post(tap(1, app.scene.round.ruling.valid[0].value))
        app.step()


def test_two_rule_cards_in_one_refill_show_one_splash_each_in_order_before_the_dice():
    app = kiosk("setup", level="first-game")
    for _ in range(len(app.scene.items()) - 2):
        app.post(tap(1, "S"))
    app.post(tap(1, "E"))                              # Start
    step_until(app, lambda: app.scene.name == "deal")
    rule_cards_on_top(game_of(app), "NOT NOT", "ARROW")
    app.post(tap(1, "E"))                              # the cross is laid out
    play_to_the_refill(app)
    assert game_of(app).level is Level.HARD
    frames = splash_texts(app)
    app.post(tap(1, "E"))                              # the new card is down
    step_until(app, lambda: app.scene.name == "round")
    headlines = [next(t for t in texts if t.startswith("LEVEL UP")) for texts in frames]
    shown = [h for n, h in enumerate(headlines) if n == 0 or headlines[n - 1] != h]
    assert shown == ["LEVEL UP: NORMAL", "LEVEL UP: HARD"]
    for level in (Level.NORMAL, Level.HARD):
        texts = next(t for t in frames if f"LEVEL UP: {level.value.upper()}" in t)
        assert f"LEVEL  {level.value.upper()}" in texts and " ".join(NEWS[level]) in " ".join(texts)
