"""Not Not in the kiosk, saved in the state database as it is played, and found again for resume.

A game is stored when it starts (its settings and first snapshot). Each
finished round is saved with the snapshot after it in one transaction, once
its verdict is on screen (the disk never delays a verdict); the round that
ends the game saves it finished with its result, so ``companion history``
lists it. Taps are final, and so are dice: once a round's final dice are on
screen, the game's snapshot is saved as if that roll were cancelled (its
``cancelled`` count one up), so a game resumed before that round finished (a
power cut mid-round, or a round cancelled at the pause and the table gone
back to the title) rolls new dice, never the ones the table has seen. A
finished round's save puts the count back to 0. A game the table ends early
from the pause menu is saved finished as it stands, marked ended early.
Starting a new game over one kept unfinished (the set-up menu asks first)
ends the kept one the same way, so ``companion history`` lists it as ended
early.

The saves are made in :mod:`companion.storage.notnot_saves`, the form
``companion simulate`` stores too. They wait in order in the kiosk's
:class:`~companion.scenes.notnot.pending_saves.PendingSaves` until they are
on disk, and no save is ever dropped. When one fails the game plays on, a
notice that stays on screen until saving works again says the game is not
being saved and why, and the saves keep waiting: after each later round
they are tried again, in order, and once they are written a notice says the
game is saved again. The storage says which kind of failure it is: a
:class:`~companion.storage.faults.SaveLater` (a full or nearly full disk, a
read-only file or folder, a lock, an I/O error) mends when its cause goes;
a :class:`~companion.storage.faults.SaveRefused` (the file refuses: a schema
version that is not ours, a constraint or trigger that aborts the write, a
damaged page) needs a person to mend the file, so the notice says where to
look, and the database is opened (and checked) anew for the next try. Any
other error is kept the same way. Nothing committed is touched by a failed
save.

The waiting saves have no cap: what waits is what the table played while saving
failed, at most two saves a round (the seen roll, the round) and one each
for a game's start and end, a few kilobytes a round; a game is as long as its
deck and its table make it, so a whole day of unsaved play stays in a few
megabytes.

The set-up menu offers the table's unfinished game for resume; games saved
by ``companion simulate --state-dir`` are not the table's and never offered.
A kept game that does not read or restore is set aside (kept, marked
damaged, never offered again) with one notice.
"""

from __future__ import annotations

import logging
import sqlite3

from companion.errors import CompanionError
from companion.games.notnot.record import RoundRecord
from companion.scenes.core import Context
from companion.scenes.notnot.pending_saves import GameRef, PendingSaves, write
from companion.scenes.notnot.play import NotNotPlay
from companion.storage.faults import RECOVERY, SaveLater
from companion.storage.games import GameStore
from companion.storage.notnot_saves import (
    EndedEarly,
    NewGame,
    RoundSave,
    Save,
    SeenRoll,
    UnfinishedGame,
)
from companion.storage.restoring import DamagedSnapshot

log = logging.getLogger(__name__)

#: What opening or writing the state database may raise.
STORE_ERRORS = (CompanionError, sqlite3.Error, OSError)


def save_new_game(ctx: Context, play: NotNotPlay) -> None:
    """Store the game just started (abandoning any kept unfinished); its id goes in its
    ``play.ref`` once written."""
    if play.ref is not None:
        ctx.services.saves.waiting.append((play.ref, NewGame.of(play.game)))
        flush(ctx)


def save_round(ctx: Context, play: NotNotPlay, record: RoundRecord) -> None:
    """Once the next frame is on screen, store ``record`` with the game's snapshot as it is now
    (and the result, when the round ended the game)."""
    if play.ref is not None:
        later(ctx, play.ref, RoundSave.of(play.game, record))


def save_seen_roll(ctx: Context, play: NotNotPlay) -> None:
    """The flip just shown holds this round's final dice: once the frame is on screen, store the
    snapshot with this roll counted as cancelled, so a resume before the round is saved rolls
    new dice."""
    if play.ref is not None:
        later(ctx, play.ref, SeenRoll.of(play.game))


def save_ended(ctx: Context, play: NotNotPlay) -> None:
    """The table ended the game before it was over: once the next frame is on screen, store it
    finished with the scores as they stand. Nothing more of it is saved after."""
    ref, game, play.ref = play.ref, play.game, None
    if ref is not None and not game.over:
        later(ctx, ref, EndedEarly.of(game))


def end_kept(ctx: Context, kept: UnfinishedGame) -> None:
    """End the kept unfinished game ``kept`` as it stands, marked ended early (a new game is
    starting over it); it waits with the other saves if it cannot be written yet."""
    ctx.services.saves.waiting.append((GameRef(kept.id), EndedEarly.of(kept.game)))
    flush(ctx)


def later(ctx: Context, ref: GameRef, save: Save) -> None:
    """Queue ``save`` for ``ref``'s game and try the waiting saves once the next frame is shown."""
    ctx.services.saves.waiting.append((ref, save))
    ctx.after_frame.append(lambda: flush(ctx))


def flush(ctx: Context) -> None:
    """Try the waiting saves in order; stop at the first that fails, and keep it (and every
    save after it) for the next try. Once all are written after a failure, say so."""
    book = ctx.services.saves
    while book.waiting:
        ref, save = book.waiting[0]
        try:
            write(GameStore(ctx.services.database()), ref, save)
        except SaveLater as error:
            not_saved(ctx, book, error, f"{error.short}; the game is kept in memory")
            return
        except STORE_ERRORS as error:   # the file refuses: kept too, until a person mends it
            ctx.services.close_database()   # the next try opens it, and checks it, anew
            short = getattr(error, "short", None) or str(error)[:60]
            not_saved(ctx, book, error, f"{short}; its rounds are kept until it is mended "
                                        f"({RECOVERY.split(',')[0]})")
            return
        book.waiting.pop(0)
    if book.failing is not None:
        book.failing = None
        log.info("saving again: every waiting save is on disk")
        ctx.services.warn_until_cleared(None)
        ctx.services.notify("saving again: the game is saved up to now")


def not_saved(ctx: Context, book: PendingSaves, error: Exception, why: str) -> None:
    """A save failed: it waits, and a notice stays on screen until saving works again (told
    anew only when the reason changes)."""
    line = f"this game is not being saved: {why}"
    if book.failing != line:
        first = book.failing is None
        book.failing = line
        log.warning("this game is not being saved (%d saves wait): %s", len(book.waiting), error)
        ctx.services.warn_until_cleared(line)
        if first:
            ctx.services.notify(line)


def set_aside_notice(ctx: Context, store: GameStore) -> None:
    """Say once that the damaged kept games ``store`` met were set aside."""
    if store.set_aside:
        ids = ", ".join(str(game_id) for game_id, _ in store.set_aside)
        ctx.services.notify(f"kept game {ids} was damaged and has been set aside "
                   "(companion history lists it)")


def unfinished_game(ctx: Context) -> UnfinishedGame | None:
    """The table's unfinished game in the state database, restored, or ``None``.

    ``None`` too when the database cannot be opened (the game started next
    says so). A kept game that does not read or restore is set aside, with a
    notice.
    """
    try:
        store = GameStore(ctx.services.database())
        saved = store.unfinished()
    except STORE_ERRORS as error:
        log.warning("no game to resume: %s", error)
        return None
    if saved is None or saved.settings.get("simulated"):
        set_aside_notice(ctx, store)
        return None
    try:
        return UnfinishedGame.of(saved)
    except DamagedSnapshot as error:
        store.set_aside_game(saved.id, str(error))
        set_aside_notice(ctx, store)
        return None
