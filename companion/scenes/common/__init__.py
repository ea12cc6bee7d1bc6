"""Scenes and scene parts every game shares.

- ``title``: the title screen and main menu.
- ``menu``: a scene that is a list to choose from, with two-step questions.
- ``setup_menu``: a game's set-up menu, led by "Resume" when a game is kept.
- ``pausing``: what pauses a game (a pause key or control, a touch).
- ``table_choices``: colour-blind mode and the voice: read at start,
  switched on the set-up menu, saved, the voice started or stopped.
- ``failsafe``: a start problem or a failure shown on screen, never a dead kiosk.
- ``bookkeeping``: what the two bookkeeping games' scenes share (set-up with
  resume, pads into a kept game); ``games_pause``: their pause menu.
"""
