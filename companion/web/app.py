"""The scoreboard's Flask application: its pages, its live events, its error pages.

Pages: ``/`` the game in progress (the live section alone at ``/live``, which the page's
script fetches when ``/events`` says a round was saved), ``/history`` the finished games,
``/sheets/GAME`` the other two games' score sheets, ``/palette.css`` the kiosk's colours.
Every request opens the state database read-only and closes it (:mod:`companion.web.board`).

Nothing a visitor sends shows a stack trace: a bad request (an unknown page, a wrong method,
a ``limit`` that is no whole number) is a 4xx page saying what is wrong; a state folder with
no database yet is a page saying so; a database that does not read is a 503 page naming the
problem; anything else is a 500 page, and its trace goes to the log only.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

from flask import Flask, Response, render_template, request
from werkzeug.exceptions import BadRequest, HTTPException, NotFound, ServiceUnavailable

from companion.errors import CompanionError
from companion.storage.database import Database
from companion.storage.listing import (
    game_lines,
    head_starts_words,
    level_words,
    local_time,
    score_items,
    winners_words,
)
from companion.storage.score_sheets import (
    MOVIE,
    NOT_RATED,
    SHEET_TITLES,
    damaged_games,
    hat_score_sheet,
    movie_score_sheet,
)
from companion.web import live_view
from companion.web.board import (
    DamagedGame,
    LaterGame,
    LiveGame,
    NoDatabase,
    kiosk_holder,
    later_game,
    live_game,
    open_reader,
    other_game,
)
from companion.web.palette_css import palette_css
from companion.web.watcher import ProblemLog, SaveWatcher

log = logging.getLogger(__name__)

#: Live pages open at once at most (each holds one of the server's threads).
MAX_LIVE = 64
#: Seconds between the comments that keep a quiet event stream open (and find gone clients
#: on a server that cannot say when one goes).
HEARTBEAT_S = 15.0
#: Seconds between a quiet event stream's looks whether its page went (closed, reloaded, the
#: phone gone): the server says so at once (Waitress's ``waitress.client_disconnected``, as
#: :mod:`companion.web.serving` sets it up), and the stream then ends, giving its place back.
LOOK_S = 1.0
#: The WSGI environ's key of Waitress's answer to whether the page that asked went.
CLIENT_GONE = "waitress.client_disconnected"
#: How long a browser waits before it reconnects a dropped event stream, in ms.
RETRY_MS = 1000
#: How many finished games ``/history`` lists unless ``limit`` says.
HISTORY_LIMIT = 50
#: What every page may load: only what this app serves.
HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data:",
           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}


def create_app(folder: Path, watcher: SaveWatcher) -> Flask:
    """The application for the state folder ``folder``, its pages woken by ``watcher``."""
    app = Flask(__name__)
    app.url_map.strict_slashes = False   # "/history/", as a phone's address bar may complete it
    app.config.update(PROPAGATE_EXCEPTIONS=False, TRAP_HTTP_EXCEPTIONS=False,
                      TEMPLATES_AUTO_RELOAD=False)
    live_slots = threading.BoundedSemaphore(MAX_LIVE)
    tell = ProblemLog("companion web: %s", logger=log)   # once per problem, not per page

    def read(reader: Callable) -> tuple[object, str | None, int]:
        """``reader(database)``, or why the database cannot give it: (value, problem, status)."""
        try:
            with open_reader(folder) as database:
                value = reader(database)
        except NoDatabase as error:
            return None, str(error), 200
        except CompanionError as error:
            tell(str(error))
            return None, str(error), 503
        tell(None)
        return value, None, 200

    def live_or_damaged(database: Database) -> tuple[LiveGame | None, str | None,
                                                     LaterGame | None]:
        """The newest game, or why it does not read (the page says so; the history and the
        score sheets still serve every other game), and the other game played after it (with
        no Not Not game, the newest game of another kind)."""
        try:
            game = live_game(database)
        except DamagedGame as error:
            tell(str(error))
            return None, str(error), None
        return game, None, later_game(database, game) if game else other_game(database)

    def live_values() -> dict:
        revision = watcher.tag(watcher.revision)
        found, problem, status = read(live_or_damaged)
        game, damaged, later = found if isinstance(found, tuple) else (None, None, None)
        kiosk, pid = kiosk_holder(folder) if game or later else (None, None)
        return {"revision": revision, "game": game, "problem": problem, "status": status,
                "damaged": damaged, "view": live_view, "folder": folder,
                "notice": live_view.notice(game, later, kiosk) if game else
                live_view.no_not_not_game(later, kiosk),
                "choosing": live_view.choosing(game, pid) if game else ()}

    @app.context_processor
    def saves_missing() -> dict:
        """Every page's line saying the write-ahead log holds saves SQLite does not read (the
        watcher's finding, :attr:`~companion.web.watcher.Seen.lost`)."""
        return {"saves_missing": watcher.seen.lost}

    @app.get("/")
    def index() -> tuple[str, int]:
        values = live_values()
        return render_template("index.html", **values), values["status"]

    @app.get("/live")
    def live() -> tuple[str, int]:
        values = live_values()
        return render_template("live.html", **values), values["status"]

    @app.get("/history")
    def history() -> tuple[str, int]:
        limit = whole_argument("limit", HISTORY_LIMIT, 1, 1000)
        before = whole_argument("before", 0, 1, 2 ** 63 - 1) or None
        # one game more than shown: whether "older games" leads anywhere
        found, problem, status = read(lambda db: list(game_lines(db, "not-not", limit + 1,
                                                                 before)))
        listed = found if isinstance(found, list) else []
        games, older = (listed[:limit] if found is not None else None), len(listed) > limit
        return render_template("history.html", games=games, problem=problem, limit=limit,
                               older=older,
                               before=before,
                               local_time=local_time, level_words=level_words,
                               head_starts_words=head_starts_words,
                               score_items=score_items, winners_words=winners_words), status

    @app.get("/sheets/<game>")
    def sheet(game: str) -> tuple[str, int]:
        if game not in SHEET_TITLES:
            raise NotFound(f"There is no score sheet called {game!r}: there are "
                               f"{' and '.join(SHEET_TITLES)}.")
        reader = movie_score_sheet if game == MOVIE else hat_score_sheet
        found, problem, status = read(lambda db: (reader(db), damaged_games(db, game)))
        entries, damaged = found if isinstance(found, tuple) else ([], [])
        return render_template("sheet.html", game=game, title=SHEET_TITLES[game], entries=entries,
                               damaged=damaged, problem=problem, not_rated=NOT_RATED), status

    @app.get("/palette.css")
    def palette() -> Response:
        return Response(palette_css(), mimetype="text/css")

    @app.get("/events")
    def events() -> Response:
        if not live_slots.acquire(blocking=False):
            raise ServiceUnavailable(f"{MAX_LIVE} live pages are open already; this one will "
                                     "show new rounds when you reload it later.")
        give_back = once(live_slots.release)
        gone = request.environ.get(CLIENT_GONE, never_gone)
        response = Response(event_stream(watcher, give_back, gone), mimetype="text/event-stream",
                            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        response.call_on_close(give_back)   # a response never read (a HEAD) gives it back too
        return response

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.update(HEADERS)
        return response

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        return render_template("error.html", code=error.code, name=error.name,
                               description=error.description), error.code or 500

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[str, int]:
        log.exception("companion web: %s %s failed", request.method, request.path)
        return render_template("error.html", code=500, name="Internal error",
                               description="The companion could not show this page; the "
                               "kiosk's log says why."), 500

    return app


def once(call: Callable[[], None]) -> Callable[[], None]:
    """``call`` run at the first call only, from whichever thread comes first: a live page's
    place is given back by its stream's end or by its response's close, whichever comes."""
    lock, done = threading.Lock(), threading.Event()

    def first() -> None:
        with lock:
            if done.is_set():
                return
            done.set()
        call()
    return first


def whole_argument(name: str, default: int, low: int, high: int) -> int:
    """The query argument ``name`` as a whole number from ``low`` to ``high`` (``default``
    when it is not given); :class:`BadRequest` naming it otherwise."""
    given = request.args.get(name)
    if given is None:
        return default
    digits = given.lstrip("0") or "0"
    # as many digits as ``high`` at most before reading them (Python refuses over 4300 digits,
    # leading zeros included)
    readable = given.isascii() and given.isdigit() and len(digits) <= len(str(high))
    if not readable or not low <= int(digits) <= high:
        raise BadRequest(f"{name} must be a whole number from {low} to {high}, not "
                         f"{given[:40]!r}.")
    return int(digits)


def never_gone() -> bool:
    """A page the server cannot say went: it is found gone by a write that fails."""
    return False


def event_stream(watcher: SaveWatcher, done: Callable[[], None],
                 gone: Callable[[], bool] = never_gone) -> Iterator[str]:
    """Server-sent events: ``save`` with what the watcher saw, at once and after every change;
    a comment every :data:`HEARTBEAT_S` seconds of quiet. It ends once ``gone()`` says the page
    went, looked at every :data:`LOOK_S` seconds of quiet (or when a write fails); ``done`` is
    called when it ends."""
    try:
        yield f"retry: {RETRY_MS}\n\n"
        revision = None
        looks_a_heartbeat = max(1, round(HEARTBEAT_S / LOOK_S))
        quiet_looks = 0
        while True:
            now, seen = watcher.wait_after(revision, LOOK_S)
            if gone():
                return
            if now == revision:
                quiet_looks += 1
                if quiet_looks >= looks_a_heartbeat:
                    quiet_looks = 0
                    yield ": still here\n\n"
                continue
            revision, quiet_looks = now, 0
            said = json.dumps({"revision": watcher.tag(now), **seen.to_json()})
            yield f"event: save\ndata: {said}\n\n"
    finally:
        done()
