"""Not That Movie! and That's Not a Hat saved in the kiosk, and never lost to a failing disk.

Every save brings the stored game up to the game played
(:meth:`~companion.storage.bookkeeping.KeptGame.sync`). When one fails the game plays on, the
notice of :mod:`companion.scenes.common.save_notices` stays on screen, and the game waits with
the kiosk's saves (:attr:`~companion.scenes.common.pending_saves.PendingSaves.kept`): every
later save, of any game, writes the waiting ones first, each whole.
"""

from __future__ import annotations

from typing import Any

from companion.scenes.common.save_notices import save_failed, saved_again
from companion.scenes.core import Context
from companion.storage.bookkeeping import KeptGame
from companion.storage.faults import STORE_ERRORS


def save_kept(ctx: Context, kept: KeptGame[Any]) -> None:
    """Write what changed in ``kept`` (after the games waiting before it); when that fails, it
    waits too and the table is told."""
    book = ctx.services.saves
    if kept not in book.kept:
        book.kept.append(kept)
    if write_kept(ctx):
        saved_again(ctx)   # when nothing else waits either


def write_kept(ctx: Context) -> bool:
    """Write every bookkeeping game waiting, in order; ``False`` (the rest kept, the table told)
    at the first that fails."""
    book = ctx.services.saves
    while book.kept:
        try:
            book.kept[0].sync(ctx.services.database())
        except STORE_ERRORS as error:
            save_failed(ctx, error)
            return False
        book.kept.pop(0)
    return True
