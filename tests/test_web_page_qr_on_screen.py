"""The kiosk shows the scoreboard page's QR code on the title screen and the pause menus when
the page is on, clear of every menu text, and nothing when it is off."""

from __future__ import annotations

import pygame
import pytest

from kiosk_helpers import count_colour, kiosk
from companion.display.draw_qr import qr_matrix, qr_rect
from companion.scenes.common import menu

ADDRESS = "http://192.168.1.23:8080/"

pytest.importorskip("qrcode")


def shown(app):
    app.scene.dirty = True
    app.step()
    return app.screen.canvas, [d.text for d in app.scene.drawn_texts]


def test_the_title_shows_the_pages_qr_code_and_its_address_clear_of_the_menu(monkeypatch):
    monkeypatch.setattr(menu, "page_address", lambda: ADDRESS)
    app = kiosk()
    canvas, texts = shown(app)
    items = app.scene.item_rects()
    rect = qr_rect(app.ctx.services.layout, len(qr_matrix(ADDRESS)), max(r.bottom for r in items))
    assert rect is not None and not any(item.colliderect(rect) for item in items)
    assert count_colour(canvas, rect, (0, 0, 0)) > rect.width * rect.height // 5
    assert count_colour(canvas, rect, (255, 255, 255)) > rect.width * rect.height // 5
    for drawn in app.scene.drawn_texts:
        assert not pygame.Rect(drawn.rect).colliderect(rect), drawn.text


@pytest.mark.parametrize("size, rotation", [((800, 480), 0), ((800, 480), 90),
                                            ((1920, 1080), 0)])
def test_the_address_is_written_beside_the_code_to_type_on_a_phone_that_cannot_read_it(
        monkeypatch, size, rotation):
    monkeypatch.setattr(menu, "page_address", lambda: ADDRESS)
    app = kiosk(size=size, rotation=rotation)
    canvas, texts = shown(app)
    assert "phones: 192.168.1.23:8080" in texts
    written = next(d for d in app.scene.drawn_texts if d.text.startswith("phones: "))
    items = app.scene.item_rects()
    code = qr_rect(app.ctx.services.layout, len(qr_matrix(ADDRESS)), max(r.bottom for r in items))
    assert written.rect.right < code.left and written.rect.top == code.top
    assert canvas.get_rect().contains(written.rect)
    others = [d.rect for d in app.scene.drawn_texts if d is not written] + items
    assert written.rect.collidelist(others) < 0


def test_no_code_when_the_page_is_off_or_there_is_no_network(monkeypatch):
    monkeypatch.setattr(menu, "page_address", lambda: None)
    app = kiosk()
    canvas, texts = shown(app)
    rect = pygame.Rect(600, 380, 200, 100)
    assert count_colour(canvas, rect, (255, 255, 255)) == 0
    assert not any(":8080" in text for text in texts)


def test_the_title_and_both_pause_menus_show_it_and_no_other_menu():
    from companion.scenes.catalogue import SCENES

    showing = sorted(scene.name for scene in SCENES if getattr(scene, "shows_page_qr", False))
    assert showing == ["games-pause", "pause", "title"]


def test_the_address_is_read_when_the_menu_opens_not_at_every_redraw(monkeypatch):
    reads = []
    monkeypatch.setattr(menu, "page_address", lambda: reads.append(1) or ADDRESS)
    app = kiosk()
    opened = len(reads)
    for _ in range(5):
        shown(app)
    assert opened >= 1 and len(reads) == opened


@pytest.mark.parametrize("size, rotation", [((480, 800), 0), ((800, 480), 90), ((800, 480), 0)])
def test_the_code_on_the_pause_menu_covers_none_of_its_words_on_an_upright_screen_too(
        monkeypatch, tmp_path, size, rotation):
    """The pause menu's hint is longer than the title's ("... W back"): on an upright screen it
    ran under the code in the corner; the code then stands over it."""
    from kiosk_helpers import now, step_until
    from test_scenes_flow import to_round

    from companion.inputs.actions import Nav

    monkeypatch.setattr(menu, "page_address", lambda: ADDRESS)
    app = kiosk("setup", size=size, rotation=rotation, state_dir=tmp_path)
    to_round(app)
    app.post(Nav("pause", now()))
    step_until(app, lambda: app.scene.name == "pause" and not app.scene.dirty)
    from companion.games.notnot.sides import Side
    from companion.inputs.keyboard import MENU_KEY_OF, key_label

    n, e, s, w = (key_label(MENU_KEY_OF[side]) for side in (Side.N, Side.E, Side.S, Side.W))
    keyboard_hint = f"{n}/{s} move   {e} select   {w} back"   # as a table on the keyboard reads
    monkeypatch.setattr(type(app.scene), "hint", lambda scene: keyboard_hint)
    app.scene.dirty = True
    app.step()
    assert any(f"{w} back" in drawn.text for drawn in app.scene.drawn_texts)
    code = app.scene.page_code
    assert code is not None and app.screen.canvas.get_rect().contains(code)
    covered = [drawn.text for drawn in app.scene.drawn_texts if drawn.rect.colliderect(code)]
    assert covered == []
    assert any(drawn.text.startswith("phones: ") for drawn in app.scene.drawn_texts) or \
        size[0] < size[1]   # an upright 480 px canvas may have no room for the words
