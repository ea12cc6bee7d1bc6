"""One round: stamped taps in, in any arrival order; verdicts out, by stamps.

The rulings this module carries:

- The round opens at the display flip that shows the final dice (``t_open_ns``).
  Taps stamped before it are "early" and ignored (they do not use up the
  player's answer).
- Each player's first tap after the open is their answer; later taps by the
  same player are "ignored".
- The first valid answer wins; valid answers within ``tie_window`` of it tie.
- The round closes ``tie_window`` after the first valid answer; answers after
  the close are "late" (and, like "ignored" taps, count for nothing). A round
  where nobody may tap closes after
  ``idle_timeout``; a round that needs a tap and gets no valid one closes after
  ``round_timeout``. Once every player at the table (``seats``) has answered and none
  validly, nothing can win any more: the round closes at the last answer, as soon as it
  can (the table does not wait out a clock that can change nothing).
- An answer that is not valid (any answer when nobody may tap) is "wrong" and
  costs a point card.
- Taps are final: pausing an open round closes it at the pause
  (:meth:`Round.close_at`); the answers made so far are judged as if the round
  had closed then. A round closed with no answer at all is cancelled
  (:attr:`Round.answered` is False): the game rolls new dice for it.

What a tap counts for at the moment it arrives (:meth:`Round.feedback_of`) is
told to the tapping player at once: "early", "wrong", "counted" (a valid
answer: win or tie is known only at the close) or "ignored".

Who takes which card is decided by :func:`plan_awards`. A void on the table
goes to the first tied player whose card an earlier tied player took, else to
the earliest winner instead of the card they tapped. Every other winner takes
the card they tapped (the earliest of several on one card takes it); a tied
player whose card was taken chooses among the cards no winner tapped, by
default the first in N, E, S, W order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.games.notnot.cards import Card
from companion.games.notnot.dice import Roll
from companion.games.notnot.judge import Ruling
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap, by_stamp
from companion.games.notnot.verdict import Verdict

#: A valid answer, before the close decides between a win and a tie.
COUNTED = "counted"
#: A stamp later than any round's close (int64's largest, as a ``monotonic_ns`` never is).
NEVER_NS = 2**63 - 1


@dataclass(frozen=True)
class Timing:
    """The round's clocks, in nanoseconds (defaults from the rulings, GPIO tie window)."""

    tie_window_ns: int = 1_000_000
    idle_timeout_ns: int = 3_000_000_000
    round_timeout_ns: int = 10_000_000_000
    choice_timeout_ns: int = 5_000_000_000

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass(frozen=True)
class JudgedTap:
    """What one tap counted for."""

    tap: Tap
    verdict: Verdict


@dataclass(frozen=True)
class Award:
    """``player`` takes ``card`` from ``side`` as a point."""

    player: int
    card: Card
    side: Side


@dataclass(frozen=True)
class Outcome:
    """The judged round. ``winners`` are the winning taps in stamp order."""

    verdicts: tuple[JudgedTap, ...]
    winners: tuple[Tap, ...]
    penalties: tuple[int, ...]
    closed_at_ns: int


