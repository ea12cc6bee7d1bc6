"""What the table is told when the kiosk's saves fail, and when they are all written again.

A save that fails waits (:class:`~companion.scenes.common.pending_saves.PendingSaves`) and a
notice stays on screen saying why until every waiting save is on disk. A
:class:`~companion.storage.faults.SaveLater` (disk full, read-only, a lock, an I/O error) mends
by itself (opened anew for the next try when the failed connection may keep the fault: a file
SQLite could not write when it opened it stays read-only in it); anything else (the file
refuses the write) needs a person, so the notice says where to look and the database is opened
anew for the next try.
"""

from __future__ import annotations

import logging

from companion.scenes.common.pending_saves import PendingSaves
from companion.scenes.core import Context
from companion.storage.faults import RECOVERY, SaveLater

log = logging.getLogger(__name__)


def save_failed(ctx: Context, error: Exception) -> None:
    """A save failed with ``error``: say why on screen until saving works again."""
    book = ctx.services.saves
    if not isinstance(error, SaveLater) or error.reopen:   # the next try opens it anew and
        ctx.services.close_database()   # checks it (SQLite keeps read-only a file it opened so)
    if isinstance(error, SaveLater):
        not_saved(ctx, book, error, f"{error.short}; the game is kept in memory")
        return
    not_saved(ctx, book, error, f"{short_reason(error)}; its rounds are kept until it is mended "
                                f"({RECOVERY.split(',')[0]})")


#: The most characters a reason without its own short words takes on screen.
REASON_CHARS = 60


def short_reason(error: Exception) -> str:
    """Why the state database failed, in a few words (the journal has it whole): the error's
    own short words, else its message cut after a whole word."""
    short = getattr(error, "short", None)
    if short:
        return short
    words = str(error)
    if len(words) <= REASON_CHARS:
        return words
    return words[:REASON_CHARS].rsplit(" ", 1)[0].rstrip(",;:(") + "..."


def not_saved(ctx: Context, book: PendingSaves, error: Exception, why: str) -> None:
    """A save failed: it waits, the table is told why, and a mark stays on screen until saving
    works again (told anew only when the reason changes)."""
    line = f"this game is not being saved: {why}"
    if book.failing != line:
        book.failing = line
        log.warning("this game is not being saved (%d saves wait): %s",
                    len(book.waiting) + len(book.kept), error)
        ctx.services.warn_until_cleared(line)   # said, then its mark stays in the corner


def saved_again(ctx: Context) -> None:
    """Once nothing waits after a failure, say that saving works again."""
    book = ctx.services.saves
    if book.failing is not None and not book.waiting and not book.kept:
        book.failing = None
        log.info("saving again: every waiting save is on disk")
        ctx.services.warn_until_cleared(None)
        ctx.services.notify("saving again: the game is saved up to now")
