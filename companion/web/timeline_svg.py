"""The tap timeline as inline SVG: the kiosk's timeline (:mod:`companion.display.draw_timeline`)
for a page, placed by the same broken axis (:mod:`companion.display.timeline_axis`).

Every tap is a mark in its verdict's colour *and* shape (a win a triangle, a tie a diamond, a
wrong tap a cross, a tap before the dice landed a ring, an ignored or late tap a small dot),
labelled with its player and spot in the player's colour above or below the axis (once for the
taps of one player on one spot at one time; moved aside by whole label widths when another label
or another tap's mark is in the way, a line in its own colour drawn under the marks joining it
to its mark; with no such place, placed or left out as on the kiosk). The photo finish, the tie
window with a little either side, is magnified to the middle half of the strip on a lighter
ground along the axis, with the window's band, the close line and its length.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from companion.display.palette import (
    DIM_TEXT,
    HIGHLIGHT,
    PANEL,
    TEXT,
    TIE_WINDOW_BAND,
    TIMELINE_MARK,
    TIMELINE_ZOOM,
    player_colour,
)
from companion.display.timeline_axis import (
    ALWAYS_LABELLED,
    ZOOM_FROM,
    ZOOM_TO,
    TimelineView,
    axis_mapping,
    covers_a_mark,
    drawing_order,
    labelled_taps,
    last_tap_label,
    window_label,
)
from companion.games.notnot.verdict import UNHEARD, Verdict
from companion.games.notnot.words import NO_NAMES, SeatNames, player_label
from companion.web import svg

#: The strip's size in SVG units, the mark's half size, the labels' size.
WIDTH, HEIGHT, MARK, FONT = 560.0, 140.0, 10.0, 22.0
AXIS_Y = HEIGHT / 2
#: The baselines of the lane above the axis and the lane below it.
LANES = (AXIS_Y - MARK - 8, AXIS_Y + MARK + 8 + FONT * 0.8)
#: How far the photo finish's lighter ground reaches either side of the axis: short of the
#: labels above (their descenders) and below (their capitals).
ZOOM_REACH = MARK + 2
#: Where a label may stand, in whole label widths from its place, nearest first.
SHIFTS = (0, 1, -1, 2, -2, 3, -3)
def mark(verdict: Verdict, x: float) -> str:
    """One tap's mark: its verdict's shape in its verdict's colour."""
    y, r, ink = AXIS_Y, MARK, TIMELINE_MARK[verdict]
    if verdict == Verdict.WIN:
        return svg.polygon([(x, y - r), (x + r, y + r), (x - r, y + r)], ink)
    if verdict == Verdict.TIE:
        return svg.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], ink)
    if verdict == Verdict.WRONG:
        return (svg.line((x - r, y - r), (x + r, y + r), ink, r / 2)
                + svg.line((x - r, y + r), (x + r, y - r), ink, r / 2))
    if verdict == Verdict.EARLY:
        return svg.circle((x, y), r - 1.5, stroke=ink, width=3)
    return svg.circle((x, y), r / 2, fill=ink)


#: How wide letters are, in ems, in the page's font (DejaVu Sans Condensed Bold, the kiosk's
#: font; measured): a label is laid out by its letters, so "WWWWWWWWWWWW N" takes its room.
NARROW, MIDDLE, WIDE = "'ijlI.,:;!| ", "ftrJ-", "mwMW"
EMS = {NARROW: 0.32, MIDDLE: 0.44, WIDE: 0.99}


def label_width(words: str, size: float = FONT) -> float:
    """How wide ``words`` stand at ``size``: each letter by its class (a capital 0.74 em, a
    wide one 0.99, a narrow one 0.32, a letter of a wide script 1 em), never less than drawn."""
    return size * sum(letter_ems(letter) for letter in words)


def letter_ems(letter: str) -> float:
    if unicodedata.east_asian_width(letter) in ("W", "F"):
        return 1.0
    found = next((ems for letters, ems in EMS.items() if letter in letters), None)
    if found is not None:
        return found
    return 0.74 if letter.isupper() else 0.64


