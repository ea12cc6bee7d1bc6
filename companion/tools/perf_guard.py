"""The performance guard: the ratios the benchmarks measure against their floors, held to
committed budgets (``make perf-guard``, run by CI).

A ratio is a figure in units of its floor measured in the same run on the same machine
(:mod:`companion.tools.benchmarks.floors`), so a budget means the same on a quiet laptop and
on a busy CI machine. ``docs/performance-budget.toml`` names each guarded ratio by its path
in a ``companion bench all --json`` object, what it measures, and its budget; one ``margin``
says how far over its budget a ratio may go (0.5: half as much again).

``python -m companion.tools.perf_guard BUDGET.toml [RESULTS.json ...]`` checks the given
results, or runs ``companion bench all --json`` itself. A ratio over its limit is measured
once more and fails only when the second run is over too: a busy moment can slow one run,
a regression slows both. It prints one line per ratio and exits 1 when one fails.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError

#: How many runs of the benchmarks a ratio must be over its limit in to fail.
RUNS = 2


@dataclass(frozen=True)
class Budget:
    """One guarded ratio: where it is in the results, what it measures, and its budget."""

    key: str
    what: str
    budget: float

    def ratio_in(self, results: dict) -> float:
        """This ratio in one ``companion bench all --json`` object."""
        value: object = results.get("benchmarks", {})
        for part in self.key.split("."):
            if not isinstance(value, dict) or part not in value:
                raise CompanionError(f"perf-guard: the benchmarks' results have no {self.key}")
            value = value[part]
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise CompanionError(f"perf-guard: {self.key} is {value!r}, not a ratio")
        return float(value)


@dataclass(frozen=True)
class Budgets:
    """Every guarded ratio and the margin each may go over its budget by."""

    margin: float
    ratios: tuple[Budget, ...]

    def limit(self, budget: Budget) -> float:
        return budget.budget * (1 + self.margin)


def read_budgets(path: Path) -> Budgets:
    """The budgets in ``path``; a CompanionError naming the file and what is wrong in it."""
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise CompanionError(f"perf-guard: cannot read {path}: {error}") from None
    margin = data.get("margin")
    entries = data.get("ratio")
    if not isinstance(margin, int | float) or isinstance(margin, bool) or not 0 <= margin <= 10:
        raise CompanionError(f"perf-guard: {path}: margin must be a number from 0 to 10")
    if not isinstance(entries, list) or not entries:
        raise CompanionError(f"perf-guard: {path}: no [[ratio]] to guard")
    return Budgets(float(margin), tuple(budget_of(entry, path, n)
                                        for n, entry in enumerate(entries, 1)))


def budget_of(entry: object, path: Path, n: int) -> Budget:
    """The ``n``-th ``[[ratio]]`` of ``path``, checked."""
    if not isinstance(entry, dict):
        raise CompanionError(f"perf-guard: {path}: ratio {n} is not a table")
    key, what, budget = entry.get("key"), entry.get("what"), entry.get("budget")
    if not isinstance(key, str) or not key or not isinstance(what, str) or not what:
        raise CompanionError(f"perf-guard: {path}: ratio {n} needs a key and a what (text)")
    if not isinstance(budget, int | float) or isinstance(budget, bool) or budget <= 0:
        raise CompanionError(f"perf-guard: {path}: ratio {n} ({key}): budget must be a "
                             "positive number")
    return Budget(key, what, float(budget))


def over_limit(budgets: Budgets, results: dict) -> dict[Budget, float]:
    """Each guarded ratio that ``results`` has over its limit, with its value there."""
    return {budget: ratio for budget in budgets.ratios
            if (ratio := budget.ratio_in(results)) > budgets.limit(budget)}


def check(budgets: Budgets, runs: Iterable[dict]) -> tuple[list[str], bool]:
    """Lines saying how each ratio did, and whether every one held.

    ``runs`` is consumed lazily: a second run is taken only when the first has a ratio over
    its limit, and a ratio fails only when it is over in every run taken (up to :data:`RUNS`).
    """
    measured: list[dict] = []
    for results in runs:
        measured.append(results)
        if not over_limit(budgets, results) or len(measured) == RUNS:
            break
    if not measured:
        raise CompanionError("perf-guard: no results to check")
    lines, held = [], True
    for budget in budgets.ratios:
        values = [budget.ratio_in(results) for results in measured]
        best, limit = min(values), budgets.limit(budget)
        failed = best > limit
        held = held and not failed
        runs_said = " / ".join(f"{v:g}x" for v in values)
        lines.append(f"{'FAIL' if failed else 'ok'}: {budget.what}: {runs_said} "
                     f"(budget {budget.budget:g}x, limit {limit:.2f}x)")
    return lines, held


def bench_all() -> dict:
    """One ``companion bench all --json`` run, in a process of its own."""
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "all", "--json"],
                          capture_output=True, text=True)
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        said = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise CompanionError(f"perf-guard: companion bench all printed no results ({said})"
                             ) from None


def results_from(paths: list[Path]) -> Iterable[dict]:
    for path in paths:
        try:
            yield json.loads(path.read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CompanionError(f"perf-guard: cannot read results {path}: {error}") from None


def fresh_runs(measure: Callable[[], dict] = bench_all) -> Iterable[dict]:
    for _ in range(RUNS):
        yield measure()


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m companion.tools.perf_guard BUDGET.toml [RESULTS.json ...]",
              file=sys.stderr)
        return 2
    try:
        budgets = read_budgets(Path(argv[0]))
        runs = results_from([Path(a) for a in argv[1:]]) if argv[1:] else fresh_runs()
        lines, held = check(budgets, runs)
    except CompanionError as error:
        print(error, file=sys.stderr)
        return 1
    print("\n".join(lines))
    print(f"perf-guard: every ratio within {budgets.margin:.0%} of its budget" if held else
          f"perf-guard: a ratio is over its budget by more than {budgets.margin:.0%} "
          f"in {RUNS} runs")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
