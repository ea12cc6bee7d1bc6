"""The score strip: every player's number of point cards, along the bottom."""

from __future__ import annotations

from typing import Mapping

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import HIGHLIGHT, PANEL, TEXT


def player_label(player: int) -> str:
    """How a player is named on screen: ``P1``, ``P2``, ..."""
    return f"P{player}"


def draw_scores(surface: pygame.Surface, layout: Layout, scores: Mapping[int, int],
                marked: tuple[int, ...] = (),
                flashes: Mapping[int, tuple[int, int, int]] | None = None) -> list[text.Drawn]:
    """Draw ``scores`` (player -> points) in equal cells; ring the ``marked`` players and fill
    the cells of the players in ``flashes`` (player -> colour) with their colour."""
    strip = layout.scores
    pygame.draw.rect(surface, PANEL, strip)
    drawn = []
    players = sorted(scores)
    if not players:
        return drawn
    cell_w = strip.width / len(players)
    labels = {player: f"{player_label(player)}  {scores[player]}" for player in players}
    widest = max(labels.values(), key=lambda label: text.width(label, 100))
    size = text.fit_size(widest, text.size_for_cap_height(strip.height * 0.45),
                         round(cell_w - layout.unit))   # 12 players still fit their cells
    for i, player in enumerate(players):
        cell = pygame.Rect(round(strip.left + i * cell_w), strip.top, round(cell_w), strip.height)
        if flashes and player in flashes:
            inner = cell.inflate(-round(layout.unit), -round(layout.unit))
            pygame.draw.rect(surface, flashes[player], inner, border_radius=round(layout.unit))
        drawn.append(text.draw(surface, labels[player], size, TEXT, center=cell.center))
        if player in marked:
            pygame.draw.rect(surface, HIGHLIGHT, cell.inflate(-round(layout.unit), -round(layout.unit)),
                             max(2, round(0.5 * layout.unit)), border_radius=round(layout.unit))
    return drawn