class Lanes:
    """The labels placed so far in the lanes above and below the axis, as ``(left, right)``."""

    def __init__(self) -> None:
        self.placed: tuple[list[tuple[float, float]], ...] = ([], [])

    def place(self, words: str, x: float, order: tuple[int, ...] = (0, 1),
              shifts: tuple[int, ...] = SHIFTS,
              marks: Sequence[float] = ()) -> tuple[int, float] | None:
        """The lane and centre of ``words`` near ``x`` where it overlaps no placed label and
        covers none of the other taps' ``marks`` (:func:`covers_a_mark`) (it is then placed),
        moved aside by whole label widths (``shifts``), nearest first; ``None``: no room."""
        w, gap = label_width(words), FONT * 0.4
        for shift in shifts:
            centre = min(max(x + shift * (w + gap), w / 2 + 2), WIDTH - w / 2 - 2)
            if covers_a_mark(centre - w / 2, centre + w / 2, x, marks, MARK):
                continue
            for lane in order:
                left, right = centre - w / 2 - gap / 2, centre + w / 2 + gap / 2
                if all(right <= a or left >= b for a, b in self.placed[lane]):
                    self.placed[lane].append((left, right))
                    return lane, centre
        return None


def photo_finish(view: TimelineView, x_of: Callable[[float], float]) -> list[str]:
    """The magnified part's lighter ground along the axis (between the label lanes, so that a
    player's colour reads on the strip's own ground), the tie window's band and the close
    line."""
    if view.first_valid_us is None or view.close_us is None:
        return []
    start, close = x_of(view.first_valid_us), x_of(view.close_us)
    return [svg.rect(WIDTH * ZOOM_FROM, AXIS_Y - ZOOM_REACH, WIDTH * (ZOOM_TO - ZOOM_FROM),
                     2 * ZOOM_REACH, fill=TIMELINE_ZOOM),
            svg.rect(start, AXIS_Y - 10, max(3.0, close - start), 20, fill=TIE_WINDOW_BAND),
            svg.line((close, AXIS_Y - MARK - 1), (close, AXIS_Y + MARK + 1), HIGHLIGHT, 2)]


def timeline_svg(view: TimelineView, seat_names: SeatNames = NO_NAMES) -> str:
    """The whole timeline of ``view`` as one ``<svg>``, named players by ``seat_names``."""
    x_of = axis_mapping(view, 14, round(WIDTH - 28))
    body = [svg.rect(0, 0, WIDTH, HEIGHT, fill=PANEL, rounded=6), *photo_finish(view, x_of),
            svg.line((14, AXIS_Y), (WIDTH - 14, AXIS_Y), DIM_TEXT, 2)]
    lanes, leaders, labels = Lanes(), [], []
    for tap in labelled_taps(view):
        x, words = x_of(tap.t_us), f"{player_label(tap.player, seat_names)} {tap.side}"
        others = [x_of(other.t_us) for other in view.taps
                  if (other.player, other.side) != (tap.player, tap.side)]
        spot = lanes.place(words, x, marks=others) or (
            lanes.place(words, x) if tap.verdict in ALWAYS_LABELLED else None)
        if spot is None:   # no room clear of the other marks: left out
            continue
        lane, centre = spot
        ink = DIM_TEXT if tap.verdict in UNHEARD else player_colour(tap.player)
        w = label_width(words)
        if abs(centre - x) > w / 2:   # moved aside: a line in its colour to its near corner
            near = min(max(x, centre - w / 2), centre + w / 2)
            leaders.append(svg.line((x, AXIS_Y), (near, LANES[lane] - (FONT * 0.8 if lane else
                                                                         -4)), ink, MARK / 2))
        labels.append(svg.text(words, centre, LANES[lane], FONT, ink, length=w))
    body += leaders + [mark(tap.verdict, x_of(tap.t_us)) for tap in drawing_order(view)] + labels
    body += scale(view, x_of, lanes)
    taps = ", ".join(f"{player_label(t.player, seat_names)} {t.side} {t.verdict}"
                     for t in view.taps)
    return svg.figure(WIDTH, HEIGHT, body, f"tap timeline: {taps}", "timeline")


def scale(view: TimelineView, x_of: Callable[[float], float], lanes: Lanes) -> list[str]:
    """The photo finish's length under it (moved aside if it must, as on the kiosk), and the
    last tap's time where it fits without moving (moved, it would seem to mark another
    time)."""
    last, at_us = last_tap_label(view)
    labels: list[tuple[str, float, tuple[int, ...]]] = [(last, x_of(at_us), (0,))]
    if view.first_valid_us is not None and view.close_us is not None:
        middle = x_of((view.first_valid_us + view.close_us) / 2)
        labels.insert(0, (window_label(view), middle, SHIFTS))
    drawn = []
    for words, x, shifts in labels:
        spot = lanes.place(words, x, order=(1, 0), shifts=shifts)
        if spot is not None:
            drawn.append(svg.text(words, spot[1], LANES[spot[0]], FONT * 0.9, TEXT))
    return drawn
