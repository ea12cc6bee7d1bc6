"""Colour-blind mode: every colour card carries a shape and its initial, the void its
own mark, and the player colours stay apart for protanopia and deuteranopia (simulated with the
Machado, Oliveira and Fernandes 2009 matrices at full severity)."""

import itertools

import pygame
import pytest

from kiosk_helpers import canvas, count_colour
from companion.display.mark_shapes import INITIALS, SHAPES
from companion.display.draw_table import draw_card
from companion.display.layout import Layout
from companion.display.palette import BACKGROUND, PANEL, PLAYER, PORTAL
from companion.storage.preferences import Preferences, save_preferences
from kiosk_helpers import game_of

#: Machado et al. 2009, Table 1, severity 1.0, on linear RGB.
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
              (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))
#: The smallest CIELAB difference (ΔE*ab) two player colours may have in simulated vision:
#: well past the ~2.3 a person notices side by side, for colours a glance must tell apart.
MIN_DELTA_E = 15


def linear(channel):
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen_with(matrix, rgb):
    """Linear RGB as a viewer with this deficiency sees ``rgb``."""
    lin = [linear(c) for c in rgb]
    return tuple(min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin)))) for row in matrix)


def lab(lin):
    """CIELAB (D65) of linear RGB."""
    x = 0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = 0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a, b):
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


@pytest.mark.parametrize("matrix", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
def test_the_player_colours_stay_apart_for_red_green_colour_blindness(matrix):
    seen = [lab(seen_with(matrix, colour)) for colour in PLAYER]
    closest = min(delta_e(a, b) for a, b in itertools.combinations(seen, 2))
    assert closest >= MIN_DELTA_E


def contrast(a, b) -> float:
    """WCAG's contrast ratio of two sRGB colours."""
    lighter, darker = sorted((luminance(a), luminance(b)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def luminance(colour) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    r, g, b = (linear(channel) for channel in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_each_players_colour_stands_out_from_the_dark_grounds_it_marks_names_on():
    """Player 5's blue (2.8 to 1 on the score strip) left its timeline labels and score bar
    hard to read (a party's host): every colour is at least 3.5 to 1, past WCAG's 3 to 1 for
    large text and marks."""
    for colour in PLAYER:
        assert min(contrast(colour, PANEL), contrast(colour, BACKGROUND)) >= 3.5, colour


def test_the_simulation_merges_red_and_green_as_a_deuteranope_sees_them():
    normal = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    red, green = PORTAL["RED"], PORTAL["GREEN"]
    as_seen = delta_e(lab(seen_with(DEUTERANOPIA, red)), lab(seen_with(DEUTERANOPIA, green)))
    assert as_seen < delta_e(lab(seen_with(normal, red)), lab(seen_with(normal, green))) / 2


def test_every_colour_and_the_void_has_its_own_shape_and_initial():
    faces = list(PORTAL) + ["VOID"]
    assert set(SHAPES) == set(faces) and len(set(SHAPES.values())) == len(faces)
    assert len(set(INITIALS.values())) == len(faces)


def test_in_colour_blind_mode_a_card_shows_its_initial():
    surface, layout = canvas(), Layout((800, 480))
    rect = pygame.Rect(100, 100, 120, 140)
    draw_card(surface, layout, rect, "RED", colour_blind=True)
    assert count_colour(surface, rect, PORTAL["RED"]) > 500
    plain = canvas()
    draw_card(plain, layout, rect, "RED")
    assert pygame.image.tostring(surface, "RGB") != pygame.image.tostring(plain, "RGB")


def test_colour_blind_mode_chosen_on_the_menu_marks_the_cards_of_a_round(tmp_path):
    from kiosk_helpers import kiosk, step_until
    from test_scenes_flow import to_round

    save_preferences(tmp_path, Preferences(colour_blind=True))
    app = kiosk("setup", state_dir=tmp_path)
    to_round(app)
    app.scene.dirty = True
    step_until(app, lambda: not app.scene.dirty)
    side, face = next((side, face) for side, face in game_of(app).faces().items() if face in PORTAL)
    spot = app.ctx.services.layout.spot(side)
    middle = spot.inflate(-spot.width // 2, -spot.height // 2)  # the initial, in the ground colour
    assert count_colour(app.screen.canvas, middle, BACKGROUND) > 30, face
    pygame.display.quit()



def test_a_wrong_taps_flash_is_hatched_so_it_is_told_from_a_counted_tap_without_its_colour(
        tmp_path):
    """The flash fills a player's score cell red for a wrong tap and grey-blue for a counted one,
    which many red-green colour-blind eyes see alike: a wrong tap's is hatched too."""
    from kiosk_helpers import kiosk, step_until, tap
    from test_scenes_flow import to_round

    from companion.display.draw_scores import HATCHING, draw_score_cell, score_cells
    from companion.display.palette import TAP_FLASH
    from companion.games.notnot.sides import Side

    app = kiosk("setup", state_dir=tmp_path, players=3)
    ruling = to_round(app).ruling
    wrong = next((side for side in Side if side not in ruling.valid), None)
    if wrong is None:
        pytest.skip("this round lets every card be tapped")
    app.post(tap(1, wrong.value))
    step_until(app, lambda: 1 in app.scene.feedback.kinds and not app.scene.dirty)
    layout = app.ctx.services.layout
    size, cells = score_cells(layout, game_of(app).scores())
    assert count_colour(app.screen.canvas, cells[0].rect, HATCHING) > 20
    assert count_colour(app.screen.canvas, cells[1].rect, HATCHING) == 0
    counted = canvas()
    draw_score_cell(counted, layout, cells[1], 0, size, flash="counted")
    assert count_colour(counted, cells[1].rect, TAP_FLASH["counted"]) > 20
    assert count_colour(counted, cells[1].rect, HATCHING) == 0
    pygame.display.quit()


def test_a_flash_is_hatched_for_being_a_wrong_taps_not_for_its_colour(monkeypatch):
    """A palette that gave a counted tap the wrong tap's red (or a new kind of flash in it)
    hatched that flash too: the hatching follows what the tap counted for."""
    from kiosk_helpers import kiosk, tap
    from test_scenes_flow import to_round
    from test_scenes_round import SLOW, score_cell, wrong_side

    from companion.display.draw_scores import HATCHING
    from companion.display.palette import TAP_FLASH

    monkeypatch.setitem(TAP_FLASH, "counted", TAP_FLASH["wrong"])
    app = kiosk("setup", pace=SLOW)
    round_ = to_round(app)
    app.post(tap(2, wrong_side(round_).value))
    app.post(tap(3, round_.ruling.valid[0].value))
    app.step()
    assert app.scene.name == "round" and app.scene.feedback.kinds == {2: "wrong", 3: "counted"}
    counted = score_cell(app, 3)
    assert count_colour(app.screen.canvas, counted, TAP_FLASH["counted"]) > 100
    assert count_colour(app.screen.canvas, counted, HATCHING) == 0
    assert count_colour(app.screen.canvas, score_cell(app, 2), HATCHING) > 20
    pygame.display.quit()
