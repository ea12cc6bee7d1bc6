"""A whole game played by simulated players, in virtual time.

The bots' presses go through the same round engine as real play: each press
becomes a stamped :class:`~companion.games.notnot.taps.Tap`, offered to the round in
a shuffled arrival order, and judged by stamps alone. Nothing sleeps: round
``n`` opens at ``n`` virtual minutes, so a whole game takes milliseconds. The
bots and every round's randomness derive from the seed, so a game resumed
from a snapshot plays on exactly as the uninterrupted one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.sides import SIDES
from companion.games.notnot.taps import Tap
from companion.simulation.bots import Bot, make_bots

ROUND_SPACING_NS = 60 * 1_000_000_000  # virtual time between round opens


def bots_for(game: Game, thinking: bool = False) -> list[Bot]:
    """The same bots for the same seed, whenever asked; ``thinking``: with their known
    per-condition delays (:func:`~companion.simulation.bots.thinking_delays`)."""
    return make_bots(game.players, random.Random(f"{game.seed}:bots"), thinking)


def play_round(game: Game, bots: list[Bot]) -> RoundRecord:
    """Roll, let the bots press, judge by stamps, finish the round; its record."""
    roll = game.next_roll()
    t_open_ns = (game.round_no + 1) * ROUND_SPACING_NS
    round_ = game.open_round(roll, t_open_ns)
    rng = game.rng("bots")
    taps = [
        Tap(bot.player, side, t_open_ns + offset, "bot")
        for bot in bots
        for side, offset in bot.taps(round_.ruling, rng, roll)
    ]
    rng.shuffle(taps)  # arrival order must not matter
    for tap in taps:
        round_.offer(tap)
    choices = {}
    for player in game.choosers(round_):
        choices[player] = rng.choice(SIDES)  # a spot the bot presses; a taken one falls back
    return game.finish_round(round_, choices)


def play(game: Game, thinking: bool = False) -> Iterator[RoundRecord]:
    """Play ``game`` to its end, yielding each round's record as it finishes (``thinking``:
    with thinking bots, see :func:`bots_for`)."""
    bots = bots_for(game, thinking)
    while not game.over:
        yield play_round(game, bots)
