"""One module per ``companion bench`` benchmark.

Each module defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``, like a subcommand. A benchmark prints what it measured on
this run, as JSON with ``--json``.
"""
