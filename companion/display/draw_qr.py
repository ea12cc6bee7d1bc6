"""The scoreboard page's address as a QR code, drawn with pygame: dark modules on a white
square with its quiet zone in the screen's bottom-right corner, under the menu and beside its
hint line; and the address in words beside the code, to type on a phone whose camera does not
read it (:func:`draw_page_address`).

The code's modules come from the ``qrcode`` library's matrix alone (no image library); without
``qrcode`` installed nothing is drawn. :func:`qr_matrix` is cached: the address changes
rarely, the frame often.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from companion.display import text
from companion.display.layout import Layout
from companion.display.palette import DIM_TEXT

#: The white margin around the code, in modules (the standard asks for four; two scan well on
#: a screen, whose dark ground is no printed pattern).
QUIET = 2
#: The smallest module, in pixels: a code any smaller is not drawn.
LEAST_MODULE = 2
#: The code's side, as a share of the screen's short side.
SIDE = 0.24
DARK, LIGHT = (0, 0, 0), (255, 255, 255)


@lru_cache(maxsize=4)
def qr_matrix(address: str) -> tuple[tuple[bool, ...], ...] | None:
    """The QR code of ``address`` (``True``: a dark module), or ``None`` without ``qrcode``."""
    try:
        import qrcode
    except ImportError:
        return None
    code = qrcode.QRCode(border=0, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(address)
    code.make(fit=True)
    return tuple(tuple(bool(cell) for cell in row) for row in code.get_matrix())


def qr_rect(layout: Layout, modules: int, below: int, above: int | None = None
            ) -> pygame.Rect | None:
    """Where the code stands: the canvas's bottom-right corner (or its right edge ending over
    ``above``), under ``below`` (the menu's last item), a whole number of pixels a module;
    ``None`` when there is no room for one of :data:`LEAST_MODULE` pixels."""
    margin = round(layout.unit)
    bottom = (layout.height if above is None else above) - margin
    room = min(round(min(layout.width, layout.height) * SIDE), bottom - below - margin)
    module = room // (modules + 2 * QUIET)
    if module < LEAST_MODULE:
        return None
    side = module * (modules + 2 * QUIET)
    return pygame.Rect(layout.width - margin - side, bottom - side, side, side)


def clear_qr_rect(layout: Layout, modules: int, below: int, texts: Sequence[pygame.Rect]
                  ) -> pygame.Rect | None:
    """:func:`qr_rect` in the corner, or, where it would cover a text under the menu (a long
    hint on an upright screen), ending over the highest such text; ``None`` without room."""
    rect = qr_rect(layout, modules, below)
    covered = [text.top for text in texts if rect is not None and text.colliderect(rect)]
    return qr_rect(layout, modules, below, min(covered)) if covered else rect


def draw_page_qr(surface: pygame.Surface, layout: Layout, address: str | None, below: int,
                 texts: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """The QR code of ``address`` under ``below``, clear of ``texts`` (:func:`clear_qr_rect`),
    and where it is (nothing drawn, ``None``, for no address or no room)."""
    matrix = qr_matrix(address) if address else None
    rect = clear_qr_rect(layout, len(matrix), below, texts) if matrix else None
    if not matrix or rect is None:
        return None
    module = rect.width // (len(matrix) + 2 * QUIET)
    pygame.draw.rect(surface, LIGHT, rect)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                pygame.draw.rect(surface, DARK, (rect.left + (QUIET + x) * module,
                                                 rect.top + (QUIET + y) * module, module, module))
    return rect


def typed_address(address: str) -> str:
    """What a phone's browser needs typed for ``address``: no scheme, no closing slash
    (``http://192.168.1.23:8080/`` is ``192.168.1.23:8080``)."""
    return address.removeprefix("http://").rstrip("/")


def draw_page_address(surface: pygame.Surface, layout: Layout, address: str, code: pygame.Rect,
                      clear_of: list[pygame.Rect]) -> list[text.Drawn]:
    """The address in words (``phones: 192.168.1.23:8080``) on one line left of the ``code``,
    level with its top, at the hint's size or smaller; nothing where no line of the smallest
    size fits between the screen's margin and the code clear of ``clear_of`` (the menu and
    its hint)."""
    words = f"phones: {typed_address(address)}"
    margin = round(layout.unit)
    room = code.left - 2 * margin
    size = text.fit_size(words, layout.small_size, room, layout.min_text_size)
    if text.width(words, size) > room:
        return []
    spot = pygame.Rect(0, 0, text.width(words, size), text.font(size).get_height())
    spot.topright = (code.left - margin, code.top)
    if spot.collidelist(clear_of) >= 0:
        return []
    return [text.draw(surface, words, size, DIM_TEXT, topright=spot.topright)]
