"""The README's performance table is the one `companion bench all --json` gives, and every
benchmark runs in it, each figure beside its floor measured in the same run."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli
from companion.tools import benchmarks, perf_table
from companion.tools.benchmarks import every, floors

REPO = Path(__file__).resolve().parent.parent


def test_the_readme_table_is_the_one_the_kept_results_give():
    results = json.loads((REPO / "docs" / "performance.json").read_text())
    readme = (REPO / "README.md").read_text()
    assert not results["smoke"]
    assert perf_table.with_table(readme, perf_table.markdown(results)) == readme


def test_bench_all_runs_every_benchmark():
    names = {module.NAME for module in cli.discover(benchmarks)} - {every.NAME} - set(every.APART)
    assert set(every.RUNS) == names and set(every.SMOKE) == names


def test_a_readme_without_the_markers_is_refused_in_one_line():
    with pytest.raises(perf_table.CompanionError, match="no performance table markers"):
        perf_table.with_table("# README\n", "| a | b |")


def test_a_figure_is_told_in_units_of_its_floor():
    assert floors.ratio(3.0, 1.5) == 2.0
    assert floors.ratio(1.0, 0.0) == float("inf")


def test_a_bare_insert_leaves_nothing_behind(tmp_path):
    assert floors.bare_insert_ms(tmp_path, [b"x" * 100] * 5) > 0
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_bench_all_prints_one_object_with_every_benchmark_and_its_floors(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TMPDIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "companion", "bench", "all", "--smoke", "--json"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-300:]
    results = json.loads(done.stdout)
    reports = results["benchmarks"]
    assert set(reports) == set(every.RUNS) and results["smoke"]
    assert reports["judge"]["to_plain_loop"] > 0
    assert reports["storage"]["median_to_bare_insert"] > 0
    assert set(reports["latency"]["render_to_bare_present"]) == {"1920x1080", "800x480",
                                                                 "1920x1080@90"}
    play = reports["latency"]["play_frames"]
    assert set(play["sizes"]) == {"800x480", "1280x720", "1920x1080"}
    assert all(set(size["rotations"]) == {"0", "90", "180", "270"}
               for size in play["sizes"].values()) and play["worst_p99_to_blit"] > 0
    assert "| `companion judge`" in perf_table.markdown(results)
