"""Solid rects copied from kept pixels (companion.display.solid) paint exactly what pygame's
own ``draw.rect`` paints: square or rounded, filled or outlined, clipped or partly off the
surface, on both stacks."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.display import solid

SIZE = (160, 120)
COLOURS = st.sampled_from([(40, 44, 52), (230, 60, 60), (255, 255, 255), (0, 0, 0),
                           (128, 200, 10), (10, 200, 30, 255), (10, 200, 30, 128),
                           pygame.Color(5, 6, 7), "orange"])
RADII = st.sampled_from([("border_radius",), ("border_top_left_radius",),
                         ("border_bottom_left_radius", "border_bottom_right_radius"),
                         tuple(solid.CORNER_RADII)])


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.display.init()
    pygame.display.set_mode(SIZE)
    yield
    pygame.display.quit()


def pair(fmt_alpha: bool = False) -> tuple[pygame.Surface, pygame.Surface]:
    """Two surfaces of the display's format with the same noisy picture on them."""
    flags = pygame.SRCALPHA if fmt_alpha else 0
    first = pygame.Surface(SIZE, flags, 32 if fmt_alpha else pygame.display.get_surface())
    for x in range(0, SIZE[0], 7):
        pygame.draw.line(first, (x % 256, 90, 200 - x % 200), (x, 0), (SIZE[0] - x, SIZE[1]), 3)
    return first, first.copy()


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tostring(a, "RGBA") == pygame.image.tostring(b, "RGBA")


@pytest.mark.parametrize("rounded_by_copy", [True, False])
@settings(max_examples=300, deadline=None)
@given(colour=COLOURS,
       area=st.tuples(st.integers(-30, 150), st.integers(-30, 110), st.integers(0, 120),
                      st.integers(0, 90)),
       width=st.integers(0, 12) | st.just(0), corners=RADII, radius=st.integers(0, 40),
       clip=st.none() | st.tuples(st.integers(0, 80), st.integers(0, 60),
                                  st.integers(1, 100), st.integers(1, 80)))
def test_a_copied_rect_has_the_pixels_pygame_draws(rounded_by_copy, colour, area, width, corners,
                                                    radius, clip):
    """Rounded rects copied or drawn by pygame (whichever the stack's pygame does)."""
    drawn, copied = pair()
    for surface in (drawn, copied):
        surface.set_clip(clip)
    radii = dict.fromkeys(corners, radius)
    pygame.draw.rect(drawn, colour, area, width, **radii)
    solid.ROUNDED_BY_COPY, saved = rounded_by_copy, solid.ROUNDED_BY_COPY
    try:
        solid.rect(copied, colour, area, width, **radii)
    finally:
        solid.ROUNDED_BY_COPY = saved
    assert same_pixels(drawn, copied)


def test_a_rect_taller_than_a_band_is_filled_whole():
    drawn, copied = pair()
    area = pygame.Rect(3, 2, 150, 117)
    solid.BAND_ROWS, saved = 16, solid.BAND_ROWS   # many strips
    solid._KEPT.clear()
    try:
        solid.rect(pygame.Surface((20, 20), 0, copied), (9, 99, 199), (0, 0, 20, 20))
        pygame.draw.rect(drawn, (9, 99, 199), area)
        solid.rect(copied, (9, 99, 199), area)   # its band, made for a narrow surface, grows
    finally:
        solid.BAND_ROWS = saved
        solid._KEPT.clear()
    assert same_pixels(drawn, copied)


def test_a_surface_with_alpha_gets_pygames_own_drawing():
    drawn, copied = pair(fmt_alpha=True)
    pygame.draw.rect(drawn, (200, 10, 10), (10, 10, 80, 60), border_radius=9)
    solid.rect(copied, (200, 10, 10), (10, 10, 80, 60), border_radius=9)
    assert same_pixels(drawn, copied)


def test_kept_pictures_stay_within_their_pixel_limit(monkeypatch):
    monkeypatch.setattr(solid, "ROUNDED_BY_COPY", True)
    monkeypatch.setattr(solid, "KEPT_PIXELS", 30_000)
    solid._KEPT.clear()
    surface, _ = pair()
    for radius in range(1, 60):   # corners of 4 to 13,924 pixels: 280,840 in all
        solid.rect(surface, (1, 2, 3), (0, 0, 120, 120), border_radius=radius)
        assert sum(map(solid.pixels_of, solid._KEPT.values())) <= 30_000
    assert ("corners", (1, 2, 3), 59, solid._format(surface)) in solid._KEPT
    solid._KEPT.clear()
