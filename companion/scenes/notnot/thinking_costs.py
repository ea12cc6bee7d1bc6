"""The end screen's line per player of what costs them most ("NOT NOT NOT costs Ana 410 ms").

A named player's profile (:mod:`companion.games.notnot.profile`) is made from their latest
:data:`KEPT_ROUNDS` kept rounds of other games and this game's rounds; a guest's from this
game's rounds alone. A player whose profile has too few rounds for two conditions gets no line.
The lines from this game's rounds are made at the scene's entry (:func:`cost_lines`); the kept
rounds are read once, after the end screen's first frame (:func:`cost_lines_with_kept`): on
a Pi they take a second or more for a busy table. A state database that cannot be read leaves
every player a guest's line.
"""

from __future__ import annotations

import logging

from companion.errors import CompanionError
from companion.games.notnot.profile import profile_of
from companion.games.notnot.record import RoundRecord
from companion.scenes.core import Context
from companion.storage.database import Database
from companion.storage.location import state_dir
from companion.storage.played_games import rounds_of
from companion.storage.players import PlayerStore, seat_label

log = logging.getLogger(__name__)

#: The most kept rounds of other games a named player's line reads (the latest): enough to tell,
#: and read in a few tens of ms at the end screen's entry.
KEPT_ROUNDS = 1000
#: The most rows the lines take on the end screen: beyond, two players share a row.
MAX_ROWS = 4


def kept_rounds(ctx: Context, game_id: int | None
                ) -> tuple[dict[int, str], dict[int, list[tuple[RoundRecord, int]]]]:
    """Kept game ``game_id``'s named players by seat, and each one's kept rounds of other games
    (nothing for a game not kept yet, or no state database kept)."""
    if game_id is None or not Database.kept_in(state_dir(ctx.services.state_dir)):
        return {}, {}
    database = ctx.services.database()
    seated = PlayerStore(database).seated(game_id)
    return ({seat: player.name for seat, player in seated.items()},
            {seat: list(rounds_of(database, player.id, besides=game_id, last=KEPT_ROUNDS).rounds)
             for seat, player in seated.items()})


def cost_lines_with_kept(ctx: Context, game_id: int | None, players: int,
                         rounds: list[RoundRecord]) -> list[str] | None:
    """:func:`cost_lines` with the named players' kept rounds of other games; ``None`` when
    game ``game_id`` seats no named player (the lines from this game's rounds stand) or the
    state database cannot be read (said in the journal)."""
    try:
        names, kept = kept_rounds(ctx, game_id)
    except CompanionError as error:
        log.warning("the end screen's profiles from this game only: %s", error)
        return None
    return cost_lines(players, rounds, names, kept) if names else None


def cost_lines(players: int, rounds: list[RoundRecord], names: dict[int, str] | None = None,
               kept: dict[int, list[tuple[RoundRecord, int]]] | None = None) -> list[str]:
    """One line per player with a costliest condition, in seat order, from this game's
    ``rounds`` and each seat's ``kept`` rounds, labelled with the seats' ``names`` (guests
    otherwise)."""
    names, kept = names or {}, kept or {}
    lines = []
    for seat in range(1, players + 1):
        cost = profile_of(kept.get(seat, []) + [(record, seat) for record in rounds]).costliest()
        if cost is not None:
            lines.append(cost.line(seat_label(seat, names)))
    return lines


def rows_of(lines: list[str]) -> list[str]:
    """``lines`` as the end screen shows them: one a row, or two a row beyond :data:`MAX_ROWS`."""
    if len(lines) <= MAX_ROWS:
        return lines
    return ["     ".join(lines[i:i + 2]) for i in range(0, len(lines), 2)]
