"""Simulated players: when and where a bot taps, given what the screen shows.

Each bot has its own reaction-time distribution (log-normal, in milliseconds)
and error habits: tapping a wrong card, tapping when nobody may tap, jumping
the gun before the dice land, and tapping twice. A bot sees the ruling (as a
practised player would) and answers with stamped taps relative to the round's
open. All randomness comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from companion.games.notnot.judge import Ruling
from companion.games.notnot.sides import SIDES, Side

MS = 1_000_000  # nanoseconds


@dataclass(frozen=True)
class Bot:
    """How one simulated player behaves."""

    player: int
    median_ms: float      # median reaction time
    spread: float         # log-normal sigma
    wrong_rate: float     # picks a card that is not valid
    impulse_rate: float   # taps although nobody may tap
    early_rate: float     # presses before the dice land
    double_rate: float    # presses a second time
    miss_rate: float      # does not tap at all

    def reaction_ns(self, rng: random.Random) -> int:
        ms = self.median_ms * math.exp(rng.gauss(0.0, self.spread))
        return max(120, int(ms * 1000)) * 1000  # whole microseconds, never superhuman

    def taps(self, ruling: Ruling, rng: random.Random) -> list[tuple[Side, int]]:
        """This bot's presses as ``(side, ns after the open)``, possibly negative."""
        presses: list[tuple[Side, int]] = []
        if rng.random() < self.early_rate:
            presses.append((rng.choice(SIDES), -rng.randint(20, 400) * MS))
        side = self._choose(ruling, rng)
        if side is None:
            return presses
        at = self.reaction_ns(rng)
        presses.append((side, at))
        if rng.random() < self.double_rate:
            presses.append((rng.choice(SIDES), at + rng.randint(80, 300) * MS))
        return presses

    def _choose(self, ruling: Ruling, rng: random.Random) -> Side | None:
        if not ruling.tap:
            return rng.choice(SIDES) if rng.random() < self.impulse_rate else None
        if rng.random() < self.miss_rate:
            return None
        wrong = [side for side in SIDES if side not in ruling.valid]
        if wrong and rng.random() < self.wrong_rate:
            return rng.choice(wrong)
        return rng.choice(ruling.valid)


def make_bots(players: int, rng: random.Random) -> list[Bot]:
    """A table of bots with different speeds and habits.

    Speeds sit close together (as at a real table of regulars), so near-ties
    happen; one bot in three is sloppy.
    """
    bots = []
    for player in range(1, players + 1):
        sloppy = player % 3 == 0
        bots.append(Bot(
            player=player,
            median_ms=rng.uniform(440.0, 480.0),
            spread=rng.uniform(0.05, 0.09),
            wrong_rate=0.25 if sloppy else rng.uniform(0.05, 0.10),
            impulse_rate=0.25 if sloppy else 0.08,
            early_rate=0.06 if sloppy else 0.02,
            double_rate=0.05,
            miss_rate=0.05,
        ))
    return bots
