"""The demo of Not That Movie! and That's Not a Hat: a scripted table plays a whole game.

The table's presses are worked out in advance from a seed by playing the
game on a private copy of the mode's pad machine (:mod:`companion.games.movie.pads`,
:mod:`companion.games.hat.pads`): the players vote, place tokens, give gifts,
refuse some and own up. The same presses then go, one at a time and spaced
like a person's, through the real input path into the kiosk, whose scenes
decide and draw as at a table. Because the pad machines are deterministic,
the kiosk's game ends exactly as the private copy did. The table reads a round's or the
game's end before it presses on (:data:`READ_S`), as the kiosk takes an E sooner for a late
tap of the E that ended it (:mod:`companion.scenes.common.late_taps`).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, NamedTuple

from companion.games.hat.pads import HatPads
from companion.games.hat.rules import MAX_PLAYERS as HAT_MAX_PLAYERS
from companion.games.hat.rules import MIN_PLAYERS, HatGame
from companion.games.movie.pads import MoviePads
from companion.games.movie.rules import MAX_PLAYERS, SCREENS, MovieGame
from companion.games.movie.rules import MIN_PLAYERS as MOVIE_MIN_PLAYERS
from companion.games.notnot.sides import Side
from companion.scenes.common.bookkeeping import SUMMARIES
from companion.scenes.common.late_taps import LATE_TAP_S
from companion.scenes.common.setup_menu import player_choices
from companion.scenes.core import DEFAULT_PLAYERS_WITH_PADS

if TYPE_CHECKING:
    from companion.kiosk.loop import App
from companion.scenes.hat.play import HatPlayScene
from companion.scenes.movie.play import MoviePlayScene

MOVIE, HAT = MovieGame.KIND, HatGame.KIND
GAMES = (MOVIE, HAT)
#: Title menu item of each game, and its set-up menu's items (players, then names, ..., start).
TITLE_ITEM = {MOVIE: 1, HAT: 2}
START_ITEM = {MOVIE: 5, HAT: 5}
#: A player refuses a gift this often.
REFUSALS = 0.3
#: How long the table reads a round's or the game's end, once the kiosk has shown it, before
#: its next press (and the table's gap after that), whatever the demo's speed: the kiosk takes
#: an E sooner for a late tap of the E that ended the round, and leaves the end up.
READ_S = LATE_TAP_S

Press = tuple[int, Side]


class Script(NamedTuple):
    """A scripted table's presses, the game they play, and which presses (by index) the table
    makes on a round's or the game's end, which it reads first (:data:`READ_S`)."""

    presses: list[Press]
    played: MovieGame | HatGame
    reads: frozenset[int] = frozenset()


def on_summary(pads: MoviePads | HatPads) -> bool:
    """Whether the kiosk's screen of ``pads`` shows a round's or the game's end, which E on any
    pad leaves (a second or more after it came)."""
    phase = pads.prompt if isinstance(pads, HatPads) else pads.game.phase
    return phase in SUMMARIES


def presses(sides: str, player: int = 1) -> list[Press]:
    return [(player, Side(side)) for side in sides]


def cycle_steps(start: int, goal: int, choices: tuple[int, ...]) -> int:
    """How many selections step a menu value from ``start`` to ``goal`` through ``choices``."""
    values = list(choices)
    return (values.index(goal) - values.index(start)) % len(values)


def menu_script(game: str, players: int) -> list[Press]:
    """From the title to the first move: choose the game, set the players, start."""
    script = presses("S" * TITLE_ITEM[game] + "E")
    if game == MOVIE:
        choices = player_choices(MOVIE_MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS_WITH_PADS)
        script += presses("E" * cycle_steps(4, players, choices))
    else:
        lowest = 2 if players < MIN_PLAYERS else MIN_PLAYERS
        if lowest == 2:
            script += presses("SSSENNN")    # two gifts each, then back to the players
        choices = player_choices(lowest, HAT_MAX_PLAYERS, DEFAULT_PLAYERS_WITH_PADS)
        script += presses("E" * cycle_steps(4, players, choices))
    return script + presses("S" * START_ITEM[game] + "E")


def movie_script(players: int, rng: random.Random) -> Script:
    """A whole game of Not That Movie!: secret votes, tokens, rounds, to the score sheet."""
    pads = MoviePads(MovieGame(players))
    script: list[Press] = []
    reads: set[int] = set()   # the presses made on a round's or the game's end

    def press(player: int, sides: str) -> None:
        for side in sides:
            if on_summary(pads):
                reads.add(len(script))
            pads.press(player, side)
            script.append((player, Side(side)))

    while not pads.game.over:
        game = pads.game
        if game.phase == "voting":
            for player in range(1, players + 1):
                for screen in rng.sample(SCREENS, game.discs):
                    press(player, ("N" * (screen - 1) if screen <= 4 else "S" * (9 - screen)) + "E")
        elif game.phase == "placing":
            target = rng.choice([s for s in SCREENS if s not in game.round.covered])
            while pads.pointer != target:
                press(game.holder, "N")
            press(game.holder, "E")
        else:
            press(1, "E")
    return written_down(script, reads, pads.game)


def written_down(script: list[Press], reads: set[int], played: MovieGame | HatGame) -> Script:
    """``script`` of a game over, then E on its end (read first: the score sheet) and E again
    (the title)."""
    return Script(script + presses("E", 1) + presses("E", 1), played,
                  frozenset(reads | {len(script)}))


def hat_script(players: int, rng: random.Random) -> Script:
    """A whole game of That's Not a Hat: gifts, refusals, penalties, to the score sheet."""
    pads = HatPads(HatGame(players, two_gifts=players < MIN_PLAYERS))
    script: list[Press] = []
    reads: set[int] = set()   # the presses made on the game's end

    def press(player: int, side: str) -> None:
        if on_summary(pads):
            reads.add(len(script))
        pads.press(player, side)
        script.append((player, Side(side)))

    while not pads.game.over:
        game = pads.game
        if game.pending is not None and rng.random() < REFUSALS:
            gift = game.pending
            press(gift.receiver, "S")
            press(rng.choice((gift.giver, gift.receiver)), "N")   # "I was wrong"
        else:
            giver = game.pending.receiver if game.pending else game.turn or rng.randint(1, players)
            press(giver, rng.choice("WE"))
    return written_down(script, reads, pads.game)


