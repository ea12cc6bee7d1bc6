"""The verdict banner of a finished round: the words of
:func:`companion.games.notnot.words.verdict_words`, as a :class:`VerdictView` to draw. A
contested win or tie says its margin first ("P2 by 3.4 ms", "TIE: 0.4 ms apart"), and a winner's
head start with it ("Ana by 0.4 ms with a 150 ms start"). Names come in from the scene: the
display never reads the state database."""

from __future__ import annotations

from companion.display.draw_verdict import VerdictView
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.words import NO_NAMES, SeatNames, verdict_words


def verdict_view(record: RoundRecord, ruling_tap: bool, scores_before: dict[int, int],
                 seat_names: SeatNames = NO_NAMES) -> VerdictView:
    """The banner for a finished round; ``ruling_tap`` says whether anyone could tap; named
    players are called by ``seat_names``."""
    words = verdict_words(record, ruling_tap, scores_before, seat_names)
    return VerdictView(words.kind, words.headline, words.lines)
