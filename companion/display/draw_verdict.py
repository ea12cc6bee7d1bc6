"""The verdict panel: one big headline and every line of the verdict.

The panel's colour says the kind of verdict at a glance (win, tie, wrong,
too early, nobody may tap, no winner); the headline names the player. On the
play screen it lies in the layout's verdict panel, beside the dice; prompts
between rounds use the larger banner. No line is ever left out: the lines
shrink stepwise from the body size to the smallest text size (the headline
with them, down to the body size), and a verdict that still does not fit is
shown in pages, the headline and the footer (a countdown) on every page, and a
dot for each page down the panel's right margin, the page shown filled: the
table sees that more lines come.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from companion.display import solid, text
from companion.display.layout import Layout
from companion.display.palette import TEXT, VERDICT

#: In how many steps the text shrinks from its preferred sizes to the smallest.
SHRINK_STEPS = 4
#: A block of text: its size and its lines (one line, wrapped when too wide).
Block = tuple[int, list[str]]


@dataclass(frozen=True)
class VerdictView:
    """What the banner says: ``kind`` (a key of ``palette.VERDICT``), a headline, detail lines,
    and ``footer`` lines shown under the details on every page (a countdown)."""

    kind: str
    headline: str
    details: tuple[str, ...] = field(default_factory=tuple)
    footer: tuple[str, ...] = field(default_factory=tuple)

    @property
    def lines(self) -> tuple[str, ...]:
        """Every line the verdict holds, top to bottom."""
        return (self.headline, *self.details, *self.footer)


@dataclass(frozen=True)
class VerdictFit:
    """A verdict laid out in its panel: the headline's block, the detail blocks page by page,
    the footer's blocks."""

    headline: Block
    pages: tuple[tuple[Block, ...], ...]
    footer: tuple[Block, ...]

    def blocks(self, page: int) -> list[Block]:
        """The blocks of ``page``, top to bottom."""
        return [self.headline, *self.pages[page], *self.footer]

    def wrapped(self) -> bool:
        """Whether a line had to be wrapped."""
        blocks = [self.headline, *self.footer, *(b for page in self.pages for b in page)]
        return any(len(lines) > 1 for _, lines in blocks)

    def tallest(self) -> int:
        """The height of the tallest page, in pixels."""
        return max(sum(tall(block) for block in self.blocks(page))
                   for page in range(len(self.pages)))


def tall(block: Block) -> int:
    """How many pixels ``block`` stands tall."""
    size, lines = block
    return text.block_height(len(lines), size)


def text_sizes(layout: Layout, headline_size: int) -> list[tuple[int, int]]:
    """The (headline, line) sizes to try, largest first: from ``headline_size`` and the body
    size down to the body size and the smallest text size."""
    top, body, least = headline_size, layout.body_size, layout.min_text_size
    return [(round(top + (min(top, body) - top) * k / SHRINK_STEPS),
             round(body + (least - body) * k / SHRINK_STEPS)) for k in range(SHRINK_STEPS + 1)]


def paginate(blocks: list[Block], room: int) -> tuple[tuple[Block, ...], ...]:
    """``blocks`` in order, in pages of as many as stand in ``room`` pixels (one at least); a
    block taller than a page (a long line wrapped) fills the page it starts on and goes on in
    the next, whole lines on each."""
    pages: list[list[Block]] = [[]]
    used = 0
    for size, lines in blocks:
        if pages[-1] and used + tall((size, lines)) > room >= tall((size, lines)):
            pages.append([])   # it stands whole on a page of its own
            used = 0
        while lines:
            taken = lines_in(size, room - used)
            if taken == 0 and pages[-1]:
                pages.append([])
                used = 0
                continue
            taken = max(1, taken)   # a line taller than a page has a page of its own
            pages[-1].append((size, lines[:taken]))
            used += tall((size, lines[:taken]))
            lines = lines[taken:]
    return tuple(tuple(page) for page in pages)


def lines_in(size: int, room: int) -> int:
    """How many lines of ``size`` stand in ``room`` pixels."""
    count = 0
    while text.block_height(count + 1, size) <= room:
        count += 1
    return count


def fit_at(view: VerdictView, wide: int, height: int, headline_size: int,
           size: int) -> VerdictFit:
    """``view`` at ``headline_size`` and lines of ``size`` (wrapped to ``wide``), paged to stand
    in ``height``."""
    headline = text.fit_lines(view.headline, headline_size, wide, size)
    details = [text.fit_lines(line, size, wide, size) for line in view.details]
    footer = tuple(text.fit_lines(line, size, wide, size) for line in view.footer)
    room = height - tall(headline) - sum(tall(block) for block in footer)
    return VerdictFit(headline, paginate(details, room), footer)


