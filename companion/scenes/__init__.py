"""The kiosk's scenes: one state of the screen each, as in pibooth 3.x.

Every scene reacts to events, runs its own timers, and draws itself when
something changed. The loop in :mod:`companion.kiosk.loop` owns the queue and
asks the current scene; a scene moves on by ``self.ctx.go(ToRoll())``, a typed move
of ``transitions``, which only the moves of its table allow.

- ``base``: the Scene class and the events scenes see besides taps.
- ``context``: what every scene shares: the session (settings, the game), the
  services (layout, sounds, pace, database), the hooks, the loop's plumbing.
- ``catalogue``: every scene of the kiosk, by name.
- ``transitions``: the one table of scene moves: every scene, the typed move it
  is entered with, and where each may go.
- ``common``: the title, menus, set-up menus, pausing, the failsafe, and what
  the two bookkeeping games share.
- ``notnot``: Not Not's scenes, from the set-up to the end.
- ``movie``: Not That Movie!'s; ``hat``: That's Not a Hat's.
"""
