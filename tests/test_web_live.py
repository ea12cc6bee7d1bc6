"""companion web's live updates: the one watcher notices each saved round, wakes every waiting
page, lives through a database damaged under it (telling the log once) and sees the saves again
once it reads, and the event stream says the state at once and after every save."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time

import pytest

from web_games import new_game, saved_game
from companion.simulation.virtual_game import play
from companion.storage.database import FILENAME, Database
from companion.storage.games import NOT_NOT, GameStore
from companion.storage.notnot_saves import NewGame, RoundSave
from companion.web.app import event_stream
from companion.web.watcher import SaveWatcher

pytest.importorskip("flask")


@pytest.fixture
def watcher(tmp_path):
    watching = SaveWatcher(tmp_path, poll_s=0.02).start()
    yield watching
    watching.stop()
    if watching._thread is not None:   # gone before the next test counts the watchers, however
        watching._thread.join()         # slow the machine


def saves(folder, count):
    """Save a new game's first ``count`` rounds one at a time, yielding after each."""
    game = new_game()
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        game_id = NewGame.of(game, simulated=True).create(store)
        yield game_id, 0
        for n, record in enumerate(play(game), 1):
            RoundSave.of(game, record).write(store, game_id)
            yield game_id, n
            if n == count:
                return


def next_change(watcher, revision, deadline_s=30.0):
    """The next revision and what was seen, however long a busy machine takes to give it."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        now, seen = watcher.wait_after(revision, 1.0)
        if now != revision:
            return now, seen
    raise AssertionError(f"the watcher saw no change in {deadline_s} s")


def change_where(watcher, revision, done):
    """The first change after ``revision`` whose seen state is ``done``: a command that writes
    the folder holds its lock meanwhile, and the lock's coming and going are changes too."""
    revision, seen = next_change(watcher, revision)
    while not done(seen):
        revision, seen = next_change(watcher, revision)
    return revision, seen


def test_the_watcher_sees_every_round_saved_one_at_a_time(tmp_path, watcher):
    revision, seen = watcher.wait_after(None, 0)
    assert seen.game is None and seen.problem is None
    for game_id, n in saves(tmp_path, 5):
        revision, seen = next_change(watcher, revision)
        assert (seen.game, seen.rounds, seen.state) == (game_id, n, "playing"), seen


def test_a_tie_round_replaced_once_its_choice_is_made_reaches_every_open_page(tmp_path, watcher):
    """The kiosk saves a tie's round as its countdown would settle it, then replaces it with
    the choice made: open phones kept the default card until the next round (a spectator)."""
    saved = list(saves(tmp_path, 2))
    game_id = saved[-1][0]
    revision, seen = next_change(watcher, None)
    while seen.rounds != 2:
        revision, seen = next_change(watcher, revision)
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        kept = store.get(game_id)
        store.save_round(game_id, {**kept.rounds[-1], "chosen": True}, kept.snapshot,
                         replaces=True)
    revision, seen = next_change(watcher, revision)
    assert (seen.game, seen.rounds) == (game_id, 2) and '"chosen"' in seen.last_round


def test_a_player_renamed_or_forgotten_between_saves_reaches_every_open_page(tmp_path, watcher):
    """``companion players rename`` and ``forget`` change the names of the game the pages
    show, though no round is saved: the pages are woken and the live page shows the new
    names (a forgotten name stays on no phone at the table)."""
    from companion.cli import main
    from companion.storage.players import PlayerStore
    from companion.web.app import create_app

    game = new_game()
    with Database.in_folder(tmp_path) as database:
        players = PlayerStore(database)
        ana, cleo = players.add("Ana"), players.add("Cleo")
        game_id = NewGame.of(game, simulated=True, seats={1: ana.id, 2: cleo.id}).create(
            GameStore(database))
    revision, seen = next_change(watcher, None)
    while seen.game != game_id:
        revision, seen = next_change(watcher, revision)
    page = create_app(tmp_path, watcher).test_client()
    assert "Ana" in page.get("/live").text
    assert main(["players", "--state-dir", str(tmp_path), "rename", "Ana", "Wil"]) == 0
    revision, seen = change_where(watcher, revision, lambda seen: "Wil" in seen.names)
    assert (seen.game, seen.rounds) == (game_id, 0)
    shown = page.get("/live").text
    assert "Wil" in shown and "Ana" not in shown
    assert main(["players", "--state-dir", str(tmp_path), "forget", "Cleo"]) == 0
    revision, seen = change_where(watcher, revision, lambda seen: "Cleo" not in seen.names)
    assert "Cleo" not in page.get("/live").text


