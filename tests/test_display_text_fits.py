"""Every text on every screen fits by measure and is at least 3 % of the screen's short side.

Measured on the real screens: the kiosk's own scenes and drawing functions, at
every size from 800x480 to 1920x1080 and every rotation, in the bundled font.
A text fits when the rect of its rendered image lies on the canvas; it is large
enough when its capital letters stand at least 3 % of the display's shorter
side tall. Whole games are played at 800x480, landscape and portrait: text sizes
follow the short side, and no other screen is narrower or shorter for it.
"""

from __future__ import annotations

import pygame
import pytest

import kiosk_helpers  # noqa: F401  (headless SDL drivers)
from companion.display import text
from companion.display.chart import draw_chart
from companion.display.draw_menu import draw_menu, draw_message
from companion.display.draw_notice import draw_notice
from companion.display.draw_scores import draw_scores
from companion.display.draw_verdict import VerdictView, draw_verdict
from companion.display.layout import MIN_TEXT_CAP, Layout
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.scenes.session import GameSetup
from companion.scenes.changes import ToTitle

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
ROTATIONS = [0, 90, 180, 270]
#: Scenes a fresh kiosk can show without a game in progress, and what they are given.
FRESH_SCENES = {"title": {}, "setup": {}, "movie-setup": {}, "hat-setup": {}, "movie-sheet": {},
                "failsafe": {"message": 'config: keyboard.pads[4].N = "[88]": pygame knows no '
                                        'key by that name (did you mean "[8]"?)'}}
LONG_REFUSAL = ("that card cannot be revealed: a second void card on the table is against "
                "the rules; reveal another card, or press W to take back the last one")


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[tuple[int, int], text.Drawn]]:
    """Every text drawn while the test runs, with the size of the canvas it went on."""
    seen: list[tuple[tuple[int, int], text.Drawn]] = []
    real = text.draw

    def recording(surface: pygame.Surface, words: str, size: int, colour, **anchor) -> text.Drawn:
        piece = real(surface, words, size, colour, **anchor)
        seen.append((surface.get_size(), piece))
        return piece

    monkeypatch.setattr(text, "draw", recording)
    return seen


def cap_height(size: int) -> int:
    """How tall the capital letters of the bundled font stand at ``size``, measured."""
    return text.font(size).metrics("H")[0][3]


def misfits(seen: list, display_size: tuple[int, int]) -> list[str]:
    """What of ``seen`` leaves its canvas or is smaller than 3 % of the short side."""
    least = MIN_TEXT_CAP * min(display_size) - 1
    wrong = []
    for canvas, piece in seen:
        if not pygame.Rect((0, 0), canvas).contains(piece.rect):
            wrong.append(f"{piece.text!r} at {piece.rect} leaves the {canvas} canvas")
        if cap_height(piece.size) < least:
            wrong.append(f"{piece.text!r} at size {piece.size} is under 3 % of "
                         f"{min(display_size)} px")
    return wrong


def show(scene: str, size: tuple[int, int], rotation: int, tmp_path, **details) -> None:
    """Draw the first frame of ``scene`` on a kiosk of ``size`` turned by ``rotation``."""
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                   setup=GameSetup(), first_scene=ToTitle(),
                                   state_dir=str(tmp_path)))
    try:
        kiosk_helpers.jump_to(app, scene, **details)
        assert app.scene.name == scene
    finally:
        app.screen.close()


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_the_menus_and_the_failsafe_fit_every_screen(size, rotation, drawn, tmp_path):
    for scene, details in FRESH_SCENES.items():
        show(scene, size, rotation, tmp_path, **details)
    assert drawn
    assert misfits(drawn, size) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_messages_verdicts_notices_scores_and_charts_fit_every_screen(size, rotation, drawn):
    layout = Layout(size, rotation)
    surface = kiosk_helpers.canvas(layout.size)
    items = ["Players: 6", "Level: Extreme", "Deals: the table deals the cards", "Start the game"]
    draw_menu(surface, layout, "Table deals: reveal the first card", items, 0,
              subtitle=LONG_REFUSAL)
    draw_message(surface, layout, "Something went wrong", [LONG_REFUSAL, LONG_REFUSAL])
    draw_notice(surface, layout, "this game is not being saved: " + LONG_REFUSAL)
    details = (LONG_REFUSAL, "P6 takes the void card", LONG_REFUSAL)
    draw_verdict(surface, layout, VerdictView("early", "TOO EARLY: P1 P2 P3 P4 P5 P6", details))
    draw_scores(surface, layout, {player: 88 for player in range(1, 7)}, marked=(3,))
    chart = pygame.Rect((0, 0), layout.size).inflate(-round(8 * layout.unit),
                                                     -round(30 * layout.unit))
    draw_chart(surface, chart, {p: [150.0 * p, 2900.0] for p in range(1, 7)}, layout.small_size)
    assert misfits(drawn, size) == []


