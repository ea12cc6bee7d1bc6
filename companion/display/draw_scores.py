"""The score strip: every player's number of point cards, along the bottom, over a bar of the
player's colour."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

import pygame

from companion.display import solid, text
from companion.display.draw_notice import cut_apart
from companion.display.layout import Layout
from companion.display.palette import HIGHLIGHT, PANEL, TEXT, player_colour
from companion.games.notnot.words import NO_NAMES, SeatNames, player_label


def draw_scores(surface: pygame.Surface, layout: Layout, scores: Mapping[int, int],
                marked: tuple[int, ...] = (),
                flashes: Mapping[int, tuple[int, int, int]] | None = None,
                seat_names: SeatNames = NO_NAMES) -> list[text.Drawn]:
    """Draw ``scores`` (player -> points) in equal cells, named players by ``seat_names``; ring
    the ``marked`` players and fill the cells of the players in ``flashes`` (player -> colour)
    with their colour."""
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
    #: The name as it fits the cell at the smallest text size: cut short ("Alexan..."), or in
    #: the middle where it would read like another cell's name cut short ("Alexa...r").
    cut: str


def score_cells(layout: Layout, scores: Mapping[int, int], seat_names: SeatNames = NO_NAMES
                ) -> tuple[int, list[ScoreCell]]:
    """The text size of every cell of the strip (the widest label fits its cell; 12 players
    still fit), and each player's cell, left to right."""
    strip = layout.scores
    players = sorted(scores)
    if not players:
        return 0, []
    cell_w = strip.width / len(players)
    labels = {player: f"{player_label(player, seat_names)}  {scores[player]}"
              for player in players}
    widest = max(labels.values(), key=lambda label: text.width(label, 100))
    room = label_room(layout, round(cell_w))
    size = text.fit_size(widest, text.size_for_cap_height(strip.height * 0.45), room)
    names = tuple(player_label(player, seat_names) for player in players)
    cuts = names_cut(names, layout.min_text_size, room)
    cells = []
    for i, player in enumerate(players):
        left, right = round(strip.left + i * cell_w), round(strip.left + (i + 1) * cell_w)
        cells.append(ScoreCell(player, names[i],
                               pygame.Rect(left, strip.top, round(cell_w), strip.height),
                               pygame.Rect(left, strip.top, right - left, strip.height),
                               cuts[i]))
    return size, cells


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


def draw_score_cell(surface: pygame.Surface, layout: Layout, cell: ScoreCell, score: int,
                    size: int, flash: tuple[int, int, int] | None = None,
                    marked: bool = False) -> list[text.Drawn]:
    """One player's cell on the strip's colour: filled with ``flash`` when it flashes, the
    player's colour bar, name and ``score``, ringed when ``marked``."""
    unit = round(layout.unit)
    solid.rect(surface, PANEL, cell.span)
    if flash is not None:
        solid.rect(surface, flash, cell.rect.inflate(-unit, -unit), border_radius=unit)
    bar = pygame.Rect(cell.rect.left + unit, cell.rect.bottom - round(0.8 * layout.unit),
                      cell.rect.width - 2 * unit, max(2, round(0.5 * layout.unit)))
    solid.rect(surface, player_colour(cell.player), bar)   # as on the timeline
    drawn = draw_label(surface, layout, cell, score, size)
    if marked:
        solid.rect(surface, HIGHLIGHT, cell.rect.inflate(-unit, -unit), ring_width(layout),
                   border_radius=unit)
    return drawn


def draw_label(surface: pygame.Surface, layout: Layout, cell: ScoreCell, score: int,
               size: int) -> list[text.Drawn]:
    """A player's name and score in ``cell``: on one line when it fits at the smallest text
    size, else the score under the name (twelve players at 800x480), a name too long for the
    cell cut as :attr:`ScoreCell.cut` says."""
    room = label_room(layout, cell.rect.width)
    label = f"{cell.name}  {score}"
    fitted = text.fit_size(label, size, room, layout.min_text_size)
    if text.width(label, fitted) <= room:
        return [text.draw(surface, label, fitted, TEXT, center=cell.rect.center)]
    return text.draw_lines(surface, [cell.cut, str(score)], layout.min_text_size,
                           TEXT, center=cell.rect.center)
