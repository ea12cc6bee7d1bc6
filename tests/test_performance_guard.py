"""The performance guard holds each benchmark's ratio to its floor to a committed budget: over
its budget by more than the margin in two runs fails, one busy run does not."""

import json
import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.tools import perf_guard

REPO = Path(__file__).resolve().parent.parent
BUDGET_FILE = REPO / "docs" / "performance-budget.toml"

BUDGETS = perf_guard.Budgets(0.5, (
    perf_guard.Budget("judge.to_plain_loop", "the judge", 4.0),
    perf_guard.Budget("latency.frame.800x480", "a frame", 10.0),
))


def results(judge: float, frame: float) -> dict:
    return {"benchmarks": {"judge": {"to_plain_loop": judge},
                           "latency": {"frame": {"800x480": frame}}}}


class Runs:
    """Results handed out one run at a time, counting how many were taken."""

    def __init__(self, *runs: dict) -> None:
        self.runs, self.taken = list(runs), 0

    def __iter__(self):
        for run in self.runs:
            self.taken += 1
            yield run


def test_a_ratio_within_half_again_its_budget_holds_and_is_measured_once():
    runs = Runs(results(judge=5.9, frame=14.9), results(judge=99, frame=99))
    lines, held = perf_guard.check(BUDGETS, runs)
    assert held and runs.taken == 1
    assert lines[0] == "ok: the judge: 5.9x (budget 4x, limit 6.00x)"


def test_a_ratio_over_its_limit_in_both_runs_fails():
    lines, held = perf_guard.check(BUDGETS, Runs(results(8.0, 10.0), results(8.2, 10.0)))
    assert not held
    assert lines[0] == "FAIL: the judge: 8x / 8.2x (budget 4x, limit 6.00x)"
    assert lines[1].startswith("ok: a frame:")


def test_a_ratio_over_its_limit_once_is_measured_again_and_holds_when_the_second_run_does():
    runs = Runs(results(judge=4.0, frame=30.0), results(judge=4.1, frame=11.0))
    lines, held = perf_guard.check(BUDGETS, runs)
    assert held and runs.taken == 2
    assert lines[1] == "ok: a frame: 30x / 11x (budget 10x, limit 15.00x)"


def test_a_twice_slower_frame_path_fails_a_budget_with_half_again_of_margin():
    frame = 10.0 * 2   # every frame drawn twice, its floor unchanged
    _, held = perf_guard.check(BUDGETS, Runs(results(4.0, frame), results(4.0, frame)))
    assert not held


def test_results_without_a_guarded_ratio_are_one_line_naming_it():
    with pytest.raises(CompanionError, match="have no latency.frame.800x480"):
        perf_guard.check(BUDGETS, Runs({"benchmarks": {"judge": {"to_plain_loop": 1}}}))


def test_a_budget_file_that_is_not_toml_is_one_line_naming_it(tmp_path):
    damaged = tmp_path / "budget.toml"
    damaged.write_text("margin = = 0.5\n")
    with pytest.raises(CompanionError, match=f"cannot read {damaged}"):
        perf_guard.read_budgets(damaged)


@pytest.mark.parametrize(("text", "said"), [
    ('margin = "half"\n[[ratio]]\nkey = "a"\nwhat = "b"\nbudget = 1\n', "margin must be"),
    ("margin = 0.5\n", "no [[ratio]]"),
    ('margin = 0.5\n[[ratio]]\nkey = "a"\nbudget = 1\n', "ratio 1 needs a key and a what"),
    ('margin = 0.5\n[[ratio]]\nkey = "a"\nwhat = "b"\nbudget = 0\n', "ratio 1 (a): budget"),
])
def test_a_budget_file_with_a_wrong_value_is_one_line_naming_it(tmp_path, text, said):
    budget_file = tmp_path / "budget.toml"
    budget_file.write_text(text)
    with pytest.raises(CompanionError, match=re.escape(said)):
        perf_guard.read_budgets(budget_file)


def test_every_committed_budget_names_a_ratio_the_benchmarks_report():
    budgets = perf_guard.read_budgets(BUDGET_FILE)
    kept = json.loads((REPO / "docs" / "performance.json").read_text())
    assert all(budget.ratio_in(kept) > 0 for budget in budgets.ratios)


def test_the_guard_says_each_ratio_and_exits_1_when_one_fails(tmp_path, capsys):
    budget_file = tmp_path / "budget.toml"
    budget_file.write_text('margin = 0.5\n[[ratio]]\nkey = "judge.to_plain_loop"\n'
                           'what = "the judge"\nbudget = 4\n')
    slow = [tmp_path / "run1.json", tmp_path / "run2.json"]
    for path in slow:
        path.write_text(json.dumps(results(judge=9.0, frame=1.0)))
    assert perf_guard.main([str(budget_file), *map(str, slow)]) == 1
    said = capsys.readouterr().out
    assert "FAIL: the judge: 9x / 9x" in said and "more than 50% in 2 runs" in said


def test_the_guard_without_a_budget_file_says_how_to_call_it(capsys):
    assert perf_guard.main([]) == 2
    assert "usage:" in capsys.readouterr().err
