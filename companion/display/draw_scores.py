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
                marked: tuple[int, ...] = ()) -> list[text.Drawn]:
    """Draw ``scores`` (player -> points) in equal cells; ring the ``marked`` players."""
    strip = layout.scores
    pygame.draw.rect(surface, PANEL, strip)
    drawn = []
    players = sorted(scores)
    if not players:
        return drawn
    cell_w = strip.width / len(players)
    size = text.size_for_cap_height(strip.height * 0.45)
    for i, player in enumerate(players):
        cell = pygame.Rect(round(strip.left + i * cell_w), strip.top, round(cell_w), strip.height)
        label = f"{player_label(player)}  {scores[player]}"
        fitted = text.fit_size(label, size, cell.width - round(layout.unit), layout.min_text_size)
        drawn.append(text.draw(surface, label, fitted, TEXT, center=cell.center))
        if player in marked:
            pygame.draw.rect(surface, HIGHLIGHT, cell.inflate(-round(layout.unit), -round(layout.unit)),
                             max(2, round(0.5 * layout.unit)), border_radius=round(layout.unit))
    return drawn
