"""The one table of scene moves: every scene by name, what each is entered with, and every
allowed move from one scene to another.

A scene moves on by ``ctx.go(name, **details)``; :meth:`companion.scenes.context.Context.go`
checks the move here (:func:`check_move`), so a misspelt scene, a move nobody planned or a
detail the scene does not take is a clear :class:`MoveError` where it is made.
"""

from __future__ import annotations

from companion.errors import CompanionError

#: Every scene by name, with the details its ``enter`` takes (the payload each move there carries).
DETAILS_OF: dict[str, frozenset[str]] = {
    "title": frozenset(),
    "setup": frozenset(),
    "deal": frozenset({"dealt", "first", "check"}),
    "entry": frozenset(),
    "roll": frozenset(),
    "round": frozenset({"roll", "t_open", "taps", "words", "inks", "feedback"}),
    "tie-choice": frozenset({"round", "choosers", "words", "inks"}),
    "verdict": frozenset({"record", "before", "scores_before", "roll", "ruling", "words", "inks"}),
    "pause": frozenset({"resume", "note"}),
    "correction": frozenset({"resume", "note"}),
    "end": frozenset(),
    "failsafe": frozenset({"message", "problem"}),
    "movie-setup": frozenset(),
    "movie": frozenset({"kept"}),
    "movie-sheet": frozenset({"newest"}),
    "hat-setup": frozenset(),
    "hat": frozenset({"kept"}),
    "games-pause": frozenset({"resume"}),
}

#: Where a Not Not game goes after a verdict, a deal, the entry of cards or a resumed game
#: (:func:`companion.scenes.notnot.flow.next_after_round`).
_AFTER_ROUND = frozenset({"end", "deal", "entry", "roll"})

#: Every allowed move: from a scene (by name) to the scenes it may go to.
MOVES: dict[str, frozenset[str]] = {
    "title": frozenset({"setup", "movie-setup", "hat-setup"}),
    "setup": frozenset({"title"}) | _AFTER_ROUND,
    "deal": frozenset({"roll", "pause"}),
    "entry": frozenset({"pause"}) | _AFTER_ROUND,
    "roll": frozenset({"round", "pause"}),
    "round": frozenset({"verdict", "tie-choice", "pause"}),
    "tie-choice": frozenset({"verdict", "pause"}),
    "verdict": frozenset({"pause"}) | _AFTER_ROUND,
    # Resume goes back to where the game was: the roll, a verdict, a tie choice, or after a round.
    "pause": frozenset({"correction", "end", "title", "verdict", "tie-choice"}) | _AFTER_ROUND,
    "correction": frozenset({"pause"}),
    "end": frozenset({"setup"}),
    "failsafe": frozenset({"title"}),
    "movie-setup": frozenset({"title", "movie", "movie-sheet"}),
    "movie": frozenset({"movie-sheet", "games-pause"}),
    "movie-sheet": frozenset({"title"}),
    "hat-setup": frozenset({"title", "hat"}),
    "hat": frozenset({"title", "games-pause"}),
    "games-pause": frozenset({"title", "movie", "hat"}),
}

#: Scenes every scene may go to: the failsafe shows a scene's error or a start problem.
FROM_ANYWHERE: frozenset[str] = frozenset({"failsafe"})


class MoveError(CompanionError):
    """A scene change the table does not allow: an unknown scene, move or detail."""


def allowed_targets(source: str) -> frozenset[str]:
    """The scenes ``source`` may go to."""
    return MOVES.get(source, frozenset()) | FROM_ANYWHERE


def check_move(source: str, target: str, details: dict[str, object]) -> None:
    """Raise :class:`MoveError` unless the table allows going from ``source`` to ``target``
    with ``details`` (``source`` empty: no scene is current yet, any scene may come first)."""
    if target not in DETAILS_OF:
        raise MoveError(f"scene move {source} -> {target}: no scene is named {target!r}")
    if source and target not in allowed_targets(source):
        raise MoveError(f"scene move {source} -> {target}: not in companion/scenes/transitions.py")
    unknown = sorted(set(details) - DETAILS_OF[target])
    if unknown:
        raise MoveError(f"scene move {source} -> {target}: {target} takes no {', '.join(unknown)}")
