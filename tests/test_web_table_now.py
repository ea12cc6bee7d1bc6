"""companion web says what the table is at beside the Not Not game it shows: in play while a
kiosk holds the state folder, the kiosk not running (the game as it stood) once nobody does,
and the other game (Not That Movie!, That's Not a Hat) the table moved on to; an open page
learns each without a reload. "The kiosk" is this test holding the folder's real lock
(:func:`companion.storage.owner.take`), as ``companion run`` does."""

from __future__ import annotations

import re
import time
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import pytest

from games_kiosk import finished_discs_game
from web_games import new_game, saved_game
from companion.games.movie.rules import MovieGame
from companion.simulation.virtual_game import play
from companion.storage import owner
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.notnot_saves import NewGame, RoundSave
from companion.web.app import create_app, event_stream
from companion.web.watcher import SaveWatcher

pytest.importorskip("flask")


def text_of(html: str) -> str:
    """The words of a page, tags and extra spaces dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def live_page(folder) -> str:
    """The words of the live page of ``folder``, as a phone opening it now reads them."""
    return text_of(create_app(folder, SaveWatcher(folder)).test_client().get("/live").text)


@contextmanager
def kiosk_running(folder):
    """The state folder held for as long as the block runs, as a running kiosk holds it."""
    lock = owner.take(folder, "the kiosk")
    assert lock is not None
    try:
        yield
    finally:
        lock.release()


def movie_started(folder) -> int:
    """A Not That Movie! game started after the games in ``folder``, one entry made; its id."""
    with Database.in_folder(folder) as database:
        kept = KeptGame.start(database, MovieGame(3, voting="discs"), {"team": "Popcorn"})
        kept.game.record(mistake=False)
        kept.sync(database)
        assert kept.game_id is not None
        return kept.game_id


def local_minute(stamp: str) -> str:
    return datetime.fromisoformat(stamp).astimezone().strftime("%H:%M")


def test_a_game_in_play_is_in_play_while_the_kiosk_runs_and_not_once_it_stopped(tmp_path):
    saved_game(tmp_path, until=lambda records: len(records) == 3)
    with Database.for_reading(tmp_path) as database:
        [(last_save,)] = database.read("SELECT max(saved_at) FROM rounds")
    with kiosk_running(tmp_path):
        shown = live_page(tmp_path)
        assert "Game 1 (simulated) in play" in shown and "not running" not in shown
    shown = live_page(tmp_path)
    assert "in play" not in shown and "Game 1 (simulated) kiosk stopped" in shown
    assert (f"The kiosk is not running: this is the game as it stood at "
            f"{local_minute(last_save)}.") in shown
    assert "round 3" in shown                       # the game as it stood, all the same


def test_a_finished_game_says_finished_whether_or_not_the_kiosk_runs(tmp_path):
    saved_game(tmp_path, seed=1)
    shown = live_page(tmp_path)
    assert "finished" in shown and "not running" not in shown
    with kiosk_running(tmp_path):
        assert "not running" not in live_page(tmp_path)


def test_a_system_that_cannot_tell_whether_the_kiosk_runs_shows_the_game_in_play(
        tmp_path, monkeypatch):
    """No table of locks (not Linux, a /proc that hides it): unknown, never "stopped"."""
    saved_game(tmp_path, until=lambda records: len(records) == 2)
    with kiosk_running(tmp_path):
        pass                                        # a kiosk ran, and left its lock file
    monkeypatch.setattr(owner, "PROC_LOCKS", tmp_path / "no-such-table")
    shown = live_page(tmp_path)
    assert "in play" in shown and "not running" not in shown


def test_the_table_playing_another_game_now_is_said_over_the_last_not_not_game(tmp_path):
    saved_game(tmp_path, until=lambda records: len(records) == 3)
    with kiosk_running(tmp_path):
        movie_started(tmp_path)
        shown = live_page(tmp_path)
    assert "The table is playing Not That Movie! now: this is the last Not Not game." in shown
    assert "Game 1 (simulated) unfinished" in shown and "in play" not in shown
    assert ("The kiosk is not running: the table was playing Not That Movie! when it stopped."
            in live_page(tmp_path))


def test_another_game_played_after_the_not_not_game_is_said_with_its_score_sheet(tmp_path):
    saved_game(tmp_path, seed=1)
    with Database.in_folder(tmp_path) as database:
        finished_discs_game(database, 3, "Popcorn")
    page = create_app(tmp_path, SaveWatcher(tmp_path)).test_client().get("/live").text
    shown = text_of(page)
    assert "The table played Not That Movie! after this game." in shown
    assert '<a href="/sheets/not-that-movie">its score sheet</a>' in page
    assert "Game 1 (simulated) finished" in shown


def test_a_table_that_never_played_not_not_is_said_playing_its_other_game(tmp_path):
    """A spectator's page was "No game yet" through a whole Not That Movie! game (the page
    shows Not Not games): it says what the table plays, then played, with its score sheet."""
    with kiosk_running(tmp_path):
        movie_started(tmp_path)
        shown = live_page(tmp_path)
    assert "No Not Not game yet The table is playing Not That Movie! now." in shown
    assert ("The kiosk is not running: the table was playing Not That Movie! when it stopped."
            in live_page(tmp_path))
    with Database.in_folder(tmp_path) as database:
        finished_discs_game(database, 3, "Popcorn")
    page = create_app(tmp_path, SaveWatcher(tmp_path)).test_client().get("/").text
    assert "No Not Not game yet The table played Not That Movie! ( its score sheet )" in \
        text_of(page)
    assert '<a href="/sheets/not-that-movie">its score sheet</a>' in page


def test_another_game_ended_with_nothing_kept_is_not_said_played(tmp_path):
    """A Not That Movie! game ended from its pause menu before anything was scored is kept on
    no score sheet: the page said "The table played Not That Movie!" of a game found nowhere."""
    with Database.in_folder(tmp_path) as database:
        kept = KeptGame.start(database, MovieGame(3, voting="discs"), {"team": "Popcorn"})
        kept.abandon()
        kept.sync(database)
    shown = live_page(tmp_path)
    assert "The table started Not That Movie! and ended it with nothing kept." in shown
    assert "played" not in shown and "score sheet" not in shown


def test_an_empty_state_folder_says_only_that_no_game_was_started(tmp_path):
    saved_folder = tmp_path / "st"
    with Database.in_folder(saved_folder):
        pass
    shown = live_page(saved_folder)
    assert f"No Not Not game yet No game has been started in {saved_folder}." in shown
    assert "The table" not in shown


def test_a_not_not_game_resumed_after_another_game_is_in_play_again(tmp_path):
    """The setup menu resumes an unfinished game after a Not That Movie! game: its next round
    is saved after the other game's last save, and it is the table's game again."""
    game = new_game()
    rounds = play(game)
    with Database.in_folder(tmp_path) as database:
        store = GameStore(database)
        game_id = NewGame.of(game, simulated=True).create(store)
        RoundSave.of(game, next(rounds)).write(store, game_id)
    movie_started(tmp_path)
    a_minute_on = (datetime.now(UTC) + timedelta(minutes=1)).isoformat(timespec="seconds")
    with Database.in_folder(tmp_path) as database:
        RoundSave.of(game, next(rounds)).write(GameStore(database, clock=lambda: a_minute_on),
                                               game_id)
    with kiosk_running(tmp_path):
        shown = live_page(tmp_path)
    assert "Game 1 (simulated) in play" in shown and "Not That Movie!" not in shown


@pytest.fixture
def watcher(tmp_path):
    watching = SaveWatcher(tmp_path, poll_s=0.02).start()
    yield watching
    watching.stop()
    if watching._thread is not None:   # gone before the next test counts the watchers
        watching._thread.join()


def seen_until(watcher, revision, wanted, deadline_s=30.0):
    """The first revision after ``revision`` whose sight is ``wanted(seen)``, and that sight,
    however long a busy machine takes to give it."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        now, seen = watcher.wait_after(revision, 1.0)
        if now != revision:
            revision = now
            if wanted(seen):
                return revision, seen
    raise AssertionError(f"the watcher saw no such change in {deadline_s} s: {watcher.seen}")


