"""``companion bench NAME``: run one benchmark from :mod:`companion.tools.benchmarks`."""

from __future__ import annotations

import argparse

from companion.tools import benchmarks

NAME = "bench"
HELP = "run a benchmark and print what it measured"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from companion.cli import discover

    sub = parser.add_subparsers(dest="benchmark", metavar="BENCHMARK", required=True)
    for module in discover(benchmarks):
        child = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(child)
        child.set_defaults(run=module.run)


# replaced by the chosen benchmark's run through set_defaults
def run(args: argparse.Namespace) -> int:
    return 2
