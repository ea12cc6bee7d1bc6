"""Shared test helpers: tables, rolls and taps written the way the rulebook says them."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from companion.rules.sides import Side  # noqa: E402


def table(N="RED", E="BLUE", S="GREEN", W="YELLOW") -> dict:
    """A table of faces by side; defaults to one portal of each dice colour."""
    return {Side.N: N, Side.E: E, Side.S: S, Side.W: W}


@pytest.fixture
def make_table():
    return table


@pytest.fixture(autouse=True)
def state_folder_of_the_test(tmp_path, monkeypatch):
    """Games saved by a test's kiosk go to a folder of its own, never the user's state folder."""
    monkeypatch.setenv("COMPANION_STATE_DIR", str(tmp_path / "state"))
