"""The replay picture of a saved round: each pad button's pin as a square wave (up: pressed), every
bounce visible, the stamp the judge used as a line through it with its precision as a band, the
tie window as a gold band from the first valid tap, and the verdict above.

The time axis shows the photo finish: from a little before the first judged tap (the first
valid one, if any) to a few milliseconds after, wide enough for the tie window and the margin.
Buttons that moved only outside it are named in one line below ("later: P3 W at +312.400 ms").
Drawn into any surface (the kiosk's replay scene, or a PNG with :func:`save_replay_png`).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

import pygame

from companion.display import text
from companion.display.palette import (
    BACKGROUND,
    DIM_TEXT,
    PANEL,
    TEXT,
    TIE_WINDOW_BAND,
    TIMELINE_MARK,
    player_colour,
)
from companion.games.notnot.record import TapRecord
from companion.games.notnot.verdict import WINNING
from companion.games.notnot.words import (
    margin_log_line,
    player_label,
    roll_words,
    table_words,
    valid_words,
)
from companion.storage.replays import Lane, SavedRound

#: The picture ``companion replay --png`` draws, in pixels.
PNG_SIZE = (960, 540)
#: The axis starts this long before the first judged tap, and spans at least this long, and at
#: most the longest (µs): long enough for a press's release, short enough to see its bounces.
LEAD_US = 1000
MIN_SPAN_US = 8000
MAX_SPAN_US = 40_000
#: Room left after the last edge shown (µs).
TAIL_US = 500
#: A stamp's precision band is drawn at least this wide, so a 1 µs band is still seen (px).
MIN_BAND_PX = 3
#: The precision band's colour (the judged line is drawn in the verdict's colour over it).
BAND: tuple[int, int, int] = (95, 95, 120)
#: The pin's wave.
WAVE: tuple[int, int, int] = (225, 225, 235)


def axis_of(saved: SavedRound) -> tuple[float, float]:
    """The time axis (µs from the open): from just before the first judged tap (the first valid
    one if any) over at least :data:`MIN_SPAN_US`, the tie window, the margin and the edges that
    follow (the releases), at most :data:`MAX_SPAN_US`."""
    taps = saved.record.taps
    anchor = next((tap for tap in taps if tap.verdict in WINNING), taps[0] if taps else None)
    if anchor is None:
        firsts = [lane.edges[0][0] for lane in saved.lanes if lane.edges]
        start = min(firsts, default=0.0) - LEAD_US
    else:
        start = anchor.t_us - LEAD_US
    ends = [t for lane in saved.lanes for t, _ in lane.edges if start <= t <= start + MAX_SPAN_US]
    span = max(MIN_SPAN_US, 2 * (saved.tie_window_us or 0), (saved.record.margin_us or 0) * 1.5,
               max(ends, default=start) + TAIL_US - start)
    return start, start + min(span, MAX_SPAN_US)


def in_view(lane: Lane, start: float, end: float) -> bool:
    """Whether any of ``lane``'s edges or judged taps falls on the axis."""
    times = [t for t, _ in lane.edges] + [tap.t_us for tap in lane.taps]
    if lane.summary:
        times += [lane.summary["first_us"], lane.summary["last_us"]]
    return any(start <= t <= end for t in times)


def nice_step(span_us: float, ticks: int = 8) -> float:
    """A round tick step (1, 2 or 5 times a power of ten µs) giving about ``ticks`` ticks."""
    raw = span_us / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


class Axis:
    """Maps µs from the open to x pixels across ``plot``."""

    def __init__(self, plot: pygame.Rect, start: float, end: float) -> None:
        self.plot, self.start, self.end = plot, start, end

    def x(self, t_us: float) -> int:
        share = (t_us - self.start) / (self.end - self.start)
        return self.plot.left + round(min(max(share, 0.0), 1.0) * self.plot.width)


