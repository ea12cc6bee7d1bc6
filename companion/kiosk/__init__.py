"""The kiosk: the one loop, its assembly, its start-up, and how it talks to systemd.

- ``loop``: the one loop: takes posted events in stamp order, lets the current
  scene decide, draws when something changed, stamps each flip.
- ``assemble``: builds a kiosk from its options: the screen, the shared
  context, every scene, the loop.
- ``startup``: ``companion run``'s start: settings, inputs (their early events
  kept for the loop), the state folder's owner, start problems on screen.
- ``systemd``: READY, WATCHDOG and STATUS to systemd's notify socket.
- ``logs``: how the companion logs (lines with a level on stderr).
"""
