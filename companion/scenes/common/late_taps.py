"""Late taps: a press that comes less than :data:`LATE_TAP_S` after a screen came was meant for
the screen before it (a player a few hundred milliseconds behind the winner, a double press, a
second player's press a moment after the first), not for the screen now up.

The verdict and the end of Not Not, and the round's or the game's end of Not That Movie! and
That's Not a Hat, leave such a press unanswered, so that no screen a table must read is gone
before it is read. A press is judged by its own edge stamp against the instant the screen came
on the loop's clock, never by when it arrived.
"""

from __future__ import annotations

#: How long after a screen came a press is still a late tap of the screen before it (losers
#: tap 30-500 ms after the winner, often).
LATE_TAP_S = 1.0


def late_tap(t_ns: int, shown_ns: int) -> bool:
    """Whether a press stamped ``t_ns`` came less than :data:`LATE_TAP_S` after a screen shown
    at ``shown_ns``: a late tap of the screen before, not a press for that screen."""
    return t_ns < shown_ns + round(LATE_TAP_S * 1e9)
