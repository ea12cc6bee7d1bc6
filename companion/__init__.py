"""companion: a tabletop dice roller and judge for the card game Not Not.

The file list is the architecture (docs/ARCHITECTURE.md walks it): at the top only
the command line and the one error tree; every concept has a package of its own.
"""

__version__ = "0.1.0"
