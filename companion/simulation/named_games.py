"""Whole games of thinking bots with named seats, kept in a state database.

``companion simulate --games N --names ...`` and ``companion bench profile`` make their
games here: each is played in virtual time by bots with known per-condition delays
(:func:`companion.simulation.bots.thinking_delays`, seat ``i`` for ``names[i - 1]``) and
kept finished, with its rounds and named seats, in one transaction
(:func:`companion.storage.played_games.keep_played`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from companion.errors import CompanionError
from companion.games.notnot import data_file as data
from companion.games.notnot.game import Game
from companion.games.notnot.round import Timing
from companion.simulation.virtual_game import play
from companion.storage.database import Database
from companion.storage.notnot_saves import stored_settings
from companion.storage.played_games import keep_played

#: Rounds one game plays at most (a game ends in under 100).
MAX_ROUNDS = 1000


def keep_simulated(database: Database, names: Sequence[str], seed: int,
                   level: str = "first-game", tie_window_us: int = 1000) -> tuple[int, int]:
    """Play one game of thinking bots named ``names`` with ``seed`` and keep it in
    ``database``; its id and its number of rounds."""
    dice, recipe = data.not_not()
    game = Game.new(len(names), level, seed, dice=dice, recipe=recipe,
                    timing=Timing(tie_window_ns=tie_window_us * 1000))
    settings = stored_settings(game, simulated=True)
    rounds = [record.to_json() for record in itertools.islice(play(game, thinking=True),
                                                              MAX_ROUNDS)]
    if not game.over:
        raise CompanionError(f"the simulated game of seed {seed} did not end after "
                             f"{MAX_ROUNDS} rounds: nothing kept")
    return keep_played(database, settings, game.snapshot(), rounds, game.result(),
                       names), len(rounds)
