"""A player's thinking profile as a chart, drawn with pygame (``companion players profile
--png``).

One row per figure of :class:`~companion.games.notnot.profile.Profile` (every round, each
condition, each negation count alone): a box over the quartiles, a line over the median's
interval, a bar at the median and the median in numbers; a row with too few answers says so.
The axis runs from 0 to the slowest upper quartile, rounded up to a whole 250 ms.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.palette import BACKGROUND, DIM_TEXT, HIGHLIGHT, PORTAL, TEXT
from companion.display.png_file import write_png_file
from companion.games.notnot.profile import TOO_FEW, Figure, Profile
from companion.games.notnot.record import whole_ms

WIDTH, ROW_H, FONT = 960, 34, 18
BOX = PORTAL["BLUE"]


def axis_end_ms(figures: list[Figure]) -> int:
    slowest = max((figure.quartiles_ms[1] for figure in figures if figure.quartiles_ms),
                  default=0.0)
    return max(250, int(-(-slowest // 250) * 250))


def render(name: str, profile: Profile) -> pygame.Surface:
    """The chart of ``name``'s ``profile`` on a surface of its own."""
    figures = [profile.overall, *profile.figures, *profile.negations_alone]
    surface = pygame.Surface((WIDTH, ROW_H * (len(figures) + 3)))
    surface.fill(BACKGROUND)
    text.draw(surface, f"{name}: {profile.rounds} rounds, reaction from the dice landing (ms)",
              FONT, TEXT, topleft=(10, 8))
    label_w = max(text.width(figure.label, FONT) for figure in figures) + 20
    plot = pygame.Rect(label_w, ROW_H * 2, WIDTH - label_w - 110, ROW_H * len(figures))
    end = axis_end_ms(figures)

    def x_of(ms: float) -> int:
        return round(plot.left + plot.width * min(max(ms, 0.0), end) / end)

    for i, figure in enumerate(figures):
        y = plot.top + i * ROW_H + ROW_H // 2
        text.draw(surface, figure.label, FONT, TEXT, midleft=(10, y))
        if figure.median_ms is None or not figure.quartiles_ms or not figure.interval_ms:
            text.draw(surface, f"{TOO_FEW} ({figure.rounds})", FONT, DIM_TEXT,
                      midleft=(plot.left, y))
            continue
        q1, q3 = (x_of(ms) for ms in figure.quartiles_ms)
        pygame.draw.rect(surface, BOX, pygame.Rect(q1, y - ROW_H // 4, max(1, q3 - q1),
                                                   ROW_H // 2))
        low, high = (x_of(ms) for ms in figure.interval_ms)
        pygame.draw.line(surface, TEXT, (low, y), (high, y), 3)
        median = x_of(figure.median_ms)
        pygame.draw.line(surface, HIGHLIGHT, (median, y - ROW_H // 3), (median, y + ROW_H // 3), 3)
        text.draw(surface, f"{whole_ms(figure.median_ms)} ({figure.rounds})", FONT, TEXT,
                  midleft=(plot.right + 10, y))
    for tick in range(0, end + 1, 250):
        pygame.draw.line(surface, DIM_TEXT, (x_of(tick), plot.top), (x_of(tick), plot.bottom), 1)
        text.draw(surface, f"{tick}", FONT, DIM_TEXT, midtop=(x_of(tick), plot.bottom + 4))
    return surface


def save_chart(path: str, name: str, profile: Profile) -> None:
    """Draw the chart and write it to ``path`` as a PNG; one line naming ``path`` if it cannot
    be written."""
    if not pygame.font.get_init():
        pygame.font.init()
    write_png_file(render(name, profile), path)
