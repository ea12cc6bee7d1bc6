"""Tests do not depend on the machine: its config files, its GPIO pins, its state folder."""

from companion.config import settings as config
from companion.errors import CompanionError
from companion.inputs.gpio import open_gpio
from companion.storage.location import state_dir

import pytest
from kiosk_helpers import game_of


def test_a_test_sees_the_shipped_defaults_not_a_config_file_of_the_machine():
    assert config.find() is None


def test_a_test_opens_no_gpio_pins_of_the_machine():
    with pytest.raises(CompanionError, match="^cannot open the GPIO pins"):
        open_gpio(config.load().gpio, post=lambda event: None)


def test_a_test_saves_games_in_its_own_folder(tmp_path):
    assert state_dir() == tmp_path / "state"


def seeded_game(folder, late_s: float, rounds: int = 8):
    """The first ``rounds`` rounds of a seeded game on the stepped clock, each tap ``late_s``
    of the machine's time after its round opened, saved in ``folder``: the rolls and the
    scores."""
    from kiosk_helpers import CLOCK, choose, kiosk, play

    app = kiosk("setup", state_dir=folder, clock=CLOCK, seed=4, players=3)
    choose(app, "Start")
    rolls = play(app, players=3, rounds=rounds, late_s=late_s)
    result = game_of(app).result()["scores"]
    app.screen.close()
    app.ctx.services.close_database()
    return rolls, result


@pytest.mark.slow
def test_a_kiosk_game_on_the_tests_clock_plays_the_same_on_a_busy_machine(tmp_path):
    """Each tap 0.2 s late by the machine's clock (longer than a round at the fast pace): on
    the real clock every round would end before its tap and the games part; on the stepped
    clock nothing moves while the machine is busy, so the game is the same one."""
    idle_rolls, idle_result = seeded_game(tmp_path / "idle", 0.0)
    busy_rolls, busy_result = seeded_game(tmp_path / "busy", 0.2)
    assert busy_rolls == idle_rolls and busy_result == idle_result
    assert any(idle_result.values())
