"""Simulated players: when and where a bot taps, given what the screen shows.

Each bot has its own reaction-time distribution (log-normal, in milliseconds)
and error habits: tapping a wrong card, tapping when nobody may tap, jumping
the gun before the dice land, and tapping twice. A bot sees the ruling (as a
practised player would) and answers with stamped taps relative to the round's
open. All randomness comes from the ``random.Random`` passed in.

A bot can also think: its :class:`Delays` add known milliseconds to its median for what
the roll asks (each negation count, the Liar, a turned arrow, a colour word in a
mismatched ink), as :mod:`companion.games.notnot.profile` splits rounds. The bots of
``companion simulate`` and the demo do not (:data:`NO_DELAYS`: the games they play stay
as they were); those of ``companion simulate --games N --names ...`` do
(:func:`thinking_delays`), so that a profile can be checked against delays known in
advance. A round's median is the bot's median plus every delay that applies, and its
reaction time that median times a log-normal factor whose median is 1.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from companion.games.notnot.dice import COLOUR_FACES, NEGATIONS, Roll
from companion.games.notnot.judge import Ruling
from companion.games.notnot.sides import SIDES, Side

MS = 1_000_000  # nanoseconds


@dataclass(frozen=True)
class Delays:
    """Milliseconds a bot's median grows by for what a roll asks: ``negations[n]`` for the
    negation die's count ``n`` (0 to 3), ``liar`` for the Liar, ``arrow`` for a turned arrow,
    ``stroop`` for a colour word (drawn in a mismatched ink)."""

    negations: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)
    liar: float = 0.0
    arrow: float = 0.0
    stroop: float = 0.0

    def for_roll(self, roll: Roll) -> float:
        """The milliseconds ``roll`` adds."""
        return (self.negations[NEGATIONS.get(roll.negation, 0)]
                + (self.liar if roll.liar else 0.0)
                + (self.arrow if roll.up != Side.N else 0.0)
                + (self.stroop if roll.criteria[1] in COLOUR_FACES else 0.0))


#: No thinking: the median whatever the roll.
NO_DELAYS = Delays()
#: Every thinking bot's median reaction time in ms when the roll asks nothing that costs: the
#: same in every game, so its rounds over many games share one known median per condition.
THINKING_MEDIAN_MS = 450.0
#: The thinking bots' delays, in ms, before each bot's own scale (:func:`thinking_delays`).
NEGATION_DELAYS_MS = (0.0, 60.0, 130.0, 210.0)
LIAR_DELAY_MS = 90.0
ARROW_DELAY_MS = 70.0
STROOP_DELAY_MS = 40.0


def thinking_delays(player: int) -> Delays:
    """Player ``player``'s known delays: the ``*_DELAY_MS`` figures above, scaled by
    ``1 + (player - 1) / 4`` (player 1 as given, player 5 twice as slow to think)."""
    scale = 1 + (player - 1) / 4
    negations = tuple(ms * scale for ms in NEGATION_DELAYS_MS)
    return Delays((negations[0], negations[1], negations[2], negations[3]),
                  LIAR_DELAY_MS * scale, ARROW_DELAY_MS * scale, STROOP_DELAY_MS * scale)


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
    delays: Delays = NO_DELAYS  # what each kind of roll adds to the median

    def median_for(self, roll: Roll | None) -> float:
        """The bot's median reaction time (ms) for ``roll`` (its own median without one)."""
        return self.median_ms + (self.delays.for_roll(roll) if roll is not None else 0.0)

    def reaction_ns(self, rng: random.Random, roll: Roll | None = None) -> int:
        ms = self.median_for(roll) * math.exp(rng.gauss(0.0, self.spread))
        return max(120, int(ms * 1000)) * 1000  # whole microseconds, never superhuman

    def taps(self, ruling: Ruling, rng: random.Random,
             roll: Roll | None = None) -> list[tuple[Side, int]]:
        """This bot's presses as ``(side, ns after the open)``, possibly negative; ``roll``
        (what the screen shows) sets the delays that apply."""
        presses: list[tuple[Side, int]] = []
        if rng.random() < self.early_rate:
            presses.append((rng.choice(SIDES), -rng.randint(20, 400) * MS))
        side = self._choose(ruling, rng)
        if side is None:
            return presses
        at = self.reaction_ns(rng, roll)
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


def make_bots(players: int, rng: random.Random, thinking: bool = False) -> list[Bot]:
    """A table of bots with different speeds and habits; ``thinking`` gives each the median
    :data:`THINKING_MEDIAN_MS` and its :func:`thinking_delays` (else :data:`NO_DELAYS`).

    Speeds sit close together (as at a real table of regulars), so near-ties
    happen; one bot in three is sloppy.
    """
    bots = []
    for player in range(1, players + 1):
        sloppy = player % 3 == 0
        median_ms = rng.uniform(440.0, 480.0)
        bots.append(Bot(
            player=player,
            median_ms=THINKING_MEDIAN_MS if thinking else median_ms,
            spread=rng.uniform(0.05, 0.09),
            wrong_rate=0.25 if sloppy else rng.uniform(0.05, 0.10),
            impulse_rate=0.25 if sloppy else 0.08,
            early_rate=0.06 if sloppy else 0.02,
            double_rate=0.05,
            miss_rate=0.05,
            delays=thinking_delays(player) if thinking else NO_DELAYS,
        ))
    return bots
