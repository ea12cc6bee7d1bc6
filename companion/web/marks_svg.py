"""The cards and the colour dice words as SVG, each colour with its colour-blind mark (the
kiosk's shape and initial, :mod:`companion.display.mark_shapes`), so the page reads without
telling colours apart. A void carries its struck ring and a V; an empty spot is a dim outline.
"""

from __future__ import annotations

from companion.display.mark_shapes import INITIALS, SHAPES, polygon
from companion.display.palette import (
    BACKGROUND,
    CARD_FACE,
    EMPTY_SPOT,
    PORTAL,
    RGB,
    VOID_FACE,
    VOID_RIM,
)
from companion.web import svg

#: A card's side, in SVG units.
CARD = 100


def mark(face: str, centre: tuple[float, float], r: float) -> list[str]:
    """``face``'s shape in its colour with its initial (nothing for a face without a mark)."""
    shape = SHAPES.get(face)
    if shape is None:
        return []
    x, y = centre
    if shape == "struck-ring":
        return [svg.circle(centre, r, stroke=VOID_RIM, width=r * 0.18),
                svg.line((x - r * 0.7, y + r * 0.7), (x + r * 0.7, y - r * 0.7), VOID_RIM,
                         r * 0.18),
                svg.text(INITIALS[face], x, y + r * 0.36, r, VOID_RIM)]
    body = svg.circle(centre, r, fill=PORTAL[face]) if shape == "circle" else \
        svg.polygon([(float(a), float(b)) for a, b in polygon(shape, (round(x), round(y)), r)],
                    PORTAL[face])
    return [body, svg.text(INITIALS[face], x, y + r * 0.36, r, BACKGROUND)]


def card(face: str | None, ring: RGB | None = None) -> str:
    """One card (``None``: an empty spot), ringed in ``ring`` when it is given."""
    if face is None:
        body = [svg.rect(6, 6, CARD - 12, CARD - 12, stroke=EMPTY_SPOT, width=3, rounded=10)]
        label = "empty spot"
    else:
        ground = VOID_FACE if face == "VOID" else CARD_FACE
        body = [svg.rect(6, 6, CARD - 12, CARD - 12, fill=ground, rounded=10),
                *mark(face, (CARD / 2, CARD / 2), CARD * 0.3)]
        label = face.lower()
    if ring is not None:
        body.append(svg.rect(3, 3, CARD - 6, CARD - 6, stroke=ring, width=6, rounded=12))
    return svg.figure(CARD, CARD, body, label, "card")


def die_mark(face: str) -> str:
    """The small mark beside a colour die's word (nothing for a face that is no colour)."""
    if face not in PORTAL:
        return ""
    return svg.figure(40, 40, mark(face, (20, 20), 16), face.lower(), "die-mark")
