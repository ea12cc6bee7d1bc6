"""The failsafe: what went wrong, on the screen, instead of a dead kiosk.

Two kinds of trouble land here. A scene's error (the loop catches it) is one
line; E (any pad; Enter on a keyboard) or a touch goes back to the title, and the game in
progress, if any, is kept for a new start. A :class:`StartProblem` (what
stopped ``companion run`` from starting normally, e.g. a mistake in the
settings file) is shown in large wrapped lines with what to do about it; the
same keys then play on with the safe default it names, if it names one. A start
problem that is a question (another companion is using the state folder: play
without saving?) also names what W or Backspace does instead: quit.
"""

from __future__ import annotations

import pygame

from companion.display import text
from companion.display.draw_menu import draw_hint, draw_message, draw_title
from companion.display.layout import Layout
from companion.display.palette import PORTAL, TEXT
from companion.games.notnot.sides import Side
from companion.inputs.actions import Action, action_of, selects
from companion.inputs.keyboard import KeyMap, button_name
from companion.scenes.changes import ToFailsafe, ToTitle
from companion.scenes.core import Context, Scene
from companion.scenes.start_problem import StartProblem

#: The colour of what to do, set apart from the problem itself.
WHAT_TO_DO_INK = PORTAL["YELLOW"]
#: At most this many lines of a start problem's detail are shown (the rest is counted).
MAX_DETAIL_LINES = 5


def wrap(line: str, size: int, max_width: int) -> list[str]:
    """``line`` broken between words into lines no wider than ``max_width`` at ``size``.

    A word wider than ``max_width`` (a long path) is broken after a ``/``, else anywhere
    (:func:`word_pieces`), never drawn smaller than the rest.
    """
    lines: list[str] = []
    for word in line.split():
        for piece in word_pieces(word, size, max_width):
            if lines and text.width(f"{lines[-1]} {piece}", size) <= max_width:
                lines[-1] = f"{lines[-1]} {piece}"
            else:
                lines.append(piece)
    return lines or [""]


def word_pieces(word: str, size: int, max_width: int) -> list[str]:
    """``word`` in pieces no wider than ``max_width`` at ``size``: whole when it fits, else
    broken after each ``/`` that leaves the piece fitting, else after the last character that
    does."""
    pieces: list[str] = []
    while text.width(word, size) > max_width:
        fits = longest_fitting(word, size, max_width)
        if not fits:
            break   # not one character fits: it keeps its line
        end = word.rfind("/", 0, fits) + 1 or fits
        pieces.append(word[:end])
        word = word[end:]
    return pieces + [word]


def longest_fitting(word: str, size: int, max_width: int) -> int:
    """How many characters of ``word``, from its start, stand within ``max_width`` at ``size``
    (a prefix is never narrower than a shorter one: halving finds it)."""
    low, high = 0, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if text.width(word[:middle], size) <= max_width:
            low = middle
        else:
            high = middle - 1
    return low


def detail_lines(problem: StartProblem, most: int = MAX_DETAIL_LINES) -> list[str]:
    """The detail lines shown: at most ``most``, then a count of the rest."""
    shown = list(problem.detail[:most])
    if len(problem.detail) > most:
        shown.append(f"... and {len(problem.detail) - most} more")
    return shown


def detail_rows(problem: StartProblem, size: int, max_width: int, rows: int) -> list[str]:
    """The detail lines wrapped at ``size``: as many whole lines as stand in ``rows`` rows,
    with the count of the rest, so that what to do always has its room."""
    for most in range(min(len(problem.detail), MAX_DETAIL_LINES), -1, -1):
        wrapped = [piece for line in detail_lines(problem, most)
                   for piece in wrap(line, size, max_width)]
        if len(wrapped) <= rows:
            return wrapped
    return []


def choices_hint(problem: StartProblem, keys: KeyMap | None) -> str:
    """The buttons of the problem's fallback and, for a question, of quitting, as the table's
    inputs call them: "E" and "W" on pads, "Enter" and "Backspace" on the keyboard."""
    go, leave = (button_name(keys, None, side) for side in (Side.E, Side.W))
    hint = f"{go} or a touch: {problem.fallback}"
    return f"{hint}   {leave}: quit" if problem.can_quit else hint


