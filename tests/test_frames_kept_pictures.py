"""A part painted alone is kept as a picture and copied the next time it shows
(:class:`companion.display.parts.PartImages`): the canvas still shows what painting it would."""

from __future__ import annotations

import pygame
import pytest

from companion.display.palette import BACKGROUND
from companion.display.parts import Compositor, Part, PartImages, clear

SIZE = (200, 100)


@pytest.fixture
def canvas():
    pygame.display.init()
    yield pygame.display.set_mode(SIZE)
    pygame.display.quit()


class Painter:
    """Parts that fill their rect with the colour of their key, and count how often they are
    painted on ``canvas`` (not copied)."""

    def __init__(self, canvas) -> None:
        self.canvas, self.painted = canvas, []

    def part(self, name: str, rect, colour) -> Part:
        def paint(surface):
            if surface is self.canvas:
                self.painted.append(name)
            pygame.draw.rect(surface, colour, pygame.Rect(rect).inflate(-4, -4))
            return []
        return Part(name, pygame.Rect(rect), colour, paint)


def composed(compositor: Compositor, canvas, parts) -> None:
    compositor.begin()
    compositor.compose(canvas, parts)
    assert compositor.check(canvas)   # the same pixels as the parts painted afresh


def test_a_part_shown_again_with_a_key_it_had_before_is_copied_not_painted(canvas):
    painter, compositor = Painter(canvas), Compositor()
    for colour in ((255, 0, 0), (0, 255, 0), (255, 0, 0), (0, 255, 0)):
        composed(compositor, canvas, [painter.part("die", (10, 10, 50, 30), colour)])
    assert painter.painted == ["die", "die"]


def test_a_part_shown_once_and_never_again_is_painted_and_not_kept(canvas):
    from dataclasses import replace

    painter, compositor = Painter(canvas), Compositor()
    for colour in ((255, 0, 0), (0, 255, 0), (255, 0, 0)):
        once = replace(painter.part("verdict", (10, 10, 50, 30), colour), keep=False)
        composed(compositor, canvas, [once])
    assert painter.painted == ["verdict"] * 3 and not compositor.images.kept


def test_a_part_another_part_lies_under_is_always_painted(canvas):
    painter, compositor = Painter(canvas), Compositor()
    under = painter.part("panel", (0, 0, 100, 100), (0, 0, 255))
    for colour in ((255, 0, 0), (0, 255, 0), (255, 0, 0)):
        composed(compositor, canvas, [under, painter.part("count", (20, 20, 40, 40), colour)])
    assert painter.painted.count("count") == 3


def test_kept_pictures_past_their_pixel_limit_drop_the_least_recently_used(canvas):
    painter, images = Painter(canvas), PartImages(limit=2 * 50 * 30)
    one, two, three = (painter.part("die", (10, 10, 50, 30), (c, 0, 0)) for c in (10, 20, 30))
    for part in (one, two):
        images.put(part, pygame.Surface((50, 30)), [])
    assert images.get(one) is not None   # one is now the most recently used
    images.put(three, pygame.Surface((50, 30)), [])
    assert images.get(two) is None and images.get(one) and images.get(three)
    assert images.pixels == 2 * 50 * 30
    images.put(painter.part("panel", (0, 0, 100, 100), (0, 0, 0)), pygame.Surface((100, 100)), [])
    assert images.pixels == 2 * 50 * 30   # larger than the limit by itself: not kept


def test_a_resized_screen_keeps_no_picture_of_the_old_size(canvas):
    painter, compositor = Painter(canvas), Compositor()
    part = painter.part("die", (10, 10, 50, 30), (255, 0, 0))
    composed(compositor, canvas, [part])
    compositor.forget()
    composed(compositor, canvas, [part])
    assert painter.painted == ["die", "die"]


def test_clearing_a_rect_paints_the_background_as_a_fill_does(canvas):
    canvas.fill((255, 255, 255))
    clear(canvas, pygame.Rect(30, 20, 60, 40))
    filled = pygame.Surface(SIZE, 0, canvas)
    filled.fill((255, 255, 255))
    filled.fill(BACKGROUND, pygame.Rect(30, 20, 60, 40))
    assert pygame.image.tostring(canvas, "RGB") == pygame.image.tostring(filled, "RGB")


def test_on_a_turned_screen_kept_pictures_and_their_turned_copies_stay_within_the_limit(
        monkeypatch):
    from companion.display import parts
    from test_frames_compose import play_round_with_a_wrong_tap_and_a_tie, started

    monkeypatch.setattr(parts, "KEPT_SCREENS", 1)
    app, watch = started(90)
    for round_no in range(6):
        play_round_with_a_wrong_tap_and_a_tie(app, round_no)
    images = app.ctx.services.frame.images
    held = sum(image.picture.get_width() * image.picture.get_height() * (1 + len(image.turns))
               for image in images.kept.values())
    assert len(images.kept) > 3 and all(image.turns for image in images.kept.values())
    assert held <= 800 * 480 and watch.wrong == []
    assert all(pygame.image.tostring(image.turns[90], "RGB") ==
               pygame.image.tostring(pygame.transform.rotate(image.picture, 90), "RGB")
               for image in images.kept.values())


def test_on_an_upright_screen_kept_pictures_have_no_turned_copies():
    """Upright, the canvas is the display: a copy of a picture "turned" by 0 degrees would only
    halve how many pictures fit the limit."""
    from test_frames_compose import play_round_with_a_wrong_tap_and_a_tie, started

    app, watch = started(0)
    for round_no in range(3):
        play_round_with_a_wrong_tap_and_a_tie(app, round_no)
    images = app.ctx.services.frame.images
    assert len(images.kept) > 3 and watch.wrong == []
    assert all(image.turns == {} for image in images.kept.values())
    assert images.pixels == sum(image.pixels for image in images.kept.values())
