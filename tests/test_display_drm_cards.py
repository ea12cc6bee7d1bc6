"""Which DRM card the kiosk's KMSDRM opens: the one with a screen connected (a Pi 5 numbers its
cards anew at each boot), chosen again at each try to open the display."""

import pygame
import pytest

from companion.display import drm_cards, screen
from companion.display.drm_cards import CHOSEN_VARIABLE, INDEX_VARIABLE, Connector
from companion.errors import CompanionError
from companion.kiosk import startup
from companion.kiosk.assemble import KioskOptions
from companion.kiosk.systemd import Notifier


def fake_drm(root, **statuses):
    """A /sys/class/drm with a render-only card0 and each ``card_connector=status``."""
    (root / "card0").mkdir(parents=True, exist_ok=True)
    (root / "renderD128").mkdir(exist_ok=True)
    for name, status in statuses.items():
        folder = root / name.replace("_", "-")
        folder.mkdir(exist_ok=True)
        (folder / "status").write_text(status + "\n")
    return root


def test_on_a_pi_5_with_a_dsi_panel_kmsdrm_opens_the_card_the_panel_is_on(tmp_path):
    drm = fake_drm(tmp_path, card1_HDMI_A_1="disconnected", card1_HDMI_A_2="disconnected",
                   card2_DSI_1="connected")
    environ = {"SDL_VIDEODRIVER": "kmsdrm"}
    assert drm_cards.point_kmsdrm_at_connected_card(drm, environ) == Connector(2, "DSI-1",
                                                                               "connected")
    assert environ[INDEX_VARIABLE] == "2"


def test_the_first_card_with_a_screen_wins_and_cards_sort_by_number(tmp_path):
    drm = fake_drm(tmp_path, card10_HDMI_A_1="connected", card2_HDMI_A_1="connected")
    environ = {"SDL_VIDEODRIVER": "kmsdrm"}
    assert drm_cards.point_kmsdrm_at_connected_card(drm, environ).card == 2


def test_a_card_the_table_chose_itself_is_left_alone(tmp_path):
    drm = fake_drm(tmp_path, card1_HDMI_A_1="connected")
    environ = {"SDL_VIDEODRIVER": "kmsdrm", INDEX_VARIABLE: "3"}
    assert drm_cards.point_kmsdrm_at_connected_card(drm, environ) is None
    assert environ[INDEX_VARIABLE] == "3"


def test_a_screen_unplugged_since_the_last_try_takes_its_card_choice_with_it(tmp_path):
    drm = fake_drm(tmp_path, card1_HDMI_A_1="connected")
    environ = {"SDL_VIDEODRIVER": "kmsdrm"}
    drm_cards.point_kmsdrm_at_connected_card(drm, environ)
    (drm / "card1-HDMI-A-1" / "status").write_text("disconnected\n")
    assert drm_cards.point_kmsdrm_at_connected_card(drm, environ) is None
    assert INDEX_VARIABLE not in environ and CHOSEN_VARIABLE not in environ


def test_other_video_drivers_choose_no_card(tmp_path):
    drm = fake_drm(tmp_path, card1_HDMI_A_1="connected")
    for driver in ("x11", "wayland", "dummy"):
        environ = {"SDL_VIDEODRIVER": driver}
        assert drm_cards.point_kmsdrm_at_connected_card(drm, environ) is None
        assert environ == {"SDL_VIDEODRIVER": driver}


def test_a_tv_switched_on_after_the_pi_is_found_at_the_next_try(tmp_path, monkeypatch):
    """The first try finds no screen (SDL cannot open one); the TV comes on while the kiosk
    waits; the next try opens SDL's video anew and reads the connectors again."""
    drm = fake_drm(tmp_path, card1_HDMI_A_1="disconnected")
    monkeypatch.setattr(drm_cards, "DRM_CLASS", drm)
    seen: list[str] = []
    choose = screen.point_kmsdrm_at_connected_card

    def choose_and_note():
        seen.append((drm / "card1-HDMI-A-1" / "status").read_text().strip())
        seen.append(f"video open: {pygame.display.get_init()}")
        return choose()

    set_mode = pygame.display.set_mode

    def no_screen_yet(size, flags=0):
        if seen[0] == "disconnected" and len(seen) == 2:
            raise pygame.error("no connected connector")
        return set_mode(size, flags)

    def tv_switched_on(seconds):
        (drm / "card1-HDMI-A-1" / "status").write_text("connected\n")

    monkeypatch.setattr(screen, "point_kmsdrm_at_connected_card", choose_and_note)
    monkeypatch.setattr(pygame.display, "set_mode", no_screen_yet)
    notifier = Notifier(environ={"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")})
    app = startup.open_kiosk(KioskOptions(size=(800, 480), headless=True, sound=False,
                                          state_dir=str(tmp_path / "state")),
                             notifier, sleep=tv_switched_on, tries=2)
    app.screen.close()
    notifier.close()
    assert seen == ["disconnected", "video open: False", "connected", "video open: False"]


def test_without_systemd_a_display_that_does_not_open_leaves_sdls_video_closed(monkeypatch):
    def refuse(size, flags=0):
        raise pygame.error("no connected connector")

    monkeypatch.setattr(pygame.display, "set_mode", refuse)
    with pytest.raises(CompanionError, match="no connected connector"):
        screen.Screen((800, 480))
    assert not pygame.display.get_init()
