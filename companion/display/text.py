"""Text on screen: the one bundled font at a size, fitting by measure, and cached text images.

Every text on every screen is drawn in one font shipped in the package,
DejaVu Sans Condensed Bold (``fonts/``, its licence beside it), never the font
pygame brings: pip's pygame and Debian's ``python3-pygame`` ship different
``freesansbold.ttf`` files, so the same size would lay out differently on a
Raspberry Pi. Its capital letters are 0.73 of the font size tall, which lets
the layout size words by cap height. Text fits by measuring: :func:`fit_size`
shrinks a line to its width, :func:`fit_lines` wraps it when even the smallest
allowed size is too wide, and :func:`fit_block` fits the lines of one prompt or
splash at one size. Wrapping (:func:`wrap`) is balanced: the fewest lines, as
even as they can be, broken at wide gaps (two spaces or more, as between
``P1 3  P2 0``) before single spaces, never between a count and what it counts
(``3 players``), and never one word alone on the last line
of a text of three words or more when the line above can spare one. Rendered
text is cached by ``(text, size, colour)``: a frame re-blits images instead of
re-rendering glyphs, which keeps a full frame cheap. :func:`undrawable` says which
characters of a text the font has no glyph for (drawn, each would be an empty
box): a new player's name with one is refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import pygame
import pygame.freetype

from companion.display.font_lifetime import forget_at_quit
from companion.display.palette import RGB

#: The bundled font file (package data).
FONT_FILE = "fonts/DejaVuSansCondensed-Bold.ttf"
#: Cap height of the bundled font as a share of its size (measured: 73 px at size 100).
CAP_HEIGHT_PER_SIZE = 0.73
#: The smallest font size anything asks for, whatever the screen.
SMALLEST_SIZE = 8


def font_path() -> str:
    """The path of the bundled font file."""
    return str(resources.files("companion.display").joinpath(FONT_FILE))


def undrawable(words: str) -> str:
    """The characters of ``words`` the bundled font has no glyph for, each once, in the order
    they come ("" when it has them all): on screen each would be an empty box.

    The font file itself is asked, through FreeType: no display is needed, and pygame 2.1.2
    (Debian's) and 2.6.1 answer alike. ``pygame.font``'s ``metrics`` cannot tell: for a missing
    character under U+10000 (a Japanese kana, say) it gives the empty box's metrics, and only
    above (an emoji) ``None``."""
    started = pygame.freetype.get_init()
    if not started:
        pygame.freetype.init()
    try:
        return _missing(words)
    finally:
        if not started:
            pygame.freetype.quit()


def _missing(words: str) -> str:
    face = pygame.freetype.Font(font_path(), SMALLEST_SIZE)
    return "".join(char for char in dict.fromkeys(words) if not _has_glyph(face, char))


def _has_glyph(face: pygame.freetype.Font, char: str) -> bool:
    try:
        return face.get_metrics(char)[0] is not None
    except UnicodeError:   # half a surrogate pair: nothing a font can draw
        return False


def size_for_cap_height(cap_px: float) -> int:
    """The font size whose capital letters are ``cap_px`` pixels tall."""
    return max(SMALLEST_SIZE, round(cap_px / CAP_HEIGHT_PER_SIZE))


def font(size: int) -> pygame.font.Font:
    """The bundled font at ``size`` (cached until ``pygame.quit()``, or while pygame.font
    stays initialised)."""
    if not pygame.font.get_init():
        reset()
        pygame.font.init()
    return _font(size)


@lru_cache(maxsize=64)
def _font(size: int) -> pygame.font.Font:
    forget_at_quit(reset)   # each font opened: the caches are emptied at the next quit
    return pygame.font.Font(font_path(), size)


def reset() -> None:
    """Forget cached fonts and text images (they die with ``pygame.font.quit()``)."""
    _font.cache_clear()
    image.cache_clear()
    image_on.cache_clear()
    _wrapped.cache_clear()
    width.cache_clear()
    fit_size.cache_clear()


@lru_cache(maxsize=512)
def image(text: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """``text`` rendered antialiased in ``colour`` at font ``size`` (cached)."""
    return font(size).render(text, True, colour)


@lru_cache(maxsize=256)
def image_on(text: str, size: int, colour: tuple[int, int, int],
             background: tuple[int, int, int]) -> tuple[pygame.Surface, tuple[int, int]]:
    """The inked part of :func:`image` blended once onto a solid ``background``, and where it
    lies in the image (cached): the same pixels as blitting the image over that colour, but
    copied without blending (a large word blits several times faster). Only the glyphs' box
    is kept, so the copy covers no pixel the blended image would have left alone."""
    picture = image(text, size, colour)
    inked = picture.get_bounding_rect()
    solid = pygame.Surface(inked.size)
    solid.fill(background)
    solid.blit(picture, (0, 0), inked)
    return solid, inked.topleft


def inked_box(text: str, size: int, colour: RGB, background: RGB,
              **anchor: object) -> pygame.Rect:
    """The rect :func:`draw` with ``on=background`` copies ``text``'s glyphs to, placed by one
    rect anchor."""
    placed = image(text, size, tuple(colour)).get_rect(**anchor)
    return inked_on(text, size, colour, background, placed)[1]


def inked_on(text: str, size: int, colour: RGB, background: RGB, placed: pygame.Rect
             ) -> tuple[pygame.Surface, pygame.Rect]:
    """:func:`image_on`'s glyphs of ``text``, and the rect they go to when the whole image
    lies at ``placed``."""
    solid, (x, y) = image_on(text, size, tuple(colour), tuple(background))
    return solid, solid.get_rect(topleft=placed.move(x, y).topleft)


@lru_cache(maxsize=4096)
def width(text: str, size: int) -> int:
    """How many pixels wide ``text`` is at font ``size`` (measured once, then remembered:
    fitting a line measures the same words at the same sizes frame after frame)."""
    return font(size).size(text)[0]


@lru_cache(maxsize=2048)
def fit_size(text: str, size: int, max_width: int, min_size: int = SMALLEST_SIZE) -> int:
    """The largest size up to ``size`` at which ``text`` fits ``max_width`` (not below
    ``min_size``; remembered, as :func:`width` is)."""
    while size > min_size and width(text, size) > max_width:
        size -= max(1, size // 20)
    return max(size, min_size)


def fit_lines(text: str, size: int, max_width: int, min_size: int) -> tuple[int, list[str]]:
    """``text`` as large as fits ``max_width`` on one line, up to ``size``; if it is wider
    than ``max_width`` even at ``min_size``, it is wrapped into lines at ``min_size``.

    Returns the size and the lines. A single word wider than ``max_width`` stays whole.
    """
    size = fit_size(text, size, max_width, min_size)
    if width(text, size) <= max_width:
        return size, [text]
    return size, wrap(text, size, max_width)


def fit_block(paragraphs: Sequence[str], size: int, max_width: int, min_size: int
              ) -> tuple[int, list[list[str]]]:
    """The ``paragraphs`` of one prompt or splash at one size: the largest up to ``size`` at
    which each fits ``max_width`` on its line, never below ``min_size``; at that size a
    paragraph still too wide is wrapped (:func:`wrap`).

    Returns the size and each paragraph's lines."""
    size = min((fit_size(words, size, max_width, min_size) for words in paragraphs), default=size)
    return size, [[words] if width(words, size) <= max_width else wrap(words, size, max_width)
                  for words in paragraphs]


#: A wide gap between two words: where a line breaks first.
WIDE_GAP = re.compile(r"( {2,})")
#: The space after a comma, a colon or a semicolon: where a line breaks next (a list of names,
#: "WINNERS: Ana Marí, Bo Luis", breaks between two names, not inside one).
AFTER_CLAUSE = re.compile(r"(?<=[,:;]) ")
#: A piece of a line: the gap before it, and its words (never broken).
Piece = tuple[str, str]


def wrap(text: str, size: int, max_width: int) -> list[str]:
    """``text`` broken into lines no wider than ``max_width`` at ``size``: the fewest lines,
    as even as they can be, at wide gaps before single spaces, with no word alone on the last
    line when the text has more than two words and the line above can spare one."""
    return list(_wrapped(text, size, max_width))


@lru_cache(maxsize=512)
def _wrapped(text: str, size: int, max_width: int) -> tuple[str, ...]:
    pieces = _pieces(text, size, max_width)
    lines = _greedy(pieces, size, max_width)
    if len(lines) > 1:
        lines = _no_word_alone(_balanced(pieces, size, max_width, len(lines)), size, max_width,
                               len(text.split()))
    return tuple(_joined(line) for line in lines) or ("",)


def _pieces(text: str, size: int, max_width: int) -> list[Piece]:
    """``text`` cut at its wide gaps, a part too wide for a line cut after its commas, colons
    and semicolons, and a piece still too wide cut at its spaces too."""
    parts = WIDE_GAP.split(text.strip())
    pieces: list[Piece] = []
    for gap, part in zip(["", *parts[1::2]], parts[0::2]):
        words = [part] if width(part, size) <= max_width else [
            word for clause in AFTER_CLAUSE.split(part)
            for word in ([clause] if width(clause, size) <= max_width
                         else counts_bound(clause.split()))]
        pieces += [(gap if i == 0 else " ", word) for i, word in enumerate(words) if word]
    return pieces


def counts_bound(words: list[str]) -> list[str]:
    """``words`` with each bare number joined to the word after it, so that no line breaks
    between a count and what it counts (``3 players``, ``12 points``)."""
    bound: list[str] = []
    for word in words:
        if bound and bound[-1].isdigit():
            bound[-1] += " " + word
        else:
            bound.append(word)
    return bound


def _joined(line: list[Piece]) -> str:
    return "".join(gap + words for gap, words in line).strip()


def _greedy(pieces: list[Piece], size: int, max_width: int) -> list[list[Piece]]:
    """As many pieces on each line as fit ``max_width``, line after line."""
    lines: list[list[Piece]] = []
    for piece in pieces:
        if lines and width(_joined([*lines[-1], piece]), size) <= max_width:
            lines[-1].append(piece)
        else:
            lines.append([piece])
    return lines


def _balanced(pieces: list[Piece], size: int, max_width: int, count: int) -> list[list[Piece]]:
    """The ``count`` lines of ``pieces`` with the narrowest widest line."""
    low = max(width(words, size) for _, words in pieces)
    high = max(max_width, low)
    while low < high:
        middle = (low + high) // 2
        if len(_greedy(pieces, size, middle)) <= count:
            high = middle
        else:
            low = middle + 1
    return _greedy(pieces, size, high)


def _no_word_alone(lines: list[list[Piece]], size: int, max_width: int, words: int
                   ) -> list[list[Piece]]:
    """``lines`` with the last piece of the line above moved down to a last line that is one
    word alone (in a text of more than two words), where it fits."""
    *above, last = lines
    alone = len(last) == 1 and " " not in last[0][1]
    if words <= 2 or not alone or len(above[-1]) < 2:
        return lines
    moved = [(" ", above[-1][-1][1]), *last]
    if width(_joined(moved), size) > max_width:
        return lines
    return [*above[:-1], above[-1][:-1], moved]


@dataclass(frozen=True)
class Drawn:
    """A piece of text put on screen: what, where, in which ink and size.

    Draw functions return these so that callers (and screenshot tests) know
    what a player sees and where to look for it.
    """

    text: str
    rect: pygame.Rect
    ink: tuple[int, ...]
    size: int


def draw(surface: pygame.Surface, text: str, size: int, colour: RGB,
         on: RGB | None = None, **anchor: object) -> Drawn:
    """Blit ``text`` onto ``surface``, placed by one rect anchor, e.g. ``center=(x, y)``; ``on``:
    the solid colour under the text's glyphs, when the caller knows it (the glyphs' box is then
    copied, not blended: :func:`image_on`).

    Returns what was drawn and where.
    """
    picture = image(text, size, tuple(colour))
    rect = picture.get_rect(**anchor)
    if on is None:
        surface.blit(picture, rect)
    else:
        surface.blit(*inked_on(text, size, colour, on, rect))
    return Drawn(text, rect, tuple(colour), size)


def draw_fit(surface: pygame.Surface, words: str, size: int, max_width: int, min_size: int,
             colour: RGB, **anchor: object) -> list[Drawn]:
    """Draw ``words`` as large as fits ``max_width`` (up to ``size``, never below
    ``min_size``), wrapped into centred lines at ``min_size`` when one line is too wide;
    the block of lines is placed by one rect anchor, e.g. ``midtop=(x, y)``.

    Returns the lines drawn, top to bottom.
    """
    size, lines = fit_lines(words, size, max_width, min_size)
    return draw_lines(surface, lines, size, colour, **anchor)


def draw_block(surface: pygame.Surface, paragraphs: Sequence[str], size: int, max_width: int,
               min_size: int, colour: RGB, **anchor: object) -> list[Drawn]:
    """Draw ``paragraphs`` as one block of centred lines at one size (:func:`fit_block`),
    placed by one rect anchor. Returns the lines drawn, top to bottom."""
    size, blocks = fit_block(paragraphs, size, max_width, min_size)
    return draw_lines(surface, [line for lines in blocks for line in lines], size, colour,
                      **anchor)


def block_height(lines: int, size: int) -> int:
    """How tall ``lines`` lines of text at ``size`` stand, one under the other."""
    return lines * font(size).get_height()


def draw_lines(surface: pygame.Surface, lines: list[str], size: int, colour: RGB,
               **anchor: object) -> list[Drawn]:
    """Draw ``lines`` at ``size``, each centred under the one before, as one block placed by
    one rect anchor (e.g. ``midbottom=(x, y)``). Returns the lines drawn, top to bottom."""
    widths = [width(line, size) for line in lines]
    block = pygame.Rect(0, 0, max(widths, default=0), block_height(len(lines), size))
    setattr(block, *next(iter(anchor.items())))
    line_h = font(size).get_height()
    return [draw(surface, line, size, colour, midtop=(block.centerx, block.top + i * line_h))
            for i, line in enumerate(lines)]
