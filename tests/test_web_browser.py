"""companion web in a real browser: headless Chromium (Debian's chromium and chromedriver, over
WebDriver) opens the page on a state folder a simulated game is writing into and sees a newly
finished round appear without a reload, in the kiosk's words; with six players named as wide
as names go, every page keeps its text inside its boxes on a 360 px and a 390 px phone, with
no sideways scrolling. Screenshots at a phone's 360x740 and a laptop's 1280x800 land in
``$COMPANION_WEB_SHOTS`` (else the test's folder).

Without chromium the test is skipped with the reason, unless ``COMPANION_BROWSER_REQUIRED=1``
(``.ci/run`` sets it, having installed them): then it fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from webdriver import Browser, missing, required
from web_games import words_of
from companion.errors import CompanionError
from companion.storage.database import Database
from companion.storage.games import NOT_NOT, read_game
from companion.storage.players import NAME_MAX
from companion.storage.restoring import records_checked
from companion.tools.benchmarks.web import stopped
from companion.web.board import live_game, open_reader

#: However busy the machine, a new round shows within this (the bench measures the real delay).
DEADLINE_S = 15.0
#: Players named as wide as names go (``NAME_MAX`` letters; the widest letters of three
#: alphabets) and one short name; the last round of the second game (seed 1) names the first.
WIDE_NAMES = ("WWWWWWWWWWWW", "MMMMMMMMMMMM", "ŒŒŒŒŒŒŒŒŒŒŒŒ", "Ωμέγαβγδεζηθ", "ÅÄÖåäöÅÄÖåäö",
              "Bo")
#: Every page of the site.
PAGES = ("/", "/history", "/sheets/not-that-movie", "/sheets/thats-not-a-hat")
#: Text that lies (even in part) outside the box holding it, as "box: text", and how wide the
#: page is: run in the page.
OUTSIDE_ITS_BOX = """
var boxes = '.verdict, .roll, .scores, .timeline-box, .problem, .wide, .game-head, header, main';
var outside = [];
var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  var node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  var box = node.parentElement.closest(boxes);
  if (!box) continue;
  var edges = box.getBoundingClientRect();
  var range = document.createRange();
  range.selectNodeContents(node);
  for (var r of range.getClientRects()) {
    if (r.width > 0 && (r.left < edges.left - 0.5 || r.right > edges.right + 0.5)) {
      outside.push(box.className + ' ' + box.tagName + ': ' + node.textContent.trim());
      break;
    }
  }
}
return [document.documentElement.scrollWidth, outside];
"""
#: Each score row whose colour dot does not lie beside the first line of its name: run in
#: the page.
DOT_APART_FROM_ITS_NAME = """
var apart = [];
var rows = document.querySelectorAll('.scores th[scope=row]');
for (var row of rows) {
  var dot = row.querySelector('.dot').getBoundingClientRect();
  var walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
  var range = document.createRange();
  while (walker.nextNode()) if (walker.currentNode.textContent.trim()) break;
  range.selectNodeContents(walker.currentNode);
  var name = range.getClientRects()[0];
  if (dot.bottom < name.top || dot.top > name.bottom || dot.right > name.left + 0.5) {
    apart.push(row.textContent.trim());
  }
}
if (!rows.length) apart.push('no score rows');
return apart;
"""

#: Each player's score in the history split over two lines (its number under the next name),
#: and how many there are: run in the page.
SCORE_SPLIT = """
var split = [];
var pairs = document.querySelectorAll('td[data-label=scores] .pair');
for (var pair of pairs) if (pair.getClientRects().length > 1) split.push(pair.textContent);
return [pairs.length, split];
"""


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


@pytest.fixture
def served_wide_names(tmp_path):
    """The address of ``companion web`` on two finished games of six players, five of them
    with the widest names there are."""
    assert all(len(name) <= NAME_MAX for name in WIDE_NAMES)
    state = tmp_path / "state"
    game = companion("simulate", "--games", "2", "--seed", "1", "--names", ",".join(WIDE_NAMES),
                     "--state-dir", str(state))
    _out, err = game.communicate(timeout=300)
    assert game.returncode == 0, err
    web = companion("web", "--state-dir", str(state), "--host", "127.0.0.1", "--port", "0")
    try:
        first = web.stdout.readline() if web.stdout else ""
        assert first.startswith("companion web: serving http://127.0.0.1:"), first
        yield first.split()[3].rstrip("/")
    finally:
        stopped(web)


@pytest.mark.slow
def test_the_widest_names_stay_inside_their_boxes_on_a_phone(served_wide_names, tmp_path):
    reason = missing()
    if reason:
        (pytest.fail if required() else pytest.skip)(reason)
    shots = shots_folder(tmp_path)
    with Browser() as browser:
        for width, height in ((360, 740), (390, 844)):
            assert browser.viewport(width, height) == (width, height)
            for page in PAGES:
                browser.open(served_wide_names + page)
                if page == "/":
                    headline = browser.run("return document.querySelector('#verdict h2')"
                                           ".textContent;")
                    assert headline == f"{WIDE_NAMES[0]} WINS", headline
                found = browser.run(OUTSIDE_ITS_BOX)
                assert isinstance(found, list)
                page_width, outside = found
                name = page.strip("/").replace("/", "-") or "live"
                browser.screenshot(shots / f"web-wide-names-{name}-{width}x{height}.png")
                assert outside == [], (page, width, outside)
                assert page_width <= width, (page, width, page_width)
                if page == "/":
                    assert browser.run(DOT_APART_FROM_ITS_NAME) == [], (page, width)
                if page == "/history":   # "Ωμέγαβγδεζηθ" then "4 · Bo 3" on the next line
                    pairs, split = browser.run(SCORE_SPLIT)
                    assert pairs == 12 and split == [], (width, split)
    print(f"screenshots in {shots}")


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
        with Database.for_reading(state) as database:
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


#: Whether a score sheet line's note stands under its title (the title's last line above the
#: note's top), not beside it: run in the page.
NOTE_UNDER_ITS_TITLE = """
var note = document.querySelector('td[data-label="title"] small');
if (!note) return 'no note';
var walker = document.createTreeWalker(note.closest('td'), NodeFilter.SHOW_TEXT);
while (walker.nextNode()) if (walker.currentNode.textContent.trim()) break;
var range = document.createRange();
range.selectNodeContents(walker.currentNode);
var lines = range.getClientRects();
return note.getBoundingClientRect().top >= lines[lines.length - 1].bottom - 0.5;
"""


@pytest.mark.slow
def test_a_movie_games_note_stands_under_its_title_on_a_phone(tmp_path):
    """On a 390 px phone the 4-player-row note of a 3-player game stood in a narrow column
    beside its title, which wrapped to 'Worthy / Film!' (a table of four)."""
    from games_kiosk import finished_discs_game

    reason = missing()
    if reason:
        (pytest.fail if required() else pytest.skip)(reason)
    with Database.in_folder(tmp_path / "state") as database:
        finished_discs_game(database, 3, "Popcorn")
    with page_on_a_phone(tmp_path, "/sheets/not-that-movie", (390, 844),
                         "web-movie-note-390x844.png") as browser:
        assert browser.run(NOTE_UNDER_ITS_TITLE) is True


@contextmanager
def page_on_a_phone(tmp_path, page: str, size: tuple[int, int], shot: str) -> Iterator[Browser]:
    """``page`` of ``companion web`` serving ``tmp_path / "state"``, open in the browser at a
    phone's ``size``, its screenshot kept as ``shot``."""
    web = companion("web", "--state-dir", str(tmp_path / "state"), "--host", "127.0.0.1",
                    "--port", "0")
    try:
        first = web.stdout.readline() if web.stdout else ""
        assert first.startswith("companion web: serving http://127.0.0.1:"), first
        with Browser() as browser:
            assert browser.viewport(*size) == size
            browser.open(first.split()[3].rstrip("/") + page)
            browser.screenshot(shots_folder(tmp_path) / shot)
            yield browser
    finally:
        stopped(web)


