"""Not Not in the kiosk, saved in the state database as it is played, and found again for resume.

A game is stored when it starts; each finished round is saved with the snapshot after it,
in one transaction, once its verdict is on screen (the disk never delays a verdict); the
round that ends the game saves it finished with its result. A correction of the table (the
pause menu) is saved as soon as it is made, with the snapshot it leaves; so is each card the
dealer enters in a table deal. Dice are final like
taps: once a round's final dice are on screen the snapshot is saved with that roll counted as
cancelled, so a game resumed before the round is saved rolls new dice and says that round
does not count (a pause that cancels the round saves it as cancelled, the pause menu having
said so). A round closed at a pause is saved marked as its verdict not yet shown (the pause
menu stands in front of it), so that a resume after a power cut says what it gave; once Resume
shows the verdict, the snapshot is saved without the mark. A game ended early
(the pause menu, or a new game started over a kept one) is saved finished as it stands,
marked ended early.

The saves (:mod:`companion.storage.notnot_saves`, the form ``companion simulate`` stores
too) wait in order in :class:`~companion.scenes.common.pending_saves.PendingSaves` until
they are on disk; none is ever dropped. When one fails the game plays on, a notice stays
on screen saying why (:mod:`companion.scenes.common.save_notices`), and the saves are tried
again after each later round (the other two games' waiting first,
:mod:`companion.scenes.common.kept_saves`). What waits is a few kilobytes a round: a whole
day of unsaved play stays in a few megabytes.

The set-up menu offers the table's unfinished game for resume (never one ``companion
simulate`` saved); a kept game that does not read is set aside with one notice.
"""

from __future__ import annotations

import logging

from companion.games.notnot.dice import Roll
from companion.games.notnot.record import RoundRecord
from companion.scenes.common.kept_saves import write_kept
from companion.scenes.common.pending_saves import GameRef, write
from companion.scenes.common.save_notices import save_failed, saved_again
from companion.scenes.common.seating import seats_for
from companion.scenes.core import Context
from companion.scenes.notnot.play import NotNotPlay
from companion.storage.faults import STORE_ERRORS
from companion.storage.games import GameStore
from companion.storage.notnot_saves import (
    EndedEarly,
    NewGame,
    RoundSave,
    Save,
    SeenRoll,
    Snapshot,
    UnfinishedGame,
)
from companion.storage.restoring import DamagedSnapshot

log = logging.getLogger(__name__)



def save_new_game(ctx: Context, play: NotNotPlay) -> None:
    """Store the game just started (abandoning any kept unfinished) with the kept players in its
    seats, in one transaction; its id goes in its ``play.ref`` once written."""
    if play.ref is not None:
        seats = seats_for(ctx, play.game.players)
        ctx.services.saves.waiting.append((play.ref, NewGame.of(play.game, seats=seats,
                                                                head_starts=play.head_starts)))
        flush(ctx)


def save_round(ctx: Context, play: NotNotPlay, record: RoundRecord,
               edges: dict | None = None, replaces: bool = False, unseen: bool = False) -> None:
    """Once the next frame is on screen, store ``record`` with the game's snapshot as it is now
    (and the result, when the round ended the game), and the pads' raw ``edges`` in it;
    ``replaces``: in place of the same round saved while its tie was being chosen;
    ``unseen``: the round closed at a pause, the pause menu shows before its verdict
    (:data:`~companion.storage.notnot_saves.VERDICT_UNSEEN`)."""
    if play.ref is not None:
        later(ctx, play.ref, RoundSave.of(play.game, record, edges, replaces, unseen=unseen))


def save_seen_roll(ctx: Context, play: NotNotPlay, roll: Roll) -> None:
    """The flip just shown holds this round's final dice, ``roll``: once the frame is on screen,
    store the snapshot with this roll counted as cancelled, so a resume before the round is
    saved rolls new dice, never these."""
    if play.ref is not None:
        later(ctx, play.ref, SeenRoll.seeing(play.game, roll))


def save_cancelled_roll(ctx: Context, play: NotNotPlay) -> None:
    """A pause cancelled the open round before anyone tapped (the pause menu says so): once
    the frame is on screen, store the snapshot with it cancelled, no longer marked as a round
    open (:data:`~companion.storage.notnot_saves.DICE_ON_SCREEN`), so a resume after a power
    cut does not tell the table again that the round does not count."""
    if play.ref is not None:
        later(ctx, play.ref, Snapshot.of(play.game))


def save_entry(ctx: Context, play: NotNotPlay) -> None:
    """The dealer entered a card revealed (table deals), or took one back: once the frame is
    on screen, store the snapshot with the cards entered so far (and the level a rule card
    brought), so a resume after a power cut asks only for the cards still to come."""
    if play.ref is not None:
        later(ctx, play.ref, Snapshot.of(play.game))


