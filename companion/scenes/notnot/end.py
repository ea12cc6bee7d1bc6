"""The end of the game: the winners (none when nobody scored), the scores, each player's
reaction times, and each player's closest win and closest loss (the margins of
:mod:`companion.games.notnot.margin`); above the chart, the line of why the game is over where
a table may not see it (the deck cannot fill the spots with cards still in it: the rules'
words, :func:`~companion.games.notnot.deck.why_over_with_cards_left`), then a line per player
of what costs them most (:mod:`companion.scenes.notnot.thinking_costs`): from this game's
rounds at entry, then, once the first frame is on screen, from the named players' kept rounds
too. Where those lines do not stand above the chart's rows (eight players on 800x480), the
screen is two pages that turn by themselves every :data:`PAGE_S` seconds, the winners on both:
the chart, then the lines (why the game is over first, then one a player), the hint saying
which page (``1/2``, ``2/2``).

A game the table ended early from the pause menu is saved finished here, as it
stands, marked ended early (and says so on screen); one ended before its first verdict
is not kept, and the screen says that. E (any pad), Enter or a
touch goes to the set-up of a new game, with the same choices; a pad's press in the
end screen's first second is a late tap of the last round and leaves it up.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.chart import draw_chart
from companion.display.draw_menu import (
    draw_hint,
    draw_lines_fit,
    draw_title,
    hint_top,
    lines_height,
    one_size,
)
from companion.display.layout import Layout
from companion.games.notnot.deck import why_over_with_cards_left
from companion.games.notnot.margin import margin_text
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.words import NO_NAMES, SeatNames, names
from companion.inputs.actions import selects
from companion.inputs.keyboard import button_name
from companion.scenes.changes import ToEnd, ToSetup
from companion.scenes.common.late_taps import late_tap
from companion.scenes.core import Scene
from companion.scenes.notnot.play_view import page_at, page_turn_ns
from companion.scenes.notnot.saving import save_ended
from companion.scenes.notnot.thinking_costs import cost_lines, cost_lines_with_kept, rows_of


def close_call_notes(close_calls: dict[str, dict[int, tuple[float, int]]]) -> dict[int, str]:
    """``closest win 0.6 ms  closest loss 12 ms`` for each player who had either."""
    notes: dict[int, list[str]] = {}
    for kind in ("win", "loss"):
        for player, (gap, step) in sorted(close_calls.get(kind, {}).items()):
            notes.setdefault(player, []).append(f"closest {kind} {margin_text(gap, step)}")
    return {player: "  ".join(parts) for player, parts in notes.items()}


def winners_headline(scores: dict[int, int], winners: list[int],
                     seat_names: SeatNames = NO_NAMES) -> str:
    """``WINNER: P2``, ``WINNERS: P1 P3``, or ``NOBODY SCORED`` when no player holds a point
    card (most point cards wins, and nobody has any: a game without a winner)."""
    if not any(scores.values()):
        return "NOBODY SCORED: no winner"
    return f"{'WINNER' if len(winners) == 1 else 'WINNERS'}: {names(winners, seat_names)}"


#: The least height a row of the chart takes, in lines of its text, and the lines of its axis.
CHART_ROW_LINES, CHART_AXIS_LINES = 1.25, 2


def chart_least_height(rows: int, layout: Layout) -> int:
    """The height the chart of ``rows`` players keeps whatever the lines over it: its rows stand
    apart (cost lines that would leave it less go to a page of their own: at 8 players on
    800x480 they left it 40 px)."""
    return round(text.block_height(1, layout.small_size) *
                 (CHART_ROW_LINES * rows + CHART_AXIS_LINES))


#: How long each page of an end screen in pages stays, in seconds: the chart's eight rows, or
#: eight players' lines, read by a table from a metre away.
PAGE_S = 8.0
#: The hints of the chart, of the page of cost lines, and of that page with only the line of
#: why the game is over (``{key}``: the key of a new game; ``{page}``: ``   1/2``, ``   2/2`` on
#: an end screen in pages).
CHART_HINT, COSTS_HINT, OVER_HINT = (
    "reaction times (ms from the dice landing)   {key} new game{page}",
    "what costs each player most   {key} new game{page}",
    "why the game is over   {key} new game{page}")


def content_bottom(layout: Layout, hint: str) -> int:
    """Where the chart or the cost lines end: above ``hint``, which wraps to two lines on an
    upright screen."""
    return min(layout.height - round(8 * layout.unit),
               hint_top(layout, hint) - round(2 * layout.unit))


def lines_stand_above_chart(layout: Layout, rows: list[str], room: int, players: int) -> bool:
    """Whether the lines ``rows`` (why the game is over, the costs) stand in ``room`` pixels
    with the chart of ``players`` rows under them (:func:`chart_least_height`); no rows always
    do (there is nothing to show)."""
    return not rows or lines_height(layout, rows) <= room - chart_least_height(players, layout)


def draw_lines_page(canvas: pygame.Surface, layout: Layout, over: list[str], lines: list[str],
                    top: int, bottom: int) -> list[text.Drawn]:
    """The page of lines between ``top`` and ``bottom``: ``over`` (why the game is over), at
    most at the body's size, at its top (centred in it without cost ``lines``), then the cost
    ``lines`` (:func:`draw_costs_page`)."""
    if not lines:
        top += max(0, bottom - top - lines_height(layout, over, layout.body_size)) // 2
    drawn = draw_lines_fit(canvas, layout, over, top, bottom, layout.body_size)
    top = drawn[-1].rect.bottom + round(3 * layout.unit) if drawn else top
    return drawn + draw_costs_page(canvas, layout, lines, top, bottom)


def draw_costs_page(canvas: pygame.Surface, layout: Layout, lines: list[str], top: int,
                    bottom: int) -> list[text.Drawn]:
    """The cost ``lines`` between ``top`` and ``bottom``, centred, all at one size: one a player
    at the largest size up to the body's at which they stand, else two a row at the small
    size."""
    room = bottom - top
    shapes = [*((lines, one_size(layout, lines, size))
                for size in range(layout.body_size, layout.small_size - 1, -1)),
              (rows_of(lines), layout.small_size)]
    shown, size = next(((rows, size) for rows, size in shapes
                        if lines_height(layout, rows, size) <= room), shapes[-1])
    start = top + max(0, room - lines_height(layout, shown, size)) // 2
    return draw_lines_fit(canvas, layout, shown, start, bottom, size)


class EndScene(Scene[ToEnd]):
    """Winners, scores and the reaction-time chart (in two pages with the cost lines, when they
    do not stand above it); E goes to the set-up of a new game."""

    name = "end"

    def enter(self, now_ns: int, change: ToEnd) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        self.entered_ns = self.now_ns = now_ns
        self.pages = 1
        self.early = not self.play.game.over
        self.costs = cost_lines(self.play.game.players, self.play.rounds)
        self.game_id = self.play.game_id   # the kept game, before save_ended lets go of it
        save_ended(self.ctx, self.play)
        self.ctx.services.sounds.play("win")
        self.ctx.after_frame.append(self.read_kept_rounds)

    def read_kept_rounds(self) -> None:
        """The cost lines from the named players' kept rounds too, read once the winners are on
        screen (a second or more on a Pi for a busy table), drawn in the next frame."""
        lines = cost_lines_with_kept(self.ctx, self.game_id, self.play.game.players,
                                     self.play.rounds)
        if lines is not None:
            self.costs = lines
            self.dirty = True

    def handle(self, event: object, now_ns: int) -> None:
        if selects(event) and not self.late_tap(event):
            self.ctx.go(ToSetup())

    def late_tap(self, event: object) -> bool:
        """Whether ``event`` is a pad's press in the end screen's first second (:func:`late_tap`):
        a late tap of the last round (players still mashing), not a wish to leave the winners'
        screen."""
        return isinstance(event, Tap) and late_tap(event.t_ns, self.entered_ns)

    @property
    def page(self) -> int:
        """The page on screen: 0 the chart, 1 the cost lines (of :attr:`pages`, as last drawn)."""
        return page_at(self.entered_ns, self.now_ns, self.pages, PAGE_S)

    def wake_at_ns(self) -> int | None:
        return page_turn_ns(self.entered_ns, self.now_ns, PAGE_S) if self.pages > 1 else None

    def update(self, now_ns: int) -> None:
        page, self.now_ns = self.page, now_ns
        self.dirty = self.dirty or self.page != page

    def draw(self, canvas: pygame.Surface) -> str | None:
        game, layout = self.play.game, self.ctx.services.layout
        setup = self.ctx.session.setup
        headline = winners_headline(game.scores(), game.winners(), setup.names)
        scores = "   ".join(f"{setup.label(p)} {n}" for p, n in sorted(game.scores().items()))
        early = ("no round played: not kept   " if game.round_no == 0 else
                 "ended early   ") if self.early else ""
        drawn = draw_title(canvas, layout, headline, f"{early}cards: {scores}")
        top = drawn[-1].rect.bottom + round(3 * layout.unit)
        new_game = button_name(self.ctx.services.keys, None, Side.E)   # Enter on a keyboard
        over, rows = self.why_over(), rows_of(self.costs)
        alone = CHART_HINT.format(page="", key=new_game)
        self.pages = 1 if lines_stand_above_chart(layout, over + rows, content_bottom(
            layout, alone) - top, len(self.play.reactions)) else 2
        page = f"   {self.page + 1}/2" if self.pages > 1 else ""
        if self.page == 1:
            hint = (COSTS_HINT if self.costs else OVER_HINT).format(page=page, key=new_game)
            drawn += draw_lines_page(canvas, layout, over, self.costs, top,
                                     content_bottom(layout, hint))
        else:
            hint = CHART_HINT.format(page=page, key=new_game)
            drawn += self.draw_chart_page(canvas, over + rows if self.pages == 1 else [], top,
                                          content_bottom(layout, hint))
        self.drawn = drawn + draw_hint(canvas, layout, hint)
        return "end" if self.page == 0 else "end-costs"

    def why_over(self) -> list[str]:
        """The line of why the game is over where a table may not see it
        (:func:`why_over_with_cards_left`: the deck cannot fill the spots with cards still in
        it); none otherwise (an empty deck, a game ended early, which the scores' line says)."""
        game = self.play.game
        why = why_over_with_cards_left(game.table, game.deck)
        return [why] if why else []

    def draw_chart_page(self, canvas: pygame.Surface, rows: list[str], top: int,
                        bottom: int) -> list[text.Drawn]:
        """The lines ``rows`` (why the game is over, the costs) from ``top``, then the
        reaction-time chart down to ``bottom``."""
        layout, setup = self.ctx.services.layout, self.ctx.session.setup
        costs = draw_lines_fit(canvas, layout, rows, top)
        top = costs[-1].rect.bottom + round(2 * layout.unit) if costs else top
        chart = pygame.Rect(round(4 * layout.unit), top, layout.width - round(8 * layout.unit),
                            bottom - top)
        return costs + draw_chart(canvas, chart, self.play.reactions, layout.small_size,
                                  close_call_notes(self.play.close_calls), setup.names)
