"""``companion bench NAME``: run one benchmark from :mod:`companion.tools.benchmarks`.

A ``--state-dir`` the benchmark cannot write into (a file, no such folder, not writable) is one
line before it starts. A benchmark logs only warnings and errors (unless ``--debug``): the kiosk
it plays logs every scene and every round it opens, hundreds of lines that would bury its
figures, on a Pi's console among them.
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable
from pathlib import Path

from companion.commands import discover
from companion.errors import CompanionError
from companion.tools import benchmarks
from companion.tools.argtypes import cannot_write

NAME = "bench"
HELP = "run a benchmark and print what it measured"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="benchmark", metavar="BENCHMARK", required=True)
    for module in discover(benchmarks):
        child = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(child)
        child.set_defaults(run=quietly(in_usable_folder(module.run)))


def quietly(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """``run`` with only warnings and errors logged while it runs, unless ``--debug`` asked for
    everything."""
    def quiet(args: argparse.Namespace) -> int:
        root = logging.getLogger()
        level = root.level
        if not args.debug:
            root.setLevel(logging.WARNING)
        try:
            return run(args)
        finally:
            root.setLevel(level)

    return quiet


def in_usable_folder(run: Callable[[argparse.Namespace], int]
                     ) -> Callable[[argparse.Namespace], int]:
    """``run``, after checking that its ``--state-dir`` (when given) can be written into."""
    def checked(args: argparse.Namespace) -> int:
        folder = getattr(args, "state_dir", None)
        problem = cannot_write(Path(folder) / "companion-bench") if folder else ""
        if problem:
            raise CompanionError(f"bench {args.benchmark} --state-dir {folder}: {problem}")
        return run(args)

    return checked


# replaced by the chosen benchmark's run through set_defaults
def run(args: argparse.Namespace) -> int:
    return 2
