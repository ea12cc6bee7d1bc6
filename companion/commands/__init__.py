"""One thin module per ``companion`` subcommand (found by :mod:`companion.cli`).

Each defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.

- play: ``run`` (the kiosk), ``demo`` (simulated players on the real kiosk).
- rules: ``judge`` (the rules oracle), ``simulate`` (whole games in virtual
  time), ``movie_rating``.
- records: ``history``, ``score_sheet``.
- hardware: ``config``, ``doctor``, ``buttons``, ``wiring``, ``firmware_sim``.
- ``bench``: runs one of :mod:`companion.tools.benchmarks`.
- ``argtypes``: argument types that say exactly what is wrong, and the usage
  error that points to the subcommand's help.
"""
