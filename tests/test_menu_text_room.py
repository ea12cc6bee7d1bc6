"""A menu item's words keep clear of the selection frame, at every screen size, turned or not.

The selected item of a menu is framed. Its line of text, measured by the bundled font's
metrics (the rendered line, the font's ascent and descent from the baseline, each glyph's own
ink: the tails of g, y and p included), must stand inside that frame with room to spare above
and below, never touching it. The frame is measured on the canvas, as drawn. Menus are driven
as a table drives them, through the real loop on pads (each item selected in turn: the title,
the set-up, the table-dealt cards' entry list, the kept players' long menu), on screens
of 800x480, 1024x600, 1280x720 and 1920x1080, each also turned 90 degrees; the menu drawing
itself is also measured with every count of items a menu shows, long items wrapping.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import kiosk_helpers
from fault_cases import outcome
import pygame
import pytest
from kiosk_helpers import choose, kiosk, step_until, tap

from companion.display import text
from companion.display.draw_menu import draw_menu, heading_bottom, item_rects
from companion.display.layout import Layout
from companion.kiosk.loop import App
from companion.storage.database import Database
from companion.storage.players import PlayerStore

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
SCREENS = [(size, rotation) for size in SIZES for rotation in (0, 90)]
#: The least panel left between a line of text and the selection frame, above and below.
ROOM_PX = 2
#: The most items a menu shows at once: Not Not's set-up with "Resume" and "Back to the title"
#: (a long menu shows seven rows).
MOST_ITEMS = 9
#: Kept players whose names hang below the line (g, y, p, j, q).
LOW_NAMES = ("Peggy", "Gigi", "Yaya", "Jopy", "Quigg", "Pippy", "Ziggy")


@pytest.fixture(autouse=True)
def _no_leftover_display() -> Iterator[None]:
    yield
    pygame.display.quit()


def text_box(piece: text.Drawn) -> pygame.Rect:
    """Where ``piece``'s line of text stands by the font's metrics: its rendered line, the
    font's ascent and descent from the baseline, and the ink of each of its glyphs."""
    font = text.font(piece.size)
    baseline = piece.rect.top + font.get_ascent()
    glyphs = [m for m in font.metrics(piece.text) if m is not None]
    top = min([piece.rect.top, baseline - font.get_ascent()]
              + [baseline - maxy for _, _, _, maxy, _ in glyphs])
    bottom = max([piece.rect.bottom, baseline - font.get_descent()]
                 + [baseline - miny for _, _, miny, _, _ in glyphs])
    return pygame.Rect(piece.rect.left, top, piece.rect.width, bottom - top)


def frame_depths(canvas: pygame.Surface, rect: pygame.Rect) -> tuple[int, int]:
    """How thick the selection frame of ``rect`` is drawn, at the top and at the bottom: the
    run of the frame's colour inwards from each edge, down the middle of the box."""
    x = rect.centerx
    colour = canvas.get_at((x, rect.bottom - 1))
    assert canvas.get_at((x, rect.top)) == colour, f"{rect} is not framed"

    def run(ys: range) -> int:
        return next((n for n, y in enumerate(ys) if canvas.get_at((x, y)) != colour), len(ys))

    return run(range(rect.top, rect.bottom)), run(range(rect.bottom - 1, rect.top - 1, -1))


def crowded(canvas: pygame.Surface, rect: pygame.Rect, drawn: list[text.Drawn]) -> list[str]:
    """Each line of text in the framed ``rect`` with less than :data:`ROOM_PX` of panel
    between it and the frame, above or below, said with what it is short of."""
    top_frame, bottom_frame = frame_depths(canvas, rect)
    inside = pygame.Rect(rect.left, rect.top + top_frame, rect.width,
                         rect.height - top_frame - bottom_frame)
    lines = [piece for piece in drawn if rect.collidepoint(piece.rect.center)]
    assert lines, f"no text in the selected item at {rect}"
    found = []
    for piece in lines:
        box = text_box(piece)
        above, below = box.top - inside.top, inside.bottom - box.bottom
        if above < ROOM_PX or below < ROOM_PX:
            found.append(f"{piece.text!r} at size {piece.size}: {above} px under the frame, "
                         f"{below} px over it, in {rect}")
    return found


