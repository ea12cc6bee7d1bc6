"""Pausing once a round closed at the pause has been judged (what asks for the pause is
:func:`companion.inputs.actions.asks_pause`'s to say).

Taps are final: an open round is closed at the pause and judged before the
pause menu shows; the menu says what became of the round, and Resume goes
on from there (its verdict, a tie choice, or new dice when the round was
cancelled).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.scenes.changes import NotNotChange, ToPause, ToRoll

if TYPE_CHECKING:
    from companion.scenes.core import Context
    from companion.scenes.notnot.play import NotNotPlay

#: What the pause menu says about a round closed at the pause, by what became of it.
CLOSED_NOTE = "The round closed at the pause: its taps count"
CANCELLED_NOTE = "Nobody had tapped: new dice after Resume"


def pause_before_pending(ctx: Context, play: NotNotPlay, note: str) -> None:
    """Show the pause menu (saying ``note``) instead of the scene ``play``'s game was about to
    go to; Resume goes there."""
    pending = ctx.pending if isinstance(ctx.pending, NotNotChange) else ToRoll(play=play)
    ctx.go(ToPause(resume=pending, note=note, play=play))
