"""``companion bench storage`` saves whole games and reports what it measured."""

import pytest
import json

from companion.cli import main


@pytest.mark.slow
def test_the_storage_benchmark_times_every_round_it_saved(tmp_path, capsys):
    assert main(["bench", "storage", "--games", "2", "--state-dir", str(tmp_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    simulated = [main(["simulate", "--json", "--seed", str(seed)]) for seed in (1, 2)]
    rounds = sum(len(json.loads(line)["rounds"]) for line in capsys.readouterr().out.splitlines())
    assert simulated == [0, 0] and report["rounds"] == rounds
    assert 0 < report["save_ms_median"] <= report["save_ms_p99"] <= report["save_ms_max"]
    assert report["database_bytes"] > 0
    assert list(tmp_path.iterdir()) == []  # its temporary database is gone
