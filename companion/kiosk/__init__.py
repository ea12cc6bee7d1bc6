"""The kiosk: the one loop, its assembly, and how it talks to systemd.

- ``loop``: the one loop: takes posted events in stamp order, lets the current
  scene decide, draws when something changed, stamps each flip.
- ``assemble``: builds a kiosk from its options: the screen, the shared
  context, every scene, the loop.
- ``systemd``: READY, WATCHDOG and STATUS to systemd's notify socket.
- ``logs``: how the companion logs (lines with a level on stderr).
"""