def test_an_open_page_learns_the_kiosk_stopped_and_came_back_without_a_reload(
        tmp_path, watcher):
    saved_game(tmp_path, until=lambda records: len(records) == 2)
    page = create_app(tmp_path, watcher).test_client()
    stream = event_stream(watcher, lambda: None)
    next(stream)                                                  # retry: ...
    with kiosk_running(tmp_path):
        revision, _ = seen_until(watcher, None, lambda seen: seen.kiosk is True)
        assert '"kiosk": true' in next(stream)
        assert "in play" in text_of(page.get("/live").text)
    revision, _ = seen_until(watcher, revision, lambda seen: seen.kiosk is False)
    assert "The kiosk is not running" in text_of(page.get("/live").text)
    with kiosk_running(tmp_path):
        seen_until(watcher, revision, lambda seen: seen.kiosk is True)
        assert "in play" in text_of(page.get("/live").text)
    stream.close()


def test_an_open_page_learns_the_table_moved_on_to_another_game(tmp_path, watcher):
    saved_game(tmp_path, until=lambda records: len(records) == 2)
    revision, _ = seen_until(watcher, None, lambda seen: seen.game == 1)
    with kiosk_running(tmp_path):
        movie = movie_started(tmp_path)
        seen_until(watcher, revision, lambda seen: seen.newest_of_all.startswith(f"{movie} "))
        assert "The table is playing Not That Movie! now" in text_of(
            create_app(tmp_path, watcher).test_client().get("/live").text)
