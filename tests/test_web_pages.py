"""companion web's pages: the game in progress in the kiosk's words, the history, the score
sheets, and a clear page (never a stack trace) for a bad request, a missing or damaged
database, and a fault of the program's own."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import sqlite3
from dataclasses import replace

import pytest

from games_kiosk import finished_discs_game
from web_games import new_game, saved_game, words_of
from companion.display.palette import TIMELINE_MARK
from companion.games.notnot.record import TapRecord
from companion.games.notnot.verdict import Verdict
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.storage.notnot_saves import EndedEarly, NewGame, RoundSave
from companion.web import app as web_app
from companion.web.svg import colour
from companion.simulation.virtual_game import play
from companion.web.app import create_app
from companion.web.watcher import SaveWatcher

pytest.importorskip("flask")


def client_of(folder):
    return create_app(folder, SaveWatcher(folder)).test_client()


def text_of(html: str) -> str:
    """The words of a page, tags and extra spaces dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def no_trace(html: str) -> bool:
    return "Traceback" not in html and 'File "' not in html


def test_the_live_page_says_every_line_of_the_last_rounds_verdict(tmp_path):
    records = saved_game(tmp_path, until=lambda r: len(r) == 4)
    words = words_of(records, 3)
    page = client_of(tmp_path).get("/")
    assert page.status_code == 200
    shown = text_of(page.text)
    for line in (words.headline, *words.lines):
        assert line in shown
    assert f"verdict-{words.kind}" in page.text
    assert "round 4" in shown and "level" in shown


def test_a_wrong_tap_that_costs_a_card_is_named_on_the_page(tmp_path):
    def lost_a_card(records):
        return len(records) > 1 and any("lose" in line for line in words_of(records, 4).lines)

    records = saved_game(tmp_path, players=4, seed=5, until=lost_a_card)
    assert lost_a_card(records), "the seed's game has no wrong tap that costs a card"
    line = next(line for line in words_of(records, 4).lines if "lose" in line)
    assert line in text_of(client_of(tmp_path).get("/live").text)


def test_named_players_are_called_by_their_names_in_the_verdict_and_the_timeline(tmp_path):
    from companion.games.notnot.words import verdict_words
    from companion.storage.players import PlayerStore

    records = saved_game(tmp_path, until=lambda r: len(r[-1].winners) == 1)
    names = {1: "Ana", 2: "Bo", 3: "Cy"}
    with Database.in_folder(tmp_path) as database:
        roster = PlayerStore(database)
        for seat, name in names.items():
            roster.seat(1, seat, roster.add(name).id)
    before = records[-2].scores if len(records) > 1 else dict.fromkeys(names, 0)
    words = verdict_words(records[-1], bool(records[-1].valid), before, names)
    winner = names[records[-1].winners[0].player]
    assert words.headline == f"{winner} WINS"
    page = client_of(tmp_path).get("/live").text
    shown = text_of(page)
    for line in (words.headline, *words.lines):
        assert line in shown
    assert not re.search(r"\bP[123]\b", shown), shown
    timeline = re.search(r'aria-label="tap timeline: ([^"]*)"', page)
    assert timeline and winner in timeline.group(1), page


def test_the_level_and_deck_beside_a_verdict_are_the_rounds_as_the_kiosk_shows_them(tmp_path):
    """The kiosk's verdict shows the round's deck count and level, the refill after it (and a
    rule card's new level) coming after: the page beside that verdict says the same."""
    from companion.simulation.virtual_game import play

    game = new_game(level="first-game")
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        game_id = NewGame.of(game, simulated=True).create(store)
        during = len(game.deck)
        for record in play(game):
            RoundSave.of(game, record).write(store, game_id)
            if any(item.what == "rule" for item in record.dealt):
                break
            during = len(game.deck)
    assert game.level != record.level                  # the rule card moved the game on
    shown = text_of(client_of(tmp_path).get("/live").text)
    assert f"level {record.level} " in shown and f"{during} cards in the deck" in shown


def test_one_card_left_in_the_deck_is_said_as_one_card(tmp_path):
    saved_game(tmp_path, until=lambda r: len(r) == 1)
    with sqlite3.connect(tmp_path / FILENAME) as connection:
        snapshot = json.loads(connection.execute("SELECT snapshot FROM games").fetchone()[0])
        snapshot["deck"] = snapshot["deck"][:1]
        connection.execute("UPDATE games SET snapshot = ?", (json.dumps(snapshot),))
        record = json.loads(connection.execute("SELECT record FROM rounds").fetchone()[0])
        record["dealt"] = []
        connection.execute("UPDATE rounds SET record = ?", (json.dumps(record),))
    assert "1 card in the deck" in text_of(client_of(tmp_path).get("/live").text)


