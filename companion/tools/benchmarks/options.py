"""The options several benchmarks share, each with its help text: ``--seed``, ``--json``, and
the two saving benchmarks' ``--games``, ``--players`` and ``--state-dir``.

Not a benchmark itself (it defines no ``NAME``), so ``companion bench`` does not list it.
"""

from __future__ import annotations

import argparse

from companion.tools.argtypes import seed, whole_number


def add_seed(parser: argparse.ArgumentParser, of: str) -> None:
    """``--seed N`` (default 1): the seed of ``of``, so a run can be repeated exactly."""
    parser.add_argument("--seed", type=seed, default=1, metavar="N",
                        help=f"seed of {of} (default 1; the same seed, the same run)")


def add_json(parser: argparse.ArgumentParser) -> None:
    """``--json``: the figures as one JSON object instead of lines of text."""
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object")


def add_saving(parser: argparse.ArgumentParser, games: str, players: tuple[int, int]) -> None:
    """A saving benchmark's options: ``--games`` (``games`` says of what), ``--players`` from
    ``players[0]`` to ``players[1]``, ``--seed``, ``--state-dir`` and ``--json``."""
    lowest, highest = players
    parser.add_argument("--games", type=whole_number(1, 1000, "games"), default=5, metavar="N",
                        help=f"{games} to play and save (1 to 1000, default 5)")
    parser.add_argument("--players", type=whole_number(lowest, highest, "players"), default=4,
                        metavar="N",
                        help=f"players at the table ({lowest} to {highest}, default 4)")
    add_seed(parser, "the simulated games")
    parser.add_argument("--state-dir", metavar="DIR",
                        help="folder for the benchmark's database (default: a temporary folder)")
    add_json(parser)
