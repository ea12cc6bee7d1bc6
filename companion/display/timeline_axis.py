"""The tap timeline's axis, without drawing: every tap of a round on one time axis from the dice
landing, broken in three around the photo finish (the tie window with a little either side,
magnified to the middle half of the strip). The kiosk draws it with pygame
(:mod:`companion.display.draw_timeline`), the web page as SVG (:mod:`companion.web.timeline_svg`):
both place every tap with :func:`axis_mapping`, draw the marks in :func:`drawing_order` and
label the taps :func:`labelled_taps` gives, so they show the same timeline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.games.notnot.record import RoundRecord, TapRecord
from companion.games.notnot.verdict import WINNING, Verdict

#: Where the photo finish sits on the strip, as shares of its width.
ZOOM_FROM, ZOOM_TO = 0.28, 0.78
#: Time kept either side of the tie window in the photo finish, as a share of the window.
ZOOM_PAD = 0.3
#: Priority of labels when they collide: the race first, taps that count for nothing last.
LABEL_ORDER = {Verdict.WIN: 0, Verdict.TIE: 0, Verdict.WRONG: 1, Verdict.EARLY: 2,
               Verdict.IGNORED: 3, Verdict.LATE: 3}
#: Taps whose label is drawn even where it cannot stand clear of the other taps' marks
#: (:func:`covers_a_mark`): the win and the ties, which decided the round (placed first, they
#: stand clear of the others' marks but in a photo finish of long names); any other tap's
#: label is left out there instead.
ALWAYS_LABELLED = frozenset({Verdict.WIN, Verdict.TIE})


@dataclass(frozen=True)
class TimelineView:
    """The taps of a round (µs from the landing), its first valid tap and its close (``None``
    when no tap was valid), and the end of the axis."""

    taps: tuple[TapRecord, ...]
    first_valid_us: float | None
    close_us: float | None
    end_us: float


def timeline_view(record: RoundRecord, tie_window_us: float) -> TimelineView:
    """The timeline of a round's ``record``, whose round closed ``tie_window_us`` after its first
    valid tap (a late tap is marked as an ignored one)."""
    taps = record.taps
    first = next((t.t_us for t in taps if t.verdict in WINNING), None)
    close = None if first is None else first + tie_window_us
    latest = max([t.t_us for t in taps] + [close or 0.0, 1.0])
    return TimelineView(taps, first, close, latest * 1.04)


def axis_mapping(view: TimelineView, left: int, width: int) -> Callable[[float], float]:
    """A function from µs to x on the strip: linear, or broken around the photo finish."""
    earliest = min([0.0] + [t.t_us for t in view.taps])
    if view.first_valid_us is None or view.close_us is None:
        span = max(1.0, view.end_us - earliest)
        return lambda t: left + width * (t - earliest) / span
    pad = (view.close_us - view.first_valid_us) * ZOOM_PAD
    knots = [(earliest, 0.0), (view.first_valid_us - pad, ZOOM_FROM),
             (view.close_us + pad, ZOOM_TO), (max(view.end_us, view.close_us + 2 * pad), 1.0)]

    def x_of(t: float) -> float:
        for (t0, s0), (t1, s1) in zip(knots, knots[1:]):
            if t <= t1 or (t1, s1) == knots[-1]:
                share = s0 + (s1 - s0) * (t - t0) / max(t1 - t0, 1e-9)
                return left + width * min(max(share, 0.0), 1.0)
        return float(left + width)
    return x_of


def race_first(view: TimelineView) -> list[TapRecord]:
    """The taps in :data:`LABEL_ORDER`, then by time: the race's first."""
    return sorted(view.taps, key=lambda tap: (LABEL_ORDER[tap.verdict], tap.t_us))


def drawing_order(view: TimelineView) -> list[TapRecord]:
    """The taps in the order their marks are drawn, on the kiosk and the page: :func:`race_first`
    reversed, so that what counted most is drawn last, over any mark at the same moment (a win
    over a mashed pad's ignored presses)."""
    return race_first(view)[::-1]


def labelled_taps(view: TimelineView) -> list[TapRecord]:
    """The taps to label, :func:`race_first`: one per player, spot and judged time, the one
    that counted most. Taps of one player on one spot at one judged time stand at one place, so
    they take one label (a head start moves a mashed button's presses all to the open: one
    ``Ana N`` there, not one per press moved aside along the strip)."""
    named: dict[tuple[int, str, float], TapRecord] = {}
    for tap in race_first(view):
        named.setdefault((tap.player, tap.side, tap.t_us), tap)
    return list(named.values())


def last_tap_label(view: TimelineView) -> tuple[str, float]:
    """The last tap's time as the axis says it, e.g. ``4834 ms`` (from the dice landing, to
    the nearest ms), and the time (µs) it stands at: under that tap's mark, where a reader
    takes it for that tap's time (the axis runs on a little past it, to the close)."""
    last = max(tap.t_us for tap in view.taps)
    return f"{round(last / 1000)} ms", last


def window_label(view: TimelineView) -> str:
    """What the photo finish spans, e.g. ``window 1 ms``."""
    assert view.first_valid_us is not None and view.close_us is not None
    ms = (view.close_us - view.first_valid_us) / 1000
    return f"window {ms:g} ms"


def covers_a_mark(left: float, right: float, x: float, marks: Sequence[float], r: float) -> bool:
    """Whether a label from ``left`` to ``right``, the label of the mark at ``x``, stands over or
    right under another tap's mark (one of ``marks``, each ``r`` wide either side), where it
    reads as that tap's label: a mark at ``x`` itself stands where its own mark does, and does
    not count."""
    return any(left - r <= mark <= right + r and abs(mark - x) > r for mark in marks)