def demo_script(game: str, players: int, seed: int) -> Script:
    """Every press of the demo table, menus included, for ``game`` with ``players`` players,
    the game those presses play (as the kiosk must end it), and the presses it makes on a
    round's or the game's end."""
    rng = random.Random(f"{seed}:{game}")
    play = movie_script if game == MOVIE else hat_script
    menu, game_script = menu_script(game, players), play(players, rng)
    return Script(menu + game_script.presses, game_script.played,
                  frozenset(len(menu) + index for index in game_script.reads))


class ScriptedTable:
    """Presses a script through ``press(player, side, t_ns)`` on a thread of its own, as a
    table of people would: each press waits until the kiosk has shown the one before, and
    comes ``gap_ns`` or more after it; a press of ``reads`` (indexes into the script: made on a
    round's or the game's end) comes :data:`READ_S` and the gap after the table saw the kiosk
    show it, so that it is never a late tap of the press that ended the round.

    The kiosk's loop calls :meth:`loop_passed` after each pass. A press is made only once
    the loop has passed twice since the press before (so it took that press, decided and
    drew), and is stamped at least ``gap_ns`` after it. While it waits for those passes the
    table calls ``wake()`` (the loop's :meth:`~companion.kiosk.loop.App.wake`), so that an
    idle loop passes at once instead of sleeping until its next timer: the pace is the
    gap's, not the loop's longest sleep. Both make the game the same on any
    machine: a press scheduled by the clock alone could reach the kiosk in one pass with
    the next (a scene skipped, never drawn), or, from a thread running late, in a burst
    stamped within the debounce time, where the debouncer (which judges by stamps) rightly
    takes the later presses as bounce and the game stalls or goes another way.
    """

    def __init__(self, script: list[Press], press: Callable[[int, Side, int], None],
                 gap_ns: int, wake: Callable[[], None] = lambda: None,
                 reads: Collection[int] = ()) -> None:
        self.script, self.press, self.gap_ns, self.wake = script, press, gap_ns, wake
        self.reads = frozenset(reads)
        self.done = 0
        #: When the table last pressed (or started): the demo stops if this gets old.
        self.last_press_ns = 0
        #: The stamp of the last press.
        self.last_stamp_ns = -gap_ns
        #: Passes of the kiosk's loop so far, and how many there were at the last press
        #: (the loop's check before its first pass counts as one).
        self.passes = 0
        self._passes_at_press = 0
        self._changed = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._play, name="scripted-table", daemon=True)

    def start(self, now_ns: int) -> None:
        self.last_press_ns = now_ns
        self.last_stamp_ns = now_ns
        self._thread.start()

    def loop_passed(self) -> None:
        """The kiosk's loop has finished a pass: taken what was posted, decided, drawn."""
        with self._changed:
            self.passes += 1
            self._changed.notify_all()

    def _play(self) -> None:
        for index, (player, side) in enumerate(self.script):
            if not self._wait(lambda: self.passes >= self._passes_at_press + 2):
                return
            due_ns = self.last_stamp_ns + self.gap_ns
            if index in self.reads:   # shown by now: read from now on
                due_ns = max(due_ns, time.monotonic_ns() + round(READ_S * 1e9) + self.gap_ns)
            time.sleep(max(0, due_ns - time.monotonic_ns()) / 1e9)
            if self._stopped:
                return
            self._passes_at_press = self.passes
            self.last_stamp_ns = max(time.monotonic_ns(), due_ns)
            self.press(player, side, self.last_stamp_ns)
            self.done += 1
            self.last_press_ns = time.monotonic_ns()

    def _wait(self, ready: Callable[[], bool]) -> bool:
        """Wait until ``ready()``, checked each time the loop passes, waking the loop for
        each pass; ``False`` if the table was stopped."""
        with self._changed:
            while not self._stopped and not ready():
                self.wake()
                self._changed.wait()
            return not self._stopped

    @property
    def finished(self) -> bool:
        return self.done == len(self.script)

    def stop(self) -> None:
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
        if self._thread.is_alive():
            self._thread.join(timeout=2)


def kiosk_game(app: App, game: str) -> MovieGame | HatGame:
    """The game the kiosk's scene of ``game`` played."""
    play_scene = MoviePlayScene if game == MOVIE else HatPlayScene
    scene = next(scene for scene in app.scenes.values() if isinstance(scene, play_scene))
    assert scene.kept is not None, f"the {game} scene kept no game"
    return scene.kept.game


def summary(played: MovieGame | HatGame) -> str:
    """One line on how a game of either mode ended."""
    if isinstance(played, MovieGame):
        rating = played.rating()
        rounds = " ".join(str(score.points) for score in played.scores)
        return (f"game over: rounds {rounds}, total {played.total()}, {rating.stars} stars, "
                f"{rating.title}")
    totals = ", ".join(f"P{p} {n}" for p, n in played.totals().items())
    return (f"game over: penalty points {totals}; winners: "
            + " ".join(f"P{p}" for p in played.winners()))
