"""Under KMSDRM the window surface is presented with SDL's GLES 2 renderer (the Pi in a box
found the desktop GL renderer leaves the screen black where no libGL is installed)."""

import os

from companion.display.screen import draw_kmsdrm_frames_with_gles


def test_under_kmsdrm_frames_are_presented_with_gles(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    draw_kmsdrm_frames_with_gles()

    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengles2"


def test_a_tables_own_framebuffer_choice_wins(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "kmsdrm")
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "software")
    draw_kmsdrm_frames_with_gles()

    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "software"


def test_other_video_drivers_are_left_as_sdl_chooses(monkeypatch):
    for driver in ("x11", "wayland", "dummy"):
        monkeypatch.setenv("SDL_VIDEODRIVER", driver)
        monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
        draw_kmsdrm_frames_with_gles()
        import os
        assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ


def test_no_display_found_says_the_whole_offscreen_command_that_works(monkeypatch):
    """Its hint said "companion demo --headless", which then asked for --snapshots DIR: a
    newcomer on SSH needed three tries."""
    import pygame
    import pytest

    from companion.display import screen
    from companion.errors import CompanionError

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    with pytest.raises(CompanionError) as refused:
        screen.refuse_hidden_display()
    hint = str(refused.value).split("(")[-1].rstrip(")")
    assert hint == "companion demo --headless --snapshots DIR draws offscreen into DIR"
