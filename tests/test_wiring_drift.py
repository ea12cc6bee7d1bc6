"""The committed wiring/ folder and hardware/BOM.md are exactly what the pin maps generate.

Regenerates both into a temporary copy of the repository's layout with the
command a maintainer runs (``companion wiring --shipped-map --out wiring --bom
hardware/BOM.md``: the README links the parts list at ``../hardware/BOM.md``)
and compares:
Markdown and SVG byte for byte; PNGs by size and by the colour of every
filled shape (pins, buttons, tags), because pygame builds with another
SDL_ttf/FreeType may anti-alias text differently. Every PNG is drawn from
the same drawing as its SVG, so a changed label shows in the SVG.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import cli
from companion.config import settings as config
from companion.tools.wiring import generate, png
from companion.tools.wiring.svg import Circle, Rect, Text, text_width

ROOT = Path(__file__).resolve().parent.parent
WIRING = ROOT / "wiring"
BOM = ROOT / "hardware" / "BOM.md"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    out = tmp_path_factory.mktemp("wiring")
    assert cli.main(["wiring", "--shipped-map", "--out", str(out / "wiring"),
                     "--bom", str(out / "hardware" / "BOM.md")]) == 0
    return out


@pytest.mark.slow
def test_the_committed_wiring_folder_holds_exactly_the_generated_files(fresh):
    assert sorted(p.name for p in WIRING.iterdir()) == sorted(p.name for p in (fresh / "wiring").iterdir())


def test_the_committed_tables_svgs_and_readme_are_the_generated_ones_byte_for_byte(fresh):
    stale = [p.name for p in (fresh / "wiring").iterdir()
             if p.suffix in (".md", ".svg") and p.read_bytes() != (WIRING / p.name).read_bytes()]
    assert stale == [], "run: companion wiring --shipped-map --out wiring --bom hardware/BOM.md"


def test_the_committed_parts_list_is_the_generated_one(fresh):
    assert BOM.read_bytes() == (fresh / "hardware" / "BOM.md").read_bytes()


def box(shape):
    """A generous bounding box ``(x0, y0, x1, y1)`` of a shape."""
    if isinstance(shape, Circle):
        r = shape.r + shape.stroke_width
        return shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r
    if isinstance(shape, Rect):
        return shape.x - 2, shape.y - 2, shape.x + shape.w + 2, shape.y + shape.h + 2
    if isinstance(shape, Text):
        w = text_width(shape.text, shape.size)
        x0 = shape.x - {"start": 0, "middle": w / 2, "end": w}[shape.anchor]
        return x0, shape.y - 0.45 * shape.size, x0 + w, shape.y + 0.45 * shape.size
    xs, ys = [x for x, _ in shape.points], [y for _, y in shape.points]
    return min(xs) - shape.width, min(ys) - shape.width, max(xs) + shape.width, max(ys) + shape.width


def sample_points(drawing):
    """``((x, y), fill)`` inside every filled circle, where nothing painted later covers it."""
    points = []
    for index, shape in enumerate(drawing.shapes):
        if not (isinstance(shape, Circle) and shape.fill and shape.r >= 11):
            continue
        x, y = round(shape.cx), round(shape.cy - 0.6 * shape.r)
        later = drawing.shapes[index + 1:]
        if not any(x0 <= x <= x1 and y0 <= y <= y1 for x0, y0, x1, y1 in map(box, later)):
            points.append(((x, y), shape.fill))
    return points


def test_every_committed_png_shows_the_drawing_of_its_svg():
    pygame = png._pygame()
    diagrams = generate.diagrams(config.load())
    assert {f"{d.stem}.png" for d in diagrams} == {p.name for p in WIRING.glob("*.png")}
    for diagram in diagrams:
        name, drawing = f"{diagram.stem}.png", diagram.drawing
        committed = pygame.image.load(str(WIRING / name))
        assert committed.get_size() == (drawing.width, drawing.height), name
        points = sample_points(drawing)
        assert len(points) > 30, name
        wrong = [(point, fill) for point, fill in points
                 if tuple(committed.get_at(point))[:3] != png.colour(fill)]
        assert wrong == [], f"{name}: {wrong[:5]}"
