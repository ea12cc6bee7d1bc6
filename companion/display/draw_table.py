"""The table as it lies: four spots in a cross around the deck.

A portal card is a grey card with a disc of its portal colour (in colour-blind mode its
colour's shape and initial instead); a void card is black with a purple rim and no disc (in
colour-blind mode a struck-through ring and a V); an empty spot is an outline. Each spot
carries its side letter (N, E, S, W). The deck in the middle shows the back of its top card:
the arrow naming "up" (Hard and Extreme) and the Liar symbol (Extreme), drawn as a magenta
frame and a magenta strip saying LIAR, and the number of cards left; an empty deck is an
outline saying EMPTY.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial

import pygame

from companion.display import solid, text
from companion.display.colour_marks import draw_mark as draw_colour_mark
from companion.display.layout import Layout
from companion.display.palette import (
    ARROW,
    CARD_BACK,
    CARD_FACE,
    DIM_TEXT,
    EMPTY_SPOT,
    LIAR,
    PORTAL,
    TEXT,
    VOID_FACE,
    VOID_RIM,
)
from companion.display.parts import Part
from companion.games.notnot.sides import SIDES, Side

#: Unit vectors on screen (y grows downwards) pointing from the deck to each side.
TOWARDS: dict[Side, tuple[int, int]] = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1),
                                        Side.W: (-1, 0)}


def draw_card(surface: pygame.Surface, layout: Layout, rect: pygame.Rect, face: str | None,
              colour_blind: bool = False) -> None:
    """One card lying face up in ``rect``: portal colour ``face``, ``"VOID"``, or empty (``None``).

    In ``colour_blind`` mode a card shows its colour's shape and initial
    (:mod:`companion.display.colour_marks`), the void its own mark.
    """
    radius = round(rect.width * 0.12)
    line = max(2, round(0.5 * layout.unit))
    if face is None:
        solid.rect(surface, EMPTY_SPOT, rect, line, border_radius=radius)
        return
    if face in PORTAL:
        solid.rect(surface, CARD_FACE, rect, border_radius=radius)
        if colour_blind:
            draw_colour_mark(surface, face, rect.center, rect.width * 0.36, layout.body_size)
        else:
            pygame.draw.circle(surface, PORTAL[face], rect.center, round(rect.width * 0.33))
        return
    solid.rect(surface, VOID_FACE, rect, border_radius=radius)
    solid.rect(surface, VOID_RIM, rect, line * 2, border_radius=radius)
    if colour_blind:
        centre = (rect.centerx, rect.centery - round(rect.height * 0.1))
        draw_colour_mark(surface, face, centre, rect.width * 0.26, layout.small_size)
    else:
        text.draw(surface, "VOID", layout.small_size, VOID_RIM, center=rect.center)


def arrow_points(rect: pygame.Rect, towards: Side) -> list[tuple[int, int]]:
    """Corners of an arrow in ``rect`` pointing towards table side ``towards``."""
    dx, dy = TOWARDS[towards]
    length = min(rect.width, rect.height) * 0.42
    half = length * 0.5
    shaft = half * 0.36
    cx, cy = rect.center
    px, py = -dy, dx  # perpendicular
    tip = (cx + dx * length * 0.95, cy + dy * length * 0.95)
    base = (cx + dx * length * 0.1, cy + dy * length * 0.1)
    tail = (cx - dx * length * 0.9, cy - dy * length * 0.9)
    points = [tip,
              (base[0] + px * half, base[1] + py * half),
              (base[0] + px * shaft, base[1] + py * shaft),
              (tail[0] + px * shaft, tail[1] + py * shaft),
              (tail[0] - px * shaft, tail[1] - py * shaft),
              (base[0] - px * shaft, base[1] - py * shaft),
              (base[0] - px * half, base[1] - py * half)]
    return [(round(x), round(y)) for x, y in points]


def draw_deck(surface: pygame.Surface, layout: Layout, up: Side | None, liar: bool,
              cards_left: int | None = None) -> list[text.Drawn]:
    """The deck: its top card's back, with the arrow to ``up`` (``None`` = no arrow) and the Liar
    symbol, and how many cards are left. An empty deck (``cards_left == 0``) is an empty outline
    saying EMPTY (the arrow still shows which side is up). Returns the texts drawn on it."""
    rect = layout.deck
    radius = round(rect.width * 0.12)
    if cards_left == 0:
        line = max(2, round(0.5 * layout.unit))
        solid.rect(surface, EMPTY_SPOT, rect, line, border_radius=radius)
        label = text.draw(surface, "EMPTY", layout.small_size, DIM_TEXT,
                          midbottom=(rect.centerx, rect.bottom - round(0.8 * layout.unit)))
        if up is not None:
            pygame.draw.polygon(surface, DIM_TEXT, arrow_points(rect, up))
        return [label]
    drawn = []
    solid.rect(surface, CARD_BACK, rect, border_radius=radius)
    if liar:
        solid.rect(surface, LIAR, rect, max(3, round(0.9 * layout.unit)),
                         border_radius=radius)
        strip = pygame.Rect(rect.left, rect.bottom - round(rect.height * 0.26),
                            rect.width, round(rect.height * 0.26))
        solid.rect(surface, LIAR, strip, border_bottom_left_radius=radius,
                         border_bottom_right_radius=radius)
        drawn.append(text.draw(surface, "LIAR", layout.small_size, TEXT, center=strip.center))
    if up is not None:
        arrow_rect = rect.copy()
        if liar:
            arrow_rect.height = round(rect.height * 0.75)
        pygame.draw.polygon(surface, ARROW, arrow_points(arrow_rect, up))
    if cards_left is not None:
        pad = round(0.8 * layout.unit)
        corner = (rect.right - pad, rect.top + pad)
        drawn.append(text.draw(surface, str(cards_left), layout.small_size, TEXT, topright=corner))
    return drawn


def ring_room(layout: Layout) -> int:
    """How far a ring around a spot (:func:`draw_table`'s ``outlines``) stands out from the
    card, each side, in pixels (one more, for the rounding)."""
    return round(2.4 * layout.unit) // 2 + 1


def draw_table(surface: pygame.Surface, layout: Layout, faces: Mapping[Side, str | None],
               up: Side | None = None, liar: bool = False, cards_left: int | None = None,
               outlines: Mapping[Side, tuple[int, int, int]] | None = None,
               colour_blind: bool = False) -> list[text.Drawn]:
    """The four spots with ``faces`` (portal colour, ``"VOID"`` or ``None``) and the deck.

    ``outlines`` rings chosen spots in a colour (the verdict marks the card won);
    ``colour_blind`` marks each card with its colour's shape and initial.
    Returns the texts drawn on the deck.
    """
    drawn: list[text.Drawn] = []
    for part in table_parts(layout, faces, up, liar, cards_left, outlines, colour_blind):
        drawn += part.paint(surface) or []
    return drawn


def table_parts(layout: Layout, faces: Mapping[Side, str | None], up: Side | None = None,
                liar: bool = False, cards_left: int | None = None,
                outlines: Mapping[Side, tuple[int, int, int]] | None = None,
                colour_blind: bool = False) -> list[Part]:
    """The table as parts of a frame (:mod:`companion.display.parts`), as :func:`draw_table`
    draws it: a part per spot (``spot N``...: its card, side letter and ring) and the ``deck``
    (whose texts it returns). A verdict that rings one card paints that spot again, not the
    table."""
    room, rings = ring_room(layout), outlines or {}
    parts = [Part(f"spot {side.value}", layout.spot(side).inflate(2 * room, 2 * room),
                  (faces.get(side), rings.get(side), colour_blind),
                  partial(draw_spot, layout=layout, side=side, face=faces.get(side),
                          ring=rings.get(side), colour_blind=colour_blind))
             for side in SIDES]
    parts.append(Part("deck", layout.deck, (up, liar, cards_left),
                      partial(draw_deck, layout=layout, up=up, liar=liar,
                              cards_left=cards_left)))
    return parts


def draw_spot(surface: pygame.Surface, layout: Layout, side: Side, face: str | None,
              ring: tuple[int, int, int] | None, colour_blind: bool) -> None:
    """Spot ``side``: its card (``face``), its side letter, and ``ring`` around it if given."""
    rect = layout.spot(side)
    draw_card(surface, layout, rect, face, colour_blind)
    pad = round(0.8 * layout.unit)
    text.draw(surface, side.value, layout.small_size, DIM_TEXT,
              topleft=(rect.left + pad, rect.top + pad))
    if ring is not None:
        around = rect.inflate(round(2.4 * layout.unit), round(2.4 * layout.unit))
        solid.rect(surface, ring, around, max(3, round(1.0 * layout.unit)),
                         border_radius=round(around.width * 0.14))
