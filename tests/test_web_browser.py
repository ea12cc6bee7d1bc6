"""companion web in a real browser: headless Chromium (Debian's chromium and chromedriver, over
WebDriver) opens the page on a state folder a simulated game is writing into and sees a newly
finished round appear without a reload, in the kiosk's words; screenshots at a phone's 360x740
and a laptop's 1280x800 land in ``$COMPANION_WEB_SHOTS`` (else the test's folder).

Without chromium the test is skipped with the reason, unless ``COMPANION_BROWSER_REQUIRED=1``
(``.ci/run`` sets it, having installed them): then it fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from webdriver import Browser, missing, required
from web_games import words_of
from companion.errors import CompanionError
from companion.storage.database import Database
from companion.storage.games import NOT_NOT, read_game
from companion.storage.restoring import records_checked
from companion.tools.benchmarks.web import stopped
from companion.web.board import live_game, open_reader

#: However busy the machine, a new round shows within this (the bench measures the real delay).
DEADLINE_S = 15.0


def companion(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "companion", *argv], text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for(what, deadline_s: float, message: str):
    """``what()`` once it is truthy, polled every 0.1 s until ``deadline_s``."""
    end = time.monotonic() + deadline_s
    while True:
        found = what()
        if found:
            return found
        if time.monotonic() > end:
            raise AssertionError(message)
        time.sleep(0.1)


def saved_rounds(folder: Path) -> int:
    try:
        with open_reader(folder) as database:
            game = live_game(database)
    except CompanionError:   # not there yet
        return 0
    return game.rounds if game else 0


def shots_folder(tmp_path: Path) -> Path:
    return Path(os.environ.get("COMPANION_WEB_SHOTS") or tmp_path / "shots")


@pytest.fixture
def served_game(tmp_path):
    """The address of ``companion web`` on a state folder a simulated game is writing into."""
    state = tmp_path / "state"
    game = companion("simulate", "--state-dir", str(state), "--players", "4", "--seed", "3",
                     "--round-delay-ms", "2500", "--json")
    web = None
    try:
        wait_for(lambda: saved_rounds(state) >= 1, 60, "the simulated game saved no round")
        web = companion("web", "--state-dir", str(state), "--host", "127.0.0.1", "--port", "0")
        first = web.stdout.readline() if web.stdout else ""
        assert first.startswith("companion web: serving http://127.0.0.1:"), first
        yield first.split()[3], state
    finally:
        for process in (game, web):
            if process is not None:
                stopped(process)


@pytest.mark.slow
def test_a_round_saved_while_the_page_is_open_appears_on_it_without_a_reload(
        served_game, tmp_path):
    reason = missing()
    if reason:
        (pytest.fail if required() else pytest.skip)(reason)
    url, state = served_game
    shots = shots_folder(tmp_path)

    def dom_round() -> int:
        found = browser.run("var e = document.getElementById('round-count');"
                            "return e ? Number(e.textContent) : 0;")
        return int(found) if isinstance(found, int | float) else 0

    with Browser() as browser:
        assert browser.viewport(360, 740) == (360, 740)
        browser.open(url)
        wait_for(lambda: browser.run("return document.getElementById('status').textContent;")
                 == "live", DEADLINE_S, "the page never said it is live")
        browser.run("window.notReloaded = true;")
        first = dom_round()
        wait_for(lambda: dom_round() > first, DEADLINE_S,
                 f"no round after round {first} appeared within {DEADLINE_S} s")
        assert browser.run("return window.notReloaded === true;")
        shown = browser.run("return [Number(document.getElementById('round-count').textContent),"
                            " document.getElementById('verdict').innerText];")
        assert isinstance(shown, list)
        newer, verdict = shown
        with Database.for_reading(state, read_only=True) as database:
            game = live_game(database)
            assert game is not None
            records = list(records_checked(read_game(database, game.id, NOT_NOT).rounds))
        words = words_of(records[:newer], 4)
        for line in (words.headline, *words.lines):
            assert line in verdict, (newer, line, verdict)
        assert browser.run("return document.documentElement.scrollWidth;") <= 360
        browser.screenshot(shots / "web-phone-360x740.png")
        assert browser.viewport(1280, 800) == (1280, 800)
        browser.screenshot(shots / "web-laptop-1280x800.png")
    print(f"screenshots in {shots}")
