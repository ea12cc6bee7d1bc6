"""Companion mode for the cooperative party game "Not That Movie!".

- ``rules``: tokens, mistakes, points per round, five rounds, the total.
- ``voting``: the secret vote on the pads, one press at a time.
- ``rating``: stars and title for a total, from the rulebook's table.
- ``pads``: what each pad button means during a round.

All three are pure: no I/O, no clock, no random state. The kiosk scenes and
the score-sheet store are adapters around them.
"""
