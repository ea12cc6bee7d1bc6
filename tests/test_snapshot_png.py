"""A snapshot is written as a PNG with the frame's exact pixels, by the standard library alone
(no pygame call leaves the loop's thread)."""

from __future__ import annotations

import pygame

from companion.display.snapshots import Snapshots


def test_a_snapshot_png_holds_the_frame_s_exact_pixels(tmp_path):
    pygame.display.init()
    frame = pygame.Surface((37, 21))
    for x in range(37):
        for y in range(21):
            frame.set_at((x, y), (x * 7 % 256, y * 11 % 256, (x * y) % 256))
    snapshots = Snapshots(tmp_path)
    path = snapshots.offer("verdict-win", frame)
    frame.fill((0, 0, 0))   # the loop draws on: the snapshot keeps the frame it was offered
    snapshots.close()
    saved = pygame.image.load(str(path))
    assert saved.get_size() == (37, 21)
    for x in range(37):
        for y in range(21):
            assert saved.get_at((x, y))[:3] == (x * 7 % 256, y * 11 % 256, (x * y) % 256)
