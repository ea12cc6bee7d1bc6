"""The score strip: every player's number of point cards, along the bottom, over a bar of the
player's colour.

The cells stand in one row. When a row's cells are too narrow for a name and its score on
one line, and the strip is tall enough for two lines of the smallest text, they stand in two
rows, each cell's name and score on one line (twelve players on a portrait 800x480 screen: a
cell twice as wide, so names keep a few letters, not one or two). Otherwise a narrow cell
puts the score under the name."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import pygame

from companion.display import solid, text
from companion.display.draw_notice import cut_apart
from companion.display.layout import Layout
from companion.display.palette import HIGHLIGHT, PANEL, TAP_FLASH, TEXT, player_colour
from companion.games.notnot.verdict import Verdict
from companion.games.notnot.words import NO_NAMES, SeatNames, player_label


def draw_scores(surface: pygame.Surface, layout: Layout, scores: Mapping[int, int],
                marked: tuple[int, ...] = (),
                flashes: Mapping[int, str] | None = None,
                seat_names: SeatNames = NO_NAMES) -> list[text.Drawn]:
    """Draw ``scores`` (player -> points) in equal cells, named players by ``seat_names``; ring
    the ``marked`` players and flash the cells of the players in ``flashes`` (player -> what
    their tap counted for, a key of :data:`~companion.display.palette.TAP_FLASH`)."""
    solid.rect(surface, PANEL, layout.scores)
    size, cells = score_cells(layout, scores, seat_names)
    drawn: list[text.Drawn] = []
    for cell in cells:
        drawn += draw_score_cell(surface, layout, cell, scores[cell.player], size,
                                 (flashes or {}).get(cell.player), cell.player in marked)
    return drawn


@dataclass(frozen=True)
class ScoreCell:
    """A player's cell of the score strip: ``rect`` is where it is drawn, ``span`` the stretch
    of the strip that is its own (the spans of all cells cover the strip, edge to edge)."""

    player: int
    name: str
    rect: pygame.Rect
    span: pygame.Rect
    #: The name as it fits the cell at the smallest text size (beside the score, in a strip of
    #: two rows): cut short ("Alexan..."), or in the middle where it would read like another
    #: cell's name cut short ("Alexa...r").
    cut: str
    #: Whether the cell stands in a strip of two rows (its label is then one line, whatever).
    two_rows: bool = False


def score_cells(layout: Layout, scores: Mapping[int, int], seat_names: SeatNames = NO_NAMES
                ) -> tuple[int, list[ScoreCell]]:
    """The text size of every cell of the strip (the widest label fits its cell; 12 players
    still fit), and each player's cell, left to right (in two rows, the first row first)."""
    strip = layout.scores
    players = sorted(scores)
    if not players:
        return 0, []
    labels = {player: f"{player_label(player, seat_names)}  {scores[player]}"
              for player in players}
    widest = max(labels.values(), key=lambda label: text.width(label, 100))
    rows = 2 if in_two_rows(layout, len(players), widest) else 1
    per_row = -(-len(players) // rows)
    cell_w, cell_h = strip.width / per_row, strip.height / rows
    room = label_room(layout, round(cell_w))
    size = text.fit_size(widest, text.size_for_cap_height(cell_h * 0.45), room)
    names = tuple(player_label(player, seat_names) for player in players)
    score_room = text.width(f" {max(scores.values())}", layout.min_text_size)
    cuts = names_cut(names, layout.min_text_size, room - (score_room if rows == 2 else 0))
    cells = []
    for i, player in enumerate(players):
        row, column = divmod(i, per_row)
        left, right = round(strip.left + column * cell_w), round(strip.left + (column + 1) * cell_w)
        top, bottom = round(strip.top + row * cell_h), round(strip.top + (row + 1) * cell_h)
        span_right = strip.right if column == per_row - 1 else right
        cells.append(ScoreCell(player, names[i],
                               pygame.Rect(left, top, round(cell_w), bottom - top),
                               pygame.Rect(left, top, span_right - left, bottom - top),
                               cuts[i], rows == 2))
    return size, cells


def in_two_rows(layout: Layout, players: int, widest: str) -> bool:
    """Whether the strip's cells stand in two rows: ``widest`` (the widest label) does not fit
    a cell of one row on one line at the smallest text size, and two lines of that text and
    their colour bars stand in the strip."""
    strip = layout.scores
    one_row = label_room(layout, round(strip.width / players))
    if players < 2 or text.width(widest, layout.min_text_size) <= one_row:
        return False
    line = text.font(layout.min_text_size).get_height()
    return strip.height >= 2 * (line + bar_height(layout) + round(0.3 * layout.unit))


@lru_cache(maxsize=64)
def names_cut(names: tuple[str, ...], size: int, room: int) -> tuple[str, ...]:
    """:func:`cut_apart` of the strip's names (kept: the strip is laid out every play frame)."""
    return tuple(cut_apart(names, size, room))


def label_room(layout: Layout, cell_width: int) -> int:
    """The width a cell's label may take: inside the ring of a marked cell, a pixel clear."""
    return cell_width - round(layout.unit) - 2 * ring_width(layout) - 2


def ring_width(layout: Layout) -> int:
    """How thick the ring around a marked cell is."""
    return max(2, round(0.5 * layout.unit))


def bar_height(layout: Layout) -> int:
    """How thick the bar of a player's colour under a cell is."""
    return max(2, round(0.5 * layout.unit))


def draw_score_cell(surface: pygame.Surface, layout: Layout, cell: ScoreCell, score: int,
                    size: int, flash: str | None = None,
                    marked: bool = False) -> list[text.Drawn]:
    """One player's cell on the strip's colour: when it flashes, filled with the colour of
    ``flash`` (what the player's tap counted for, a key of
    :data:`~companion.display.palette.TAP_FLASH`) and hatched too when that is a kind in
    :data:`HATCHED_FLASHES`; the player's colour bar, name and ``score``, ringed when
    ``marked``."""
    unit = round(layout.unit)
    solid.rect(surface, PANEL, cell.span)
    if flash is not None:
        solid.rect(surface, TAP_FLASH[flash], cell.rect.inflate(-unit, -unit), border_radius=unit)
    if flash in HATCHED_FLASHES:
        draw_hatching(surface, layout, cell.rect.inflate(-3 * unit, -3 * unit))
    bar = pygame.Rect(cell.rect.left + unit, cell.rect.bottom - round(0.8 * layout.unit),
                      cell.rect.width - 2 * unit, bar_height(layout))
    solid.rect(surface, player_colour(cell.player), bar)   # as on the timeline
    drawn = draw_label(surface, layout, cell, score, size)
    if marked:
        solid.rect(surface, HIGHLIGHT, cell.rect.inflate(-unit, -unit), ring_width(layout),
                   border_radius=unit)
    return drawn


#: The hatching of a wrong tap's flash: darker than its red, so that the flash is told from a
#: counted tap's without its colour (a red and a grey-blue look alike to many colour-blind eyes).
HATCHING = (110, 10, 10)

#: The kinds of flash that are hatched as well as coloured: a wrong tap's. Chosen by kind, not
#: by colour, so that a flash of another kind in the same colour is never hatched.
HATCHED_FLASHES = frozenset({Verdict.WRONG})


def draw_hatching(surface: pygame.Surface, layout: Layout, area: pygame.Rect) -> None:
    """Diagonal stripes across ``area`` (a wrong tap's flash), a stripe every two units."""
    step, width = max(8, round(2 * layout.unit)), max(3, round(0.6 * layout.unit))
    clip = surface.get_clip()
    surface.set_clip(area.clip(clip) if clip else area)
    for x in range(area.left - area.height, area.right, step):
        pygame.draw.line(surface, HATCHING, (x, area.bottom), (x + area.height, area.top), width)
    surface.set_clip(clip)


def draw_label(surface: pygame.Surface, layout: Layout, cell: ScoreCell, score: int,
               size: int) -> list[text.Drawn]:
    """A player's name and score in ``cell``: on one line when it fits at the smallest text
    size, else (in one row) the score under the name (twelve players at 800x480), a name too
    long for the cell cut as :attr:`ScoreCell.cut` says."""
    room = label_room(layout, cell.rect.width)
    label = f"{cell.name}  {score}"
    fitted = text.fit_size(label, size, room, layout.min_text_size)
    if text.width(label, fitted) <= room:
        return [text.draw(surface, label, fitted, TEXT, center=cell.rect.center)]
    if cell.two_rows:
        return [text.draw(surface, f"{cell.cut} {score}", layout.min_text_size, TEXT,
                          center=cell.rect.center)]
    return text.draw_lines(surface, [cell.cut, str(score)], layout.min_text_size,
                           TEXT, center=cell.rect.center)