def test_a_database_met_while_it_was_being_made_is_followed_once_it_is(tmp_path):
    """The watcher looks while a companion has made the file but not yet its tables (a busy
    machine): that reading stands in for every table, and the saves made after must be seen
    all the same (its stand-ins once hid the real tables from the watcher for good)."""
    import sqlite3

    with sqlite3.connect(tmp_path / FILENAME) as made:   # the file, in WAL mode, no table yet
        made.execute("PRAGMA journal_mode = WAL")
        made.execute("CREATE TABLE not_yet (x)")
        made.execute("DROP TABLE not_yet")
    watching = SaveWatcher(tmp_path, poll_s=3600)          # looks only when told here
    try:
        watching.look()
        assert watching.seen.game is None and watching.seen.problem is None
        steps = saves(tmp_path, 1)
        game_id, _ = next(steps)
        watching.look()
        assert (watching.seen.game, watching.seen.rounds) == (game_id, 0), watching.seen
        next(steps)
        watching.look()
        assert (watching.seen.game, watching.seen.rounds) == (game_id, 1), watching.seen
    finally:
        watching._close()


def test_every_waiting_page_is_woken_by_one_save(tmp_path, watcher):
    steps = saves(tmp_path, 1)
    next(steps)
    revision, _ = watcher.wait_after(None, 0)
    revision, _ = next_change(watcher, revision)   # the game appeared
    woken = []

    def page():
        woken.append(next_change(watcher, revision)[1].rounds)

    pages = [threading.Thread(target=page) for _ in range(20)]
    for thread in pages:
        thread.start()
    next(steps)
    for thread in pages:
        thread.join(40)
    assert woken == [1] * 20
    assert sum(t.name == "save-watcher" for t in threading.enumerate()) == 1


def test_a_database_that_does_not_read_is_told_and_watched_on(tmp_path, watcher):
    path = tmp_path / FILENAME
    path.write_bytes(b"no database here" * 300)
    revision, seen = next_change(watcher, watcher.wait_after(None, 0)[0])
    assert "is not a usable companion state database" in (seen.problem or "")
    path.unlink()
    for _game_id, n in saves(tmp_path, 1):
        revision, seen = next_change(watcher, revision)
        while seen.rounds != n or seen.game is None:
            revision, seen = next_change(watcher, revision)
    assert seen.problem is None and seen.rounds == 1


def seen_until(watcher, revision, wanted, deadline_s=30.0):
    """The first revision after ``revision`` whose sight is ``wanted(seen)``, and that sight."""
    end = time.monotonic() + deadline_s
    while True:
        revision, seen = next_change(watcher, revision, max(end - time.monotonic(), 0.1))
        if wanted(seen):
            return revision, seen


def damage(path) -> bytes:
    """Overwrite the file at ``path`` in place with garbage of its length; its good bytes."""
    good = path.read_bytes()
    path.write_bytes((b"not a page " * len(good))[:len(good)])
    return good


def fold_log(database) -> None:
    """Fold the write-ahead log into the file and empty it, as the kiosk's last close does:
    every page is then read from the file itself until it is written again."""
    database.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()


def write_on(database) -> None:
    """A write of the kiosk's that adds no page and leaves the first alone: a reader then reads
    the first page again, from the file."""
    with database.transaction("writing on") as db:
        db.execute("UPDATE games SET state = state")


