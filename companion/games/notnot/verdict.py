"""What one tap counted for once its round closed: its verdict.

Each member is the string stored for it, so a verdict compares, hashes and prints as that
string. A late tap (an answer after the close) is stored as "ignored"; see
:mod:`companion.games.notnot.record`.
"""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """A tap's verdict, by :meth:`companion.games.notnot.round.Round.outcome`."""

    #: Stamped before the dice landed (it does not use up the player's answer).
    EARLY = "early"
    #: The first valid answer, alone in the tie window.
    WIN = "win"
    #: A valid answer in the tie window with another one.
    TIE = "tie"
    #: An answer that was not valid: it costs a point card.
    WRONG = "wrong"
    #: Not the player's first tap.
    IGNORED = "ignored"
    #: The player's answer, stamped after the close.
    LATE = "late"


#: The verdicts of the taps that won a card: the first valid answer and those tied with it.
WINNING = frozenset({Verdict.WIN, Verdict.TIE})
#: The verdicts of answers in the race: reaction times, and the taps a margin is taken between.
RACED = frozenset({Verdict.WIN, Verdict.TIE, Verdict.WRONG})
#: The verdicts of taps that count for nothing at all.
UNHEARD = frozenset({Verdict.IGNORED, Verdict.LATE})
