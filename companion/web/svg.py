"""Small pieces of inline SVG markup, every text and value escaped: colours, shapes, text."""

from __future__ import annotations

from html import escape

from companion.display.palette import RGB


def colour(rgb: RGB) -> str:
    """``(230, 40, 40)`` as ``#e62828``."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def number(value: float) -> str:
    """A coordinate, to a tenth."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def points(corners: list[tuple[float, float]]) -> str:
    """Corners as an SVG ``points`` list."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in corners)


def polygon(corners: list[tuple[float, float]], fill: RGB) -> str:
    return f'<polygon points="{points(corners)}" fill="{colour(fill)}"/>'


def line(start: tuple[float, float], end: tuple[float, float], stroke: RGB, width: float) -> str:
    (x1, y1), (x2, y2) = start, end
    return (f'<line x1="{number(x1)}" y1="{number(y1)}" x2="{number(x2)}" y2="{number(y2)}" '
            f'stroke="{colour(stroke)}" stroke-width="{number(width)}"/>')


def circle(centre: tuple[float, float], r: float, fill: RGB | None = None,
           stroke: RGB | None = None, width: float = 0) -> str:
    paint = f'fill="{colour(fill)}"' if fill else 'fill="none"'
    if stroke:
        paint += f' stroke="{colour(stroke)}" stroke-width="{number(width)}"'
    return f'<circle cx="{number(centre[0])}" cy="{number(centre[1])}" r="{number(r)}" {paint}/>'


def rect(x: float, y: float, w: float, h: float, fill: RGB | None = None,
         stroke: RGB | None = None, width: float = 0, rounded: float = 0) -> str:
    paint = f'fill="{colour(fill)}"' if fill else 'fill="none"'
    if stroke:
        paint += f' stroke="{colour(stroke)}" stroke-width="{number(width)}"'
    return (f'<rect x="{number(x)}" y="{number(y)}" width="{number(w)}" height="{number(h)}" '
            f'rx="{number(rounded)}" {paint}/>')


def text(words: str, x: float, y: float, size: float, fill: RGB, anchor: str = "middle",
         length: float | None = None) -> str:
    """``words`` with its baseline at ``y``, centred on ``x`` (or ``anchor``); ``length``: as
    wide as that, whatever the font the browser has (its letters fitted to it), so that a
    label stays in the room laid out for it."""
    fitted = "" if length is None else \
        f' textLength="{number(length)}" lengthAdjust="spacingAndGlyphs"'
    return (f'<text x="{number(x)}" y="{number(y)}" font-size="{number(size)}" '
            f'fill="{colour(fill)}" text-anchor="{anchor}"{fitted}>{escape(words)}</text>')


def figure(width: float, height: float, body: list[str], label: str, kind: str) -> str:
    """An ``<svg>`` of ``body`` in a ``width`` x ``height`` box that scales to its container,
    read aloud as ``label``."""
    return (f'<svg class="{kind}" viewBox="0 0 {number(width)} {number(height)}" role="img" '
            f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
            + "".join(body) + "</svg>")
