"""Every colour on screen, named by what it means.

Portal colours are the card colours of the real game; inks are the colours
dice words may be drawn in (the same five, so a word's ink is always a colour
of the game). The background is dark so that every ink, white included, reads
from across the table.
"""

from __future__ import annotations

from companion.games.notnot.verdict import Verdict

RGB = tuple[int, int, int]

BACKGROUND: RGB = (18, 18, 24)
PANEL: RGB = (40, 40, 52)
TEXT: RGB = (235, 235, 235)
DIM_TEXT: RGB = (150, 150, 165)
CARD_FACE: RGB = (70, 70, 84)
VOID_FACE: RGB = (6, 6, 8)
VOID_RIM: RGB = (120, 60, 170)
CARD_BACK: RGB = (30, 60, 120)
EMPTY_SPOT: RGB = (90, 90, 100)
ARROW: RGB = (245, 245, 245)
LIAR: RGB = (200, 40, 200)
HIGHLIGHT: RGB = (255, 255, 255)
#: Rings the cards a player could have tapped (after no winner) or may take (a tie choice):
#: cyan, a colour no card has.
OPTION: RGB = (0, 230, 230)

#: The colour of each portal on the cards, by face name.
PORTAL: dict[str, RGB] = {
    "RED": (230, 40, 40),
    "BLUE": (50, 110, 255),
    "GREEN": (40, 190, 70),
    "YELLOW": (250, 215, 30),
    "WHITE": (250, 250, 250),
}

#: Colours dice words may be inked in (the Stroop inks), by colour name.
INKS: dict[str, RGB] = dict(PORTAL)

#: Banner colour of each verdict kind.
VERDICT: dict[str, RGB] = {
    "win": (30, 120, 60),
    "tie": (150, 110, 20),
    "wrong": (150, 30, 30),
    "early": (170, 80, 20),
    "nobody": (50, 70, 110),
    "none": (70, 70, 80),
}

#: A tapping player's name flashes in this colour at the tap: a wrong tap, a tap before the
#: dice landed, or a valid tap counted (win or tie is told at the verdict).
TAP_FLASH: dict[str, RGB] = {
    "wrong": (200, 30, 30),
    "early": (230, 120, 20),
    "counted": (95, 95, 130),
}

#: The dot before the serial controller's state in the corner: clock synced, connected but
#: not yet synced, not talking.
CONTROLLER: dict[str, RGB] = {
    "synced": (40, 190, 70),
    "connecting": (230, 160, 20),
    "unplugged": (220, 40, 40),
    "wrong board": (220, 40, 40),
    "not read": (220, 40, 40),
    "in use": (220, 40, 40),
    "cannot open": (220, 40, 40),
    "garbled": (220, 40, 40),
    "silent": (220, 40, 40),
}

#: Marks on the tap timeline by verdict: bright enough to read on a panel (shapes tell them
#: apart too, see :mod:`companion.display.draw_timeline`).
TIMELINE_MARK: dict[Verdict, RGB] = {
    Verdict.WIN: (70, 215, 110),
    Verdict.TIE: (245, 190, 50),
    Verdict.WRONG: (240, 70, 70),
    Verdict.EARLY: (245, 140, 50),
    Verdict.IGNORED: DIM_TEXT,
    Verdict.LATE: DIM_TEXT,
}
#: The photo finish's lighter ground on the timeline, and its tie window band.
TIMELINE_ZOOM: RGB = (62, 62, 80)
TIE_WINDOW_BAND: RGB = (130, 100, 30)

#: Each player's colour (players past eight take them again, their number tells them apart):
#: the Okabe-Ito colours, white in place of black on this dark ground, the blue lighter. They
#: stay apart for protanopia and deuteranopia (tests/test_colour_blind.py simulates both), and
#: each stands out from the dark grounds it marks names on.
PLAYER: tuple[RGB, ...] = (
    (230, 159, 0),    # orange
    (86, 180, 233),   # sky blue
    (0, 158, 115),    # bluish green
    (240, 228, 66),   # yellow
    (20, 135, 220),   # blue (Okabe-Ito's, lighter: it read too dark on the score strip)
    (213, 94, 0),     # vermillion
    (204, 121, 167),  # reddish purple
    (240, 240, 240),  # white
)


def player_colour(player: int) -> RGB:
    """Player ``player``'s colour (numbered from 1)."""
    return PLAYER[(player - 1) % len(PLAYER)]
