"""The pieces every board diagram is built of: a two-column connector with
labelled pins, a card per pad (its four buttons as a cross), a card listing
other buttons, titles and the legend.

Board modules (:mod:`~companion.tools.wiring.header`, :mod:`~companion.tools.wiring.arduino`)
describe their pins as :class:`Spot` rows and their wired pins as
:class:`~companion.tools.wiring.uses.Use`; the drawing itself happens here, so
the Pi and the Arduino diagrams look and read alike.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.notnot.sides import Side
from companion.tools.wiring.svg import Drawing, text_width
from companion.tools.wiring.uses import Use, side_use

INK = "#212121"
GREY = "#757575"
LIGHT = "#bdbdbd"
WHITE = "#ffffff"
BOARD = "#263238"
GROUND = "#000000"
POWER = {"3V3": "#ffb74d", "5V": "#e57373"}

MARGIN = 30
TITLE_SIZE = 28
SUBTITLE_SIZE = 17
TAG_SIZE = 17
NAME_SIZE = 15
ROW = 40          # distance between pin rows
PIN_R = 15        # pin circle radius
COLUMN_GAP = 54   # distance between the two pin columns
NAME_ROOM = 86    # room for a pin's name beside its circle
TAG_GAP = 12


@dataclass(frozen=True)
class Spot:
    """A pin on a board: ``pin`` is how pin maps name it (BCM number or board name),
    ``number`` is printed in its circle (may be empty), ``name`` beside it;
    ``kind`` is ``"io"``, ``"ground"``, ``"power"`` or ``"reserved"``."""

    pin: Hashable
    number: str
    name: str
    kind: str = "io"


def tag_width(labels: Sequence[str]) -> float:
    """Width of the label tags: room for the longest label."""
    return max([text_width(label, TAG_SIZE) for label in labels] + [60]) + 20


def connector_width(tag_w: float, columns: int = 2) -> float:
    """Total width a :func:`connector` of ``columns`` (1 or 2) takes, tags included."""
    one = tag_w + TAG_GAP + NAME_ROOM + PIN_R
    return 2 * one + COLUMN_GAP if columns == 2 else one + PIN_R + 8


def title(d: Drawing, text: str, subtitle: str) -> None:
    """The title and a one-line subtitle at the top left."""
    d.text(MARGIN, 36, text, size=TITLE_SIZE, fill=INK)
    d.text(MARGIN, 70, subtitle, size=SUBTITLE_SIZE, fill=GREY)


def connector(d: Drawing, x: float, y: float, rows: Sequence[tuple[Spot | None, Spot | None]],
              used: Mapping[Hashable, Use], ground_labels: Mapping[Hashable, str],
              tag_w: float) -> float:
    """Draw a connector of one or two pin columns, left edge at ``x``, first row at ``y``.

    Left-column pins carry their name and tag to the left, right-column pins
    to the right; a connector whose rows have no right pin is one column wide.
    A used pin is filled with its use's colour and tagged with its label; a
    ground pin that is a return is tagged in black with the groups that
    return to it. Returns the y of the connector's bottom edge.
    """
    left = x + tag_w + TAG_GAP + NAME_ROOM + PIN_R
    right = left + COLUMN_GAP
    span = COLUMN_GAP if any(two is not None for _, two in rows) else 0
    bottom = y + (len(rows) - 1) * ROW
    d.rect(left - PIN_R - 8, y - PIN_R - 8, span + 2 * PIN_R + 16,
           bottom - y + 2 * PIN_R + 16, BOARD, radius=8)
    for row, (one, two) in enumerate(rows):
        cy = y + row * ROW
        if one is not None:
            _spot(d, left, cy, one, used, ground_labels, tag_w, -1)
        if two is not None:
            _spot(d, right, cy, two, used, ground_labels, tag_w, +1)
    return bottom + PIN_R + 8


def spot_colours(spot: Spot, use: Use | None, is_return: bool) -> tuple[str, str, str]:
    """``(circle fill, number ink, name ink)`` of a pin: its use's colour, else by its kind."""
    if use is not None:
        return use.colour, WHITE, INK
    if spot.kind == "ground":
        return GROUND, WHITE, INK if is_return else GREY
    if spot.kind == "power":
        return POWER.get(spot.name, LIGHT), INK, GREY
    if spot.kind == "reserved":
        return LIGHT, INK, GREY
    return WHITE, GREY, GREY