def test_a_long_line_is_wrapped_at_the_smallest_size_rather_than_shrunk_below_it():
    layout = Layout((800, 480), 90)
    size, lines = text.fit_lines(LONG_REFUSAL, layout.body_size, layout.width - 20,
                                 layout.min_text_size)
    assert size == layout.min_text_size and len(lines) > 1
    assert " ".join(lines) == LONG_REFUSAL
    assert all(text.width(line, size) <= layout.width - 20 for line in lines)


def test_a_wrapped_line_never_parts_a_count_from_what_it_counts():
    words = "Resume the game in progress: The Late Matinee Club, 3 players, round 1 of 5, 0 points"
    size = 16
    for max_width in range(text.width("The Late Matinee Club,", size), text.width(words, size)):
        lines = text.wrap(words, size, max_width)
        assert " ".join(lines) == words
        assert not any(line.split()[-1].isdigit() for line in lines[:-1]), lines


def test_a_wrapped_list_of_names_breaks_between_two_names_never_inside_one():
    """A tester's end screen read "WINNERS: Ana Marí, Bo / Luis, Cy, Bartholomeus": Luis
    read as a fifth player. A line breaks after a comma or a colon before it breaks a clause."""
    words = "WINNERS: Ana Marí, Bo Luis, Cy, Bartholomeus"
    size = 30
    for max_width in range(text.width("Bartholomeus", size), text.width(words, size)):
        lines = text.wrap(words, size, max_width)
        assert " ".join(lines) == words
        assert all(line.endswith((",", ":", ";")) for line in lines[:-1]), (max_width, lines)
        assert all(text.width(line, size) <= max_width for line in lines)


def test_the_cap_height_of_the_bundled_font_is_what_the_layout_sizes_by():
    for size in (20, 53, 100, 200):
        assert abs(cap_height(size) - text.CAP_HEIGHT_PER_SIZE * size) <= 1


@pytest.mark.slow
@pytest.mark.parametrize("game", ["not-not", "not-that-movie", "thats-not-a-hat"])
@pytest.mark.parametrize("rotation", [0, 90])
def test_whole_games_at_800x480_show_only_text_that_fits(game, rotation, drawn, tmp_path, capsys):
    from companion.cli import main

    assert main(["demo", "--headless", "--snapshots", str(tmp_path / "shots"), "--speed", "50",
                 "--game", game, "--players", "3", "--size", "800x480",
                 "--rotation", str(rotation)]) == 0
    capsys.readouterr()
    assert len(drawn) > 100
    assert misfits(drawn, (800, 480)) == []


def test_text_is_as_wide_on_every_pygame_as_in_the_bundled_font():
    """Measured on pip's pygame 2.6.1 and Debian's 2.1.2 alike (``make test-pi``)."""
    widths = [text.width(words, size)
              for words in ("NOT NOT NOT", "YELLOW") for size in (20, 53, 96)]
    assert widths == [139, 376, 672, 83, 223, 401]
    assert text.font(53).get_height() == 62


def test_the_bundled_font_and_its_licence_are_package_data():
    import fnmatch
    import tomllib
    from pathlib import Path

    package = Path(text.__file__).parent.parent
    patterns = tomllib.loads((package.parent / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]["companion"]
    font = Path(text.font_path())
    for path in (font, font.parent / "LICENSE-DejaVu.txt"):
        assert path.is_file()
        assert any(fnmatch.fnmatch(str(path.relative_to(package)), p) for p in patterns), path
