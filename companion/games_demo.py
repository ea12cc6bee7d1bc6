"""The demo of Not That Movie! and That's Not a Hat: a scripted table plays a whole game.

The table's presses are worked out in advance from a seed by playing the
game on a private copy of the mode's pad machine (:mod:`companion.movie.pads`,
:mod:`companion.hat.pads`): the players vote, place tokens, give gifts,
refuse some and own up. The same presses then go, one at a time and spaced
like a person's, through the real input path into the kiosk, whose scenes
decide and draw as at a table. Because the pad machines are deterministic,
the kiosk's game ends exactly as the private copy did.
"""

from __future__ import annotations

import random
import time

from companion.hat.pads import HatPads
from companion.hat.rules import MIN_PLAYERS, HatGame
from companion.movie.pads import MoviePads
from companion.movie.rules import MAX_PLAYERS, MIN_PLAYERS as MOVIE_MIN_PLAYERS, SCREENS, MovieGame
from companion.rules.sides import Side

MOVIE, HAT = MovieGame.KIND, HatGame.KIND
GAMES = (MOVIE, HAT)
#: Title menu item of each game, and its set-up menu's items (players, start).
TITLE_ITEM = {MOVIE: 1, HAT: 2}
START_ITEM = {MOVIE: 4, HAT: 3}
#: A player refuses a gift this often.
REFUSALS = 0.3

Press = tuple[int, Side]


def presses(sides: str, player: int = 1) -> list[Press]:
    return [(player, Side(side)) for side in sides]


def cycle_steps(start: int, goal: int, choices: range) -> int:
    """How many selections step a menu value from ``start`` to ``goal`` through ``choices``."""
    values = list(choices)
    return (values.index(goal) - values.index(start)) % len(values)


def menu_script(game: str, players: int) -> list[Press]:
    """From the title to the first move: choose the game, set the players, start."""
    script = presses("S" * TITLE_ITEM[game] + "E")
    if game == MOVIE:
        script += presses("E" * cycle_steps(4, players, range(MOVIE_MIN_PLAYERS, MAX_PLAYERS + 1)))
    else:
        lowest = 2 if players < MIN_PLAYERS else MIN_PLAYERS
        if lowest == 2:
            script += presses("SSENN")      # two gifts each, then back to the players
        script += presses("E" * cycle_steps(4, players, range(lowest, 9)))
    return script + presses("S" * START_ITEM[game] + "E")


def movie_script(players: int, rng: random.Random) -> tuple[list[Press], MovieGame]:
    """A whole game of Not That Movie!: secret votes, tokens, rounds, to the score sheet."""
    pads, script = MoviePads(MovieGame(players)), []

    def press(player: int, sides: str) -> None:
        for side in sides:
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
    return script + presses("E", 1) + presses("E", 1), pads.game   # the score sheet, then the title


def hat_script(players: int, rng: random.Random) -> tuple[list[Press], HatGame]:
    """A whole game of That's Not a Hat: gifts, refusals, penalties, to the result."""
    pads, script = HatPads(HatGame(players, two_gifts=players < MIN_PLAYERS)), []

    def press(player: int, side: str) -> None:
        pads.press(player, side)
        script.append((player, Side(side)))

    while not pads.game.over:
        game = pads.game
        if game.pending is not None and rng.random() < REFUSALS:
            gift = game.pending
            press(gift.receiver, "S")
            press(rng.choice((gift.giver, gift.receiver)), "S")
        else:
            giver = game.pending.receiver if game.pending else game.turn or rng.randint(1, players)
            press(giver, rng.choice("WE"))
    return script + presses("E", 1), pads.game


def demo_script(game: str, players: int, seed: int) -> tuple[list[Press], object]:
    """Every press of the demo table, menus included, for ``game`` with ``players`` players,
    and the game those presses play (as the kiosk must end it)."""
    rng = random.Random(f"{seed}:{game}")
    play = movie_script if game == MOVIE else hat_script
    script, played = play(players, rng)
    return menu_script(game, players) + script, played


class ScriptedTable:
    """Presses a script through ``press(player, side, t_ns)``, one every ``gap_ns``, on its own
    thread.

    Each press is stamped ``gap_ns`` or more after the one before, however late the thread
    gets to it: two presses of one button are never closer than a finger can make them, so
    the debouncer (which judges by stamps) takes every one, on a busy machine too. Stamped
    when the thread ran late instead, a burst of presses would come closer than the
    debounce time and the later ones would count as bounce: the game would stall or go
    another way than the script.
    """

    def __init__(self, script: list[Press], press, gap_ns: int) -> None:
        from companion.press_scheduler import PressScheduler

        self.script, self.press, self.gap_ns = script, press, gap_ns
        self.done = 0
        #: When the table last pressed (or started): the demo stops if this gets old.
        self.last_press_ns = 0
        #: The stamp of the last press.
        self.last_stamp_ns = -gap_ns
        self.scheduler = PressScheduler("scripted-table")

    def start(self, now_ns: int) -> None:
        self.last_press_ns = now_ns
        self.scheduler.start()
        for step, (player, side) in enumerate(self.script, start=1):
            self.scheduler.at(now_ns + step * self.gap_ns, lambda p=player, s=side: self._press(p, s))

    def _press(self, player: int, side: Side) -> None:
        self.last_stamp_ns = max(time.monotonic_ns(), self.last_stamp_ns + self.gap_ns)
        self.press(player, side, self.last_stamp_ns)
        self.done += 1
        self.last_press_ns = time.monotonic_ns()

    @property
    def finished(self) -> bool:
        return self.done == len(self.script)

    def stop(self) -> None:
        self.scheduler.stop()


def kiosk_game(app, game: str):
    """The game the kiosk's scene of ``game`` played."""
    return app.scenes["movie" if game == MOVIE else "hat"].kept.game


def summary(played) -> str:
    """One line on how a game of either mode ended."""
    if played.KIND == MOVIE:
        rating = played.rating()
        rounds = " ".join(str(score.points) for score in played.scores)
        return f"game over: rounds {rounds}, total {played.total()}, {rating.stars} stars, {rating.title}"
    totals = ", ".join(f"P{p} {n}" for p, n in played.totals().items())
    return f"game over: penalty points {totals}; winners: " + " ".join(f"P{p}" for p in played.winners())
