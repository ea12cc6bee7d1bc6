"""``companion bench web``: the live scoreboard under many open pages while rounds are saved.

Starts ``companion web`` in a process of its own on loopback, on a fresh state folder
(``--state-dir``: in a temporary folder there), and ``--clients`` event streams to it, each
a thread of a third process (:func:`listen_all`), as that many phones would: the writer, in
this process, shares its interpreter with neither, as the kiosk does not. First the writer
saves the rounds of seeded simulated games for ``--seconds`` with no page open, one every
``--interval-ms``, as the kiosk saves them (round and snapshot in one transaction); then the
clients connect and the same writer saves on for ``--seconds`` more. Measured on this run:

- every update delivered: each client must hear of every round saved while it listened
  (``updates_delivered`` of ``updates_expected``; the missing ones are ``updates_lost``);
- the update delay, from the end of a save's commit to a client reading its event (both on
  this machine's monotonic clock): median, p99, max; the target is a p99 within 1 s;
- the round's save time, without the pages and with them: median and p99.

The report says which targets this run met (``met``) and the exit status is 1 when it missed
one, its figures printed all the same. The default run takes about two minutes; it is not
part of ``bench all``.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from companion.errors import CompanionError
from companion.games.notnot import data_file as data
from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord
from companion.simulation.virtual_game import play
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.notnot_saves import NewGame, RoundSave
from companion.tools.argtypes import whole_number
from companion.tools.benchmarks import options

NAME = "web"
HELP = "many live pages on companion web while rounds are saved: every update delivered, its delay"

#: The p99 update delay this benchmark holds the page to, in ms.
TARGET_P99_MS = 1000.0
#: How long the clients may take to connect, and the last events to arrive, in seconds.
CONNECT_S, SETTLE_S = 60.0, 3.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--clients", type=whole_number(1, 500, "clients"), default=50,
                        metavar="N", help="live pages open at once (1 to 500, default 50)")
    parser.add_argument("--seconds", type=whole_number(1, 3600, "seconds"), default=60,
                        metavar="S", help="how long rounds are saved with the pages open, and "
                                          "before without them (default 60)")
    parser.add_argument("--interval-ms", type=whole_number(250, 60_000, "ms"), default=500,
                        metavar="MS", help="time between two saves (250 to 60000, default 500; "
                                           "the kiosk saves a round every few seconds)")
    options.add_seed(parser, "the simulated games")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="folder for the benchmark's database (default: a temporary folder)")
    options.add_json(parser)


def seeded_rounds(seed: int) -> Iterator[tuple[Game, RoundRecord]]:
    """Round after round of seeded 4-player games, each game with the game after that round."""
    dice, recipe = data.not_not()
    for number in range(10**6):
        game = Game.new(4, "normal", seed + number, dice=dice, recipe=recipe)
        for record in play(game):
            yield game, record


class Writer:
    """Saves seeded simulated games' rounds into ``database``, one a call, as the kiosk does."""

    def __init__(self, database: Database, seed: int) -> None:
        self.store = GameStore(database)
        self.rounds = seeded_rounds(seed)
        self.game: Game | None = None
        self.game_id = 0

    def save(self) -> tuple[tuple[int, int], float, float]:
        """Save the next round: ``(game id, rounds saved in it)``, the save's seconds, and when
        it was done (monotonic)."""
        game, record = next(self.rounds)
        if game is not self.game:
            self.game, self.game_id = game, NewGame.of(game, simulated=True).create(self.store)
        start = time.perf_counter()
        RoundSave.of(game, record).write(self.store, self.game_id)
        seconds, done = time.perf_counter() - start, time.monotonic()
        return (self.game_id, record.n), seconds, done

    def paced(self, seconds: float, interval_s: float,
              stop: threading.Event | None = None) -> list[tuple[tuple[int, int], float, float]]:
        """Save a round every ``interval_s`` for ``seconds``; each save's key, time and end."""
        saves, start = [], time.monotonic()
        while time.monotonic() - start < seconds:
            saves.append(self.save())
            next_at = start + len(saves) * interval_s
            time.sleep(max(0.0, next_at - time.monotonic()))
        return saves


