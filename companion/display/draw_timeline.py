"""The tap timeline: every tap of a round on one time axis from the dice landing.

Each tap is a mark on the axis in its verdict's colour *and* shape (a win a triangle, a tie
a diamond, a wrong tap a cross, a tap before the dice landed a hollow ring, an ignored or late
tap a small dot), labelled with its player and spot (``P2 N``, in the player's colour; an
ignored or late tap's label is dim) above or below the axis, once for the taps of one player
on one spot at one time (:func:`~companion.display.timeline_axis.labelled_taps`). The tie
window is a band from the first valid tap to the close, and the close a vertical line.

A photo finish is a fraction of a millisecond wide on an axis of half a second, so the axis is
broken in three (a label that would stand over or under another player's or spot's mark, or
another label, is moved aside, to a place clear of the other marks, a line in its colour joining
it to its mark; with no such place left, the win's or a tie's label stands at the nearest place
clear of the other labels (:data:`ALWAYS_LABELLED`) and any other is left out; the race's labels
placed first, :data:`LABEL_ORDER`): the time before the first valid tap, the photo finish (the
tie window with a little either side, magnified to the middle half of the strip on a lighter
ground along the axis, between the label lanes), and the time after it. The magnified part says
how long it is (``1 ms``). A round without a valid tap has one plain axis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.display import solid, text
from companion.display.layout import Layout
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
from companion.display.parts import Part
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


def mark_radius(layout: Layout) -> int:
    """Half the size of a tap's mark: the marks and the close line keep within it (plus one)."""
    return max(4, round(1.2 * layout.unit))


def lanes_reach(layout: Layout) -> int:
    """How far from the axis the label lanes begin, above and below: the marks, the close
    line and the photo finish's ground keep within it."""
    return mark_radius(layout) + 2