def test_a_finished_game_says_who_won_it(tmp_path):
    records = saved_game(tmp_path, seed=1)
    scores = records[-1].scores
    best = max(scores.values())
    winners = [player for player, score in scores.items() if score == best]
    said = "Winner" if len(winners) == 1 else "Winners"
    shown = text_of(client_of(tmp_path).get("/live").text)
    assert "finished" in shown
    assert f"{said}: {' '.join(f'P{p}' for p in winners)} with {best} point cards" in shown


def test_a_game_in_play_names_no_winner_yet(tmp_path):
    saved_game(tmp_path, until=lambda r: len(r) == 3)
    assert "Winner" not in text_of(client_of(tmp_path).get("/live").text)


def test_a_game_ended_before_its_first_round_says_no_round_was_played(tmp_path):
    game = new_game()
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        EndedEarly.of(game).write(store, NewGame.of(game).create(store))
    shown = text_of(client_of(tmp_path).get("/live").text)
    assert "abandoned" in shown and "No round was played." in shown   # kept out of the history
    assert "has not been played yet" not in shown


def test_a_game_in_play_before_its_first_round_says_the_first_round_is_to_come(tmp_path):
    saved_game(tmp_path, until=lambda records: True)   # one round saved, then a new game
    with Database.in_folder(tmp_path) as database:
        NewGame.of(new_game()).create(GameStore(database))
    assert "The first round has not been played yet." in text_of(
        client_of(tmp_path).get("/live").text)


def test_the_scores_are_the_last_rounds_with_what_it_changed(tmp_path):
    records = saved_game(tmp_path, until=lambda r: len(r) == 6)
    shown = text_of(client_of(tmp_path).get("/live").text)
    for player, score in records[-1].scores.items():
        change = score - records[-2].scores[player]
        row = f"P{player} {score} " + (f"+{change} " if change > 0 else
                                      f"{change} " if change < 0 else "")
        assert row in shown


def test_the_table_rings_the_card_the_winner_took(tmp_path):
    records = saved_game(tmp_path, until=lambda r: bool(r[-1].winners))
    winner = records[-1].winners[0]
    html = client_of(tmp_path).get("/live").text
    spot = re.search(rf'<figure class="spot spot-{winner.from_side}">(.*?)</figure>', html).group(1)
    assert 'stroke="#ffffff" stroke-width="6"' in spot and f": P{winner.player}<" in spot


def test_the_timeline_has_a_mark_per_tap_and_magnifies_the_photo_finish(tmp_path):
    records = saved_game(tmp_path, until=lambda r: bool(r[-1].winners) and len(r[-1].taps) > 1)
    html = client_of(tmp_path).get("/live").text
    timeline = re.search(r'<svg class="timeline".*?</svg>', html).group(0)
    assert "window 1 ms" in timeline                      # the photo finish says its span
    assert 'fill="#3e3e50"' in timeline                   # on its lighter ground
    for tap in records[-1].taps:
        assert f"P{tap.player} {tap.side} {tap.verdict}" in timeline   # read aloud, every tap


def test_every_colour_card_carries_its_shape_and_initial(tmp_path):
    records = saved_game(tmp_path, until=lambda r: len(r) == 2)
    html = client_of(tmp_path).get("/live").text
    for side, face in records[-1].table.items():
        if face in ("RED", "BLUE", "GREEN", "YELLOW", "WHITE"):
            spot = re.search(rf'spot-{side}">(.*?)</figure>', html).group(1)
            assert f">{face[0]}</text>" in spot


def test_a_state_folder_without_a_database_is_a_page_that_says_so(tmp_path):
    page = client_of(tmp_path).get("/")
    assert page.status_code == 200
    assert "No game has been kept in" in page.text and no_trace(page.text)
    assert "there is no companion.sqlite3 there" in page.text


def test_a_state_folder_not_made_yet_is_said_as_no_such_folder(tmp_path):
    """A mistyped --state-dir is served (the kiosk may make the folder later), but the page
    says the folder is not there, not only that no game was kept in it."""
    page = client_of(tmp_path / "nothing-here").get("/")
    assert page.status_code == 200 and no_trace(page.text)
    assert "there is no such folder" in text_of(page.text)


