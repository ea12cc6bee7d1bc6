"""One module per ``companion bench`` benchmark.

Each module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``, like a subcommand. A benchmark prints what it measured on
this run, as JSON with ``--json``.

- ``latency``: edge to the verdict on screen, full-frame render time, idle CPU.
- ``inputs``: the GPIO input path on mock pins.
- ``judge``: ``companion judge`` over many random cases.
- ``storage``: saving a round with its snapshot; ``games_save``: saving an
  entry of the other two games.
- ``serial_decode``: the host's serial frame decoder.
- ``options`` (not a benchmark): the options they share (``--seed``, ``--json``,
  the saving benchmarks' ``--games``, ``--players``, ``--state-dir``), each with
  its help text.
"""
