"""The leaderboard line on the title screen, read from the state folder at the scene's entry.

The named players with the most wins over the last :data:`LAST_GAMES` finished Not Not games
(:mod:`companion.games.notnot.leaderboard`), each one's wins said of the games they played, with
their median reaction: one line, or
nothing when no named player has finished a game, no state database is kept yet (none is made
for it) or it cannot be read (the title never fails for it).
"""

from __future__ import annotations

import logging

from companion.errors import CompanionError
from companion.games.notnot.leaderboard import Standing, board, games_counted, median
from companion.games.notnot.record import whole_ms
from companion.scenes.core import Context
from companion.storage.database import Database
from companion.storage.faults import DamagedDatabase, damaged_notice
from companion.storage.location import state_dir
from companion.storage.played_games import finished_games

log = logging.getLogger(__name__)

#: The games the title's leaderboard counts, newest first.
LAST_GAMES = 20
#: The players it names, at most.
SHOWN = 3


def leaderboard_line(ctx: Context) -> str:
    """``Last 20 games:   Ana won 5 of 12, 560 ms   Bo won 3 of 20, 610 ms`` (the games there
    are, up to :data:`LAST_GAMES`; each player's wins of the games among them they played, and
    median reaction), or ``""``."""
    try:
        if not Database.kept_in(state_dir(ctx.services.state_dir)):
            return ""
        with ctx.services.kept_games() as database:   # read-only when it cannot be written
            games = list(finished_games(database, LAST_GAMES))
        standings = board(games)
    except DamagedDatabase as error:   # on screen: what to do before anything writes to it
        log.warning("no leaderboard on the title: %s", error)
        ctx.services.notify(damaged_notice(error))
        return ""
    except CompanionError as error:
        log.warning("no leaderboard on the title: %s", error)
        return ""
    if not standings:
        return ""
    return f"{games_counted(len(games)).capitalize()}:   " + "   ".join(
        standing_words(standing) for standing in standings[:SHOWN])


def standing_words(standing: Standing) -> str:
    """``Ana won 2 of 3, 560 ms``: a player's wins of the games they played (not of all the
    games counted: some were played without them), and their median reaction when they have
    one."""
    median_ms = median(standing.times)
    return f"{standing.name} won {standing.wins} of {standing.games}" + (
        f", {whole_ms(median_ms)} ms" if median_ms is not None else "")