def _spot(d: Drawing, cx: float, cy: float, spot: Spot, used: Mapping[Hashable, Use],
          ground_labels: Mapping[Hashable, str], tag_w: float, direction: int) -> None:
    """One pin at ``(cx, cy)``: circle, name beside it and, if wired, a tag further out
    (``direction`` -1 to the left, +1 to the right)."""
    use = used.get(spot.pin)
    ground = ground_labels.get(spot.pin)
    fill, number_ink, name_ink = spot_colours(spot, use, ground is not None)
    name_x = cx + direction * (PIN_R + 14)
    tag_edge = cx + direction * (PIN_R + NAME_ROOM + TAG_GAP)
    label: str | None
    if use is not None:
        label, colour, outlined = use.label, use.colour, use.kind == "led"
    else:
        label, colour, outlined = ground, GROUND, False
    if label:
        d.line((cx, cy), (tag_edge, cy), stroke=colour, width=3)
    d.circle(cx, cy, PIN_R, fill, stroke=WHITE if label else LIGHT, stroke_width=2)
    if spot.number:
        d.text(cx, cy, spot.number, size=13 if len(spot.number) < 3 else 10, fill=number_ink,
               anchor="middle")
    if label:   # a white backing keeps the wire line from running through the name
        d.rect(name_x - (NAME_ROOM - 2 if direction < 0 else 0), cy - 11, NAME_ROOM - 2, 22, WHITE)
    d.text(name_x, cy, spot.name, size=NAME_SIZE, fill=name_ink,
           anchor="end" if direction < 0 else "start")
    if label:
        _tag(d, tag_edge if direction > 0 else tag_edge - tag_w, cy, tag_w, label, colour, outlined)


def _tag(d: Drawing, x: float, cy: float, w: float, label: str, colour: str,
         outlined: bool) -> None:
    """A label tag: filled with ``colour`` (white text), or outlined in it (for LEDs)."""
    d.rect(x, cy - 15, w, 30, WHITE if outlined else colour,
           stroke=colour if outlined else None, stroke_width=3, radius=6)
    d.text(x + w / 2, cy, label, size=TAG_SIZE, fill=colour if outlined else WHITE, anchor="middle")


# ------------------------------------------------------------------ cards
CARD_GAP = 20
LED_LINE = 26


@dataclass(frozen=True)
class CardStyle:
    """The geometry of a pad card: size, the cross's arm lengths, button radius,
    and whether each button also shows a second line (e.g. the BCM name)."""

    w: float
    h: float
    arm_x: float
    arm_y: float
    button_r: float
    label_size: float
    two_lines: bool


FULL = CardStyle(w=340, h=330, arm_x=105, arm_y=92, button_r=25, label_size=18, two_lines=True)
COMPACT = CardStyle(w=250, h=250, arm_x=72, arm_y=62, button_r=20, label_size=17, two_lines=False)
CARD_W = FULL.w


def pad_card_height(uses: Sequence[Use], style: CardStyle = FULL) -> float:
    """Height of a pad's card (taller when the pad has LEDs)."""
    return style.h + (LED_LINE if any(use.kind == "led" for use in uses) else 0)