def test_a_file_that_is_not_a_database_is_a_503_page_naming_it(tmp_path):
    (tmp_path / FILENAME).write_bytes(b"this is no database" * 200)
    for path in ("/", "/live", "/history", "/sheets/not-that-movie"):
        page = client_of(tmp_path).get(path)
        assert page.status_code == 503, path
        assert "is not a usable companion state database" in page.text and no_trace(page.text)


def test_a_database_that_does_not_read_is_logged_once_not_once_per_page(tmp_path, caplog):
    """WEB.md: one line per problem, not one per poll; nor one per page a phone loads."""
    import logging

    (tmp_path / FILENAME).write_bytes(b"this is no database" * 200)
    client = client_of(tmp_path)
    with caplog.at_level(logging.WARNING, logger="companion.web.app"):
        for path in ("/", "/live", "/live", "/history", "/", "/sheets/not-that-movie"):
            assert client.get(path).status_code == 503, path
    said = [record.getMessage() for record in caplog.records if record.name == "companion.web.app"]
    assert len(said) == 1 and "is not a usable companion state database" in said[0], said


def test_a_newest_game_that_does_not_read_is_named_and_the_page_stays_up_for_the_others(
        tmp_path):
    """One damaged round in the newest game took the page down as a 503 naming the database's
    path to every phone, and said the kiosk's screen told what to do, which it did not (a
    spectator): the state database itself reads, and so do the other games."""
    saved_game(tmp_path, until=lambda r: len(r) == 2)
    with sqlite3.connect(tmp_path / FILENAME) as connection:
        connection.execute("UPDATE games SET snapshot = '{\"level\": 3}'")
    page = client_of(tmp_path).get("/")
    assert page.status_code == 200 and "The newest game does not read" in page.text
    assert "Game 1 does not read" in page.text and "snapshot.level is not text" in page.text
    assert str(tmp_path) not in page.text and 'href="/history"' in page.text
    assert no_trace(page.text)


def killed_mid_game(where):
    """A state folder as ``kill -9`` of the kiosk leaves it after a Not That Movie! game and
    some Not Not rounds: every save since the last checkpoint in the log (database, -wal,
    -shm)."""
    with Database.in_folder(where / "live") as database:
        database.connection.execute("PRAGMA wal_autocheckpoint = 0")
        finished_discs_game(database, 3, "Popcorn")
        game, store = new_game(), GameStore(database)
        game_id = NewGame.of(game, simulated=True).create(store)
        for record, _ in zip(play(game), range(8), strict=False):
            RoundSave.of(game, record).write(store, game_id)
        shutil.copytree(where / "live", where / "state")   # while the kiosk holds it open
    return where / "state"


def test_a_write_ahead_log_damaged_mid_game_is_said_on_every_page(tmp_path, caplog):
    """The tester's path: 256 bytes overwritten in the middle of the log a killed kiosk left.
    SQLite reads the log up to the damage and drops the saves after it without a word; the
    page showed that cut-down state as the truth ("No Not Not game yet") while history --check
    exited 1. Every page now says saves are missing, once, and the folder is left as it was."""
    import logging

    folder = killed_mid_game(tmp_path)
    log_file = folder / f"{FILENAME}-wal"
    damaged = bytearray(log_file.read_bytes())
    middle = len(damaged) // 2
    damaged[middle:middle + 256] = b"\xa5" * 256
    log_file.write_bytes(bytes(damaged))
    before = {path.name: path.read_bytes() for path in folder.iterdir()
              if not path.name.endswith("-shm")}   # SQLite's index, rebuilt by any reader
    watcher = SaveWatcher(folder)
    with caplog.at_level(logging.WARNING, logger="companion.web.watcher"):
        watcher.look()
        watcher.look()
    client = create_app(folder, watcher).test_client()
    for url in ("/", "/live", "/history", "/sheets/not-that-movie", "/sheets/thats-not-a-hat",
                "/no-such-page"):
        page = client.get(url)
        said = [line for line in text_of(page.text).split(". ") if "Saves are missing" in line]
        assert len(said) == 1, (url, said)
        assert "write-ahead log (companion.sqlite3-wal) is damaged at frame" in said[0]
        assert "later saves in it are not read" in said[0]
        assert "companion history --check" in said[0] and str(tmp_path) not in said[0]
    assert "No Not Not game yet" in text_of(client.get("/live").text)   # what still reads
    told = [record.getMessage() for record in caplog.records if "Saves are missing" in
            record.getMessage()]
    assert len(told) == 1, told
    watcher._close()
    assert {path.name: path.read_bytes() for path in folder.iterdir()
            if not path.name.endswith("-shm")} == before