def draw_replay(surface: pygame.Surface, saved: SavedRound) -> list[str]:
    """Draw the replay of ``saved`` over the whole of ``surface``; the texts drawn, in order."""
    w, h = surface.get_size()
    surface.fill(BACKGROUND)
    big, small = text.size_for_cap_height(h * 0.04), text.size_for_cap_height(h * 0.024)
    record = saved.record
    drawn = [line.text for line in text.draw_fit(surface, headline(saved), big, w - 20, small,
                                                 TEXT, midtop=(w // 2, round(h * 0.02)))]
    y = round(h * 0.1)
    for line in (f"{roll_words(record)}   |   table {table_words(record.table)}   |   "
                 f"{valid_words(record)}", band_words(saved)):
        pieces = text.draw_fit(surface, line, small, w - 20, text.SMALLEST_SIZE, DIM_TEXT,
                               midtop=(w // 2, y))
        drawn += [piece.text for piece in pieces]
        y = pieces[-1].rect.bottom + round(small * 0.3)
    start, end = axis_of(saved)
    label_w = round(w * 0.14)
    plot = pygame.Rect(label_w, y + round(h * 0.03), w - label_w - round(w * 0.03),
                       round(h * 0.74) - y)
    axis = Axis(plot, start, end)
    shown = [lane for lane in saved.lanes if in_view(lane, start, end)]
    pygame.draw.rect(surface, PANEL, plot)
    draw_tie_window(surface, axis, saved)
    row_h = plot.height / max(len(shown), 1)
    for index, lane in enumerate(shown):
        row = pygame.Rect(plot.left, plot.top + round(index * row_h), plot.width, round(row_h))
        drawn += draw_lane(surface, axis, row, lane, saved.step_us, small)
    drawn += draw_ticks(surface, axis, small)
    drawn += draw_footer(surface, saved, shown, small, plot.bottom + round(small * 2.6))
    return drawn


def headline(saved: SavedRound) -> str:
    """``Game 3, round 5: P1 by 0.4 ms over P2`` (or who took what, or nobody)."""
    record = saved.record
    margin = margin_log_line(saved.record).removeprefix("margin: ")
    if not margin and record.winners:
        margin = " ".join(f"{player_label(w.player)} takes {w.card}" for w in record.winners)
    return f"Game {saved.game_id}, round {record.n}: {margin or 'nobody took a card'}"


def band_words(saved: SavedRound) -> str:
    window = saved.tie_window_us
    tie = f"gold: tie window {window / 1000:g} ms" if window is not None else "tie window not kept"
    return (f"{tie}   |   grey band: each stamp is good to ±{saved.step_us / 2000:g} ms   |   "
            "times in ms after the dice landed")


def draw_tie_window(surface: pygame.Surface, axis: Axis, saved: SavedRound) -> None:
    """The gold band from the first valid tap over the tie window."""
    first = next((tap for tap in saved.record.taps if tap.verdict in WINNING), None)
    if first is None or saved.tie_window_us is None:
        return
    left, right = axis.x(first.t_us), axis.x(first.t_us + saved.tie_window_us)
    surface.fill(TIE_WINDOW_BAND, pygame.Rect(left, axis.plot.top, max(right - left, 1),
                                              axis.plot.height))


def draw_lane(surface: pygame.Surface, axis: Axis, row: pygame.Rect, lane: Lane, step_us: int,
              size: int) -> list[str]:
    """One button's row: its label, its pin's wave (or summary), the judged stamps."""
    colour = player_colour(lane.player)
    name = f"{player_label(lane.player)} {lane.side}"
    drawn = [text.draw(surface, name, size, colour,
                       midright=(row.left - 8, row.centery - size // 2)).text]
    note = (f"{lane.bounces} bounce edges" if lane.edges else
            f"{lane.summary['count']} edges" if lane.summary else "no edges kept")
    drawn.append(text.draw(surface, note, max(size * 4 // 5, text.SMALLEST_SIZE), DIM_TEXT,
                           midright=(row.left - 8, row.centery + size * 2 // 3)).text)
    # the judged stamps' words take the top of the row, the wave the rest
    high = row.top + text.font(size).get_linesize() + 4
    low = max(row.bottom - max(row.height // 8, 4), high + 4)
    if lane.edges:
        draw_wave(surface, axis, lane.edges, high, low)
    elif lane.summary:
        left, right = axis.x(lane.summary["first_us"]), axis.x(lane.summary["last_us"])
        surface.fill(WAVE, pygame.Rect(left, high, max(right - left, 1), low - high))
    for tap in lane.taps:
        drawn += draw_judged(surface, axis, row, tap, step_us, size)
    pygame.draw.line(surface, BACKGROUND, (row.left, row.bottom - 1), (row.right, row.bottom - 1))
    return drawn


def draw_wave(surface: pygame.Surface, axis: Axis, edges: tuple[tuple[float, bool], ...],
              high: int, low: int) -> None:
    """The pin's level as a square wave: open (low) before the first edge, then each change."""
    points = [(axis.plot.left, low)]
    level = low
    for t_us, closed in edges:
        x = axis.x(t_us)
        points.append((x, level))
        level = high if closed else low
        points.append((x, level))
    points.append((axis.plot.right, level))
    pygame.draw.lines(surface, WAVE, False, points, 2)


def draw_judged(surface: pygame.Surface, axis: Axis, row: pygame.Rect, tap: TapRecord,
                step_us: int, size: int) -> list[str]:
    """The stamp the judge used: a band as wide as its precision, a line in its verdict's colour,
    and its time and verdict."""
    left, right = axis.x(tap.t_us - step_us / 2), axis.x(tap.t_us + step_us / 2)
    width = max(right - left, MIN_BAND_PX)
    centre = axis.x(tap.t_us)
    surface.fill(BAND, pygame.Rect(centre - width // 2, row.top + 2, width, row.height - 4))
    colour = TIMELINE_MARK[tap.verdict]
    pygame.draw.line(surface, colour, (centre, row.top + 2), (centre, row.bottom - 3), 2)
    words = f"judged {tap.t_us / 1000:+.3f} ms: {tap.verdict}"
    label = text.image(words, size, colour)
    x = min(centre + 6, axis.plot.right - label.get_width() - 4)
    surface.blit(label, (x, row.top + 2))
    return [words]


def draw_ticks(surface: pygame.Surface, axis: Axis, size: int) -> list[str]:
    """The time axis under the plot, in ms after the dice landed."""
    step = nice_step(axis.end - axis.start)
    drawn = []
    t = math.ceil(axis.start / step) * step
    while t <= axis.end:
        x = axis.x(t)
        pygame.draw.line(surface, DIM_TEXT, (x, axis.plot.bottom), (x, axis.plot.bottom + 5))
        label = f"{t / 1000:.{decimals(step)}f}"
        drawn.append(text.draw(surface, label, size, DIM_TEXT,
                               midtop=(x, axis.plot.bottom + 7)).text)
        t += step
    return drawn


def decimals(step_us: float) -> int:
    """Decimals a tick label in ms needs for ticks ``step_us`` apart."""
    return max(0, min(3, 3 - math.floor(math.log10(step_us))))


def draw_footer(surface: pygame.Surface, saved: SavedRound, shown: list[Lane], size: int,
                y: int) -> list[str]:
    """What the picture cannot show on its axis, and how to read it."""
    w = surface.get_width()
    lines = []
    outside = [lane for lane in saved.lanes if lane not in shown]
    if outside:
        lines.append("outside the axis: " + ", ".join(
            f"{player_label(lane.player)} {lane.side} at {lane_time(lane) / 1000:+.3f} ms"
            for lane in outside))
    if not saved.edges_kept:
        lines.append("no raw edges were kept for this round: the judged stamps only")
    lines.append("line up = button pressed; each extra up-and-down is a bounce. The judge takes "
                 "the first edge of a press.")
    drawn = []
    for line in lines:
        pieces = text.draw_fit(surface, line, size, w - 20, text.SMALLEST_SIZE, TEXT,
                               midtop=(w // 2, y))
        drawn += [piece.text for piece in pieces]
        y = pieces[-1].rect.bottom + round(size * 0.3)
    return drawn


def lane_time(lane: Lane) -> float:
    """When ``lane`` first moved (µs): its first judged tap, edge or summarised edge."""
    times = [tap.t_us for tap in lane.taps] + [t for t, _ in lane.edges[:1]]
    return min(times) if times else (lane.summary or {}).get("first_us", 0.0)


def save_replay_png(saved: SavedRound, path: Path, size: tuple[int, int] = PNG_SIZE) -> None:
    """Draw the replay of ``saved`` headless into the PNG ``path``."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    surface = pygame.Surface(size)
    draw_replay(surface, saved)
    pygame.image.save(surface, str(path))
