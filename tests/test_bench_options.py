"""``companion bench NAME --help`` says what every option of every benchmark does."""

import argparse
import re

import pytest
from fault_cases import outcome

from companion import cli
from companion.tools import benchmarks

NAMES = [module.NAME for module in cli.discover(benchmarks)]


def bench_parser(name: str) -> argparse.ArgumentParser:
    """The parser ``companion bench NAME`` really uses."""
    bench = cli.build_parser().commands["bench"]
    [choices] = [action.choices for action in bench._actions
                 if isinstance(action, argparse._SubParsersAction)]
    return choices[name]


@pytest.mark.parametrize("name", NAMES)
def test_every_bench_option_has_a_help_text(name):
    shown = outcome(["bench", name, "--help"])
    options = [action for action in bench_parser(name)._actions if action.option_strings]
    bare = [action.option_strings[-1] for action in options if not action.help]
    assert shown.code == 0 and bare == []
    assert all(" ".join(action.help.split()[:3]) in " ".join(shown.out.split())
               for action in options)


def test_the_two_saving_benchmarks_offer_the_same_options():
    usage = {name: re.findall(r"--[\w-]+", outcome(["bench", name, "--help"]).out.split(
        "options:")[0]) for name in ("storage", "games-save")}
    assert usage["storage"] == usage["games-save"] == [
        "--games", "--players", "--seed", "--state-dir", "--json"]
