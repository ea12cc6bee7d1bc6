"""`companion buttons --screen`: serial pads and GPIO buttons on one wiring-check screen."""

import pytest

from companion.games.notnot.sides import Side
from companion.inputs.debounce import Press
from companion.inputs.events import ButtonKind
from companion.inputs.wiring_check import SerialButton, WiringCheck


@pytest.fixture
def screen_module(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    from companion.display import wiring_screen
    return wiring_screen


def test_a_pad_box_names_the_controller_pin_or_the_bcm_gpio(screen_module):
    from companion.inputs.gpio import Button
    assert screen_module.pin_of(SerialButton("D2", "uno", 1, Side.N)) == "D2"
    assert screen_module.pin_of(Button(17, ButtonKind.PAD, 1, Side.E)) == 17


def test_serial_pads_light_in_their_cross_beside_the_gpio_controls(screen_module, tmp_path):
    import pygame

    from companion.inputs.gpio import Button
    north = SerialButton("D2", "uno", 1, Side.N)
    east = SerialButton("D3", "uno", 1, Side.E)
    menu = Button(18, ButtonKind.CONTROL, name="menu")
    check = WiringCheck((north, east, menu), write=lambda line: None)
    check.on_transition(north, Press(1_000_000))
    check.on_transition(menu, Press(2_000_000))
    screen = screen_module.WiringScreen(check)
    png = tmp_path / "check.png"
    try:
        screen.save(str(png))
    finally:
        screen.close()
    image = pygame.image.load(str(png))
    colours = screen_module.COLOURS
    # player 1's cross: N at column 1 row 0, E at column 2 row 1 (boxes of 44 px from x=12, y=94)
    assert tuple(image.get_at((12 + 46 + 22, 94 + 4)))[:3] == colours["pressed"]
    assert tuple(image.get_at((12 + 92 + 22, 94 + 46 + 4)))[:3] == colours["waiting"]
    # the controls row: the menu box from x=20, y=340, the latest press
    assert tuple(image.get_at((20 + 60, 340 + 3)))[:3] == colours["latest"]
