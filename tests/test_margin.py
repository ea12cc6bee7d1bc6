"""The margin of victory: the gap from the first valid tap to the next counted tap
by another player, at the precision the inputs honestly have."""

import pytest
import json
import subprocess
import sys

from companion.games.notnot.margin import close_calls, margin_fields, margin_text, margin_us
from companion.games.notnot.record import TapRecord
from companion.games.notnot.verdict import Verdict
from round_records import round_record


def tap(player, t_us, verdict):
    return TapRecord(player, "N", t_us, Verdict(verdict))


def test_the_margin_is_the_gap_to_the_next_counted_tap_by_another_player():
    assert margin_us([tap(2, 100, "win"), tap(3, 103, "wrong")]) == 3


def test_a_tie_carries_the_gap_between_the_first_two_tied_taps():
    assert margin_us([tap(1, 10_000, "tie"), tap(2, 10_400, "tie"), tap(3, 10_900, "tie")]) == 400


def test_early_and_ignored_taps_do_not_count():
    taps = [tap(3, -5, "early"), tap(1, 0, "win"), tap(1, 1, "ignored"), tap(2, 2000, "ignored")]
    assert margin_us(taps) is None


def test_the_winners_own_later_taps_do_not_count():
    assert margin_us([tap(1, 0, "win"), tap(1, 5, "ignored"), tap(2, 9, "wrong")]) == 9


def test_a_wrong_tap_before_the_first_valid_one_is_not_the_runner_up():
    assert margin_us([tap(2, 0, "wrong"), tap(1, 7, "win")]) is None


def test_no_valid_tap_means_no_margin():
    assert margin_us([tap(1, 0, "wrong"), tap(2, 1, "wrong")]) is None


def test_the_precision_is_that_of_the_coarser_of_the_two_taps():
    taps = [tap(1, 0, "win"), tap(2, 3412, "wrong")]
    assert margin_fields(taps, ["serial", "serial"]) == {"margin_us": 3412, "margin_step_us": 1}
    assert margin_fields(taps, ["serial", "gpio"])["margin_step_us"] == 100
    assert margin_fields(taps, ["keyboard", "gpio"])["margin_step_us"] == 1000


def test_the_margin_reads_in_milliseconds_to_its_precision():
    assert margin_text(3412, 1000) == "3 ms"
    assert margin_text(3412, 100) == "3.4 ms"
    assert margin_text(3412, 1) == "3.412 ms"
    assert margin_text(400, 1000) == "under 1 ms"


def simulated(seed):
    out = subprocess.run([sys.executable, "-m", "companion", "simulate", "--seed", str(seed),
                          "--players", "6", "--json"], capture_output=True, text=True, timeout=60)
    return json.loads(out.stdout)["rounds"]


def expected_margin(taps):
    """The rule, spelled out again from the taps."""
    valid = [t for t in taps if t["verdict"] in ("win", "tie")]
    if not valid:
        return None
    first = valid[0]
    others = [t["t_us"] - first["t_us"] for t in taps
              if t["verdict"] not in ("early", "ignored") and t["player"] != first["player"]
              and t["t_us"] >= first["t_us"]]
    return min(others, default=None)


@pytest.mark.slow
def test_simulate_json_rounds_carry_margin_us_matching_their_taps():
    rounds = [r for seed in (1, 2, 3) for r in simulated(seed)]
    assert all("margin_us" in r for r in rounds)
    assert all(r["margin_us"] == expected_margin(r["taps"]) for r in rounds)
    assert any(r["margin_us"] is not None for r in rounds)
    assert any(r["margin_us"] is not None and r["winners"] and len(r["winners"]) > 1
               for r in rounds), "ties carry the margin too"


@pytest.mark.slow
def test_the_readable_log_says_the_margin():
    out = subprocess.run([sys.executable, "-m", "companion", "simulate", "--seed", "2",
                          "--players", "3"], capture_output=True, text=True, timeout=60)
    assert "margin: P2 by 0.582 ms over P3" in out.stdout


def test_a_close_call_is_a_win_by_the_margin_or_a_valid_answer_beaten_by_the_first():
    record = round_record(valid=("N", "E"), margin_us=300, taps=[
        (4, "N", -100, "early"), (1, "N", 1000, "win"), (2, "S", 1300, "wrong"),
        (3, "E", 9000, "late"), (1, "N", 9500, "ignored")])
    assert close_calls(record) == ({1: 300}, {3: 8000})


def test_a_tied_round_is_nobodys_close_win_nor_loss_and_one_without_a_valid_tap_has_none():
    tied = round_record(valid=("N",), margin_us=400,
                        taps=[(1, "N", 1000, "tie"), (2, "N", 1400, "tie")])
    assert close_calls(tied) == ({}, {})
    assert close_calls(round_record(valid=(), taps=[(1, "N", 5, "wrong")])) == ({}, {})