def test_a_write_ahead_log_a_killed_kiosk_left_whole_says_nothing_is_missing(tmp_path):
    folder = killed_mid_game(tmp_path)
    watcher = SaveWatcher(folder)
    watcher.look()
    page = create_app(folder, watcher).test_client().get("/")
    watcher._close()
    assert page.status_code == 200 and "Saves are missing" not in page.text
    assert "Game 2" in text_of(page.text)


def test_a_page_asked_with_a_trailing_slash_is_the_page(tmp_path):
    """"/history/" was a 404 (a spectator)."""
    saved_game(tmp_path, until=lambda r: len(r) == 1)
    client = client_of(tmp_path)
    for page in ("/history/", "/sheets/not-that-movie/", "/live/"):
        assert client.get(page).status_code == 200, page


@pytest.mark.parametrize(("method", "path", "status", "says"), [
    ("GET", "/nowhere", 404, "Not Found"),
    ("GET", "/sheets/chess", 404, "There is no score sheet called &#39;chess&#39;"),
    ("GET", "/history?limit=ten", 400, "limit must be a whole number from 1 to 1000"),
    ("GET", "/history?limit=0", 400, "not &#39;0&#39;"),
    ("GET", "/history?limit=" + "9" * 4301, 400, "limit must be a whole number from 1 to 1000"),
    ("POST", "/", 405, "Method Not Allowed"),
])
def test_a_bad_request_gets_a_clear_4xx_page(tmp_path, method, path, status, says):
    saved_game(tmp_path, until=lambda r: len(r) == 1)
    page = client_of(tmp_path).open(path, method=method)
    assert page.status_code == status
    assert says in page.text and no_trace(page.text)


def test_a_limit_with_thousands_of_leading_zeros_is_read_as_its_number(tmp_path):
    saved_game(tmp_path, until=lambda r: len(r) == 1)
    assert client_of(tmp_path).get("/history?limit=" + "0" * 5000 + "5").status_code == 200


def test_a_fault_of_the_programs_own_is_a_500_page_without_its_trace(tmp_path, monkeypatch):
    saved_game(tmp_path, until=lambda r: len(r) == 1)

    def broken(database):
        raise RuntimeError("a bug in the board")

    monkeypatch.setattr(web_app, "live_game", broken)
    page = client_of(tmp_path).get("/")
    assert page.status_code == 500
    assert "could not show this page" in page.text
    assert "a bug in the board" not in page.text and no_trace(page.text)


def test_the_pages_never_write_the_database_even_while_the_kiosk_holds_its_write_lock(tmp_path):
    saved_game(tmp_path, until=lambda r: len(r) == 3)
    path = tmp_path / FILENAME
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    client = client_of(tmp_path)
    with Database.in_folder(tmp_path) as kiosk:
        kiosk.connection.execute("BEGIN IMMEDIATE")        # a save under way
        for url in ("/", "/live", "/history", "/sheets/thats-not-a-hat"):
            assert client.get(url).status_code == 200, url
        kiosk.connection.execute("ROLLBACK")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_the_pages_and_their_watcher_make_nothing_beside_a_database_no_kiosk_has_open(tmp_path):
    """With no kiosk running (no write-ahead log), serving the pages leaves the folder as it
    was: SQLite's ``-wal`` and ``-shm`` made by the page's user could stop a kiosk running as
    another from saving. A save made meanwhile still reaches the watcher."""
    saved_game(tmp_path, until=lambda r: len(r) == 3)
    before = sorted(path.name for path in tmp_path.iterdir())
    watcher = SaveWatcher(tmp_path, poll_s=0.02)
    watcher.look()
    client = create_app(tmp_path, watcher).test_client()
    for url in ("/", "/live", "/history", "/sheets/thats-not-a-hat"):
        assert client.get(url).status_code == 200, url
    assert watcher.seen.rounds == 3 and not watcher.look()
    assert sorted(path.name for path in tmp_path.iterdir()) == before
    saved_game(tmp_path, until=lambda r: len(r) == 2)     # another game, saved and closed
    assert watcher.look() and watcher.seen.rounds == 2
    watcher._close()