def test_a_database_damaged_while_watched_is_told_and_saves_show_again_once_it_reads(
        tmp_path, watcher):
    saved_game(tmp_path, until=lambda records: len(records) == 1)
    path = tmp_path / FILENAME
    with Database.in_folder(tmp_path) as kiosk:
        GameStore(kiosk).abandon(1)
        fold_log(kiosk)
        revision, _ = seen_until(watcher, None, lambda seen: seen.state == "abandoned")
        good = damage(path)
        write_on(kiosk)
        revision, seen = seen_until(watcher, revision, lambda seen: seen.problem is not None)
        assert "is damaged" in seen.problem or "not a usable" in seen.problem, seen
        path.write_bytes(good)
        revision, seen = seen_until(watcher, revision, lambda seen: seen.problem is None)
        assert (seen.game, seen.state, seen.rounds) == (1, "abandoned", 1)
    for game_id, n in saves(tmp_path, 2):
        revision, seen = seen_until(watcher, revision,
                                    lambda seen: (seen.game, seen.rounds) == (game_id, n))
    assert seen.problem is None and seen.state == "playing"
    assert sum(t.name == "save-watcher" for t in threading.enumerate()) == 1


def test_a_database_that_stops_reading_is_logged_once_however_often_it_is_asked(
        tmp_path, caplog):
    saved_game(tmp_path, until=lambda records: len(records) == 1)
    path = tmp_path / FILENAME
    watcher = SaveWatcher(tmp_path)   # not started: each look is one poll
    caplog.set_level(logging.INFO, logger="companion.web.watcher")
    with Database.in_folder(tmp_path) as kiosk:
        write_on(kiosk)
        fold_log(kiosk)
        watcher.look()
        good = damage(path)
        write_on(kiosk)
        for _ in range(5):
            watcher.look()
        assert watcher.seen.game is None and "not a usable" in (watcher.seen.problem or "")
        told = [r for r in caplog.records if r.levelno == logging.WARNING]
        assert len(told) == 1 and "does not read" in told[0].getMessage(), caplog.text
        path.write_bytes(good)
        for _ in range(5):
            watcher.look()
    assert (watcher.seen.game, watcher.seen.rounds, watcher.seen.problem) == (1, 1, None)
    assert [r.getMessage().split(";")[0] for r in caplog.records][-1] == \
        "companion web: the state database reads again"
    assert len(caplog.records) == 2, caplog.text
    watcher._close()


def next_event(stream, quiet_most: int = 4) -> dict:
    """The next event's data, past the comments a quiet stream sends (one each
    ``HEARTBEAT_S``): a failure, never a hang, after ``quiet_most`` of them."""
    said = next(stream)
    for _ in range(quiet_most):
        if not said.startswith(":"):
            break
        said = next(stream)
    assert not said.startswith(":"), f"no save told in {quiet_most} heartbeats"
    return json.loads(said.split("data: ", 1)[1])


def test_the_event_stream_says_the_state_at_once_and_then_each_save(tmp_path, watcher):
    ended = []
    stream = event_stream(watcher, lambda: ended.append(True))
    assert next(stream) == "retry: 1000\n\n"
    first = next(stream)
    assert first.startswith("event: save\ndata: ") and first.endswith("\n\n")
    steps = saves(tmp_path, 3)
    said = []
    for game_id, n in steps:
        event = next_event(stream)
        while (event["game"], event["rounds"]) != (game_id, n):
            event = next_event(stream)
        said.append(event["rounds"])
    assert said == [0, 1, 2, 3]
    stream.close()
    assert ended == [True]          # the page's place is given back when it goes


@pytest.mark.parametrize("host, address", [("127.0.0.1", "http://127.0.0.1:8080/"),
                                           ("0.0.0.0", "http://localhost:8080/"),
                                           ("::", "http://localhost:8080/"),
                                           ("::1", "http://[::1]:8080/"),
                                           ("fe80::1", "http://[fe80::1]:8080/")])
def test_the_address_web_prints_opens_in_a_browser_an_ipv6_host_in_brackets(host, address):
    from companion.commands.web import page_address

    assert page_address(host, 8080) == address


def test_a_database_the_watcher_may_not_open_is_said_as_words_naming_the_file(
        tmp_path, monkeypatch):
    saved_game(tmp_path, until=lambda records: len(records) == 1)
    path = tmp_path / FILENAME

    def refused(folder, file_only=False):   # what a user without rights meets
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Database, "for_reading", refused)
    watcher = SaveWatcher(tmp_path)
    watcher.look()
    assert watcher.seen.problem == f"{path}: Permission denied"


