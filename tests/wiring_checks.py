"""Checks the wiring tests share: labels as painted neither overlap nor leave the picture."""

from __future__ import annotations

import itertools

from companion.tools.wiring import png


def assert_labels_apart_and_inside(drawing):
    """No two texts overlap as painted, and every text is on the picture."""
    boxes = png.text_boxes(drawing)
    for text, (x0, y0, x1, y1) in boxes:
        assert 0 <= x0 and x1 <= drawing.width and 0 <= y0 and y1 <= drawing.height, text
    for (a, p), (b, q) in itertools.combinations(boxes, 2):
        assert not (p[0] < q[2] and q[0] < p[2] and p[1] < q[3] and q[1] < p[3]), (a, b)
