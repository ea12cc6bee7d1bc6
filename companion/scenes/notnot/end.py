"""The end of the game: the winners (none when nobody scored), the scores, each player's
reaction times, and each player's closest win and closest loss (the margins of
:mod:`companion.games.notnot.margin`); above the chart, a line per player of what costs them
most (:mod:`companion.scenes.notnot.thinking_costs`): from this game's rounds at entry, then,
once the first frame is on screen, from the named players' kept rounds too.

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
from companion.display.draw_menu import draw_hint, draw_lines_fit, draw_title
from companion.display.layout import Layout
from companion.games.notnot.margin import margin_text
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.words import NO_NAMES, SeatNames, names
from companion.inputs.actions import selects
from companion.inputs.keyboard import button_name
from companion.scenes.changes import ToEnd, ToSetup
from companion.scenes.common.late_taps import late_tap
from companion.scenes.core import Scene
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
    apart (the cost lines over it give way: at 8 players on 800x480 they left it 40 px)."""
    return round(text.block_height(1, layout.small_size) *
                 (CHART_ROW_LINES * rows + CHART_AXIS_LINES))


class EndScene(Scene[ToEnd]):
    """Winners, scores and the reaction-time chart; E goes to the set-up of a new game."""

    name = "end"

    def enter(self, now_ns: int, change: ToEnd) -> None:
        self.play = change.play
        super().enter(now_ns, change)
        self.entered_ns = now_ns
        self.early = not self.play.game.over
        self.costs = rows_of(cost_lines(self.play.game.players, self.play.rounds))
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
            self.costs = rows_of(lines)
            self.dirty = True

    def handle(self, event: object, now_ns: int) -> None:
        if selects(event) and not self.late_tap(event):
            self.ctx.go(ToSetup())

    def late_tap(self, event: object) -> bool:
        """Whether ``event`` is a pad's press in the end screen's first second (:func:`late_tap`):
        a late tap of the last round (players still mashing), not a wish to leave the winners'
        screen."""
        return isinstance(event, Tap) and late_tap(event.t_ns, self.entered_ns)

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
        hint = draw_hint(canvas, layout,
                         f"reaction times (ms from the dice landing)   {new_game} new game")
        # The chart ends above the hint, which wraps to two lines on an upright screen.
        bottom = min(layout.height - round(8 * layout.unit),
                     min(line.rect.top for line in hint) - round(2 * layout.unit))
        costs = draw_lines_fit(canvas, layout, self.costs, top,
                               bottom - chart_least_height(len(self.play.reactions), layout))
        drawn += costs
        top = costs[-1].rect.bottom + round(2 * layout.unit) if costs else top
        chart = pygame.Rect(round(4 * layout.unit), top, layout.width - round(8 * layout.unit),
                            bottom - top)
        self.drawn = drawn + draw_chart(canvas, chart, self.play.reactions, layout.small_size,
                                        close_call_notes(self.play.close_calls),
                                        setup.names) + hint
        return "end"