def test_a_look_for_new_saves_costs_the_same_however_many_games_are_kept(tmp_path):
    """The watcher asks five times a second while the page is served: a look that grew with the
    history (it sorted every game, counting each one's rounds) took 18 % of a core at 2,213
    games. Counted in SQLite's steps, not in time."""
    from companion.web.watcher import _NEWEST

    def steps_of_a_look(games: int) -> int:
        folder = tmp_path / f"{games}"
        with Database.in_folder(folder) as database:
            store = GameStore(database)
            for _ in range(games):
                game_id = NewGame.of(new_game(), simulated=True).create(store)
            with database.transaction() as connection:
                connection.executemany(
                    "INSERT INTO rounds (game_id, n, record, saved_at) VALUES (?, ?, '{}', '')",
                    [(game_id, n) for n in range(1, 4)])
            steps = [0]

            def count() -> int:
                steps[0] += 1
                return 0

            database.connection.set_progress_handler(count, 1)
            [(newest, _, rounds, _, _)] = database.read(_NEWEST, (NOT_NOT,))
            assert (newest, rounds) == (game_id, 3)
            return steps[0]

    assert steps_of_a_look(120) == steps_of_a_look(3)


def test_a_live_page_whose_response_is_never_read_gives_its_place_back(tmp_path, watcher):
    """64 HEAD requests to /events (a link checker, a prefetch) took every live page's place
    for good: each later page got 503 until the server restarted (a code reviewer)."""
    from companion.web.app import MAX_LIVE, create_app

    app = create_app(tmp_path, watcher)
    with app.test_client() as client:
        for _ in range(MAX_LIVE + 1):
            head = client.head("/events")        # answered and closed, as a server closes it
            head.close()
            assert head.status_code == 200
        live = client.get("/events", buffered=False)
        assert live.status_code == 200
        live.close()


def test_an_event_stream_whose_page_went_ends_and_gives_its_place_back(tmp_path, watcher,
                                                                       monkeypatch):
    from companion.web import app as web_app

    monkeypatch.setattr(web_app, "LOOK_S", 0.01)
    went, ended = [], []
    stream = event_stream(watcher, lambda: ended.append(True), gone=lambda: bool(went))
    assert next(stream) == "retry: 1000\n\n" and next(stream).startswith("event: save")
    went.append(True)                              # the phone closed the page: the server says
    with pytest.raises(StopIteration):
        next(stream)
    assert ended == [True]


def events_asked(port: int) -> tuple[socket.socket, int]:
    """A page asking the server on ``port`` for ``/events``: its connection and the status
    it got."""
    page = socket.create_connection(("127.0.0.1", port), timeout=30)
    page.sendall(b"GET /events HTTP/1.1\r\nHost: companion\r\n\r\n")
    heard = b""
    while b"\r\n" not in heard:
        chunk = page.recv(4096)
        assert chunk, f"the server closed the page's connection after {heard!r}"
        heard += chunk
    return page, int(heard.split()[1])


def test_a_live_page_closed_gives_its_place_back_though_no_write_finds_it_gone(
        tmp_path, watcher, monkeypatch):
    """A phone that closed the page held its live place until two heartbeats' writes failed
    (15 to 40 s): a table of spectators reloading got "live pages are open already"."""
    from companion.web import app as web_app
    from companion.web.serving import server

    monkeypatch.setattr(web_app, "MAX_LIVE", 1)         # one live place
    monkeypatch.setattr(web_app, "HEARTBEAT_S", 3600.0)  # no write to find the page gone
    monkeypatch.setattr(web_app, "LOOK_S", 0.05)
    serving = server(tmp_path, "127.0.0.1", 0, watcher)
    threading.Thread(target=serving.run, daemon=True).start()
    port = serving.effective_port
    try:
        first, status = events_asked(port)
        assert status == 200
        refused, status = events_asked(port)
        refused.close()
        assert status == 503   # the place is taken
        first.close()                                          # the phone closed the page
        end = time.monotonic() + 30.0                          # however busy the machine
        while status != 200 and time.monotonic() < end:
            again, status = events_asked(port)
            again.close()
            time.sleep(0.02)
        assert status == 200, "the closed page never gave its place back"
    finally:
        serving.close()
