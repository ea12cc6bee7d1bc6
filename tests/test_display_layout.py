"""The screen fits every display from 800x480 to 1920x1080, in every rotation."""

import pygame
import pytest

from kiosk_helpers import canvas
from companion.display import text
from companion.display.draw_dice import draw_dice
from companion.display.layout import Layout, check_rotation
from companion.display.screen import Screen, default_size
from companion.errors import CompanionError
from companion.games.notnot.sides import SIDES

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
ROTATIONS = [0, 90, 180, 270]
WIDEST_WORDS = ["NOT NOT NOT", "NOTHING", "YELLOW"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_dice_words_have_a_cap_height_of_at_least_8_percent_of_the_screen(size, rotation):
    layout = Layout(size, rotation)
    surface = canvas(layout.size)
    drawn = draw_dice(surface, layout, WIDEST_WORDS, ["RED", "BLUE", "GREEN"])
    capital = text.font(drawn[0].size).render("H", True, (255, 255, 255)).get_bounding_rect()
    assert capital.height >= 0.08 * min(size) - 1
    for word in drawn:
        assert layout.dice.contains(word.rect), f"{word.text} leaves the dice column"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_the_table_scores_and_dice_fit_the_screen_without_overlapping(size, rotation):
    layout = Layout(size, rotation)
    screen = pygame.Rect((0, 0), layout.size)
    cards = [layout.spot(side) for side in SIDES] + [layout.deck]
    for card in cards:
        assert screen.contains(card) and not card.colliderect(layout.scores)
        assert not card.colliderect(layout.dice)
    assert all(not a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1:])


def test_a_display_turned_by_90_or_270_degrees_swaps_width_and_height():
    assert Layout((800, 480), 90).size == (480, 800)
    assert Layout((800, 480), 270).size == (480, 800)
    assert Layout((800, 480), 180).size == (800, 480)


def test_the_spots_lie_in_a_cross_around_the_deck_as_on_the_table():
    layout = Layout((800, 480))
    deck = layout.deck.center
    n, e, s, w = (layout.spot(side).center for side in SIDES)
    assert n[1] < deck[1] < s[1] and n[0] == deck[0] == s[0]
    assert w[0] < deck[0] < e[0] and w[1] == deck[1] == e[1]


@pytest.mark.slow
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_a_pixel_drawn_on_the_canvas_is_found_again_by_a_touch_on_the_display(rotation):
    screen = Screen((800, 480), rotation)
    screen.canvas.fill((0, 0, 0))
    target = (100, 30)
    screen.canvas.set_at(target, (255, 0, 0))
    screen.present()
    lit = [(x, y) for x in range(800) for y in range(480) if screen.display.get_at((x, y))[:3] == (255, 0, 0)]
    assert len(lit) == 1 and screen.to_canvas(lit[0]) == target
    screen.close()


def test_a_rotation_other_than_0_90_180_270_is_refused_in_one_line():
    with pytest.raises(CompanionError, match="rotation 45 is not one of 0, 90, 180, 270"):
        check_rotation(45)




def test_a_size_with_leading_zeros_is_read_as_its_number():
    from companion.config.settings import parse_size

    assert parse_size("00800x0480") == (800, 480)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_dice_words_on_the_lines_they_use_leave_the_verdict_more_room_at_8_percent(size, rotation):
    from companion.display.layout import COMPACT_WORD_LINE, WORD_LINE, DiceRows

    layout = Layout(size, rotation)
    surface = canvas(layout.size)
    packed = DiceRows(2, compact=True)
    words, inks = [None, "NOTHING", "YELLOW"], ["RED", "BLUE", "RED"]
    drawn = draw_dice(surface, layout, words, inks, rows=packed)
    capital = text.font(drawn[0].size).metrics("H")[0][3]
    assert [d.text for d in drawn] == ["NOTHING", "YELLOW"] and capital >= 0.08 * min(size) - 1
    gained = (3 * WORD_LINE - 2 * COMPACT_WORD_LINE) * min(size)  # 19 % of the short side
    assert layout.panel(packed).height >= layout.verdict.height + gained - 2
    assert all(layout.dice.contains(d.rect) and not d.rect.colliderect(layout.panel(packed))
               for d in drawn)


@pytest.mark.parametrize("size", SIZES + [(1280, 800)])
def test_the_smallest_text_stands_at_least_3_percent_of_the_short_side(size):
    assert 0.73 * Layout(size).min_text_size >= 0.03 * min(size)


@pytest.mark.parametrize("desktop, opened", [((1920, 1080), (800, 480)), ((480, 800), (480, 800)),
                                             ((0, 0), (800, 480))])
def test_a_window_opened_without_a_size_fits_the_desktop_it_is_on(monkeypatch, desktop, opened):
    class Desktop:
        current_w, current_h = desktop

    monkeypatch.setattr(pygame.display, "Info", Desktop)
    screen = Screen(None, 90)
    try:
        assert screen.display.get_size() == opened
        assert screen.canvas.get_size() == opened[::-1]   # the picture turned onto it
    finally:
        screen.close()


def test_a_fullscreen_display_without_a_size_takes_the_desktops_whole():
    assert default_size((1080, 1920), fullscreen=True) == (1080, 1920)
    assert default_size((0, 0), fullscreen=True) == (800, 480)   # not known
