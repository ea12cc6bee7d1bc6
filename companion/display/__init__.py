"""The companion's screen: what a player sees, drawn with pygame from plain values."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module here imports pygame
