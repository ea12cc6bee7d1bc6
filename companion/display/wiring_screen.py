"""The wiring check on a screen: every pad as a cross of four buttons, lit as they are pressed.

Draws what a :class:`companion.inputs.wiring_check.WiringCheck` knows: grey for a
button not pressed yet, green once pressed, yellow for the latest press, red
for a stuck one; control and dealer buttons in a row below; the last report
lines at the bottom. Used by ``companion buttons --screen``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from companion.boards import pi_header
from companion.display import text
from companion.display.png_file import write_png_file
from companion.display.screen import prepare_video
from companion.games.notnot.sides import Side
from companion.inputs.events import ButtonKind
from companion.inputs.wiring_check import SerialButton

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from companion.inputs.gpio import Button
    from companion.inputs.wiring_check import WiringCheck

SIZE = (960, 540)
#: Pads a row holds, and the height of a row of pads.
PADS_A_ROW, PAD_ROW_H = 6, 190
#: Control and dealer buttons a row holds, each box's width and height, and their row's pitch.
OTHERS_A_ROW, OTHER_W, OTHER_H, OTHER_ROW_H = 7, 120, 40, 50
#: The report lines shown at the bottom, and the height of each.
REPORTS, REPORT_H = 5, 26
BACKGROUND = (18, 18, 24)
COLOURS = {"waiting": (70, 70, 80), "pressed": (40, 160, 70), "latest": (230, 200, 40),
           "stuck": (200, 40, 40)}
TEXT = (235, 235, 235)
#: Where each side sits in a pad's 3x3 cross, as (column, row).
CROSS = {Side.N: (1, 0), Side.E: (2, 1), Side.S: (1, 2), Side.W: (0, 1)}


class WiringScreen:
    """A pygame window showing a wiring check."""

    def __init__(self, check: WiringCheck) -> None:
        prepare_video()
        pygame.display.init()   # no mixer: the check plays no sound (libasound would print
        pygame.font.init()      # its own lines where the machine has no sound card)
        text.reset()  # fonts cached before a pygame.quit() are dead
        self.check = check
        self.others_top, self.reports_top, height = rows_of(check)
        self.surface = pygame.display.set_mode((SIZE[0], max(SIZE[1], height)))
        pygame.display.set_caption("companion buttons")
        self.font = text.font(text.size_for_cap_height(12))    # the bundled font, as on the kiosk
        self.big = text.font(text.size_for_cap_height(20))
        self.small = text.font(text.size_for_cap_height(9))   # a box's second line: "pin 15"

    def colour(self, button: Button | SerialButton) -> tuple[int, int, int]:
        """Red if ``button`` is stuck, yellow if pressed last, green if pressed, else grey."""
        if button in self.check.stuck:
            return COLOURS["stuck"]
        if button == self.check.latest:
            return COLOURS["latest"]
        return COLOURS["pressed" if button in self.check.pressed else "waiting"]

    def draw(self) -> None:
        """Draw one frame of the check's current state."""
        self.surface.fill(BACKGROUND)
        check = self.check
        self.text(self.big,
                  f"Wiring check: {len(check.pressed)}/{len(check.buttons)} pressed", (20, 14))
        pads = [b for b in check.buttons if b.kind == ButtonKind.PAD]
        players = sorted({b.player for b in pads})
        width = SIZE[0] // max(1, min(len(players), PADS_A_ROW))
        for number, player in enumerate(players):
            left = (number % PADS_A_ROW) * width
            top = 70 + (number // PADS_A_ROW) * PAD_ROW_H
            self.text(self.font, f"player {player}", (left + 12, top))
            for button in (b for b in pads if b.player == player):
                assert button.side is not None  # every pad button has a side
                column, row = CROSS[button.side]
                self.box(button, f"{button.side}\n{pin_of(button)}",
                         left + 12 + column * 46, top + 24 + row * 46, 44)
        for number, other in enumerate(others_of(check)):
            self.box(other, f"{other.name} {pin_of(other)}", 20 + (number % OTHERS_A_ROW) * 130,
                     self.others_top + (number // OTHERS_A_ROW) * OTHER_ROW_H, OTHER_W, OTHER_H)
        # the picture shows what is missing: leave out the indented "pressed; not yet" lines
        reports = [line for line in check.log if not line.startswith(" ")]
        for number, line in enumerate(reports[-REPORTS:]):
            self.text(self.font, line, (20, self.reports_top + number * REPORT_H))
        pygame.display.flip()

    def box(self, button: Button | SerialButton, label: str, x: int, y: int, w: int,
            h: int | None = None) -> None:
        """Draw ``button`` as a box at (``x``, ``y``), ``w`` wide and ``h`` (else ``w``) high, in
        its colour, with ``label`` (a line, or two: the second smaller) in its middle."""
        rect = pygame.Rect(x, y, w, h or w)
        pygame.draw.rect(self.surface, self.colour(button), rect, border_radius=6)
        lines = [font.render(line, True, BACKGROUND) for font, line in
                 zip((self.font, self.small), label.splitlines())]
        top = rect.centery - sum(image.get_height() for image in lines) // 2
        for image in lines:
            self.surface.blit(image, image.get_rect(midtop=(rect.centerx, top)))
            top += image.get_height()

    def text(self, font: pygame.font.Font, line: str, where: tuple[int, int]) -> None:
        """Draw ``line`` in ``font`` with its top left at ``where``."""
        self.surface.blit(font.render(line, True, TEXT), where)

    def run(self, done: threading.Event, should_stop: Callable[[], bool]) -> None:
        """Redraw at 30 fps until every button is pressed, the window closes, Escape, or
        ``should_stop()``."""
        clock = pygame.time.Clock()
        while not should_stop():
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN
                                                 and event.key == pygame.K_ESCAPE):
                    return
            self.draw()
            if done.is_set():
                pygame.time.wait(1500)   # let the last press be seen
                return
            clock.tick(30)

    def save(self, path: str) -> None:
        """Draw the current state and save it as a PNG at ``path``."""
        self.draw()
        write_png_file(self.surface, path)

    def close(self) -> None:
        """Close the window (pygame quits)."""
        pygame.quit()


def others_of(check: WiringCheck) -> list[Button]:
    """The control and dealer buttons: only the GPIO pin map has them."""
    return [b for b in check.buttons if not isinstance(b, SerialButton) and b.kind != "pad"]


def rows_of(check: WiringCheck) -> tuple[int, int, int]:
    """Where the control and dealer buttons' rows start, where the reports start, and the
    height the window needs for every pad, button and report (below the pads, in rows)."""
    players = len({b.player for b in check.buttons if b.kind == ButtonKind.PAD})
    pad_rows = -(-players // PADS_A_ROW)
    others_top = max(340, 70 + pad_rows * PAD_ROW_H)
    other_rows = -(-len(others_of(check)) // OTHERS_A_ROW)
    reports_top = others_top + other_rows * OTHER_ROW_H + 10 if other_rows else others_top
    return others_top, reports_top, reports_top + REPORTS * REPORT_H + 10


def pin_of(button: Button | SerialButton) -> str:
    """A button's pin as its box shows it: the controller's pin name (``D2``), or the header's
    physical pin (``pin 7``), as the diagrams and pin tables lead with it (a bare BCM ``4``
    read as physical pin 4, which is 5V)."""
    if isinstance(button, SerialButton):
        return button.pin
    return f"pin {pi_header.physical_pin(button.gpio)}"
