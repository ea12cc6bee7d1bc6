"""The score strip: every player's number of point cards, along the bottom, over a bar of the
player's colour."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from companion.display import text
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
    strip = layout.scores
    pygame.draw.rect(surface, PANEL, strip)
    drawn: list[text.Drawn] = []
    players = sorted(scores)
    if not players:
        return drawn
    cell_w = strip.width / len(players)
    labels = {player: f"{player_label(player, seat_names)}  {scores[player]}"
              for player in players}
    widest = max(labels.values(), key=lambda label: text.width(label, 100))
    size = text.fit_size(widest, text.size_for_cap_height(strip.height * 0.45),
                         round(cell_w - layout.unit))   # 12 players still fit their cells
    for i, player in enumerate(players):
        cell = pygame.Rect(round(strip.left + i * cell_w), strip.top, round(cell_w), strip.height)
        if flashes and player in flashes:
            inner = cell.inflate(-round(layout.unit), -round(layout.unit))
            pygame.draw.rect(surface, flashes[player], inner, border_radius=round(layout.unit))
        bar = pygame.Rect(cell.left + round(layout.unit), cell.bottom - round(0.8 * layout.unit),
                          cell.width - 2 * round(layout.unit), max(2, round(0.5 * layout.unit)))
        pygame.draw.rect(surface, player_colour(player), bar)   # as on the timeline
        drawn += draw_label(surface, layout, cell, player_label(player, seat_names),
                            scores[player], size)
        if player in marked:
            pygame.draw.rect(surface, HIGHLIGHT,
                             cell.inflate(-round(layout.unit), -round(layout.unit)),
                             max(2, round(0.5 * layout.unit)), border_radius=round(layout.unit))
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