class Round:
    """Collects the taps of one round and judges them by their stamps."""

    def __init__(self, ruling: Ruling, t_open_ns: int, timing: Timing = Timing(),
                 roll: Roll | None = None, seats: int = 0) -> None:
        self.ruling = ruling
        self.roll = roll
        self.t_open_ns = t_open_ns
        self.timing = timing
        #: The players at the table, 1 to ``seats`` (0: not known; the clocks alone close it).
        self.seats = seats
        self._taps: list[Tap] = []
        #: When the round was closed early (a pause), else ``None``.
        self.closed_at_ns: int | None = None

    def offer(self, tap: Tap) -> None:
        """Add a tap, whenever it arrives; only its stamp matters."""
        self._taps.append(tap)

    @property
    def taps(self) -> list[Tap]:
        return by_stamp(self._taps)

    def close_at(self, t_ns: int) -> None:
        """Close the round at ``t_ns`` (a pause), unless it already closes sooner.

        Taps stamped after ``t_ns`` are ignored; those before are judged as usual.
        """
        self.closed_at_ns = t_ns if self.closed_at_ns is None else min(self.closed_at_ns, t_ns)

    def _answers(self) -> dict[int, Tap]:
        """Each player's first tap at or after the open."""
        answers: dict[int, Tap] = {}
        for tap in self.taps:
            if tap.t_ns >= self.t_open_ns and tap.player not in answers:
                answers[tap.player] = tap
        return answers

    @property
    def answered(self) -> bool:
        """Whether any player answered before the close (a round closed without is cancelled)."""
        return any(tap.t_ns <= self.closes_at_ns for tap in self._answers().values())

    def feedback_of(self, tap: Tap) -> str:
        """What ``tap`` (already offered) counts for as far as is known now: ``early``,
        ``wrong``, ``counted`` (valid; win or tie is decided at the close) or ``ignored``."""
        if tap.t_ns < self.t_open_ns:
            return Verdict.EARLY
        if tap.t_ns > self.closes_at_ns or self._answers().get(tap.player) != tap:
            return Verdict.IGNORED
        return COUNTED if self._is_valid(tap) else Verdict.WRONG

    def _is_valid(self, tap: Tap) -> bool:
        return self.ruling.tap and tap.side in self.ruling.valid

    def first_valid(self) -> Tap | None:
        """The earliest valid answer so far, or None."""
        valid = [tap for tap in self._answers().values() if self._is_valid(tap)]
        return min(valid, key=lambda tap: tap.order) if valid else None

    @property
    def closes_at_ns(self) -> int:
        """When the round closes, given the taps offered so far.

        It can only move earlier as more taps arrive: a late-arriving tap with
        an earlier stamp brings the close forward, never back.
        """
        natural = self._natural_close_ns()
        return natural if self.closed_at_ns is None else min(natural, self.closed_at_ns)

    def _natural_close_ns(self) -> int:
        """When the round closes by its clocks and its taps alone."""
        first = self.first_valid()
        if first is None:
            timeout = self.timing.round_timeout_ns if self.ruling.tap else \
                self.timing.idle_timeout_ns
            return min(self.t_open_ns + timeout, self._all_answered_ns())
        return min(first.t_ns + self.timing.tie_window_ns,
                   self.t_open_ns + self.timing.round_timeout_ns)

    def _all_answered_ns(self) -> int:
        """The last answer's stamp once every seat has answered; else never (a huge stamp)."""
        answers = self._answers()
        if not self.seats or any(seat not in answers for seat in range(1, self.seats + 1)):
            return NEVER_NS
        return max(tap.t_ns for tap in answers.values())

    def outcome(self) -> Outcome:
        """Judge every tap offered so far, in stamp order: early, win, tie, wrong, late (an
        answer after the close) or ignored (not the player's first tap). Call once the round
        has closed."""
        close = self.closes_at_ns
        answers = {id(tap) for tap in self._answers().values()}
        verdicts, winners, penalties = [], [], []
        for tap in self.taps:
            if tap.t_ns < self.t_open_ns:
                verdict = Verdict.EARLY
            elif id(tap) not in answers:
                verdict = Verdict.IGNORED
            elif tap.t_ns > close:
                verdict = Verdict.LATE
            elif self._is_valid(tap):
                verdict = Verdict.WIN
                winners.append(tap)
            else:
                verdict = Verdict.WRONG
                penalties.append(tap.player)
            verdicts.append(JudgedTap(tap, verdict))
        if len(winners) > 1:
            verdicts = [JudgedTap(v.tap, Verdict.TIE) if v.verdict == Verdict.WIN else v
                        for v in verdicts]
        return Outcome(tuple(verdicts), tuple(winners), tuple(penalties), close)


def plan_awards(
    winners: Sequence[Tap], table: Mapping[Side, Card | None],
    choices: Mapping[int, Side] | None = None,
) -> tuple[list[Award], list[int]]:
    """Which card each winner takes, in stamp order; and who had to choose.

    The void on the table goes to :func:`void_taker` (unless an earlier winner took it: the
    card they tapped, which the table corrected to the void while a tie was being chosen);
    every other winner takes the card they tapped, if no one earlier took it. A tied player
    whose card an earlier tied player took chooses among the cards no winner tapped:
    ``choices`` holds the spot each pressed (two never choose one card: the first to press it
    has it); without a (usable) choice, the first such side in N, E, S, W order that no other
    chooser chose is taken, and with none left, nothing. Returns the awards and the players who
    chose.
    """
    choices = choices or {}
    left = {side: card for side, card in table.items() if card is not None}
    void = next((side for side in SIDES if side in left and left[side].is_void), None)
    to_void = void_taker(winners)
    tapped = {tap.side for tap in winners}   # each is the card of its earliest tapper
    awards, choosers = [], []
    for tap in winners:
        if void is not None and tap.player == to_void and void in left:
            side = void
        elif tap.side in left:
            side = tap.side
        else:
            choosers.append(tap.player)
            others = {side for player, side in choices.items() if player != tap.player}
            free = [side for side in SIDES if side in left and side not in tapped]
            wanted = choices.get(tap.player)
            if wanted not in free:   # the first free card no other chooser chose
                wanted = next((side for side in free if side not in others), None)
            if wanted is None:
                continue  # more tied players than cards: nothing left to take
            side = wanted
        awards.append(Award(tap.player, left.pop(side), side))
    return awards, choosers


def void_taker(winners: Sequence[Tap]) -> int | None:
    """Who takes a void lying on the table: the first tied player whose card an earlier tied
    player took (the ruling's "each other tied player takes another card, the void card
    first"), else the earliest winner, instead of the card they tapped."""
    first_on: set[Side] = set()
    for tap in winners:
        if tap.side in first_on:
            return tap.player
        first_on.add(tap.side)
    return winners[0].player if winners else None