def fit_in(layout: Layout, view: VerdictView, area: pygame.Rect,
           sizes: tuple[int, int]) -> VerdictFit:
    """``view`` in ``area`` at ``sizes`` (headline, lines), in pages if it must (remembered:
    a scene asks again every pass, with the same words, while its page may turn)."""
    return _fit_in(view, area.width - 2 * round(3 * layout.unit), area.height, sizes)


@lru_cache(maxsize=256)
def _fit_in(view: VerdictView, wide: int, height: int, sizes: tuple[int, int]) -> VerdictFit:
    return fit_at(view, wide, height, *sizes)


def on_one_page(layout: Layout, view: VerdictView, area: pygame.Rect,
                sizes: tuple[int, int]) -> bool:
    """Whether ``view`` stands whole in ``area`` at ``sizes`` (headline, lines), a line wrapped
    only at the smallest text size."""
    fit = fit_in(layout, view, area, sizes)
    unwrapped = sizes[1] <= layout.min_text_size or not fit.wrapped()
    return len(fit.pages) == 1 and fit.tallest() <= area.height and unwrapped


def fit_verdict(layout: Layout, view: VerdictView, area: pygame.Rect,
                headline_size: int | None = None) -> VerdictFit:
    """``view`` laid out in ``area``: at the largest sizes at which it stands on one page, else
    at the smallest, in pages."""
    ladder = text_sizes(layout, headline_size or layout.title_size * 13 // 10)
    sizes = next((sizes for sizes in ladder if on_one_page(layout, view, area, sizes)), ladder[-1])
    return fit_in(layout, view, area, sizes)


def verdict_pages(layout: Layout, view: VerdictView, area: pygame.Rect,
                  headline_size: int | None = None) -> int:
    """How many pages ``view`` takes in ``area`` (see :func:`draw_verdict`)."""
    return len(fit_verdict(layout, view, area, headline_size).pages)


def draw_verdict(surface: pygame.Surface, layout: Layout, view: VerdictView,
                 area: pygame.Rect | None = None, headline_size: int | None = None,
                 page: int = 0) -> list[text.Drawn]:
    """Draw ``page`` of ``view`` (see :func:`verdict_pages`; counted round) filling ``area``
    (default: the layout's banner), its headline at most ``headline_size`` (default: 1.3
    titles); returns the texts drawn, every line of that page."""
    banner = layout.banner if area is None else area
    solid.rect(surface, VERDICT[view.kind], banner, border_radius=round(layout.unit))
    fit = fit_verdict(layout, view, banner, headline_size)
    blocks = fit.blocks(page % len(fit.pages))
    y = banner.centery - sum(tall(block) for block in blocks) // 2
    drawn: list[text.Drawn] = []
    for size, lines in blocks:
        drawn += text.draw_lines(surface, lines, size, TEXT, midtop=(banner.centerx, y))
        y += text.block_height(len(lines), size)
    if len(fit.pages) > 1:
        draw_page_dots(surface, layout, banner, page % len(fit.pages), len(fit.pages))
    return drawn


def page_dots(layout: Layout, banner: pygame.Rect, pages: int) -> list[tuple[int, int]]:
    """Where the dots of a verdict of ``pages`` pages stand: one under the other, centred
    down the right margin of ``banner`` (the lines keep 3 units clear of it), closer together
    when the panel is short."""
    radius = dot_radius(layout)
    room = banner.height - 2 * radius - 2 * round(layout.unit)
    step = min(3 * radius, room // max(1, pages - 1))
    x = banner.right - round(1.5 * layout.unit)
    top = banner.centery - (pages - 1) * step // 2
    return [(x, top + i * step) for i in range(pages)]


def dot_radius(layout: Layout) -> int:
    """How big a page dot is: nearly a unit, inside the 3 units of margin the lines keep."""
    return max(3, round(0.9 * layout.unit))


def draw_page_dots(surface: pygame.Surface, layout: Layout, banner: pygame.Rect, page: int,
                   pages: int) -> None:
    """A dot for each of ``pages`` pages, ``page``'s filled and the others hollow."""
    radius = dot_radius(layout)
    for i, centre in enumerate(page_dots(layout, banner, pages)):
        pygame.draw.circle(surface, TEXT, centre, radius, 0 if i == page else 1)
