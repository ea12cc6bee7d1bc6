"""The kiosk's scenes: one state of the screen each, as in pibooth 3.x.

Every scene reacts to events, runs its own timers, and draws itself when
something changed. The loop in :mod:`companion.kiosk.loop` owns the queue and
asks the current scene; a scene moves on by ``self.ctx.go(ToRoll())``, a typed scene
change of ``changes``, which only the catalogue's table allows.

- ``core``: the Scene class, the Context every scene shares (the session, the
  services, the hooks, the loop's plumbing) and the one event no input makes.
- ``session``: what the table chose (the game's set-up, the preferences, pace).
- ``start_problem``: what stopped the kiosk from starting normally.
- ``catalogue``: every scene of the kiosk and the one table of where each may go.
- ``changes``: the typed scene changes, one per scene: what it is entered with.
- ``common``: the title, menus, set-up menus, pausing, the failsafe, and what
  the two bookkeeping games share.
- ``notnot``: Not Not's scenes, from the set-up to the end.
- ``movie``: Not That Movie!'s; ``hat``: That's Not a Hat's.
"""
