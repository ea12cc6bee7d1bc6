"""The kiosk's scenes: one state of the screen each, as in pibooth 3.x.

Every scene reacts to events, runs its own timers, and draws itself when
something changed. The loop in :mod:`companion.kiosk.loop` owns the queue and
asks the current scene; a scene moves on by ``self.ctx.go(ToRoll())``, a typed scene
change of ``changes``, which only the catalogue's table allows.
"""
