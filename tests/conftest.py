"""Shared test helpers: tables, rolls and taps written the way the rulebook says them."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

#: The Pi in a box (tests/vm) boots a VM: only `make test-vm` runs it.
collect_ignore = [] if os.environ.get("COMPANION_VM") else ["vm"]

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.games.notnot.sides import Side  # noqa: E402

#: Property tests never fail on a slow or busy machine (no per-example deadline: a drawing
#: example took 99 ms under load on Debian's pygame, half Hypothesis's default), and draw the
#: same examples on every run, so a red CI is a real finding, reproduced by running it again.
settings.register_profile("companion", deadline=None, derandomize=True)
settings.load_profile("companion")


def table(N="RED", E="BLUE", S="GREEN", W="YELLOW") -> dict:
    """A table of faces by side; defaults to one portal of each dice colour."""
    return {Side.N: N, Side.E: E, Side.S: S, Side.W: W}


@pytest.fixture
def make_table():
    return table


#: A pin factory gpiozero cannot find: no test opens the machine's real GPIO pins.
NO_PIN_FACTORY = "none-in-tests"


@pytest.fixture(autouse=True)
def the_environment_as_it_was():
    """What the product sets in ``os.environ`` during a test (``AUDIODEV``, SDL's hints) is
    gone after it: the next test sees the environment it would see alone."""
    before = dict(os.environ)
    yield
    if os.environ != before:
        os.environ.clear()
        os.environ.update(before)


@pytest.fixture(autouse=True)
def state_folder_of_the_test(tmp_path, monkeypatch):
    """Games saved by a test's kiosk go to a folder of its own, never the user's state folder."""
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)


@pytest.fixture(autouse=True)
def no_config_of_the_machine(tmp_path, monkeypatch):
    """A test sees the shipped defaults, never ``$COMPANION_CONFIG``, ``~/.config`` or ``/etc``."""
    from companion.config import settings as config

    monkeypatch.delenv("COMPANION_CONFIG", raising=False)
    monkeypatch.setattr(config, "SEARCH_PATH", (tmp_path / "no-user-config.toml",))


@pytest.fixture(autouse=True)
def the_real_clock_until_a_kiosk_steps_its_own():
    """Taps are stamped on the real clock until the test builds a kiosk on a stepped one: the
    stepped clock of an earlier test's kiosk never stamps this test's taps."""
    import sys

    helpers = sys.modules.get("kiosk_helpers")
    if helpers is not None:
        helpers.use_clock(None)


@pytest.fixture(autouse=True)
def no_gpio_of_the_machine(monkeypatch):
    """``GPIOZERO_PIN_FACTORY`` names no factory, so a Pi's pins (or the user's choice of
    factory) never change a result; tests that want pins bring mock ones."""
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", NO_PIN_FACTORY)
