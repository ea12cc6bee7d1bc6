"""The companion's screen: what a player sees, drawn with pygame from plain values.

Modules, from the smallest idea up:

- ``palette``: every colour on screen, by meaning.
- ``text``: the bundled font (``fonts/``) at a size, cached text images,
  cap-height sizing, text that fits by measuring.
- ``layout``: where things go on a screen of any size (800x480..1920x1080)
  and any rotation (0/90/180/270).
- ``colour_marks``: colour-blind mode's shape and initial for each card colour
  and the void.
- ``stroop``: which ink each dice word is drawn in (never the colour it names).
- ``draw_dice``, ``draw_table``, ``draw_scores``, ``draw_verdict``,
  ``draw_menu``, ``draw_notice``, ``draw_entry`` (the table-deals entry of
  cards), ``draw_controller`` (the serial controller's state in a corner):
  one kind of thing on screen each.
- ``draw_timeline``: the tap timeline under a verdict, every tap on one
  time axis from the dice landing, the photo finish magnified.
- ``verdict_words``: a round's record turned into the verdict's words.
- ``chart``: the per-player reaction-time chart on the end screen.
- ``snapshots``: PNG frames of key moments.
- ``screen``: the pygame display itself (driver, mode, rotation, flip, a
  resized window).
- ``options``: the command-line options for size, rotation and speed.
- ``wiring_screen``: ``companion buttons --screen``: every pad as a cross of
  buttons, lit as they are pressed.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before any module here imports pygame
