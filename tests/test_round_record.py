"""A finished round's record is typed, its JSON is the stored form, and it reads back the same;
a tap after the close is late, judged so by the round itself."""

import json

import pytest

from companion.games.notnot import data_file as data
from companion.games.notnot import words
from companion.games.notnot.game import Game
from companion.games.notnot.judge import Ruling
from companion.games.notnot.record import RoundRecord, reaction_times_ms
from companion.games.notnot.round import Round, Timing
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.games.notnot.verdict import Verdict
from companion.simulation.virtual_game import play

MS = 1_000_000
OPEN = 10_000 * MS
VALID_N = Ruling(tap=True, valid=frozenset({Side.N}), reroll=False)


def new_game(seed: int = 4, players: int = 4) -> Game:
    dice, recipe = data.not_not()
    return Game.new(players, "first-game", seed, dice=dice, recipe=recipe)


def verdicts_of(*taps: Tap) -> list[str]:
    round_ = Round(VALID_N, OPEN, Timing())
    for tap in taps:
        round_.offer(tap)
    return [v.verdict for v in round_.outcome().verdicts]


def test_an_answer_after_the_close_is_late():
    assert verdicts_of(Tap(1, Side.N, OPEN + 300 * MS), Tap(2, Side.N, OPEN + 305 * MS)) == \
        ["win", "late"]


def test_a_second_tap_after_the_close_is_ignored_not_late():
    taps = (Tap(1, Side.N, OPEN + 300 * MS), Tap(1, Side.N, OPEN + 400 * MS))
    assert verdicts_of(*taps) == ["win", "ignored"]


def test_every_record_of_a_whole_game_reads_back_from_its_json_unchanged():
    for record in play(new_game()):
        stored = json.loads(json.dumps(record.to_json()))
        assert RoundRecord.from_json(stored) == record
        assert RoundRecord.from_json(stored).to_json() == stored


def test_a_late_tap_is_stored_as_ignored_and_read_back_as_late():
    game = new_game()
    round_ = game.open_round(game.next_roll(), OPEN)
    valid = next(iter(round_.ruling.valid), Side.N)
    round_.offer(Tap(1, valid, OPEN + 300 * MS))
    round_.offer(Tap(2, valid, OPEN + 20_000 * MS))
    record = game.finish_round(round_)
    assert [tap.verdict for tap in record.taps][-1] == "late"
    assert [tap["verdict"] for tap in record.to_json()["taps"]][-1] == "ignored"
    assert RoundRecord.from_json(record.to_json()).taps == record.taps


def test_the_log_says_a_late_tap_came_after_the_close():
    game = new_game()
    late = next(tap for record in play(game) for tap in record.taps if tap.verdict == "late")
    assert words.tap_line(late).endswith("ignored: after the close")


def test_a_reaction_time_is_each_players_first_answer_on_a_valid_card_in_ms():
    record = RoundRecord.from_json({
        "n": 1, "level": "normal", "dice": ["RED"], "negation": "NOT", "liar": False, "up": "N",
        "table": {"N": "RED"}, "valid": ["N"], "winners": [], "penalties": [], "scores": {},
        "dealt": [],
        "taps": [{"player": 1, "side": "N", "t_us": -5000, "verdict": "early"},
                 {"player": 2, "side": "N", "t_us": 250_500, "verdict": "win"},
                 {"player": 3, "side": "E", "t_us": 260_000, "verdict": "wrong"},
                 {"player": 4, "side": "N", "t_us": 900_000, "verdict": "ignored"}]})
    # 1's early tap, 3's wrong answer: no reaction; 4's valid answer after the winner's is one
    assert reaction_times_ms([record]) == {2: [250.5], 4: [900.0]}


def test_the_dealer_is_told_two_placements_to_a_line_then_rule_cards():
    record = RoundRecord.from_json({
        "n": 1, "level": "normal", "dice": ["RED"], "negation": "NOT", "liar": False, "up": "N",
        "table": {}, "valid": [], "taps": [], "winners": [], "penalties": [], "scores": {},
        "dealt": [{"what": "placed", "card": "RED", "side": "N"},
                  {"what": "placed", "card": "VOID", "side": "E"},
                  {"what": "rule", "card": "HARD", "level": "hard"}]})
    assert words.deal_prompt_lines(record.dealt) == ["RED on N   VOID on E", "HARD card: now HARD"]


def test_a_kept_round_that_does_not_read_is_refused_in_one_line_naming_it():
    from companion.storage.restoring import DamagedSnapshot, records_checked
    good = next(iter(play(new_game()))).to_json()
    try:
        records_checked((good, {"n": 2, "taps": "garbled"}))
    except DamagedSnapshot as error:
        assert str(error) == "round 2: level is missing"
    else:
        raise AssertionError("a damaged record was read")


def test_a_kept_snapshot_is_checked_by_a_round_with_no_taps_through_the_pure_rules():
    from companion.storage.restoring import restore_checked
    game = new_game()
    restored = restore_checked(game.snapshot())
    assert restored.snapshot() == game.snapshot()


def test_a_kept_tap_whose_verdict_is_not_a_stored_one_is_refused_as_damaged():
    from companion.storage.restoring import DamagedSnapshot, records_checked
    good = next(iter(play(new_game()))).to_json()
    for verdict in ("sideways", "late", "WIN"):
        bad = {**good, "taps": [{"player": 1, "side": "N", "t_us": 5, "verdict": verdict}]}
        with pytest.raises(DamagedSnapshot, match=rf"^round {good['n']} does not read \(ValueError\)$"):
            records_checked((bad,))


def test_a_verdict_is_its_stored_string():
    taps = [tap for record in play(new_game())
            for tap in RoundRecord.from_json(record.to_json()).taps]
    assert taps and all(isinstance(tap.verdict, Verdict) for tap in taps)
    assert [str(v) for v in Verdict] == ["early", "win", "tie", "wrong", "ignored", "late"]
    assert json.dumps({Verdict.WIN: Verdict.TIE}) == '{"win": "tie"}'
