"""Instant feedback at a tap: the tapping player's name flashes, a short tone, the pad's LED.

What a tap counts for is known as it arrives
(:meth:`companion.games.notnot.round.Round.feedback_of`):
a wrong tap turns the player's name red and hatched (told without its colour), a
tap before the dice landed turns it orange and shows a TOO EARLY banner beside the
dice (beside the round's countdown, never over it:
:func:`companion.scenes.notnot.play_view.early_rooms`)
for as long as a verdict stays (``pace.verdict_s``) after the last early tap, a valid
tap turns it a neutral colour (win or tie is told at the verdict). Each plays
its short tone and lights the pressed button's LED through ``ctx.hooks.on_tap``.
The roll and the round scenes share one feedback per round; the next frame
after the tap shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.display.draw_verdict import VerdictView
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.verdict import Verdict
from companion.games.notnot.words import apart, player_label


class TapFeedback:
    """The flashes and the early banner of one round: the banner stays ``banner_s`` after the
    last early tap; each telling tap is passed to ``tell`` (player, side, what it counts for),
    which plays its tone and lights its LED; ``label`` names a player in the banner."""

    def __init__(self, banner_s: float, tell: Callable[[int, Side, str], None],
                 label: Callable[[int], str] = player_label) -> None:
        self.banner_s, self.tell, self.label = banner_s, tell, label
        self.kinds: dict[int, str] = {}
        self.early: list[int] = []
        self.early_until_ns = 0

    def show(self, tap: Tap, kind: str, now_ns: int) -> bool:
        """Tell the table at once what ``tap`` counts for (``kind``); whether anything shows."""
        if kind == Verdict.IGNORED:
            return False
        self.kinds[tap.player] = kind
        if kind == Verdict.EARLY:
            if tap.player not in self.early:
                self.early.append(tap.player)
            self.early_until_ns = now_ns + round(self.banner_s * 1e9)
        self.tell(tap.player, tap.side, kind)
        return True

    def early_banner(self, now_ns: int) -> VerdictView | None:
        """The TOO EARLY banner while it shows, else ``None``."""
        if now_ns >= self.early_until_ns:
            return None
        return VerdictView("early", "TOO EARLY", (apart([self.label(p) for p in self.early]),))

    def wake_at_ns(self, now_ns: int) -> int | None:
        """When the early banner goes (``None``: nothing to wait for)."""
        return self.early_until_ns if self.early_until_ns > now_ns else None

    def flashes(self) -> dict[int, str]:
        """Each tapping player's flash: what their last telling tap counted for (its colour and
        hatching are the score strip's to draw)."""
        return dict(self.kinds)
