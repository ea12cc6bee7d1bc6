"""The colour-blind marks' shapes, without drawing: which shape and initial each colour a card
can have carries, and a shape's corners. The kiosk draws them with pygame
(:mod:`companion.display.colour_marks`), the web page as SVG (:mod:`companion.web.marks_svg`).
"""

from __future__ import annotations

import math

#: The shape of each colour (and of the void), by face name.
SHAPES: dict[str, str] = {"RED": "triangle", "BLUE": "square", "GREEN": "circle",
                          "YELLOW": "diamond", "WHITE": "hexagon", "VOID": "struck-ring"}
#: The letter each mark carries.
INITIALS: dict[str, str] = {face: face[0] for face in SHAPES}


def polygon(shape: str, centre: tuple[int, int], r: float) -> list[tuple[int, int]]:
    """The corners of ``shape`` (not the circle) of radius ``r`` around ``centre``."""
    corners, turn = {"triangle": (3, -90), "square": (4, 45), "diamond": (4, 0),
                     "hexagon": (6, 0)}[shape]
    x, y = centre
    if shape == "triangle":
        y += round(r * 0.2)  # a triangle's middle sits low
        r *= 1.2
    return [(round(x + r * math.cos(math.radians(turn + i * 360 / corners))),
             round(y + r * math.sin(math.radians(turn + i * 360 / corners))))
            for i in range(corners)]