def draw_problem(surface: pygame.Surface, layout: Layout, problem: StartProblem,
                 keys: KeyMap | None = None) -> list[text.Drawn]:
    """A start problem: the title, its detail and then what to do, wrapped in body text (made
    smaller, down to the smallest text size, until it all stands above the hint; when it still
    does not, the last detail lines give way to a count of them, never what to do), and the
    fallback as the hint. All of it stands above the notice strip: a notice shown meanwhile
    (no pads found, say) covers none of it."""
    drawn = draw_title(surface, layout, problem.title)
    hint: list[text.Drawn] = []
    if problem.fallback:
        hint = draw_hint(surface, layout, choices_hint(problem, keys), bottom=layout.notice.top)
    bottom = hint[0].rect.top if hint else layout.notice.top
    margin = round(4 * layout.unit)
    max_width = layout.width - 2 * margin
    gap = round(2 * layout.unit)
    y = drawn[-1].rect.bottom + gap   # under the title's last line, should it wrap
    blocks = ((detail_lines(problem), TEXT), ([problem.todo], WHAT_TO_DO_INK))
    size = body_size_that_fits(layout, [lines for lines, _ in blocks], max_width,
                               bottom - y, gap)
    step = text.font(size).get_linesize()
    todo = wrap(problem.todo, size, max_width)
    detail = detail_rows(problem, size, max_width, (bottom - y - gap) // step - len(todo))
    for lines, colour in ((detail, TEXT), (todo, WHAT_TO_DO_INK)):
        for line in lines:
            if y + step > bottom:
                return drawn + hint
            line_size = text.fit_size(line, size, max_width)
            drawn.append(text.draw(surface, line, line_size, colour, topleft=(margin, y)))
            y += step
        y += gap
    return drawn + hint


def body_size_that_fits(layout: Layout, blocks: list[list[str]], max_width: int, room: int,
                        gap: int) -> int:
    """The largest text size, from the body size down to the smallest, at which ``blocks`` of
    lines, wrapped to ``max_width`` with ``gap`` after each block, stand in ``room`` pixels."""
    for size in range(layout.body_size, layout.min_text_size, -1):
        step = text.font(size).get_linesize()
        rows = sum(len(wrap(line, size, max_width)) for lines in blocks for line in lines)
        if rows * step + (len(blocks) - 1) * gap <= room:
            return size
    return layout.min_text_size


class FailsafeScene(Scene[ToFailsafe]):
    """Shows a scene's error in one line, or a :class:`StartProblem` in full."""

    name = "failsafe"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.message = ""
        self.problem: StartProblem | None = None
        #: What the last frame drew (for tests that look at the screen).
        self.drawn: list[text.Drawn] = []

    def enter(self, now_ns: int, change: ToFailsafe) -> None:
        super().enter(now_ns, change)
        self.problem = change.problem
        self.message = change.message.splitlines()[0] if change.message else "unknown error"

    def handle(self, event: object, now_ns: int) -> None:
        if self.problem is not None and self.problem.can_quit and action_of(event) == Action.BACK:
            self.ctx.quitting = True
            return
        if not selects(event):
            return
        if self.problem is None:
            self.ctx.go(ToTitle())
        elif self.problem.fallback:
            self.ctx.go(ToTitle())
            if self.problem.notice:
                self.ctx.services.notify(self.problem.notice)

    def draw(self, canvas: pygame.Surface) -> str | None:
        if self.problem is not None:
            self.drawn = draw_problem(canvas, self.ctx.services.layout, self.problem,
                                      self.ctx.services.keys)
            return "start-problem"
        back = button_name(self.ctx.services.keys, None, Side.E)   # Enter on a keyboard
        self.drawn = draw_message(canvas, self.ctx.services.layout, "Something went wrong",
                                  [self.message], hint=f"{back} back to the title")
        return "failsafe"