def draw_mark(surface: pygame.Surface, verdict: Verdict, centre: tuple[int, int], r: int) -> None:
    """The mark of one tap: its verdict's shape in its verdict's colour."""
    x, y, colour = centre[0], centre[1], TIMELINE_MARK[verdict]
    if verdict == Verdict.WIN:
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif verdict == Verdict.TIE:
        pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif verdict == Verdict.WRONG:
        line = max(2, r // 2)
        pygame.draw.line(surface, colour, (x - r, y - r), (x + r, y + r), line)
        pygame.draw.line(surface, colour, (x - r, y + r), (x + r, y - r), line)
    elif verdict == Verdict.EARLY:
        pygame.draw.circle(surface, colour, (x, y), r, max(2, r // 3))
    else:
        pygame.draw.circle(surface, colour, (x, y), max(2, r // 2))


#: How far a label may move aside from its mark, in label widths, nearest first.
SHIFTS = (0, 1, -1, 2, -2, 3, -3)


def place_label(label: str, x: int, lanes: list[list[pygame.Rect]], tops: list[int],
                size: int, strip: pygame.Rect, order: tuple[int, ...] = (0, 1),
                shifts: tuple[int, ...] = SHIFTS, marks: Sequence[int] = (),
                r: int = 0) -> pygame.Rect | None:
    """The rect of ``label`` in the first lane (in ``order``) where it stands at least half its
    size from every label already placed there, so that two never read as one, and where
    it covers no other tap's mark (:func:`covers_a_mark`, ``marks`` each
    ``r`` wide) (it is then placed): centred on ``x`` if it can be, else moved aside by whole
    label widths (``shifts``), nearest first; ``None`` when the strip has no room left."""
    w, h, gap = text.width(label, size), text.block_height(1, size), size // 2
    for shift in shifts:
        left = min(max(x - w // 2 + shift * (w + gap), strip.left), strip.right - w)
        for lane in order:
            rect = pygame.Rect(left, tops[lane], w, h)
            if not any(rect.inflate(2 * gap, 0).colliderect(other) for other in lanes[lane]) \
                    and not covers_a_mark(rect.left, rect.right, x, marks, r):
                lanes[lane].append(rect)
                return rect
    return None


def draw_leader(surface: pygame.Surface, mark: tuple[int, int], spot: pygame.Rect,
                ink: tuple[int, int, int], r: int) -> None:
    """The line from a tap's ``mark`` to its label moved aside to ``spot``, in the label's
    ``ink`` and as thick as a cross's stroke, ending at the label's near corner so that it
    runs over no other mark."""
    corner_x = min(max(mark[0], spot.left), spot.right)
    end = (corner_x, spot.bottom if spot.bottom < mark[1] else spot.top)
    pygame.draw.line(surface, ink, mark, end, max(2, r // 2))


def draw_zoom(surface: pygame.Surface, layout: Layout, view: TimelineView,
              x_of: Callable[[float], float], strip: pygame.Rect,
              axis_y: int) -> None:
    """The photo finish's lighter ground along the axis, the tie window band and the close line.
    The ground keeps between the label lanes: a player's colour reads on the strip's own ground
    (blue and vermillion stood at 2.7 to 1 on the lighter one)."""
    if view.first_valid_us is None or view.close_us is None:
        return
    reach = lanes_reach(layout)
    zoom = pygame.Rect(round(strip.left + strip.width * ZOOM_FROM), axis_y - reach,
                       round(strip.width * (ZOOM_TO - ZOOM_FROM)), 2 * reach)
    solid.rect(surface, TIMELINE_ZOOM, zoom)
    start, close = round(x_of(view.first_valid_us)), round(x_of(view.close_us))
    band = pygame.Rect(start, axis_y - round(0.8 * layout.unit), max(3, close - start),
                       round(1.6 * layout.unit))
    solid.rect(surface, TIE_WINDOW_BAND, band)
    tip = reach - 1   # the close line stays between the label lanes
    pygame.draw.line(surface, HIGHLIGHT, (close, axis_y - tip), (close, axis_y + tip), 2)


def draw_timeline(surface: pygame.Surface, layout: Layout, view: TimelineView,
                  strip: pygame.Rect, seat_names: SeatNames = NO_NAMES) -> list[text.Drawn]:
    """Draw ``view`` filling ``strip``, named players by ``seat_names``; returns the labels
    drawn (``Ana N``, ``P2 N``, the window, the end)."""
    solid.rect(surface, PANEL, strip)
    size = layout.min_text_size
    line_h = text.block_height(1, size)
    axis_y = strip.centery
    inner = strip.inflate(-round(2 * layout.unit), 0)
    x_of = axis_mapping(view, inner.left, inner.width)
    draw_zoom(surface, layout, view, x_of, strip, axis_y)
    pygame.draw.line(surface, DIM_TEXT, (inner.left, axis_y), (inner.right, axis_y), 2)
    r = mark_radius(layout)
    lanes: list[list[pygame.Rect]] = [[], []]
    tops = [axis_y - lanes_reach(layout) - line_h, axis_y + lanes_reach(layout)]
    placed = []
    for tap in labelled_taps(view):
        x, label = round(x_of(tap.t_us)), f"{player_label(tap.player, seat_names)} {tap.side}"
        others = [round(x_of(other.t_us)) for other in view.taps
                  if (other.player, other.side) != (tap.player, tap.side)]
        spot = place_label(label, x, lanes, tops, size, strip, marks=others, r=r) or (
            place_label(label, x, lanes, tops, size, strip)
            if tap.verdict in ALWAYS_LABELLED else None)
        if spot is not None:   # else no room clear of the other marks: left out
            ink = DIM_TEXT if tap.verdict in UNHEARD else player_colour(tap.player)
            placed.append((label, spot, ink))
            if not spot.left <= x <= spot.right:   # moved aside: a leader, under the marks
                draw_leader(surface, (x, axis_y), spot, ink, r)
    for tap in drawing_order(view):
        draw_mark(surface, tap.verdict, (round(x_of(tap.t_us)), axis_y), r)
    drawn = [text.draw(surface, label, size, ink, topleft=spot.topleft)
             for label, spot, ink in placed]
    drawn += draw_scale(surface, view, x_of, lanes, tops, size, strip)
    return drawn


def draw_scale(surface: pygame.Surface, view: TimelineView,
               x_of: Callable[[float], float], lanes: list[list[pygame.Rect]],
               tops: list[int], size: int, strip: pygame.Rect) -> list[text.Drawn]:
    """The window's length under the photo finish (moved aside if it must), and the last tap's
    time under it where it fits unmoved (moved, it would seem to mark another time)."""
    last, at_us = last_tap_label(view)
    labels: list[tuple[str, int, tuple[int, ...]]] = [(last, round(x_of(at_us)), (0,))]
    if view.first_valid_us is not None and view.close_us is not None:
        middle = (view.first_valid_us + view.close_us) / 2
        labels.insert(0, (window_label(view), round(x_of(middle)), SHIFTS))
    drawn = []
    for label, x, shifts in labels:
        spot = place_label(label, x, lanes, tops, size, strip, order=(1, 0), shifts=shifts)
        if spot is not None:
            drawn.append(text.draw(surface, label, size, TEXT, topleft=spot.topleft))
    return drawn


def timeline_part(layout: Layout, view: TimelineView, seat_names: SeatNames = NO_NAMES) -> Part:
    """The tap timeline in its strip along the bottom of the dice area, as the part of a frame
    named ``timeline`` (:mod:`companion.display.parts`)."""
    names = dict(seat_names)
    return Part("timeline", layout.timeline, (view, tuple(names.items())),
                lambda surface: draw_timeline(surface, layout, view, layout.timeline, names),
                keep=False)   # one round's taps: never shown again
