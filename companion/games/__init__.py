"""The rules of the three games, pure: no I/O, no clock, no global random state.

- ``notnot``: Not Not, the game the companion judges.
- ``movie``: Not That Movie!, kept as a score sheet.
- ``hat``: That's Not a Hat, kept as a score sheet.
- ``moves``: a game kept as the list of its moves (undo, snapshots), shared
  by the two bookkeeping games; ``seats``: who sits to a player's left and right.
"""
