"""The pure rules core of Not Not.

Nothing in this package does I/O, reads a clock or touches global random
state: randomness comes in as a seeded ``random.Random``, time comes in as
stamps (``int`` nanoseconds on one monotonic clock). Adapters (inputs, screen,
storage, the command line) feed it and show what it decides.

Modules, from the smallest idea up:

- ``sides``: the four table sides and how "up" rotates them.
- ``cards``: portal, void and rule cards, their backs, and levels.
- ``taps``: a stamped tap ``(player, side, t_ns)``.
- ``dice``: the three dice and a roll.
- ``judge``: which spots a roll makes valid.
- ``deck``: the deck and the four spots: refills, the one-void rule, level
  changes, end of game.
- ``verdict``: what a tap counted for (early, win, tie, wrong, ignored, late).
- ``round``: one round: taps in, verdicts out, by stamps.
- ``record``: the typed record of a finished round (its JSON is what is
  stored and printed), taps with their verdicts, late included.
- ``words``: the words for a record: the game log's lines, the verdict, the
  dealer's prompt.
- ``margin``: the margin of victory of a round, at its inputs' honest precision.
- ``game``: a whole game: rolls, rounds, points, winners, the result.
- ``data_file``: the adapter that reads the dice faces and the deck recipe
  from ``not_not.toml`` (the one module here that reads a file).
"""
