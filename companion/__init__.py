"""companion: a tabletop dice roller and judge for the card game Not Not.

The file list is the architecture. At the top, only the command line and the
one error tree; every concept has a package of its own:

- ``cli``: the ``companion`` command line (``__main__``: ``python -m
  companion``); ``errors``: the error tree
  (:class:`~companion.errors.CompanionError` and its kinds), each a single
  clear line for a user.
- ``games``: the rules of the three games, pure (no I/O, no clock, no global
  random state): ``games.notnot`` is the core the companion judges with.
- ``inputs``: everything that stamps a press and posts it (GPIO, the serial
  controller, keyboard, mock pins).
- ``kiosk``: the one loop, its assembly from the settings, systemd and logs.
- ``scenes``: one scene per state of the screen, by game.
- ``display``, ``audio``: drawing and sounds.
- ``storage``: the SQLite state database: games, rounds, score sheets.
- ``config``: the settings file; ``boards``: the facts of the Pi header and
  the AVR boards.
- ``simulation``: simulated players, whole games in virtual time, scripted tables.
- ``tools``: the wiring generator, the firmware simulator, the benchmarks.
- ``commands``: one thin module per subcommand.
"""

__version__ = "0.1.0"
