"""Countdowns on screen: whole seconds left until a stamp, and when that number changes."""

from __future__ import annotations

from companion.display.draw_verdict import VerdictView
from companion.games.notnot.round import Timing

SECOND_NS = 1_000_000_000
#: The line under a round's countdown.
COUNTDOWN_WORDS = "left in this round"
#: The line under its first seconds, the same in every round: the round closes then only if
#: nobody may tap (a round that needs a tap goes on counting).
IDLE_WORDS = "left if nobody may tap"
#: The line under a closed round's 0 while it is judged (a head start may still bring a tap
#: inside its close: up to a second).
CLOSED_WORDS = "the round is closed"


def seconds_left(until_ns: int, now_ns: int) -> int:
    """Whole seconds left until ``until_ns``, rounded up (0 once it has passed)."""
    return max(0, -(-(until_ns - now_ns) // SECOND_NS))


def next_change_ns(until_ns: int, now_ns: int) -> int | None:
    """When :func:`seconds_left` next shows another number (``None`` once it shows 0)."""
    left = seconds_left(until_ns, now_ns)
    return until_ns - (left - 1) * SECOND_NS if left else None


def countdown_line(until_ns: int, now_ns: int, what: str = "left") -> str:
    """``3 s left``: the seconds left until ``until_ns``, and what they are for."""
    return f"{seconds_left(until_ns, now_ns)} s {what}"


def countdown_view(until_ns: int, now_ns: int, words: str = COUNTDOWN_WORDS) -> VerdictView:
    """The panel of a round's countdown: the seconds left, big, and what they count (``words``)
    under it."""
    return VerdictView("none", f"{seconds_left(until_ns, now_ns)} s", (words,))


def first_words(timing: Timing) -> str:
    """What a round's first seconds count: the idle close, when it comes before the round's."""
    return IDLE_WORDS if timing.idle_timeout_ns < timing.round_timeout_ns else COUNTDOWN_WORDS