def pad_card(d: Drawing, x: float, y: float, uses: Sequence[Use],
             name_pin: Callable[[Any], tuple[str, str]], ground: str,
             style: CardStyle = FULL) -> float:
    """A player's pad at ``(x, y)``: the four buttons as a cross, N up, E right.

    ``name_pin(pin)`` gives the two lines printed by a button (``("pin 7",
    "GPIO4")``; compact cards print the first); ``ground`` is the line naming
    the pin of the common (ground) wire, drawn black through all four
    switches. Returns the card's bottom y.
    """
    player, colour = uses[0].player, uses[0].colour
    h = pad_card_height(uses, style)
    d.rect(x, y, style.w, h, WHITE, stroke=colour, stroke_width=3, radius=10)
    d.rect(x, y, style.w, 36, colour, radius=10)
    d.rect(x, y + 20, style.w, 16, colour)
    d.text(x + 14, y + 18, f"Player {player}", size=20, fill=WHITE)
    r = style.button_r
    cx = x + style.w / 2 - (20 if style.two_lines else 14)
    cy = y + 36 + (style.h - 36 - 36) / 2
    at = {Side.N: (cx, cy - style.arm_y), Side.E: (cx + style.arm_x, cy),
          Side.S: (cx, cy + style.arm_y), Side.W: (cx - style.arm_x, cy)}
    drop = (cx, y + style.h - 22)
    d.line(at[Side.W], at[Side.N], at[Side.E], at[Side.S], drop, stroke=GROUND, width=3)
    for side, (bx, by) in at.items():
        use = side_use(uses, "button", side)
        d.circle(bx, by, r, colour, stroke=INK, stroke_width=2)
        d.text(bx, by, side.value, size=r - 2, fill=WHITE, anchor="middle")
        assert use is not None  # every pad has its four buttons
        main, sub = name_pin(use.pin)
        lines = [(main, style.label_size, INK)] + ([(sub, 15, GREY)] if style.two_lines else [])
        for number, (text, size, ink) in enumerate(lines):
            if side in (Side.N, Side.S):
                d.text(bx + r + 10, by + (21 * number - 10 * (len(lines) - 1)), text,
                       size=size, fill=ink)
            else:
                d.text(bx, by + r + 16 + 20 * number, text, size=size, fill=ink, anchor="middle")
    d.circle(drop[0], drop[1], 5, GROUND)
    d.text(drop[0] + 12, drop[1], ground, size=16 if style.two_lines else 15, fill=INK)
    leds = [use for use in uses if use.kind == "led"]
    if leds:
        text = "LEDs " + "  ".join(f"{use.pad_side.value}: {name_pin(use.pin)[0]}" for use in leds)
        d.text(x + 14, y + style.h + LED_LINE / 2 - 6, text, size=15, fill=INK)
    return y + h


def cards(d: Drawing, x: float, y: float, by_group: Mapping[str, Sequence[Use]],
          returns: Mapping[str, Hashable], columns: int,
          name_pin: Callable[[Any], tuple[str, str]], ground_name: Callable[[Any], str],
          style: CardStyle = FULL) -> float:
    """A card for every group (pads, controls, dealer) in rows of ``columns``,
    top-left at ``(x, y)``. Returns the bottom y of the last row."""
    bottom, row_y, row_bottom = y, y, y
    for number, (group, members) in enumerate(by_group.items()):
        column = number % columns
        if column == 0 and number:
            row_y = row_bottom + CARD_GAP
        card_x = x + column * (style.w + CARD_GAP)
        ground = ground_name(returns[group]) if group in returns else "none"
        if members[0].player is not None:
            end = pad_card(d, card_x, row_y, members, name_pin, ground, style)
        else:
            heading = "Dealer pad" if group == "dealer" else "Control buttons"
            end = list_card(d, card_x, row_y, heading, members, name_pin, ground, style.w)
        row_bottom = max(row_bottom, end) if column else end
        bottom = max(bottom, end)
    return bottom


def list_card_height(uses: Sequence[Use]) -> float:
    return 36 + 16 + 30 * len(uses) + 34


def list_card(d: Drawing, x: float, y: float, heading: str, uses: Sequence[Use],
              name_pin: Callable[[Any], tuple[str, str]], ground: str,
              width: float = CARD_W) -> float:
    """A card listing other buttons (controls, dealer faces), each with its pin.

    Returns the card's bottom y.
    """
    h = list_card_height(uses)
    d.rect(x, y, width, h, WHITE, stroke=INK, stroke_width=2, radius=10)
    d.text(x + 14, y + 20, heading, size=20, fill=INK)
    for row, use in enumerate(uses):
        ry = y + 36 + 16 + 30 * row
        d.circle(x + 28, ry, 11, use.colour, stroke=INK, stroke_width=1)
        main, sub = name_pin(use.pin)
        d.text(x + 48, ry, use.name, size=17, fill=INK)
        d.text(x + width - 14, ry, f"{main}  {sub}".strip(), size=15, fill=GREY, anchor="end")
    d.circle(x + 28, y + h - 20, 5, GROUND)
    d.text(x + 42, y + h - 20, ground, size=15, fill=INK)
    return y + h


def legend(d: Drawing, x: float, y: float, lines: Sequence[str]) -> float:
    """Notes under a diagram, one per line. Returns the bottom y."""
    for number, line in enumerate(lines):
        d.text(x, y + 24 * number, line, size=16, fill=INK)
    return y + 24 * len(lines)
