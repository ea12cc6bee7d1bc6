"""The leaderboard across kept games: each named player's wins, cards per game and reaction.

Pure: it reads each game's result, its named seats and its round records (no I/O, no clock).
A player's *wins* are the games whose result lists their seat among the winners (a shared
first place is a win for each); *cards per game* the point cards they ended with, on average;
*median reaction* the median of their reaction times
(:func:`companion.games.notnot.record.reaction_ms`) over those games, overall and by the
level each round was played at. Guests' seats count for nobody.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.games.notnot.cards import Level
from companion.games.notnot.record import RoundRecord, reaction_ms

#: The levels, in the order they are shown.
LEVELS = tuple(level.value for level in Level)


@dataclass(frozen=True)
class KeptGame:
    """One kept game as the leaderboard reads it: its result (``scores`` by seat, as text, and
    ``winners``), its named seats and its rounds."""

    result: Mapping
    names: Mapping[int, str]
    rounds: Sequence[RoundRecord]


@dataclass
class Standing:
    """One player's line of the board."""

    name: str
    games: int = 0
    wins: int = 0
    cards: int = 0
    times: list[float] = field(default_factory=list)
    by_level: dict[str, list[float]] = field(default_factory=dict)

    @property
    def cards_per_game(self) -> float:
        return self.cards / self.games if self.games else 0.0

    def to_json(self) -> dict:
        return {"name": self.name, "games": self.games, "wins": self.wins,
                "cards_per_game": round(self.cards_per_game, 2),
                "median_ms": tenths(median(self.times)), "answers": len(self.times),
                "median_ms_by_level": {level: tenths(median(self.by_level[level]))
                                       for level in LEVELS if level in self.by_level}}


def median(times: list[float]) -> float | None:
    """The exact median of ``times`` (ms), None for none: shown rounded once
    (:func:`~companion.games.notnot.record.whole_ms`), given to 0.1 ms in JSON."""
    return statistics.median(times) if times else None


def tenths(ms: float | None) -> float | None:
    """``ms`` to 0.1 ms, as the JSON forms give it."""
    return None if ms is None else round(ms, 1)


def games_counted(games: int) -> str:
    """``last 20 games``, or ``last game`` for one: what a leaderboard over ``games`` counted."""
    return "last game" if games == 1 else f"last {games} games"


def board(games: Iterable[KeptGame]) -> list[Standing]:
    """Every named player's standing over ``games``: most wins first, then most cards per game,
    then name."""
    standings: dict[str, Standing] = {}
    for game in games:
        scores = game.result.get("scores", {})
        winners = set(game.result.get("winners", []))
        for seat, name in game.names.items():
            standing = standings.setdefault(name, Standing(name))
            standing.games += 1
            standing.wins += seat in winners
            standing.cards += int(scores.get(str(seat), 0))
            for record in game.rounds:
                ms = reaction_ms(record, seat)
                if ms is not None:
                    standing.times.append(ms)
                    standing.by_level.setdefault(record.level, []).append(ms)
    return sorted(standings.values(),
                  key=lambda s: (-s.wins, -s.cards_per_game, s.name.casefold()))