def save_correction(ctx: Context, play: NotNotPlay, unseen: bool = False) -> None:
    """The table corrected the model's cards (Correct the table): once the frame is on screen,
    store the snapshot with them, so a resume (from the title, after a power cut) checks the
    corrected table; ``unseen``: still marked as the last round's verdict not yet shown (the
    pause stands in front of it). (A tie choice paused saves its round instead, as settled on
    the corrected table: :func:`companion.scenes.notnot.flow.save_tie_under_way`.)"""
    if play.ref is not None:
        later(ctx, play.ref, Snapshot.of(play.game, unseen))


def save_verdict_shown(ctx: Context, play: NotNotPlay) -> None:
    """The verdict of a round closed at a pause is on screen (the pause's Resume): once the
    frame is, store the snapshot without the mark its round was saved with
    (:data:`~companion.storage.notnot_saves.VERDICT_UNSEEN`), so a resume after a power cut
    does not tell the table a verdict it has seen."""
    if play.ref is not None:
        later(ctx, play.ref, Snapshot.of(play.game))


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


#: How long waiting saves wait before they are tried again when nothing else tries them.
RETRY_NS = 5_000_000_000


def retry_waiting(ctx: Context, now_ns: int) -> None:
    """The loop's pass at ``now_ns``: while saves wait, try them every :data:`RETRY_NS` (a
    round's save tries them too, but a game over or a menu saves nothing more: without this the
    saves that waited through the end of a game would never be written)."""
    book = ctx.services.saves
    if not (book.waiting or book.kept):
        book.retry_at_ns = None
    elif book.retry_at_ns is None:
        book.retry_at_ns = now_ns + RETRY_NS
    elif now_ns >= book.retry_at_ns:
        book.retry_at_ns = now_ns + RETRY_NS
        flush(ctx)


def waits_for(ctx: Context, play: NotNotPlay) -> bool:
    """Whether some of ``play``'s saves are not on disk yet."""
    return any(ref is play.ref for ref, _ in ctx.services.saves.waiting)


def leave_for_title(ctx: Context, play: NotNotPlay) -> None:
    """``play`` is left for the title (kept for resume): while some of its saves wait, the
    set-up goes on with it as it is here (:func:`left_play`), not with the state database's
    copy, which is behind it."""
    ctx.services.saves.left = play if waits_for(ctx, play) else None


def left_play(ctx: Context) -> NotNotPlay | None:
    """The game left for the title while its saves waited, after trying them once more:
    itself while some still wait, else ``None`` (all on disk: the database's game is it)."""
    book = ctx.services.saves
    if book.left is None:
        return None
    flush(ctx)
    if not waits_for(ctx, book.left):
        book.left = None
    return book.left


def flush(ctx: Context) -> None:
    """Try the waiting saves in order (the bookkeeping games' first); stop at the first that
    fails, and keep it (and every save after it) for the next try. Once all are written after
    a failure, say so."""
    book = ctx.services.saves
    if not write_kept(ctx):
        return
    while book.waiting:
        ref, save = book.waiting[0]
        try:
            write(GameStore(ctx.services.database()), ref, save)
        except STORE_ERRORS as error:   # kept, until it can be written
            save_failed(ctx, error)
            return
        book.waiting.pop(0)
    saved_again(ctx)


def set_aside_notice(ctx: Context, store: GameStore) -> None:
    """Say once that the damaged kept games ``store`` met were set aside."""
    if store.set_aside:
        ids = ", ".join(str(game_id) for game_id, _ in store.set_aside)
        ctx.services.notify(f"kept game {ids} was damaged and has been set aside "
                   "(companion history lists it)")


def unfinished_read_only(ctx: Context, why: Exception) -> UnfinishedGame | None:
    """The table's unfinished game read from a state database that cannot be opened to write
    (``why``: a full disk, a read-only file or folder), so that it is still offered: resumed,
    its saves wait until they can be written; started over, it is ended early once they can.
    ``None`` when it cannot be read either (then a new game would mark it abandoned), or
    does not restore (set aside once the database opens)."""
    try:
        with ctx.services.database_to_read() as reader:
            saved = GameStore(reader).unfinished()
            if saved is None or saved.settings.get("simulated"):
                return None
            return UnfinishedGame.of(saved)
    except (*STORE_ERRORS, DamagedSnapshot) as error:
        log.warning("no game to resume: %s (and reading it: %s)", why, error)
        return None


def unfinished_game(ctx: Context) -> UnfinishedGame | None:
    """The table's unfinished game in the state database, restored, or ``None``.

    When the database cannot be opened to write, the game is read from it read-only
    (:func:`unfinished_read_only`). A kept game that does not read or restore is set aside,
    with a notice.
    """
    try:
        store = GameStore(ctx.services.database())
        saved = store.unfinished()
    except STORE_ERRORS as error:
        return unfinished_read_only(ctx, error)
    if saved is None or saved.settings.get("simulated"):
        set_aside_notice(ctx, store)
        return None
    try:
        return UnfinishedGame.of(saved)
    except DamagedSnapshot as error:
        store.set_aside_game(saved.id, str(error))
        set_aside_notice(ctx, store)
        return None
