"""companion: a tabletop dice roller and judge for the card game Not Not.

The package is split so the architecture reads from the file list:

- ``companion.games.notnot``: the pure rules core (no I/O, no clock, no global random
  state). Everything else is an adapter around it.
- ``companion.games.movie``, ``companion.games.hat``: the pure rules and pad machines of
  the two other games (Not That Movie!, That's Not a Hat); ``companion.games.moves``
  keeps such a game as its moves (undo, snapshots), ``companion.games.seats`` says
  who sits left and right; ``companion.simulation.scripted_tables`` is their scripted demo.
- ``companion.commands``: one module per ``companion`` subcommand.
- ``companion.tools.benchmarks``: one module per ``companion bench`` benchmark.
"""

__version__ = "0.1.0"
