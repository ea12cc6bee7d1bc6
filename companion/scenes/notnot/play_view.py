"""The play screen, composed: the level, dice words, the verdict panel beside them, the
table with its deck, the scores (with the names of players who just tapped flashing).

Roll, round, tie choice, verdict and dealing scenes all show this screen.
What it shows comes from the game and the roll as plain values. A verdict or a
tie choice takes the room it needs to say everything (:func:`panel_room`): the
dice words give up the lines they do not use, then stand closer at their
smallest size; what still does not fit is shown in pages (:func:`page_at`).
While a TOO EARLY banner shows, it and the panel (the round's countdown) share
the panel's room, one beside the other (:func:`early_rooms`): the banner never
covers the countdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial

import pygame

from companion.display import text
from companion.display.draw_dice import dice_lines, draw_die
from companion.display.draw_scores import draw_score_cell, draw_scores, score_cells
from companion.display.draw_table import table_parts
from companion.display.draw_verdict import (
    VerdictView,
    draw_verdict,
    on_one_page,
    text_sizes,
    verdict_pages,
)
from companion.display.layout import ROUND_ROWS, DiceRows, Layout
from companion.display.palette import BACKGROUND, DIM_TEXT, INKS
from companion.display.parts import Part, paint_whole
from companion.display.text import Drawn
from companion.games.notnot.dice import Roll
from companion.games.notnot.game import Game
from companion.games.notnot.sides import Side
from companion.scenes.core import Context


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
    #: The TOO EARLY banner while it shows (``None``: none): it takes a share of the panel's
    #: room, the panel the rest (:func:`early_rooms`).
    early: VerdictView | None = None
    #: Players whose name flashes, with what their tap counted for (tap feedback: a key of
    #: :data:`~companion.display.palette.TAP_FLASH`, which gives its colour).
    flashes: dict[int, str] = field(default_factory=dict)
    #: Colour-blind mode: cards and colour words carry their colour's shape and initial.
    colour_blind: bool = False
    #: How the dice words stand (a verdict may take the lines they do not use).
    rows: DiceRows = ROUND_ROWS
    #: The named players, by seat (guests absent), for the score strip.
    names: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class PanelRoom:
    """Where a verdict stands: how the dice words stand to make room, and the panel's rect."""

    rows: DiceRows
    rect: pygame.Rect


def verdict_headline(layout: Layout) -> int:
    """The largest size of a verdict's headline in the panel beside the dice."""
    return layout.title_size * 4 // 5


def rows_to_try(words: Sequence[str | None]) -> list[DiceRows]:
    """Dice rows giving the panel more and more room: the round's, the words on the lines they
    use, those lines at the smallest word size."""
    used = max(1, sum(1 for word in words if word))
    return list(dict.fromkeys([ROUND_ROWS, DiceRows(used), DiceRows(used, compact=True)]))


def panel_room(layout: Layout, words: Sequence[str | None], panel: VerdictView,
               timeline: bool) -> PanelRoom:
    """The room for ``panel`` beside the dice ``words`` (over the tap timeline's strip with
    ``timeline``): at each text size, largest first, the least change to the dice at which it
    stands on one page; else the most room, where it is paged."""
    rooms = [PanelRoom(rows, layout.panel(rows, timeline)) for rows in rows_to_try(words)]
    for sizes in text_sizes(layout, verdict_headline(layout)):
        for room in rooms:
            if on_one_page(layout, panel, room.rect, sizes):
                return room
    return rooms[-1]


def page_at(shown_ns: int, now_ns: int, pages: int, page_s: float) -> int:
    """The page shown at ``now_ns`` of ``pages`` shown from ``shown_ns``, ``page_s`` each,
    round and round."""
    return (now_ns - shown_ns) // max(1, round(page_s * 1e9)) % max(1, pages)