class Client(threading.Thread):
    """One live page: reads the event stream and notes when it first heard of each save."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.heard: dict[tuple[int, int], float] = {}
        self.connected = threading.Event()
        self.stop = threading.Event()
        self.problem = ""

    def run(self) -> None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request("GET", "/events")
            response = connection.getresponse()
            if response.status != 200:
                self.problem = f"/events answered {response.status}"
                return
            self.listen(response)
        except (OSError, http.client.HTTPException) as error:
            if not self.stop.is_set():
                self.problem = f"{type(error).__name__}: {error}"
        finally:
            self.connected.set()

    def listen(self, response: http.client.HTTPResponse) -> None:
        while not self.stop.is_set():
            line = response.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                at = time.monotonic()
                said = json.loads(line[6:])
                if said.get("game") is not None:
                    self.heard.setdefault((said["game"], said["rounds"]), at)
                self.connected.set()


def started_server(folder: Path) -> tuple[subprocess.Popen, int]:
    """``companion web`` on ``folder`` on loopback, any free port; the process and its port."""
    server = subprocess.Popen([sys.executable, "-m", "companion", "web", "--state-dir",
                               str(folder), "--host", "127.0.0.1", "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = server.stdout.readline() if server.stdout else ""
    if not first.startswith("companion web: serving http://127.0.0.1:"):
        stopped(server)
        errors = server.stderr.read() if server.stderr else ""
        said = first.strip() or (errors.strip().splitlines() or ["nothing"])[-1]
        raise CompanionError(f"bench web: companion web did not start ({said[:200]})")
    return server, int(first.split()[3].rsplit(":", 1)[1].strip("/"))


def stopped(process: subprocess.Popen) -> None:
    """Stop ``process``: asked first, killed after 10 s."""
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def save_figures(saves: list[tuple[tuple[int, int], float, float]]) -> dict:
    ms = [seconds * 1000 for _, seconds, _ in saves]
    return {"saves": len(ms), "median_ms": round(statistics.median(ms), 3),
            "p99_ms": round(percentile(ms, 0.99), 3)}


def delivery(saves: list[tuple[tuple[int, int], float, float]],
             pages: list[dict[tuple[int, int], float]]) -> dict:
    """Which saves each page heard of, and how long after the save's commit."""
    delays, lost = [], 0
    for heard in pages:
        for key, _seconds, done in saves:
            if key in heard:
                delays.append((heard[key] - done) * 1000)
            else:
                lost += 1
    figures: dict = {"updates_expected": len(saves) * len(pages),
                     "updates_delivered": len(delays),
                     "updates_lost": lost}
    if delays:
        figures.update(delay_ms_median=round(statistics.median(delays), 1),
                       delay_ms_p99=round(percentile(delays, 0.99), 1),
                       delay_ms_max=round(max(delays), 1))
    return figures


def listen_all(port: int, clients: int, ready: object, stop: object, results: object) -> None:
    """In a process of its own: ``clients`` live pages on ``port``; set ``ready`` once all are
    connected, and when ``stop`` is set put what each heard (and its problem) on ``results``."""
    pages = [Client(port) for _ in range(clients)]
    for page in pages:
        page.start()
    deadline = time.monotonic() + CONNECT_S
    for page in pages:
        page.connected.wait(max(0.0, deadline - time.monotonic()))
    ready.set()   # type: ignore[attr-defined]
    stop.wait()   # type: ignore[attr-defined]
    for page in pages:
        page.stop.set()
    said = [(list(page.heard.items()), page.problem) for page in pages]
    results.put(said)   # type: ignore[attr-defined]


def heard_by_pages(port: int, clients: int, write: Callable[[], list]) -> tuple[list, list]:
    """``write()`` run while ``clients`` pages listen on ``port`` from another process: what it
    returned, and what each page heard (``({(game, rounds): when}, problem)``)."""
    context = multiprocessing.get_context("spawn")
    ready, stop, results = context.Event(), context.Event(), context.Queue()
    pages = context.Process(target=listen_all, args=(port, clients, ready, stop, results),
                            daemon=True)
    pages.start()
    try:
        if not ready.wait(CONNECT_S + 30):
            raise CompanionError("bench web: the pages did not connect")
        written = write()
        time.sleep(SETTLE_S)
        stop.set()
        heard = results.get(timeout=60)
    finally:
        stop.set()
        pages.join(timeout=10)
        if pages.is_alive():
            pages.kill()
    return written, [({tuple(key): at for key, at in items}, problem) for items, problem in heard]


def measure(folder: Path, args: argparse.Namespace) -> dict:
    """Both phases on the state folder ``folder``: the report's figures."""
    interval = args.interval_ms / 1000
    with Database.in_folder(folder) as database:
        writer = Writer(database, args.seed)
        alone = writer.paced(args.seconds, interval)
        server, port = started_server(folder)
        try:
            watched, pages = heard_by_pages(port, args.clients,
                                            lambda: writer.paced(args.seconds, interval))
        finally:
            stopped(server)
    problems = [problem for _, problem in pages if problem]
    if problems:
        raise CompanionError(f"bench web: {len(problems)} of {args.clients} pages failed "
                             f"({problems[0][:200]})")
    return {"clients": args.clients, "seconds": args.seconds, "interval_ms": args.interval_ms,
            **delivery(watched, [heard for heard, _ in pages]),
            "save_without_pages": save_figures(alone), "save_with_pages": save_figures(watched)}


def run(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="companion-bench-", dir=args.state_dir) as folder:
        report = measure(Path(folder), args)
    report["met"] = {
        "every_update_delivered": report["updates_lost"] == 0 and report["updates_expected"] > 0,
        "p99_delay_within_1s": report.get("delay_ms_p99", float("inf")) <= TARGET_P99_MS}
    if args.json:
        print(json.dumps(report))
    else:
        print(text(report))
    return 0 if all(report["met"].values()) else 1


def text(report: dict) -> str:
    """The report in a few lines."""
    alone, watched = report["save_without_pages"], report["save_with_pages"]
    return (f"{report['clients']} live pages for {report['seconds']} s, a save every "
            f"{report['interval_ms']} ms: {report['updates_delivered']} of "
            f"{report['updates_expected']} updates delivered ({report['updates_lost']} lost)\n"
            f"update delay, save to page: median {report.get('delay_ms_median')} ms, p99 "
            f"{report.get('delay_ms_p99')} ms, max {report.get('delay_ms_max')} ms\n"
            f"round save: without pages median {alone['median_ms']} ms, p99 {alone['p99_ms']} ms "
            f"({alone['saves']} saves); with them median {watched['median_ms']} ms, p99 "
            f"{watched['p99_ms']} ms ({watched['saves']} saves)\n"
            f"targets met: {', '.join(k for k, v in report['met'].items() if v) or 'none'}")
