"""companion: a tabletop dice roller and judge for the card game Not Not.

The package is split so the architecture reads from the file list:

- ``companion.rules``: the pure rules core (no I/O, no clock, no global random
  state). Everything else is an adapter around it.
- ``companion.movie``, ``companion.hat``: the pure rules and pad machines of
  the two other games (Not That Movie!, That's Not a Hat); ``companion.moves``
  keeps such a game as its moves (undo, snapshots), ``companion.seats`` says
  who sits left and right; ``companion.games_demo`` is their scripted demo.
- ``companion.commands``: one module per ``companion`` subcommand.
- ``companion.benchmarks``: one module per ``companion bench`` benchmark.
"""

__version__ = "0.1.0"
