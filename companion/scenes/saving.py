"""Not Not in the kiosk, saved in the state database as it is played, and found again for resume.

A game is stored when it starts (its settings and first snapshot). Each
finished round is saved with the snapshot after it in one transaction, once
its verdict is on screen (the disk never delays a verdict); the round that
ends the game saves it finished with its result, so ``companion history``
lists it. A game the table ends early from the pause menu is saved finished
as it stands, marked ended early. Starting a new game over one kept
unfinished (the set-up menu asks first) ends the kept one the same way, so
``companion history`` lists it as ended early.

The set-up menu offers the table's unfinished game for resume; games saved
by ``companion simulate --state-dir`` are not the table's and never offered.
If the state database cannot be opened or a save fails, the game goes on
unsaved and a one-line notice says so.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.rules.game import Game, micros
from companion.simulation import result
from companion.storage.games import GameStore

log = logging.getLogger(__name__)

#: What opening or writing the state database may raise.
STORE_ERRORS = (CompanionError, sqlite3.Error, OSError)


@dataclass(frozen=True)
class UnfinishedGame:
    """A kept game that restores: its id, the game after its last finished round, its rounds' records."""

    id: int
    game: Game
    rounds: tuple[dict, ...]


def settings_of(ctx) -> dict:
    """What the kiosk's game is set up with, as it is stored."""
    s = ctx.settings
    return {"level": s.level, "players": s.players, "deals": s.deals, "seed": ctx.game.seed,
            "tie_window_us": micros(ctx.tie_window_ns)}


def not_saving(ctx, error) -> None:
    """Say in one line (and in the log) that the game in progress is not being saved."""
    ctx.game_id = None
    log.warning("this game is not being saved: %s", error)
    ctx.notify(f"this game is not being saved: {error}")


def save_new_game(ctx) -> None:
    """Store the game just started (abandoning any kept unfinished) and keep its id in ``ctx``."""
    game = ctx.game
    try:
        ctx.game_id = GameStore(ctx.database()).create(game.players, settings_of(ctx), game.snapshot())
    except STORE_ERRORS as error:
        not_saving(ctx, error)


def save_round(ctx, record: dict) -> None:
    """Once the next frame is on screen, store ``record`` with the game's snapshot as it is now
    (and the result, when the round ended the game)."""
    if ctx.game_id is None:
        return
    game_id, snapshot = ctx.game_id, ctx.game.snapshot()
    final = result(ctx.game) if ctx.game.over else None
    ctx.after_frame.append(lambda: _write(ctx, game_id, lambda store: store.save_round(
        game_id, record, snapshot, result=final)))


def save_ended(ctx) -> None:
    """The table ended the game before it was over: once the next frame is on screen, store it
    finished with the scores as they stand."""
    game_id, game = ctx.game_id, ctx.game
    ctx.game_id = None
    if game_id is not None and not game.over:
        final, snapshot = result(game), game.snapshot()
        ctx.after_frame.append(lambda: _write(ctx, game_id, lambda store: store.finish(
            game_id, final, snapshot, early=True)))


def end_kept(ctx, kept: UnfinishedGame) -> None:
    """End the kept unfinished game ``kept`` as it stands, marked ended early (a new game is
    starting over it); a notice if it cannot be written."""
    try:
        store = GameStore(ctx.database())
        store.finish(kept.id, result(kept.game), kept.game.snapshot(), early=True)
    except STORE_ERRORS as error:
        log.warning("the kept game %d could not be ended: %s", kept.id, error)
        ctx.notify(f"the kept game could not be ended: {error}")


def _write(ctx, game_id: int, write) -> None:
    try:
        write(GameStore(ctx.database()))
    except STORE_ERRORS as error:
        if ctx.game_id == game_id:
            not_saving(ctx, error)
        else:
            log.warning("game %d could not be saved: %s", game_id, error)


def unfinished_game(ctx) -> UnfinishedGame | None:
    """The table's unfinished game in the state database, restored, or ``None``.

    ``None`` too when the database cannot be opened (the game started next
    says so). A kept game whose snapshot no longer restores is abandoned,
    with a notice naming what is wrong.
    """
    try:
        store = GameStore(ctx.database())
        saved = store.unfinished()
    except STORE_ERRORS as error:
        log.warning("no game to resume: %s", error)
        return None
    if saved is None or saved.settings.get("simulated"):
        return None
    try:
        return UnfinishedGame(saved.id, Game.restore(saved.snapshot), saved.rounds)
    except (KeyError, TypeError, ValueError) as error:
        store.abandon(saved.id)
        ctx.notify(f"the kept game could not be resumed: {type(error).__name__}: {error}")
        return None
