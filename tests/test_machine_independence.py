"""Tests do not depend on the machine: its config files, its GPIO pins, its state folder."""

from companion.config import settings as config
from companion.errors import CompanionError
from companion.inputs.gpio import open_gpio
from companion.storage.location import state_dir

import pytest


def test_a_test_sees_the_shipped_defaults_not_a_config_file_of_the_machine():
    assert config.find() is None


def test_a_test_opens_no_gpio_pins_of_the_machine():
    with pytest.raises(CompanionError, match="^cannot open the GPIO pins"):
        open_gpio(config.load().gpio, post=lambda event: None)


def test_a_test_saves_games_in_its_own_folder(tmp_path):
    assert state_dir() == tmp_path / "state"
