"""companion: a tabletop dice roller and judge for the card game Not Not.

The package is split so the architecture reads from the file list:

- ``companion.rules``: the pure rules core (no I/O, no clock, no global random
  state). Everything else is an adapter around it.
- ``companion.commands``: one module per ``companion`` subcommand.
- ``companion.benchmarks``: one module per ``companion bench`` benchmark.
"""

__version__ = "0.1.0"
