"""The play screen, composed: the level, dice words, the verdict panel beside them, the
table with its deck, the scores (with the names of players who just tapped flashing).

Roll, round, tie choice, verdict and dealing scenes all show this screen.
What it shows comes from the game and the roll as plain values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from companion.display import text
from companion.display.draw_dice import draw_dice
from companion.display.draw_scores import draw_scores
from companion.display.draw_table import draw_table
from companion.display.draw_verdict import VerdictView, draw_verdict
from companion.display.layout import Layout
from companion.display.palette import BACKGROUND, DIM_TEXT
from companion.display.text import Drawn
from companion.games.notnot.dice import Roll
from companion.games.notnot.game import Game
from companion.games.notnot.sides import Side
from companion.scenes.context import Context


@dataclass
class PlayView:
    """Everything the play screen shows, as plain values."""

    faces: dict[Side, str | None]
    scores: dict[int, int]
    words: list[str | None] = field(default_factory=lambda: [None, None, None])
    inks: list[str] = field(default_factory=lambda: ["WHITE"] * 3)
    up: Side | None = None
    liar: bool = False
    cards_left: int | None = None
    outlines: dict[Side, tuple[int, int, int]] = field(default_factory=dict)
    marked: tuple[int, ...] = ()
    #: The level being played (its name), shown above the dice.
    level: str | None = None
    #: What the verdict panel beside the dice shows (``None``: nothing).
    panel: VerdictView | None = None
    #: Players whose name flashes, with the colour (tap feedback).
    flashes: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    #: Colour-blind mode: cards and colour words carry their colour's shape and initial.
    colour_blind: bool = False


def dice_words(roll: Roll) -> list[str | None]:
    """The three lines of dice words for ``roll``: negation (``None`` in Discovery), direction,
    colour."""
    negation = roll.negation if roll.level.rolls_negation else None
    return [negation, roll.criteria[0], roll.criteria[1]]


def view_of(game: Game, roll: Roll | None = None, words: Sequence[str | None] | None = None,
            inks: Sequence[str] | None = None) -> PlayView:
    """The play screen for ``game`` between rounds, or showing ``roll`` (with ``words`` while
    rolling)."""
    view = PlayView(faces=game.faces(), scores=game.scores(), cards_left=len(game.deck),
                    level=game.level.value)
    if roll is not None:
        view.level = roll.level.value
        view.words = list(words) if words is not None else dice_words(roll)
        view.inks = list(inks) if inks is not None else ["WHITE"] * 3
        view.up = roll.up if roll.level.uses_arrow else None
        view.liar = roll.liar
    return view


def view_for(ctx: Context, roll: Roll | None = None, words: Sequence[str | None] | None = None,
             inks: Sequence[str] | None = None) -> PlayView:
    """:func:`view_of` the context's game, in colour-blind mode if the table chose it."""
    view = view_of(ctx.session.playing, roll, words, inks)
    view.colour_blind = ctx.session.preferences.colour_blind
    return view


def draw_play(canvas: pygame.Surface, layout: Layout, view: PlayView) -> list[Drawn]:
    """Draw the whole play screen for ``view``; returns the texts drawn: the level line
    (if shown), the dice words, the panel's texts, then the deck's."""
    canvas.fill(BACKGROUND)
    drawn = []
    if view.level:
        line = layout.level_line
        drawn.append(text.draw(canvas, f"LEVEL  {view.level.upper()}", layout.small_size, DIM_TEXT,
                               midleft=(line.left, line.centery)))
    drawn += draw_dice(canvas, layout, view.words, view.inks, view.colour_blind)
    if view.panel is not None:
        drawn += draw_verdict(canvas, layout, view.panel, layout.verdict)
    drawn += draw_table(canvas, layout, view.faces, view.up, view.liar, view.cards_left,
                        view.outlines, view.colour_blind)
    draw_scores(canvas, layout, view.scores, view.marked, view.flashes)
    return drawn
