"""Correct the table (pause menu): the corrected cards are the ones the prompts name and the
ones a resumed game keeps, played through the real kiosk, headless, on the stepped clock."""

import pygame
import pytest

from kiosk_helpers import choose, game_of, in_scene, kiosk, now, step_until, tap
from companion.inputs.actions import Nav


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def pause_and_correct(app) -> None:
    """Esc, then Correct the table."""
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    choose(app, "Correct the table")
    step_until(app, in_scene(app, "correction"))


def resume_from_the_title(app) -> None:
    """Not Not, then Resume the game in progress: its CHECK THE TABLE prompt."""
    step_until(app, in_scene(app, "title"))
    choose(app, "Not Not")
    step_until(app, in_scene(app, "setup"))
    choose(app, "Resume")
    step_until(app, lambda: app.scene.name == "deal" and app.scene.check and not app.scene.dirty)


def to_the_title(app) -> None:
    """Esc, then Back to the title."""
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    choose(app, "Back to the title")
    step_until(app, in_scene(app, "title"))


def test_check_the_table_lists_the_corrected_cards_after_a_correction(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    choose(app, "Start")
    step_until(app, in_scene(app, "deal"))
    to_the_title(app)
    resume_from_the_title(app)
    pause_and_correct(app)
    game = game_of(app)
    before = game.faces()
    app.post(tap(1, "E"))                          # N: the next card
    app.post(tap(1, "S")); app.post(tap(1, "E"))   # E: the next card
    step_until(app, lambda: game.faces()["E"] != before["E"])
    choose(app, "Done")
    step_until(app, in_scene(app, "pause"))
    choose(app, "Resume")
    step_until(app, lambda: app.scene.name == "deal" and not app.scene.dirty)
    after = game.faces()
    assert app.scene.check and after["N"] != before["N"] and after["E"] != before["E"]
    said = "   ".join(d.text for d in app.scene.drawn_texts)
    for side, face in after.items():
        assert f"{face} on {side}" in said
    assert f"{before['N']} on N" not in said and f"{before['E']} on E" not in said


def test_a_correction_is_kept_for_resume_before_any_round_is_saved(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    choose(app, "Start")
    step_until(app, in_scene(app, "deal"))
    pause_and_correct(app)
    before = game_of(app).faces()["W"]
    for side in "SSSE":                            # W: the next card
        app.post(tap(1, side))
    step_until(app, lambda: game_of(app).faces()["W"] != before)
    corrected = game_of(app).faces()
    to_the_title(app)
    resume_from_the_title(app)
    assert game_of(app).faces() == corrected