def walk(app: App) -> list[str]:
    """Select each item of the list on screen in turn (S on player 1's pad) and measure it."""
    found = []
    for _ in app.scene.items():
        app.scene.dirty = True
        app.step()
        rect = app.scene.item_rects()[app.scene.cursor]
        drawn = getattr(app.scene, "drawn_texts", None) or app.scene.drawn  # a menu's, the entry's
        found += [f"{app.scene.name}: {line}" for line in crowded(app.screen.canvas, rect, drawn)]
        app.post(tap(1, "S"))
        app.step()
    return found


@pytest.mark.parametrize("size, rotation", SCREENS)
def test_the_selection_frame_leaves_room_above_and_below_the_text_of_every_item(
        tmp_path: Path, size: tuple[int, int], rotation: int) -> None:
    app = kiosk("title", state_dir=tmp_path, size=size, rotation=rotation, deals="table")
    found = walk(app)                                      # five items, closer together
    choose(app, "Not Not")
    step_until(app, lambda: app.scene.name == "setup")
    found += walk(app)                                     # eight items
    choose(app, "Start")
    step_until(app, lambda: app.scene.name == "entry")
    found += walk(app)                                     # the table's cards, as a list
    assert found == []


@pytest.mark.parametrize("size, rotation", SCREENS)
def test_the_names_of_kept_players_hang_their_tails_clear_of_the_selection_frame(
        tmp_path: Path, size: tuple[int, int], rotation: int) -> None:
    with Database.in_folder(tmp_path) as database:
        for name in LOW_NAMES:
            PlayerStore(database).add(name)
    app = kiosk("title", state_dir=tmp_path, size=size, rotation=rotation)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    found = walk(app)                                      # a long menu: a page of seven
    choose(app, "Peggy")
    found += walk(app)                                     # Rename, Merge into..., Back
    assert found == []


@pytest.mark.parametrize("size, rotation", SCREENS)
@pytest.mark.parametrize("count", range(1, MOST_ITEMS + 1))
def test_a_menu_of_any_length_leaves_room_under_the_tails_of_g_y_and_p(
        size: tuple[int, int], rotation: int, count: int) -> None:
    kiosk_helpers.canvas()
    layout = Layout(size, rotation)
    items = ["Playing jiggly gypsy puppy polka: Peggy, Quigg, Ziggy and Jopy"
             if i % 3 == 2 else f"Typography {i}: gpyjq" for i in range(count)]
    rects = item_rects(layout, items, below=heading_bottom(layout, "Menu"))   # as a menu scene
    found = []
    for cursor in range(count):
        surface = pygame.Surface(layout.size)
        drawn = draw_menu(surface, layout, "Menu", items, cursor, rects=rects)
        found += crowded(surface, rects[cursor], drawn)
    assert found == []


@pytest.mark.parametrize(("size", "rotation"), SCREENS)
def test_a_subtitle_that_wraps_keeps_clear_of_the_first_item(size, rotation, tmp_path):
    """The title's leaderboard line with three long names wraps to two lines; the items stand
    below its last line, with room between (it sat on the first item's top edge)."""
    done = outcome(["simulate", "--players", "3", "--seed", "4", "--games", "2",
                    "--names", "Ängström-Løv,Wilhelmina-Q,Gregory-Ypsy",
                    "--state-dir", str(tmp_path)])
    assert done.code == 0, done
    app = kiosk("title", state_dir=tmp_path, size=size, rotation=rotation)
    try:
        step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
        subtitle = [piece for piece in app.scene.drawn_texts
                    if piece.text and piece.text in app.scene.subtitle]
        assert len(subtitle) >= 2, [piece.text for piece in subtitle]   # it wraps
        first = app.scene.item_rects()[0]
        assert max(text_box(piece).bottom for piece in subtitle) < first.top
    finally:
        app.screen.close()
