"""A drawing as a list of plain shapes, and its SVG text.

A :class:`Drawing` holds rectangles, circles, lines and text in pixel
coordinates, in paint order. :meth:`Drawing.svg` writes it as SVG text that is
the same byte for byte every time (numbers are rounded to 0.1 px); the PNG
renderer (:mod:`companion.tools.wiring.png`) paints the very same shapes.

Text never needs measuring to lay out: each text has an anchor (``start``,
``middle`` or ``end``) and layouts leave room by :func:`text_width`, a
generous estimate for the bold sans-serif font both renderers use.

>>> d = Drawing(100, 40, background="#ffffff")
>>> d.text(50, 20, "hi", size=12, anchor="middle")
>>> "hi</text>" in d.svg()
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

#: The font both renderers use: pygame ships FreeSans Bold, browsers fall back.
FONT_FAMILY = "FreeSans, 'Liberation Sans', Arial, Helvetica, sans-serif"

#: From the middle of a capital letter down to the baseline, as a fraction of the font size
#: (sans capitals are about 0.7 em tall). Written out rather than left to
#: ``dominant-baseline``, which some SVG renderers ignore.
BASELINE_DROP = 0.35

#: Width of one character of the bold sans font, as a fraction of its size (an upper estimate).
CHAR_WIDTH = 0.62


def text_width(text: str, size: float) -> float:
    """An upper estimate of the width of ``text`` at font ``size`` px."""
    return len(text) * size * CHAR_WIDTH


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 1
    radius: float = 0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 1


@dataclass(frozen=True)
class Line:
    points: tuple[tuple[float, float], ...]
    stroke: str
    width: float = 2
    dashed: bool = False


@dataclass(frozen=True)
class Text:
    x: float          # anchor point, on the text's baseline-free middle line
    y: float
    text: str
    size: float
    fill: str
    anchor: str = "start"   # "start" | "middle" | "end"


Shape = Rect | Circle | Line | Text


@dataclass
class Drawing:
    """A ``width`` x ``height`` picture: shapes painted in the order they were added.

    Text is placed by its vertical middle (``y`` is where the middle of a
    capital letter sits), so a label centred on a pin is centred on it in both
    renderers.
    """

    width: int
    height: int
    background: str = "#ffffff"
    shapes: list[Shape] = field(default_factory=list)

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None, *,
             stroke: str | None = None, stroke_width: float = 1, radius: float = 0) -> None:
        """A rectangle with top-left corner ``(x, y)``, optionally rounded."""
        self.shapes.append(Rect(x, y, w, h, fill, stroke, stroke_width, radius))

    def circle(self, cx: float, cy: float, r: float, fill: str | None, *,
               stroke: str | None = None, stroke_width: float = 1) -> None:
        """A circle centred on ``(cx, cy)``."""
        self.shapes.append(Circle(cx, cy, r, fill, stroke, stroke_width))

    def line(self, *points: tuple[float, float], stroke: str = "#000000", width: float = 2,
             dashed: bool = False) -> None:
        """A straight line through ``points`` (two or more ``(x, y)``)."""
        self.shapes.append(Line(tuple(points), stroke, width, dashed))

    def text(self, x: float, y: float, text: str, *, size: float = 16, fill: str = "#000000",
             anchor: str = "start") -> None:
        """``text`` with its vertical middle at ``y``, anchored at ``x`` by ``anchor``."""
        if anchor not in ("start", "middle", "end"):
            raise ValueError(f"anchor {anchor!r} is not start, middle or end")
        self.shapes.append(Text(x, y, text, size, fill, anchor))

    def svg(self) -> str:
        """The drawing as a standalone SVG document."""
        lines = [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" font-family="{FONT_FAMILY}">',
            f'<rect x="0" y="0" width="{self.width}" height="{self.height}" '
            f'fill="{self.background}"/>',
        ]
        lines += [svg_element(shape) for shape in self.shapes]
        lines.append("</svg>")
        return "\n".join(lines) + "\n"


def num(value: float) -> str:
    """A coordinate as SVG text: at most one decimal, no trailing ``.0``."""
    text = f"{round(float(value), 1):.1f}"
    return text[:-2] if text.endswith(".0") else text


def _paint(fill: str | None, stroke: str | None, width: float) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{num(width)}"'
    return out


def svg_element(shape: Shape) -> str:
    """One shape as an SVG element."""
    if isinstance(shape, Rect):
        rounded = f' rx="{num(shape.radius)}"' if shape.radius else ""
        return (f'<rect x="{num(shape.x)}" y="{num(shape.y)}" width="{num(shape.w)}" '
                f'height="{num(shape.h)}"{rounded}'
                f'{_paint(shape.fill, shape.stroke, shape.stroke_width)}/>')
    if isinstance(shape, Circle):
        return (f'<circle cx="{num(shape.cx)}" cy="{num(shape.cy)}" r="{num(shape.r)}"'
                f'{_paint(shape.fill, shape.stroke, shape.stroke_width)}/>')
    if isinstance(shape, Line):
        points = " ".join(f"{num(x)},{num(y)}" for x, y in shape.points)
        dash = ' stroke-dasharray="8 6"' if shape.dashed else ""
        return (f'<polyline points="{points}" fill="none" stroke="{shape.stroke}" '
                f'stroke-width="{num(shape.width)}" stroke-linejoin="round"{dash}/>')
    baseline = shape.y + BASELINE_DROP * shape.size
    return (f'<text x="{num(shape.x)}" y="{num(baseline)}" font-size="{num(shape.size)}" '
            'font-weight="bold" '
            f'fill="{shape.fill}" text-anchor="{shape.anchor}">'
            f"{escape(shape.text)}</text>")
