"""The per-player reaction-time chart on the end screen, drawn with pygame.

One row per player: a dot in the player's colour (the score strip's, the timeline's) for each
answer (milliseconds from the flip that showed the dice to the tap's edge stamp), a bar at the
player's median, and
the median in numbers; over the row's right end, the player's closest win and
closest loss of the game (when there is room). The axis runs from 0 past the slowest answer by at
least :data:`HEADROOM` of it, to a whole :data:`AXIS_UNIT_MS` and a whole step of its marks, so
that they stand evenly to its end, its last mark labelled. The names
and medians take at most
:data:`LABELS_SHARE` of the width
(long names on a narrow screen are cut, as the score strip cuts them, unless the rows are tall
enough to stand each name over its median), the plot the rest.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping

import pygame

from companion.display import text
from companion.display.draw_notice import cut_apart
from companion.display.palette import DIM_TEXT, HIGHLIGHT, TEXT, player_colour
from companion.games.notnot.record import whole_ms
from companion.games.notnot.words import NO_NAMES, SeatNames, player_label

#: The least room the axis leaves past the slowest answer, as a share of it: its dot stands
#: clearly inside the axis, never on the axis's last mark (a slowest 1000 ms ends it at 1250).
HEADROOM = 0.1
#: The whole milliseconds the axis ends on and its ticks step by: a slowest 470 ms ends it at
#: 750, where a whole 500 ms ended it at 1000 with every dot in its left half.
AXIS_UNIT_MS = 250


def axis_end_ms(times: Mapping[int, list[float]]) -> int:
    """The axis end: the slowest time and :data:`HEADROOM` of it, rounded up to a whole
    :data:`AXIS_UNIT_MS` (at least 500)."""
    slowest = max((max(values) for values in times.values() if values), default=0.0)
    return max(500, math.ceil(slowest * (1 + HEADROOM) / AXIS_UNIT_MS) * AXIS_UNIT_MS)


#: How far the median bar reaches either side of its row's line, as a share of the row's
#: height (the dots' radius is at most 0.12): under the row's note, it stops at the note.
MEDIAN_HALF = 0.17
#: The room a row's median takes after its name (the widest a median reads).
MEDIAN_ROOM = " 9999 ms"
#: The most of the chart's width the rows' names and medians take (the rest is the plot).
LABELS_SHARE = 0.45
#: The steps between the time axis's ticks, finest first (:func:`axis_marks` picks one), each a
#: whole :data:`AXIS_UNIT_MS`.
TICK_STEPS_MS = (250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 25_000, 50_000, 100_000)


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, times: Mapping[int, list[float]],
               font_size: int, notes: Mapping[int, str] | None = None,
               seat_names: SeatNames = NO_NAMES) -> list[text.Drawn]:
    """Draw reaction ``times`` (player -> ms list) in ``rect``, each row named by
    ``seat_names`` (a guest "P3"), with each player's note (their closest win and loss) at the
    right end of their row where rows have room; returns the labels drawn."""
    drawn = []
    players = sorted(times)
    if not players:
        return [text.draw(surface, "no answers to chart", font_size, DIM_TEXT, center=rect.center)]
    row_h = (rect.height - font_size * 2) / len(players)
    stacked = stacks_its_labels(players, seat_names, rect.width, font_size, row_h)
    names = dict(zip(players, row_names(players, seat_names, rect.width, font_size,
                                        "" if stacked else MEDIAN_ROOM)))
    widest = max(("P8", *names.values()), key=lambda label: text.width(label, font_size))
    label_w = text.width(widest if stacked else f"{widest}{MEDIAN_ROOM}", font_size) + \
        font_size // 2
    plot = pygame.Rect(rect.left + label_w, rect.top,
                       rect.width - label_w - font_size, rect.height - font_size * 2)
    end, step = axis_marks(axis_end_ms(times), plot.width, font_size)
    radius = max(3, round(min(row_h * 0.12, font_size * 0.25)))
    for i, player in enumerate(players):
        y = round(plot.top + (i + 0.5) * row_h)
        values = times[player]
        median = f" {whole_ms(statistics.median(values))} ms" if values else "  -"
        if stacked:   # the name over the line, its median under it
            drawn.append(text.draw(surface, names[player], font_size, TEXT,
                                   bottomleft=(rect.left, y)))
            drawn.append(text.draw(surface, median.strip(), font_size, TEXT,
                                   topleft=(rect.left, y)))
        else:
            drawn.append(text.draw(surface, names[player] + median, font_size, TEXT,
                                   midleft=(rect.left, y)))
        pygame.draw.line(surface, DIM_TEXT, (plot.left, y), (plot.right, y), 1)
        for value in values:
            pygame.draw.circle(surface, player_colour(player), (x_of(plot, value, end), y),
                               radius)
        note = note_fits((notes or {}).get(player, ""), plot.width, font_size,
                         row_h / 2 - radius - NOTE_GAP)
        over = pygame.Rect(plot.right, y, 0, 0)   # the row's note: just over its own dots
        if note:
            drawn.append(text.draw(surface, note, font_size, DIM_TEXT,
                                   bottomright=(plot.right, y - radius - NOTE_GAP)))
            over = drawn[-1].rect
        if values:   # the median: a bar a little taller than the dots, up to its row's note
            x = x_of(plot, statistics.median(values), end)
            half = row_h * MEDIAN_HALF
            up = min(half, y - over.bottom - 1) if over.left <= x <= over.right else half
            pygame.draw.line(surface, HIGHLIGHT, (x, y - up), (x, y + half), max(2, radius // 2))
    for tick in axis_ticks(end, step):
        x = x_of(plot, tick, end)
        pygame.draw.line(surface, DIM_TEXT, (x, plot.bottom), (x, plot.bottom + font_size // 3), 1)
        drawn.append(text.draw(surface, f"{tick}", font_size, DIM_TEXT,
                               midtop=(x, plot.bottom + font_size // 3)))
    return drawn


#: The pixels between a row's note and its dots.
NOTE_GAP = 2


def note_fits(note: str, width: int, font_size: int, room: float) -> str:
    """``note`` as it stands in a line ``width`` wide and ``room`` pixels tall (``closest``
    left out if it must be, so that ``win 0.6 ms  loss 12 ms``), or ``""`` where it does not:
    a note that reached into the row above read as that row's."""
    fits = [n for n in (note, note.replace("closest ", "")) if text.width(n, font_size) <= width]
    return fits[0] if note and fits and text.block_height(1, font_size) <= room else ""