#: Where the last cell of each row of a round-by-round sheet lies beyond the page's right edge
#: (its text, and how far), and the row's first cell's left edge: run in the page.
TOTALS_OUT_OF_VIEW = """
var out = [];
for (var row of document.querySelectorAll('main table tr')) {
  var cells = row.children, last = cells[cells.length - 1].getBoundingClientRect();
  if (last.right > document.documentElement.clientWidth + 0.5 || cells[0].getBoundingClientRect().left < 0)
    out.push(cells[cells.length - 1].textContent + ' ' + last.right);
}
return out;
"""


@pytest.mark.slow
def test_a_hat_sheet_of_many_rounds_keeps_each_players_total_in_view_on_a_phone(tmp_path):
    """Eight rounds of eight players: at 360 px the total column, which decides the winner,
    lay off-screen inside a table that scrolled sideways with nothing to say so (a family)."""
    from companion.storage.games import GameStore
    from companion.storage.score_sheets import HAT

    reason = missing()
    if reason:
        (pytest.fail if required() else pytest.skip)(reason)
    points = [{str(p): (p + r) % 4 for p in range(1, 9)} for r in range(8)]
    with Database.in_folder(tmp_path / "state") as database:
        store = GameStore(database, kind=HAT)
        game_id = store.create(8, {"players": 8, "multi_round": True}, {"kind": HAT})
        store.finish(game_id, {"players": 8, "rounds": points, "totals": {}, "winners": []})
    with page_on_a_phone(tmp_path, "/sheets/thats-not-a-hat", (360, 740),
                         "web-hat-sheet-360x740.png") as browser:
        assert browser.run("return document.querySelectorAll('main table tr').length") == 9
        assert browser.run(TOTALS_OUT_OF_VIEW) == []


