"""A game in which nobody scored has no winner: the end screen, `history` and `history --json`
say so (most point cards wins, and nobody holds one)."""

import json

import pytest

from kiosk_helpers import in_scene, kiosk, now, step_until, tap
from companion.cli import main
from companion.inputs.actions import Nav


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def end_after_a_round_nobody_tapped(folder):
    """A kiosk whose table starts a game, lets its first round go by untapped, and ends it from
    the pause: 0-0 (a game ended before its first verdict is not kept: it has no round)."""
    app = kiosk("setup", state_dir=folder, players=2)
    for _ in range(len(app.scene.items()) - 2):
        app.post(tap(1, "S"))
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "deal"))
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "verdict"))
    step_until(app, lambda: app.scene.name in ("deal", "roll"))
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    for side in "SSEE":                                      # End the game, and confirm
        app.post(tap(1, side))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    return app


def test_a_game_nobody_scored_in_ends_with_no_winner_on_the_end_screen(tmp_path):
    app = end_after_a_round_nobody_tapped(tmp_path)
    headline = app.scene.drawn[0].text
    assert headline == "NOBODY SCORED: no winner"
    app.screen.close()


def test_history_lists_a_game_nobody_scored_in_without_winners(tmp_path, capsys):
    end_after_a_round_nobody_tapped(tmp_path).screen.close()
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    line = capsys.readouterr().out.splitlines()[1]
    assert "nobody scored" in line and "P1 P2" not in line and line.endswith("(ended early)")


def test_history_json_gives_a_game_nobody_scored_in_no_winners(tmp_path, capsys):
    end_after_a_round_nobody_tapped(tmp_path).screen.close()
    assert main(["history", "--state-dir", str(tmp_path), "--json"]) == 0
    [game] = json.loads(capsys.readouterr().out)
    assert game["result"]["scores"] == {"1": 0, "2": 0}
    assert game["result"]["winners"] == [] and game["result"]["nobody_scored"] is True
