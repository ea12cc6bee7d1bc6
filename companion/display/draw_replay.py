"""The replay picture of a saved round: each pad button's pin as a square wave (up: pressed), every
bounce visible, the stamp the judge used as a line through it with its precision as a grey band,
the tie window as a gold band from the first valid tap over the grey bands (it reads as starting
at the winning stamp), and the verdict above.

The time axis shows the photo finish: from a little before the tap that decided the round
(:func:`decisive_tap`) to a few milliseconds after, wide enough for the tie window and the
margin. That tap's row is always drawn, then as many as stand their lines tall (:func:`row_lines`:
each judged stamp's words on a line of their own over the wave); a stamp off the axis is an arrow
at the edge it lies beyond, its words saying so ("judged +486.282 ms, past this scale: ignored"),
never a line at a time it does not have. Buttons that moved only outside the axis, or that have
no room left, are named on one line below, each short ("not drawn: P3 W +312.400 ms
(wrong), 7 more ...", as many as fit, else only counted), so a long footer never takes every row.
Drawn into any surface (the kiosk's replay scene, or a PNG with :func:`save_replay_png`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path

import pygame

from companion.display import text
from companion.display.layout import MIN_TEXT_CAP
from companion.display.palette import (
    BACKGROUND,
    DIM_TEXT,
    PANEL,
    TEXT,
    TIE_WINDOW_BAND,
    TIMELINE_MARK,
    player_colour,
)
from companion.display.png_file import write_png_file
from companion.games.notnot.record import RoundRecord, TapRecord
from companion.games.notnot.verdict import RACED, WINNING, Verdict
from companion.games.notnot.words import (
    NO_NAMES,
    SeatNames,
    margin_log_line,
    player_label,
    roll_words,
    table_words,
    valid_words,
)
from companion.storage.replays import Lane, SavedRound

#: The picture ``companion replay --png`` draws, in pixels.
PNG_SIZE = (960, 540)
#: A button's row is at least this many lines of its text tall (its name, its judged stamp's
#: words over its wave).
ROW_LINES = 2
#: The most lines of judged stamps' words a row gives (the last says how many more there are).
MOST_STAMP_LINES = 3
#: The most buttons the footer names one by one; the others are counted.
MOST_NAMED_OFF_SCALE = 4
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
    anchor = decisive_tap(saved.record)
    if anchor is None:
        firsts = [lane.edges[0][0] for lane in saved.lanes if lane.edges]
        start = min(firsts, default=0.0) - LEAD_US
    else:
        start = anchor.t_us - LEAD_US
    ends = [t for lane in saved.lanes for t, _ in lane.edges if start <= t <= start + MAX_SPAN_US]
    span = max(MIN_SPAN_US, 2 * (saved.tie_window_us or 0), (saved.record.margin_us or 0) * 1.5,
               max(ends, default=start) + TAIL_US - start)
    return start, start + min(span, MAX_SPAN_US)


def decisive_tap(record: RoundRecord) -> TapRecord | None:
    """The tap that decided the round, the one a dispute is about: the first that won a card,
    else the first that counted in the race (a wrong tap), else the first judged (``None``:
    nobody tapped)."""
    taps = record.taps
    return next((tap for tap in taps if tap.verdict in WINNING),
                next((tap for tap in taps if tap.verdict in RACED), taps[0] if taps else None))


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


#: What the empty plot of a round in which no button moved says.
NOBODY_PRESSED = "no button moved in this round"


def draw_replay(surface: pygame.Surface, saved: SavedRound, hint: str = "") -> list[str]:
    """Draw the replay of ``saved`` over the whole of ``surface``, ``hint`` (how to leave it, on
    the kiosk) its last line; the texts drawn, in order."""
    w, h = surface.get_size()
    surface.fill(BACKGROUND)
    short = min(w, h)
    big = text.size_for_cap_height(short * 0.05)
    small = text.size_for_cap_height(short * MIN_TEXT_CAP * 1.05)
    record = saved.record
    drawn, y = [], round(h * 0.02)
    for line, size, ink in ((headline(saved), big, TEXT),
                            (f"{roll_words(record)}  ·  {valid_words(record)}  ·  "
                             f"table {table_words(record.table)}", small, DIM_TEXT),
                            (band_words(saved), small, DIM_TEXT)):
        pieces = text.draw_fit(surface, line, size, w - 20, small, ink, midtop=(w // 2, y))
        drawn += [piece.text for piece in pieces]
        y = pieces[-1].rect.bottom + round(small * 0.4)
    start, end = axis_of(saved)
    top = y + round(small * 0.6)
    shown, notes, footer_y = rows_that_fit(saved, [lane for lane in saved.lanes
                                                   if in_view(lane, start, end)], top, w, h, small,
                                           hint)
    shown.sort(key=saved.lanes.index)   # the rows that fit, in seat order
    label_w = max((text.width(lane_name(lane, saved.names), small) for lane in shown),
                  default=0) + 16
    plot = pygame.Rect(label_w, top, w - label_w - round(w * 0.04),
                       footer_y - round(small * 2.4) - top)
    axis = Axis(plot, start, end)
    pygame.draw.rect(surface, PANEL, plot)
    rows = list(zip(shown, row_rects(plot, shown)))
    for lane, row in rows:
        draw_bands(surface, axis, row, lane, saved.step_us)
    draw_tie_window(surface, axis, saved)   # over the bands: it starts at the winning stamp
    for lane, row in rows:
        drawn += draw_lane(surface, axis, row, lane, small, saved.names,
                           nobody_may=not record.valid)
    drawn += draw_ticks(surface, axis, small)
    if not saved.pressed:
        drawn.append(text.draw(surface, NOBODY_PRESSED, small, DIM_TEXT,
                               center=plot.center).text)
    for note in notes:
        pieces = text.draw_fit(surface, note, small, w - 20, small, TEXT, midtop=(w // 2, footer_y))
        drawn += [piece.text for piece in pieces]
        footer_y = pieces[-1].rect.bottom
    return drawn


def rows_that_fit(saved: SavedRound, on_axis: list[Lane], top: int, w: int, h: int,
                  size: int, hint: str = "") -> tuple[list[Lane], list[str], int]:
    """The first of ``on_axis`` (:func:`row_priority`) that stand :data:`ROW_LINES` lines tall
    each between ``top`` and the footer (a round many buttons moved in, or with a long footer,
    shows fewer rows rather than rows too thin to read), never fewer than the row of the tap
    that decided the round; the footer's lines (the buttons not drawn named on one line, then
    ``hint``), and where the footer starts, on a ``w`` by ``h`` picture with text at ``size``."""
    line_h = text.font(size).get_linesize()
    decisive = decisive_tap(saved.record)
    on_axis = sorted(on_axis, key=lambda lane: row_priority(lane, decisive))
    fewest = min(len(on_axis), 1)

    def on_one_line(note: str) -> bool:
        return text.width(note, size) <= w - 20

    for count in range(len(on_axis), fewest - 1, -1):
        notes = footer_lines(saved, on_axis[:count], on_one_line) + ([hint] if hint else [])
        wrapped = sum(len(text.fit_lines(note, size, w - 20, size)[1]) for note in notes)
        footer_y = h - wrapped * line_h - round(size * 0.6)
        rows_h = sum(row_lines(lane) for lane in on_axis[:count]) * line_h
        if footer_y - round(size * 2.4) - top >= rows_h:
            break
    return on_axis[:count], notes, footer_y


def row_lines(lane: Lane) -> int:
    """How many lines of text ``lane``'s row stands: one for each judged stamp's words (at most
    :data:`MOST_STAMP_LINES`; one for its note if it has none) and one for its wave, at least
    :data:`ROW_LINES`."""
    return max(ROW_LINES, 1 + min(max(len(lane.taps), 1), MOST_STAMP_LINES))


def row_rects(plot: pygame.Rect, shown: list[Lane]) -> list[pygame.Rect]:
    """The rows of ``shown`` down ``plot``, each as tall as its :func:`row_lines` share."""
    lines = [row_lines(lane) for lane in shown]
    total, above, rects = max(sum(lines), 1), 0, []
    for count in lines:
        top = plot.top + round(above * plot.height / total)
        above += count
        rects.append(pygame.Rect(plot.left, top, plot.width,
                                 plot.top + round(above * plot.height / total) - top))
    return rects


def row_priority(lane: Lane, decisive: TapRecord | None = None) -> tuple[bool, bool, float]:
    """Which rows a picture with room for few keeps: the row of the ``decisive`` tap
    (:func:`decisive_tap`), then the buttons with judged taps, the earliest first (the
    headline's players among them), then the others by when they moved."""
    return (decisive not in lane.taps, not lane.taps, lane_time(lane))


def lane_name(lane: Lane, seat_names: SeatNames = NO_NAMES) -> str:
    """How a lane is named beside its row: ``P1 E``, ``Ana E``."""
    return f"{player_label(lane.player, seat_names)} {lane.side}"


def headline(saved: SavedRound) -> str:
    """``Game 3, round 5: P1 by 0.4 ms over P2`` (or who took what, or nobody)."""
    record = saved.record
    margin = margin_log_line(saved.record, saved.names).removeprefix("margin: ")
    if not margin and record.winners:
        margin = "; ".join(f"{player_label(w.player, saved.names)} takes {w.card}"
                           for w in record.winners)
    game = f"Game {saved.game_id}, round" if saved.game_id is not None else "Round"
    return f"{game} {record.n}: {margin or 'nobody took a card'}"


def band_words(saved: SavedRound) -> str:
    if not saved.pressed:   # no tap for a tie window to start at, no stamp to band
        return "nobody pressed a button in this round"
    window = saved.tie_window_us
    tie = f"gold = tie window {window / 1000:g} ms" if window is not None else "no tie window kept"
    return f"{tie}  ·  grey = each stamp ±{saved.step_us / 2000:g} ms"


def draw_tie_window(surface: pygame.Surface, axis: Axis, saved: SavedRound) -> None:
    """The gold band from the first valid tap over the tie window."""
    first = next((tap for tap in saved.record.taps if tap.verdict in WINNING), None)
    if first is None or saved.tie_window_us is None:
        return
    left, right = axis.x(first.t_us), axis.x(first.t_us + saved.tie_window_us)
    surface.fill(TIE_WINDOW_BAND, pygame.Rect(left, axis.plot.top, max(right - left, 1),
                                              axis.plot.height))


def draw_lane(surface: pygame.Surface, axis: Axis, row: pygame.Rect, lane: Lane, size: int,
              seat_names: SeatNames = NO_NAMES, nobody_may: bool = False
              ) -> list[str]:
    """One button's row: its name beside it, each judged stamp's words on a line of their own
    along its top (:func:`stamp_lines`; the edge count with the first), its pin's wave (or
    summary) under them (``nobody_may``: the round wanted no tap)."""
    drawn = [text.draw(surface, lane_name(lane, seat_names), size, player_colour(lane.player),
                       midright=(row.left - 8, row.centery)).text]
    line_h = text.font(size).get_linesize()
    listed, more = stamp_lines(lane, axis, max(1, row.height // line_h - 1))
    high = row.top + max(len(listed) + bool(more), 1) * line_h + 6
    low = max(row.bottom - max(row.height // 10, 4), high + 4)
    if lane.edges:
        draw_wave(surface, axis, lane.edges, high, low)
    elif lane.summary:
        left, right = axis.x(lane.summary["first_us"]), axis.x(lane.summary["last_us"])
        surface.fill(WAVE, pygame.Rect(left, high, max(right - left, 1), low - high))
    note = lane_note(lane)
    for index, tap in enumerate(listed):
        y, said = row.top + 2 + index * line_h, "" if index else note
        drawn += (draw_judged(surface, axis, row, y, tap, size, said, nobody_may)
                  if on_scale(axis, tap)
                  else draw_off_scale(surface, axis, y, tap, size, nobody_may))
    if more:
        said = f"and {more} more stamps (companion replay lists each)"
        drawn.append(text.draw(surface, said, text.fit_size(said, size, row.width - 8), DIM_TEXT,
                               topleft=(row.left + 4, row.top + 2 + len(listed) * line_h)).text)
    if not lane.taps:
        drawn.append(text.draw(surface, note, size, DIM_TEXT,
                               topleft=(row.left + 4, row.top + 2)).text)
    pygame.draw.line(surface, BACKGROUND, (row.left, row.bottom - 1), (row.right, row.bottom - 1))
    return drawn


def stamp_lines(lane: Lane, axis: Axis, room: int) -> tuple[list[TapRecord], int]:
    """The judged stamps whose words ``lane``'s row gives a line each, those on the axis first,
    each in time order, on at most ``room`` lines (and :data:`MOST_STAMP_LINES`), and how many
    more there are (said on the last line, which they then take)."""
    ordered = sorted(lane.taps, key=lambda tap: (not on_scale(axis, tap), tap.t_us))
    room = min(room, MOST_STAMP_LINES)
    if len(ordered) <= room:
        return ordered, 0
    return ordered[:room - 1], len(ordered) - (room - 1)


def on_scale(axis: Axis, tap: TapRecord) -> bool:
    """Whether ``tap``'s stamp lies on the time axis."""
    return axis.start <= tap.t_us <= axis.end


def lane_note(lane: Lane) -> str:
    """What a lane's edges amount to: its bounce edges, a chattering pin's count, or none."""
    if lane.summary:
        return f"{lane.summary['count']} edges: chattering"
    return f"{lane.bounces} bounce edges" if lane.edges else "no edges kept"


def draw_wave(surface: pygame.Surface, axis: Axis, edges: tuple[tuple[float, bool], ...],
              high: int, low: int) -> None:
    """The pin's level as a square wave over the axis: open (low) before its first edge, then
    each change on the axis (an edge before it sets where the wave starts; one after it is not
    drawn, so a release off the scale is not drawn at its edge)."""
    level = low
    for t_us, closed in edges:
        if t_us < axis.start:
            level = high if closed else low
    points = [(axis.plot.left, level)]
    for t_us, closed in edges:
        if axis.start <= t_us <= axis.end:
            x = axis.x(t_us)
            points.append((x, level))
            level = high if closed else low
            points.append((x, level))
    points.append((axis.plot.right, level))
    pygame.draw.lines(surface, WAVE, False, points, 2)


def draw_bands(surface: pygame.Surface, axis: Axis, row: pygame.Rect, lane: Lane,
               step_us: int) -> None:
    """Each of ``lane``'s judged stamps' precision in its ``row``: a grey band ±half a step
    (at least :data:`MIN_BAND_PX` wide) around it, drawn under the tie window and the wave (a
    stamp off the axis has none)."""
    for tap in filter(lambda tap: on_scale(axis, tap), lane.taps):
        left, right = axis.x(tap.t_us - step_us / 2), axis.x(tap.t_us + step_us / 2)
        width = max(right - left, MIN_BAND_PX)
        surface.fill(BAND, pygame.Rect(axis.x(tap.t_us) - width // 2, row.top + 2, width,
                                       row.height - 4))


def draw_judged(surface: pygame.Surface, axis: Axis, row: pygame.Rect, y: int, tap: TapRecord,
                size: int, note: str, nobody_may: bool = False) -> list[str]:
    """The stamp the judge used, on the axis (its precision band is :func:`draw_bands`'): a
    line in its verdict's colour down ``row`` from ``y``, and on the line at ``y`` its time and
    what it counted for (:func:`judged_label`), then ``note``."""
    centre = axis.x(tap.t_us)
    colour = TIMELINE_MARK[tap.verdict]
    pygame.draw.line(surface, colour, (centre, y), (centre, row.bottom - 3), 2)
    words, x = judged_words(axis, centre, judged_label(tap, nobody_may), note, size)
    size = text.fit_size(words, size, axis.plot.width - 6, text.SMALLEST_SIZE)
    return [text.draw(surface, words, size, colour, topleft=(x, y)).text]


def draw_off_scale(surface: pygame.Surface, axis: Axis, y: int, tap: TapRecord, size: int,
                   nobody_may: bool = False) -> list[str]:
    """A stamp off the axis, on the line at ``y``: an arrow in its verdict's colour at the edge
    it lies beyond, pointing out, and beside it its words, which say so (:func:`judged_label`)."""
    past = tap.t_us > axis.end
    colour = TIMELINE_MARK[tap.verdict]
    line_h = text.font(size).get_linesize()
    arrow, mid = line_h // 2, y + line_h // 2 - 2    # half a line long, level with the words
    tip = axis.plot.right - 3 if past else axis.plot.left + 3
    back = tip - arrow if past else tip + arrow
    pygame.draw.polygon(surface, colour, [(tip, mid), (back, mid - arrow // 2),
                                          (back, mid + arrow // 2)])
    words = judged_label(tap, nobody_may, "past" if past else "before")
    size = text.fit_size(words, size, axis.plot.width - arrow - 12, text.SMALLEST_SIZE)
    x = back - 5 - text.width(words, size) if past else back + 5
    return [text.draw(surface, words, size, colour, topleft=(x, y)).text]


def judged_label(tap: TapRecord, nobody_may: bool = False, off_scale: str = "") -> str:
    """A judged stamp's words: ``judged +1.200 ms: win``; a wrong tap in a round that wanted
    none ``...: nobody may tap``; a tap a head start moved, when it was pressed too; a stamp
    ``off_scale`` (``past``, ``before``) the axis says so: ``judged +486.282 ms, past this
    scale: ignored``."""
    said = "nobody may tap" if nobody_may and tap.verdict == Verdict.WRONG else tap.verdict
    moved = "" if tap.real_us is None else f", pressed {tap.real_us / 1000:+.3f} ms"
    where = f", {off_scale} this scale" if off_scale else ""
    return f"judged {tap.t_us / 1000:+.3f} ms{where}: {said}{moved}"


def judged_words(axis: Axis, centre: int, words: str, note: str, size: int) -> tuple[str, int]:
    """What a judged stamp's label says and where it starts: with ``note`` (if any) if there is
    room, right of its line if it fits there, else left of it, never across it if it can help
    it."""
    for shown in (f"{words}  ·  {note}", words)[not note:]:
        wide = text.width(shown, size)
        if centre + 6 + wide <= axis.plot.right - 4:
            return shown, centre + 6
        if centre - 6 - wide >= axis.plot.left + 2:
            return shown, centre - 6 - wide
    return words, max(axis.plot.left + 2, axis.plot.right - text.width(words, size) - 4)


def draw_ticks(surface: pygame.Surface, axis: Axis, size: int) -> list[str]:
    """The time axis under the plot, in ms after the dice landed, its labels apart."""
    step = tick_step(axis, size)
    drawn = []
    t = math.ceil(axis.start / step) * step
    while t <= axis.end:
        x = axis.x(t)
        pygame.draw.line(surface, DIM_TEXT, (x, axis.plot.bottom), (x, axis.plot.bottom + 5))
        drawn.append(text.draw(surface, tick_label(t, step), size, DIM_TEXT,
                               midtop=(x, axis.plot.bottom + 7)).text)
        t += step
    return drawn


def tick_step(axis: Axis, size: int) -> float:
    """The step of about eight ticks (:func:`nice_step`), made longer (1, 2, 5, 10...) until
    the widest label at ``size`` fits between two ticks with a gap of half a label's height
    (a narrow plot, as on a screen turned upright, takes fewer ticks)."""
    span = axis.end - axis.start
    step = nice_step(span)
    gap = text.font(size).get_height() // 2
    while step < span and step / span * axis.plot.width < gap + max(
            text.width(tick_label(t, step), size) for t in (axis.start, axis.end)):
        step = nice_step(step * 1.01, ticks=1)   # the next round step: 1 -> 2 -> 5 -> 10
    return step


def tick_label(t_us: float, step_us: float) -> str:
    """A tick's label: ``t_us`` in ms, with the decimals ticks ``step_us`` apart need."""
    return f"{t_us / 1000:.{decimals(step_us)}f}"


def decimals(step_us: float) -> int:
    """Decimals a tick label in ms needs for ticks ``step_us`` apart."""
    return max(0, min(3, 3 - math.floor(math.log10(step_us))))


def footer_lines(saved: SavedRound, shown: list[Lane],
                 fits: Callable[[str], bool] = lambda line: True) -> list[str]:
    """What the picture cannot show on its axis (:func:`others_line`, as ``fits`` one line),
    and how to read it (nothing to read in a round nobody pressed in)."""
    if not saved.pressed:
        return []
    lines = []
    outside = [lane for lane in saved.lanes if lane not in shown]
    if outside:
        lines.append(others_line(saved, outside, fits))
    if not saved.edges_kept:
        lines.append("no raw edges were kept for this round: the judged stamps only")
    lines.append("ms after the dice landed; up = pressed; each extra up-and-down is a bounce; the "
                 "judge takes a press's first edge")
    return lines


def others_line(saved: SavedRound, outside: list[Lane], fits: Callable[[str], bool]) -> str:
    """The line naming the buttons not drawn (:func:`others_words`): as many of the first
    :data:`MOST_NAMED_OFF_SCALE` as ``fits`` one line (with where the others are listed if
    that fits too), else only their count (a lone button named whatever its length)."""
    named = range(min(len(outside), MOST_NAMED_OFF_SCALE), 0, -1)
    tried = (others_words(saved, outside, count, where) for count in named
             for where in (True, False))
    return next((line for line in tried if fits(line)),
                others_words(saved, outside, 0 if outside[1:] else 1))


def others_words(saved: SavedRound, outside: list[Lane], named: int, where: bool = True) -> str:
    """``outside``'s first ``named`` buttons, each short: when it first moved and what its
    first tap counted for, the others counted (``where``: with where each is listed): ``not
    drawn: P3 W +312.400 ms (wrong), 7 more (companion replay lists each)``."""
    listed = [f"{lane_name(lane, saved.names)} {lane_time(lane) / 1000:+.3f} ms "
              f"({lane_said(lane)})" for lane in outside[:named]]
    more = len(outside) - named
    if more:
        listed.append(f"{more} more" + (" (companion replay lists each)" if where else ""))
    return "not drawn: " + ", ".join(listed)


def lane_said(lane: Lane) -> str:
    """What a button not drawn did, in a word or two: its first judged tap's verdict (``late``
    after the close), else :func:`lane_note`."""
    return str(lane.taps[0].verdict) if lane.taps else lane_note(lane)


def lane_time(lane: Lane) -> float:
    """When ``lane`` first moved (µs): its first judged tap, edge or summarised edge."""
    times = [tap.t_us for tap in lane.taps] + [t for t, _ in lane.edges[:1]]
    return min(times) if times else (lane.summary or {}).get("first_us", 0.0)


def save_replay_png(saved: SavedRound, path: Path, size: tuple[int, int] = PNG_SIZE) -> None:
    """Draw the replay of ``saved`` headless into the PNG ``path`` (one line if it cannot be
    written: :func:`companion.display.png_file.write_png_file`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    surface = pygame.Surface(size)
    draw_replay(surface, saved)
    write_png_file(surface, path)