def page_turn_ns(shown_ns: int, now_ns: int, page_s: float) -> int:
    """When the page shown at ``now_ns`` (of pages shown from ``shown_ns``, ``page_s`` each)
    gives way to the next."""
    step = max(1, round(page_s * 1e9))
    return shown_ns + ((now_ns - shown_ns) // step + 1) * step


@dataclass(frozen=True)
class PagedPanel:
    """A verdict's panel in its room, shown from ``shown_ns``: a verdict that needs pages
    turns them every ``page_s`` seconds."""

    room: PanelRoom
    shown_ns: int
    page_s: float

    def pages(self, layout: Layout, view: VerdictView) -> int:
        """How many pages ``view`` takes in the room."""
        return verdict_pages(layout, view, self.room.rect, verdict_headline(layout))

    def page(self, layout: Layout, view: VerdictView, now_ns: int) -> int:
        """The page of ``view`` shown at ``now_ns``."""
        return page_at(self.shown_ns, now_ns, self.pages(layout, view), self.page_s)

    def next_turn_ns(self, now_ns: int) -> int:
        """When the page shown at ``now_ns`` gives way to the next."""
        return page_turn_ns(self.shown_ns, now_ns, self.page_s)

    def part(self, layout: Layout, view: VerdictView, now_ns: int) -> Part:
        """The page of ``view`` shown at ``now_ns``, as the part of a frame named ``verdict``."""
        page, room = self.page(layout, view, now_ns), self.room.rect
        return Part("verdict", room, (view, page),
                    lambda canvas: draw_verdict(canvas, layout, view, room,
                                                verdict_headline(layout), page),
                    keep=False)   # one round's verdict: never shown again


#: A panel at least this many times as wide as it is tall (a turned screen's) is shared side
#: by side while a TOO EARLY banner shows; a less wide one, one above the other.
SIDE_BY_SIDE = 3


def early_rooms(layout: Layout, room: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The panel's ``room`` shared while a TOO EARLY banner shows: the panel's half (a
    countdown) and the banner's, a margin apart, side by side in a wide, low room (the
    countdown on the left), else one above the other (the countdown on top)."""
    gap = round(layout.unit)
    if room.width >= SIDE_BY_SIDE * room.height:
        first = pygame.Rect(room.left, room.top, (room.width - gap) // 2, room.height)
        return first, pygame.Rect(first.right + gap, room.top, room.right - first.right - gap,
                                  room.height)
    first = pygame.Rect(room.left, room.top, room.width, (room.height - gap) // 2)
    return first, pygame.Rect(room.left, first.bottom + gap, room.width,
                              room.bottom - first.bottom - gap)


def banner_part(layout: Layout, view: VerdictView) -> Part:
    """``view`` on the big banner over the dice area (prompts between rounds), as the part of a
    frame named ``banner``."""
    return Part("banner", layout.banner, view, lambda canvas: draw_verdict(canvas, layout, view))


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


def view_for(ctx: Context, game: Game, roll: Roll | None = None,
             words: Sequence[str | None] | None = None,
             inks: Sequence[str] | None = None) -> PlayView:
    """:func:`view_of` ``game``, in colour-blind mode if the table chose it."""
    view = view_of(game, roll, words, inks)
    view.colour_blind = ctx.session.preferences.colour_blind
    view.names = ctx.session.setup.names
    return view


def play_parts(layout: Layout, view: PlayView) -> list[Part]:
    """The play screen for ``view`` as parts of a frame (:mod:`companion.display.parts`): the
    level line and each die's line, the panel beside the dice (when ``view.panel``), the TOO
    EARLY banner beside it (when ``view.early``: :func:`early_rooms`), the table's spots and
    deck, and each player's score. Each group of parts is made once for what it shows and
    reused while that stays the same (a countdown's tick makes its panel only)."""
    parts = list(dice_parts(layout, view.level, tuple(view.words), tuple(view.inks), view.rows,
                            view.colour_blind))
    room = aside = layout.panel(view.rows)
    if view.early is not None:
        room, aside = early_rooms(layout, room)
    for name, shown, where in (("panel", view.panel, room), ("early", view.early, aside)):
        if shown is not None:
            parts.append(Part(name, where, shown,
                              partial(draw_verdict, layout=layout, view=shown, area=where)))
    parts += spot_parts(layout, tuple(view.faces.items()), view.up, view.liar, view.cards_left,
                        tuple(view.outlines.items()), view.colour_blind)
    return parts + list(score_parts(layout, tuple(view.scores.items()), tuple(view.names.items()),
                                    tuple(view.flashes.items()), view.marked))


@lru_cache(maxsize=8)
def spot_parts(layout: Layout, faces: tuple[tuple[Side, str | None], ...], up: Side | None,
               liar: bool, cards_left: int | None,
               outlines: tuple[tuple[Side, tuple[int, int, int]], ...],
               colour_blind: bool) -> tuple[Part, ...]:
    """The table's parts (:func:`~companion.display.draw_table.table_parts`), made once."""
    return tuple(table_parts(layout, dict(faces), up, liar, cards_left, dict(outlines),
                             colour_blind))


#: The names of the dice words' parts, top to bottom.
DIE_PARTS = ("die 1", "die 2", "die 3")


@lru_cache(maxsize=64)
def dice_parts(layout: Layout, level: str | None, words: tuple[str | None, ...],
               inks: tuple[str, ...], rows: DiceRows, colour_blind: bool) -> tuple[Part, ...]:
    """The ``level`` line (when given) and a part for each die's word, on its line (made once
    for what they show)."""
    parts = []
    if level:
        parts.append(Part("level", layout.level_line, level,
                          partial(paint_level, layout=layout, level=level)))
    size, placed = dice_lines(layout, list(words), list(inks), rows)
    for name, (word, ink, line) in zip(DIE_PARTS, placed):
        where = line if colour_blind else word_box(word, size, ink, line)
        parts.append(Part(name, where, (word, ink, size, colour_blind),
                          partial(paint_die, layout=layout, word=word, ink=ink, size=size,
                                  line=line, colour_blind=colour_blind)))
    return tuple(parts)


def paint_die(canvas: pygame.Surface, layout: Layout, word: str, ink: str, size: int,
              line: pygame.Rect, colour_blind: bool) -> list[Drawn]:
    return [draw_die(canvas, layout, word, ink, size, line, colour_blind)]


def word_box(word: str, size: int, ink: str, line: pygame.Rect) -> pygame.Rect:
    """Where a die's ``word`` puts ink on its ``line``: its part's rect, so that a word
    changing paints and turns its glyphs, not the line."""
    return text.inked_box(word, size, INKS[ink], BACKGROUND, midleft=(line.left, line.centery))


def paint_level(canvas: pygame.Surface, layout: Layout, level: str) -> list[Drawn]:
    """The level being played, on the line above the dice; returns its text."""
    line = layout.level_line
    return [text.draw(canvas, f"LEVEL  {level.upper()}", layout.small_size, DIM_TEXT,
                      midleft=(line.left, line.centery))]


@lru_cache(maxsize=16)
def score_parts(layout: Layout, scores: tuple[tuple[int, int], ...],
                names: tuple[tuple[int, str], ...],
                flashes: tuple[tuple[int, str], ...],
                marked: tuple[int, ...]) -> tuple[Part, ...]:
    """A part for each player's cell of the score strip: a flash or a new score paints one
    cell, not the strip (made once for what they show)."""
    points, flashing = dict(scores), dict(flashes)
    size, cells = score_cells(layout, points, dict(names))
    if not cells:
        return (Part("scores", layout.scores, (), partial(draw_scores, layout=layout, scores={})),)
    return tuple(Part(f"score {cell.player}", cell.span,
                      (cell.player, cell.name, cell.cut, tuple(cell.rect), points[cell.player],
                       size, flashing.get(cell.player), cell.player in marked),
                      partial(draw_score_cell, layout=layout, cell=cell,
                              score=points[cell.player], size=size,
                              flash=flashing.get(cell.player), marked=cell.player in marked))
                 for cell in cells)


def play_texts(drawn: Mapping[str, list[Drawn]]) -> list[Drawn]:
    """The play screen's texts from a composed frame: the level line (if shown), the dice
    words, the panel's texts, the TOO EARLY banner's, then the deck's."""
    dice = [piece for name in ("level", *DIE_PARTS) for piece in drawn.get(name, [])]
    return [*dice, *drawn.get("panel", []), *drawn.get("early", []), *drawn["deck"]]


def draw_play(canvas: pygame.Surface, layout: Layout, view: PlayView) -> list[Drawn]:
    """Draw the whole play screen for ``view`` (whatever the canvas showed); returns the texts
    drawn: the level line (if shown), the dice words, the panel's texts, the TOO EARLY
    banner's, then the deck's."""
    return play_texts(paint_whole(canvas, play_parts(layout, view)))
