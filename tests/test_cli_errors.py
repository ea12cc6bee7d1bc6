"""Mistakes on the command line: one line naming the command whose help explains them."""

import pytest

from companion import cli


def status_of(argv: list[str]) -> int:
    """What ``companion ARGV`` exits with: argparse's exit, or the status ``main`` returns."""
    try:
        return cli.main(argv)
    except SystemExit as exit:
        return exit.code


@pytest.mark.parametrize("argv, start, helps", [
    (["simulate", "--bogus"], "companion simulate: unrecognized arguments: --bogus",
     "companion simulate --help"),
    (["simulate", "--seed", "3", "extra"], "companion simulate: unrecognized arguments: extra",
     "companion simulate --help"),
    (["wiring"], "companion wiring: say where to write", "companion wiring --help"),
    (["wiring", "--players", "x", "--out", "w"], "companion wiring: --players x:",
     "companion wiring --help"),
    (["--bogus"], "companion: unrecognized arguments: --bogus", "companion --help"),
])
def test_an_error_in_a_subcommand_points_to_that_subcommands_help(capsys, argv, start, helps):
    assert status_of(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(start) and err.endswith(f"(see {helps})\n") and err.count("\n") == 1
