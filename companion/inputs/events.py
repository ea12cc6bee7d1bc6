"""The events an input source posts, and the one order they are handled in.

Sources (GPIO pads, the serial controller, the keyboard, simulated players)
build these and hand them to ``post(event)``. Every event carries ``t_ns``,
nanoseconds on ``CLOCK_MONOTONIC``: when the button closed, not when the
software heard of it. The main loop (:mod:`companion.kiosk.loop`) sorts what it
has received with :func:`in_stamp_order`, the one event order (stamp, then
player, then side; :func:`companion.games.notnot.taps.by_stamp` is the same
order for taps only), and never relies on arrival order.

- :class:`Tap` (re-exported from the rules core): a pad button; the scene
  decides whether it is an answer or menu navigation.
- :class:`Control`: an optional ``menu`` or ``confirm`` button.
- :class:`Dealer`: a button of the optional dealer pad (``RED`` ... ``RULE``).
- :class:`Stuck`: a button held down past the stuck time; reported once, and
  the button is ignored until it is released.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap, by_stamp

__all__ = ["Tap", "Control", "Dealer", "Stuck", "Event", "ButtonKind", "by_stamp",
           "event_order", "in_stamp_order"]


class ButtonKind(StrEnum):
    """What a wired button is: a pad button (it posts a :class:`Tap`), a control
    (:class:`Control`) or a button of the dealer pad (:class:`Dealer`)."""

    PAD = "pad"
    CONTROL = "control"
    DEALER = "dealer"


@dataclass(frozen=True)
class Control:
    """Control button ``name`` (``"menu"`` or ``"confirm"``) pressed at ``t_ns``."""

    name: str
    t_ns: int
    source: str = field(default="", compare=False)


@dataclass(frozen=True)
class Dealer:
    """The dealer pad's ``face`` button (``RED BLUE GREEN YELLOW WHITE VOID RULE``) pressed at
    ``t_ns``."""

    face: str
    t_ns: int
    source: str = field(default="", compare=False)


@dataclass(frozen=True)
class Stuck:
    """A button held down since ``t_ns`` for longer than the stuck time.

    ``player``/``side`` name a pad button; for a control or dealer button
    ``player`` is 0 and ``side`` is ``None``. ``button`` is a label for people,
    e.g. ``"player 2 E"``, ``"menu"``, ``"dealer RED"``.
    """

    player: int
    side: Side | None
    t_ns: int
    button: str = ""
    source: str = field(default="", compare=False)


Event = Tap | Control | Dealer | Stuck

#: At equal stamp, player and side: taps first, then controls, the dealer pad, stuck buttons,
#: then anything else (the loop's menu keys, touches, window close, controller status).
_KIND_RANK = {Tap: 0, Control: 1, Dealer: 2, Stuck: 3}


def event_order(event: object) -> tuple:
    """Sort key, the one order the loop hands events to a scene in: stamp first; at equal
    stamps by player, then side (an event that is not a pad's is player 0, no side, so it
    comes before the taps); then by kind (:data:`_KIND_RANK`); then in the order an input said
    them, for events that carry it (``said``: the serial controller's status, whose restart
    and the sync after it can share a stamp); last, by what the event says, so any arrival
    order of the same events gives the same order. An event without a stamp counts as
    stamped 0."""
    side = getattr(event, "side", None)
    rank = _KIND_RANK.get(type(event), len(_KIND_RANK))
    return (getattr(event, "t_ns", 0) or 0, getattr(event, "player", 0), side.index if side else -1,
            rank, type(event).__name__, getattr(event, "said", 0), repr(event))


def in_stamp_order(events: Iterable[object]) -> list:
    """``events`` sorted by :func:`event_order`: by when it happened, never by arrival."""
    return sorted(events, key=event_order)
