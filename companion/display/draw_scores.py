"""The score strip: every player's number of point cards, along the bottom, over a bar of the
player's colour."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from companion.display import solid, text
from companion.display.draw_notice import cut_short
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
    size = text.fit_size(widest, text.size_for_cap_height(strip.height * 0.45),
                         round(cell_w - layout.unit))
    cells = []
    for i, player in enumerate(players):
        left, right = round(strip.left + i * cell_w), round(strip.left + (i + 1) * cell_w)
        cells.append(ScoreCell(player, player_label(player, seat_names),
                               pygame.Rect(left, strip.top, round(cell_w), strip.height),
                               pygame.Rect(left, strip.top, right - left, strip.height)))
    return size, cells


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
    drawn = draw_label(surface, layout, cell.rect, cell.name, score, size)
    if marked:
        solid.rect(surface, HIGHLIGHT, cell.rect.inflate(-unit, -unit),
                         max(2, round(0.5 * layout.unit)), border_radius=unit)
    return drawn


def draw_label(surface: pygame.Surface, layout: Layout, cell: pygame.Rect, name: str,
               score: int, size: int) -> list[text.Drawn]:
    """A player's ``name`` and score in ``cell``: on one line when it fits at the smallest text
    size, else the score under the name (twelve players at 800x480), a name too long for the
    cell cut short ("Alexan...")."""
    room = cell.width - round(layout.unit)
    label = f"{name}  {score}"
    fitted = text.fit_size(label, size, room, layout.min_text_size)
    if text.width(label, fitted) <= room:
        return [text.draw(surface, label, fitted, TEXT, center=cell.center)]
    if text.width(name, layout.min_text_size) > room:   # a long name at 12 players: cut short
        name = cut_short(name, layout.min_text_size, room)
    return text.draw_lines(surface, [name, str(score)], layout.min_text_size,
                           TEXT, center=cell.center)