def test_the_history_lists_the_finished_games_as_companion_history_does(tmp_path, capsys):
    from companion.cli import main

    saved_game(tmp_path, seed=1)
    saved_game(tmp_path, seed=2)
    main(["history", "--state-dir", str(tmp_path)])
    listed = capsys.readouterr().out.splitlines()[1:]
    shown = text_of(client_of(tmp_path).get("/history").text)
    for line in listed:
        game, *_rest = line.split()
        scores = line.split("  ")[-1].strip()
        assert f" {game} " in shown and scores in shown
    assert re.search(r"P1 \d+ · P2 \d+ · P3 \d+", shown)   # apart, as the terminal's two spaces


def test_a_players_score_in_the_history_never_wraps_away_from_their_name(tmp_path):
    """On a 360 px phone "<b>Cy</b>&lt" ended a line and its score "7 ·" began the next, under
    the next player's name: each name is tied to its score, and each " ·" to the score before it,
    by a space no line breaks at (the name itself still wraps when too wide for the phone)."""
    import html

    saved_game(tmp_path, seed=1)
    page = html.unescape(client_of(tmp_path).get("/history").text)
    scores = re.search(r'data-label="scores">(.*?)</td>', page, re.S).group(1)
    pairs = re.findall(r'<span class="pair">([^<]*)</span>', scores)
    assert [pair.split("\u00a0")[0] for pair in pairs] == ["P1", "P2", "P3"]
    assert all(re.fullmatch(r"P\d\u00a0\d+", pair) for pair in pairs), pairs
    assert scores.count("\u00a0· ") == 2


def test_the_score_sheets_show_the_other_two_games(tmp_path):
    with Database.in_folder(tmp_path) as database:
        finished_discs_game(database, 3, "Popcorn")
    movie = text_of(client_of(tmp_path).get("/sheets/not-that-movie").text)
    assert "Popcorn" in movie and "rated on the 4-player row" in movie
    hat = client_of(tmp_path).get("/sheets/thats-not-a-hat")
    assert hat.status_code == 200 and "No finished That&#39;s Not a Hat games yet" in hat.text


def test_a_name_too_wide_for_its_box_wraps_between_its_letters(tmp_path):
    """The rule a browser keeps the widest names inside their boxes by (seen at work in
    tests/test_web_browser.py, where chromium is): the verdict's headline, the table's captions
    and every line of words wrap a word too wide for them, and the headline shrinks on a phone."""
    css = re.sub(r"/\*.*?\*/", "", client_of(tmp_path).get("/static/style.css").text, flags=re.S)
    wrapping = re.search(r"([^{}]*)\{[^}]*overflow-wrap:\s*anywhere", css)
    assert wrapping, "no rule wraps a word too wide for its box"
    assert {"h2", "p", "li", "figcaption"} <= {s.strip() for s in wrapping.group(1).split(",")}
    assert re.search(r"(^|\n)h2 \{[^}]*font-size:\s*min\([^)]*vw\)", css)


def test_the_page_loads_nothing_from_elsewhere(tmp_path):
    saved_game(tmp_path, until=lambda r: len(r) == 2)
    client = client_of(tmp_path)
    page = client.get("/")
    linked = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert linked and all(link.startswith("/") for link in linked), linked
    for link in linked:
        assert client.get(link).status_code == 200, link
    assert "default-src 'self'" in page.headers["Content-Security-Policy"]


def test_the_history_goes_on_page_after_page_to_the_oldest_game(tmp_path):
    """A café's thousands of games: every one is reached from the first page (the "more" link
    once stopped at the newest 1000, linking to itself)."""
    for seed in range(1, 6):
        saved_game(tmp_path, seed=seed)
    client, shown, url = client_of(tmp_path), [], "/history?limit=2"
    while url:
        page = client.get(url)
        assert page.status_code == 200
        shown += [int(game) for game in re.findall(r'data-label="game">(\d+)<', page.text)]
        older = re.search(r'href="([^"]+)">older games<', page.text)
        url = older.group(1).replace("&amp;", "&") if older else ""
    assert shown == [5, 4, 3, 2, 1]
    whole = client.get("/history?limit=5").text   # a full page of the oldest: nothing older
    assert "older games" not in whole and 'data-label="game">1<' in whole
    last = client.get("/history?limit=2&before=1")
    assert "No finished game before game 1" in text_of(last.text) and "newest games" in last.text
    assert client.get("/history?before=x").status_code == 400


