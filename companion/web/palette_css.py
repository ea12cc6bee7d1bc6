"""The kiosk's colours (:mod:`companion.display.palette`) as CSS custom properties, so the page
wears the same colours as the screen from one list of them."""

from __future__ import annotations

from companion.display.palette import (
    BACKGROUND,
    DIM_TEXT,
    HIGHLIGHT,
    OPTION,
    PANEL,
    PLAYER,
    TEXT,
    VERDICT,
)
from companion.web.svg import colour


def palette_css() -> str:
    """``:root { --background: #121218; ... }`` with every colour the page uses."""
    named = {"background": BACKGROUND, "panel": PANEL, "text": TEXT, "dim": DIM_TEXT,
             "highlight": HIGHLIGHT, "option": OPTION,
             **{f"verdict-{kind}": rgb for kind, rgb in VERDICT.items()},
             **{f"player-{number}": rgb for number, rgb in enumerate(PLAYER, 1)}}
    return ":root {\n" + "".join(f"  --{name}: {colour(rgb)};\n"
                                 for name, rgb in named.items()) + "}\n"
