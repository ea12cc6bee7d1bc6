"""Fonts kept in a cache die with ``pygame.quit()``: a cache used after a quit and a new
``pygame.font.init()`` (the kiosk closing its screen, the wiring drawings made next in the same
process) must open its fonts again, never use the freed ones (a segmentation fault).

Each case runs in a process of its own: the fault it guards against kills the process."""

import os
import subprocess
import sys

import pytest

WIRING_PICTURE = """
from companion.tools.wiring import png
from companion.tools.wiring.svg import Drawing, Text
drawing = Drawing(200, 50, shapes=[Text(10, 20, "GPIO17 (pin 11)", 14, "#000000")])
for player in range(1, 4):
    drawing.shapes[0] = Text(10, 20, f"player {player} GPIO17", 14, "#000000")
    png.text_boxes(drawing)
    png.png_bytes(drawing)
    import pygame
    pygame.quit()
    pygame.font.init()
print("drawn")
"""

SCREEN_TEXT = """
import pygame
from companion.display import text
for player in range(1, 4):
    surface = pygame.Surface((300, 60))
    text.draw(surface, f"P{player} takes RED", 24, (255, 255, 255), topleft=(0, 0))
    pygame.quit()
    pygame.font.init()
print("drawn")
"""


@pytest.mark.parametrize("script", [WIRING_PICTURE, SCREEN_TEXT], ids=["wiring", "screen"])
def test_text_drawn_after_pygame_quit_and_a_new_font_init_opens_its_fonts_again(script):
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                               "PYGAME_HIDE_SUPPORT_PROMPT": "1",
                               **{k: v for k, v in os.environ.items()
                                  if k in ("PATH", "PYTHONPATH", "HOME", "COMPANION_PI_STACK")}},
                          timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "drawn", done.stderr[-600:]
