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


def test_a_box_names_the_controller_pin_or_the_headers_physical_pin_as_the_diagrams_do(
        screen_module):
    """A box read "E 17": GPIO17's BCM number, where the diagrams and pin tables lead with
    physical pin 11 (a maker took "4" for physical pin 4, which is 5V)."""
    from companion.inputs.gpio import Button
    assert screen_module.pin_of(SerialButton("D2", "uno", 1, Side.N)) == "D2"
    assert screen_module.pin_of(Button(17, ButtonKind.PAD, 1, Side.E)) == "pin 11"


def test_the_inputs_guide_labels_a_box_as_the_screen_does(screen_module):
    """docs/INPUTS.md tells a maker what a box reads: its side over the header's physical pin,
    where it said "side and GPIO" of a box that reads N / pin 7."""
    from pathlib import Path

    from companion.inputs.gpio import Button
    guide = " ".join((Path(__file__).parent.parent / "docs/INPUTS.md").read_text().split())
    box = f"`N` over `{screen_module.pin_of(Button(4, ButtonKind.PAD, 1, Side.N))}` for GPIO4"
    assert box in guide and "labelled with side and GPIO" not in guide


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


def test_every_control_and_dealer_button_and_every_pad_is_drawn_inside_the_window(
        screen_module, tmp_path, monkeypatch):
    """Seven pads (two rows of crosses), two controls and the whole dealer pad (a second row of
    buttons): each box is drawn, inside the window, and none lies over another."""
    import pygame

    from companion.boards.pi_header import GPIOS
    from companion.inputs.gpio import Button
    pads = [Button(GPIOS[(4 * player + side.index) % len(GPIOS)], ButtonKind.PAD, player, side)
            for player in range(1, 8) for side in Side]   # more than the header has: drawn alike
    others = [Button(GPIOS[n], ButtonKind.CONTROL, name=name)
              for n, name in enumerate(("menu", "confirm"))]
    others += [Button(GPIOS[n], ButtonKind.DEALER, name=name) for n, name in
               enumerate(("RED", "BLUE", "GREEN", "YELLOW", "WHITE", "VOID", "RULE"))]
    check = WiringCheck((*pads, *others), write=lambda line: None)
    boxes: list[pygame.Rect] = []
    real_box = screen_module.WiringScreen.box

    def box(self, button, label, x, y, w, h=None):
        boxes.append(pygame.Rect(x, y, w, h or w))
        real_box(self, button, label, x, y, w, h)

    monkeypatch.setattr(screen_module.WiringScreen, "box", box)
    screen = screen_module.WiringScreen(check)
    try:
        screen.draw()
        window = screen.surface.get_rect()
        reports_top = screen.reports_top
    finally:
        screen.close()
    assert len(boxes) == len(pads) + len(others)
    assert all(window.contains(rect) for rect in boxes)
    assert all(rect.collidelist(boxes[:i]) < 0 for i, rect in enumerate(boxes))
    assert all(rect.bottom <= reports_top for rect in boxes)
