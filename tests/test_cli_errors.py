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


@pytest.mark.parametrize("argv", [["bogus"], ["argtypes"], ["_buttons_screen"], ["run-"]])
def test_a_word_that_is_no_subcommand_lists_every_subcommand(capsys, argv):
    assert status_of(argv) == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and "'simulate'" in err and "'run'" in err


def test_every_subcommand_is_named_after_its_module():
    from companion import commands

    for module in cli.discover(commands):
        assert module.__name__ == f"companion.commands.{module.NAME.replace('-', '_')}"
        assert cli.command_module(module.NAME) is module


@pytest.mark.slow
def test_a_subcommand_loads_only_what_it_needs(tmp_path):
    """`companion config`, `history`, `judge`, `simulate` answer without loading pygame (most
    of a second on a Pi); the kiosk's commands load it when they run."""
    import subprocess
    import sys

    probe = ("import sys; from companion.cli import main; main(sys.argv[1:]); "
             "print('pygame' in sys.modules)")
    for argv in (["config", "--print-default"], ["history", "--state-dir", str(tmp_path)],
                 ["simulate", "--json", "--state-dir", str(tmp_path)]):
        done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True,
                              text=True, timeout=120)
        assert done.stdout.splitlines()[-1] == "False", argv
