"""Who sits where at the table, kept in the set-up (``GameSetup.names``, ``player_ids``) and
in the state folder: a kept game's seats read back on resume, the chosen players refreshed
as the state folder keeps them now. Every game's set-up shares these (Not Not, Not That
Movie!, That's Not a Hat); a failure to read leaves the table playing, as guests if need be,
and the journal says why."""

from __future__ import annotations

import logging

from companion.scenes.core import Context
from companion.scenes.session import GameSetup
from companion.storage.faults import STORE_ERRORS
from companion.storage.players import Player, PlayerStore

log = logging.getLogger(__name__)

def take_seats_of(ctx: Context, game_id: int) -> None:
    """The set-up's names and players become kept game ``game_id``'s (guests when they cannot
    be read: the game goes on, the journal says why)."""
    setup = ctx.session.setup
    try:
        with ctx.services.kept_games() as database:
            seated = PlayerStore(database).seated(game_id)
    except STORE_ERRORS as error:
        log.warning("the players of game %d could not be read: %s", game_id, error)
        seated = {}
    setup.names = {seat: player.name for seat, player in seated.items()}
    setup.player_ids = {seat: player.id for seat, player in seated.items()}


def names_as_kept(ctx: Context) -> None:
    """The set-up's players as the state folder keeps them now: a player renamed since they
    were chosen shows their new name, one merged or forgotten is a guest again (left as they
    were when the players cannot be read)."""
    setup = ctx.session.setup
    if not setup.player_ids:
        return
    kept = kept_names(ctx)
    if kept is None:
        return
    setup.player_ids = {seat: pid for seat, pid in setup.player_ids.items() if pid in kept}
    setup.names = {seat: kept[pid] for seat, pid in setup.player_ids.items()}


def kept_names(ctx: Context) -> dict[int, str] | None:
    """The kept players' names, by id (``None`` when they cannot be read: the journal says
    why)."""
    try:
        with ctx.services.kept_games() as database:
            return {player.id: player.name for player in PlayerStore(database).list_players()}
    except STORE_ERRORS as error:
        log.warning("the kept players could not be read: %s", error)
        return None


def seats_for(ctx: Context, players: int) -> dict[int, int]:
    """The kept players' ids of the seats a game of ``players`` has (seat -> id)."""
    return {seat: pid for seat, pid in ctx.session.setup.player_ids.items() if seat <= players}


def seat_of(setup: GameSetup, player_id: int) -> int | None:
    """The set-up's seat that player ``player_id`` sits in (``None``: none)."""
    return next((seat for seat, pid in setup.player_ids.items() if pid == player_id), None)


def unseat(setup: GameSetup, player_id: int) -> int | None:
    """The set-up's seat of player ``player_id`` made a guest's; that seat (``None``: they sat
    in none)."""
    seat = seat_of(setup, player_id)
    if seat is not None:
        del setup.player_ids[seat]
        setup.names.pop(seat, None)
    return seat


def seat_merged(setup: GameSetup, source: Player, into: Player) -> str:
    """The set-up's seat of ``source``, just merged into ``into`` (one person, kept once), seats
    ``into`` from now on, as a rename follows its seat; when ``into`` sits in another seat of
    the set-up already, ``source``'s seat is a guest's instead (a player sits once at a table).
    What became of the seat when it is a guest's ("seat 1 is a guest now: Grandpa sits in
    seat 3"), else ""."""
    seat = unseat(setup, source.id)
    if seat is None:
        return ""
    other = seat_of(setup, into.id)
    if other is not None:
        return f"seat {seat} is a guest now: {into.name} sits in seat {other}"
    setup.names[seat], setup.player_ids[seat] = into.name, into.id
    return ""
