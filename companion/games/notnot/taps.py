"""A tap: one player's press on one spot button, with its edge stamp.

Every input (GPIO pads, the serial controller, the keyboard, simulated
players) delivers taps in this one shape. ``t_ns`` is nanoseconds on
``CLOCK_MONOTONIC`` (the clock of ``time.monotonic_ns()``), the same clock that
stamps the display flip which opens a round. Taps sort by stamp, then player,
then side, so equal stamps still have one fixed order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.games.notnot.sides import Side


@dataclass(frozen=True)
class Tap:
    """Player ``player`` (numbered from 1) pressed spot ``side`` at ``t_ns``."""

    player: int
    side: Side
    t_ns: int
    #: Where the tap came from ("gpio", "serial", "keyboard", "bot"): in the logs, and the
    #: honest precision of a round's margin (a serial stamp is finer than a key's).
    source: str = field(default="", compare=False)

    @property
    def order(self) -> tuple[int, int, int]:
        """The sort key: stamp first, never arrival."""
        return (self.t_ns, self.player, self.side.index)


def by_stamp(taps: Iterable[Tap]) -> list[Tap]:
    """The taps in stamp order (ties broken by player, then side)."""
    return sorted(taps, key=lambda tap: tap.order)