def test_every_timeline_label_is_as_wide_as_its_room_inside_the_strip_whatever_the_font():
    """A phone's own font is wider than the kiosk's: "WWWWWWWWWWWW W", placed by the kiosk
    font's widths at the strip's right end, ran off it (a party's host)."""
    from companion.display.timeline_axis import timeline_view
    from companion.web.timeline_svg import WIDTH, label_width, timeline_svg
    from round_records import round_record

    names = {1: "Chloé", 2: "WWWWWWWWWWWW", 3: "Bartholomew"}
    record = round_record([(1, "N", 300_000, "win"), (3, "E", 300_000, "ignored"),
                           (2, "W", 2_900_000, "late")], [(1, "RED", "N")])
    svg = timeline_svg(timeline_view(record, 1000), names)
    labels = re.findall(r'<text x="([\d.]+)"[^>]*textLength="([\d.]+)"[^>]*>([^<]*)</text>', svg)
    assert {words for _, _, words in labels} >= {"Chloé N", "WWWWWWWWWWWW W"}
    for x, length, words in labels:
        assert float(length) == pytest.approx(label_width(words), abs=0.1)
        assert 0 <= float(x) - float(length) / 2 and float(x) + float(length) / 2 <= WIDTH


def saved_win_with_a_mashed_pad(folder) -> str:
    """A game saved up to its first round won, in which the winner's other three buttons were
    pressed at the very instant of the win (a mashed pad a head start moves to the open: ignored
    taps at the winner's time); the win's mark's colour as the page writes it."""
    from companion.games.notnot.sides import SIDES
    from companion.simulation.virtual_game import play

    game = new_game()
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        game_id = NewGame.of(game, simulated=True).create(store)
        for record in play(game):
            win = next((tap for tap in record.taps if tap.verdict == Verdict.WIN), None)
            if win is not None:
                mashed = tuple(TapRecord(win.player, side, win.t_us, Verdict.IGNORED)
                               for side in SIDES if side != win.side)
                RoundSave.of(game, replace(record, taps=record.taps + mashed)).write(store,
                                                                                     game_id)
                return colour(TIMELINE_MARK[Verdict.WIN])
            RoundSave.of(game, record).write(store, game_id)
    raise AssertionError("the simulated game had no round won")


def test_the_winners_mark_is_drawn_over_ignored_taps_at_the_same_instant_as_on_the_kiosk(tmp_path):
    """The winner's triangle was drawn first and the ignored taps' dots over it: hidden."""
    ink = saved_win_with_a_mashed_pad(tmp_path)
    html = client_of(tmp_path).get("/live").text
    timeline = re.search(r'<svg class="timeline".*?</svg>', html).group(0)
    marks = re.findall(r'<polygon points="([\d.]+),[^"]*" fill="([^"]+)"/>'
                       r'|<circle cx="([\d.]+)" cy="70" r="5" fill="([^"]+)"/>', timeline)
    drawn = [(x or cx, fill or dot) for x, fill, cx, dot in marks]   # in the order drawn
    win_x = next(x for x, fill in drawn if fill == ink)
    drawn_there = [fill for x, fill in drawn if x == win_x]
    assert len(drawn_there) == 4 and drawn_there[-1] == ink, drawn_there


def test_an_empty_database_beside_a_killed_kiosks_log_leaves_the_log_as_it_was(tmp_path):
    """A tester emptied companion.sqlite3 of a killed kiosk's folder: the page's first look
    for damage in the log opened the empty file, and SQLite deleted the log beside it, with
    every save since the last checkpoint. The page now says the file is empty and the log
    stays for the maker to save."""
    folder = killed_mid_game(tmp_path)
    log_file = folder / f"{FILENAME}-wal"
    kept = log_file.read_bytes()
    (folder / FILENAME).write_bytes(b"")
    watcher = SaveWatcher(folder)
    watcher.look()
    page = create_app(folder, watcher).test_client().get("/")
    watcher._close()
    assert log_file.read_bytes() == kept
    assert "is empty (0 bytes)" in text_of(page.text) and no_trace(page.text)
