"""Companion mode for "That's Not a Hat": penalty points and a turn reminder.

- ``rules``: who gives next, which way the last gift went, penalties, the end
  of a round, the multi-round variant, winners. Pure: no I/O, no clock.
- ``pads``: what each pad button means at each moment of a turn.

The companion never knows or shows a card: remembering the gifts is the game.
"""