@pytest.mark.slow
def test_a_page_refused_a_live_place_asks_again_and_goes_live_once_one_is_free(tmp_path,
                                                                              monkeypatch):
    """With every live place taken the browser closed the refused stream for good: the page
    said "reconnecting…" for ever and never followed the game (a spectator); then it fetched
    the game at its first refusal only, and froze there (a phone at a big party)."""
    import threading
    import urllib.request

    from web_games import saved_game
    from companion.web import app as web_app
    from companion.web.serving import server
    from companion.web.watcher import SaveWatcher

    reason = missing()
    if reason:
        (pytest.fail if required() else pytest.skip)(reason)
    saved_game(tmp_path, until=lambda r: len(r) == 1)
    monkeypatch.setattr(web_app, "MAX_LIVE", 1)       # one live place, held below
    monkeypatch.setattr(web_app, "HEARTBEAT_S", 0.5)  # a dropped stream's place comes back soon
    watcher = SaveWatcher(tmp_path)
    serving = server(tmp_path, "127.0.0.1", 0, watcher)
    threading.Thread(target=serving.run, daemon=True).start()
    url = f"http://127.0.0.1:{serving.effective_port}/"
    holder = urllib.request.urlopen(url + "events", timeout=30)   # the one place
    try:
        with Browser() as browser:
            assert browser.viewport(390, 844) == (390, 844)
            browser.open(url)
            wait_for(lambda: browser.run("return document.getElementById('status')"
                                         ".textContent;") == "reconnecting…", DEADLINE_S,
                     "the page refused a place never said so")
            saved_game(tmp_path, until=lambda r: len(r) == 2)   # game 2, while refused
            wait_for(lambda: "Game 2" in browser.run("return document.getElementById('live')"
                                                     ".innerText;"), DEADLINE_S + 15,
                     "the refused page stopped following the game after its first refusal")
            assert browser.run("return document.getElementById('status').textContent;") == \
                "reconnecting…"
            holder.close()                            # the place is free again
            wait_for(lambda: browser.run("return document.getElementById('status')"
                                         ".textContent;") == "live", DEADLINE_S + 15,
                     "the refused page never asked again")
    finally:
        holder.close()
        serving.close()
        watcher.stop()
        if watcher._thread is not None:   # gone before another test counts the watchers
            watcher._thread.join()