def row_names(players: list[int], seat_names: SeatNames, width: int, font_size: int,
              after: str = MEDIAN_ROOM) -> list[str]:
    """Each row's name, cut (as the score strip cuts them) where the names and what stands
    after them on their line (``after``: their medians) would take more than
    :data:`LABELS_SHARE` of the chart's ``width``."""
    labels = [player_label(player, seat_names) for player in players]
    room = round(width * LABELS_SHARE) - text.width(after, font_size) - font_size // 2
    return cut_apart(labels, font_size, max(room, text.width("P8", font_size)))


def stacks_its_labels(players: list[int], seat_names: SeatNames, width: int, font_size: int,
                      row_h: float) -> bool:
    """Whether the rows' labels stand in two lines, the name over the median: only where a
    name beside its median would be cut and each row is tall enough for two lines (a tall,
    turned screen), so that the names stay whole."""
    whole = [player_label(player, seat_names) for player in players]
    return row_names(players, seat_names, width, font_size) != whole and \
        text.block_height(2, font_size) <= 0.8 * row_h


def axis_marks(end: int, width: int, font_size: int) -> tuple[int, int]:
    """The axis's end and the step of its marks, on an axis ``width`` pixels wide: ``end`` moved
    up to a whole step of :data:`TICK_STEPS_MS`, the least end whose marks' labels stand apart
    (the finer step at the same end), so that the marks stand evenly to the end, its last mark
    (an axis to 5500 on 1000s ends at 6000, where 4000 was followed by 5500; turned upright,
    6250 ends at 7500 on 2500s, where moving up a step at a time took it to 10000)."""
    fitting = [(whole, step) for step in TICK_STEPS_MS
               if width * step / (whole := math.ceil(end / step) * step)
               >= label_gap(whole, font_size)]
    return min(fitting, default=(math.ceil(end / TICK_STEPS_MS[-1]) * TICK_STEPS_MS[-1],
                                 TICK_STEPS_MS[-1]))


def axis_ticks(end: int, step: int) -> list[int]:
    """The marks of an axis from 0 to ``end`` ms, one every ``step`` (:func:`axis_marks`)."""
    return list(range(0, end + 1, step))


def label_gap(end: int, font_size: int) -> int:
    """The pixels two of the axis's marks stand apart at the least, so that their labels do: the
    widest label (the end's) and a gap."""
    return text.width(str(end), font_size) + font_size


def x_of(plot: pygame.Rect, value: float, end: int) -> int:
    """The x pixel of ``value`` ms on an axis from 0 to ``end`` across ``plot``."""
    return round(plot.left + plot.width * min(max(value, 0.0), end) / end)
