"""The game store: a round and its snapshot are saved together; games resume and are kept."""

import pytest

from companion.errors import CompanionError
from companion.storage.database import Database
from companion.storage.games import GameStore


def round_record(n: int, taps=()) -> dict:
    """A round record in the shape of ``companion simulate --json`` ROUND."""
    return {
        "n": n, "level": "normal", "dice": ["UP", "RED"], "negation": "NOT", "liar": False, "up": "N",
        "table": {"N": "RED", "E": "BLUE", "S": "VOID", "W": "GREEN"}, "valid": ["E", "S"],
        "taps": [{"player": p, "side": s, "t_us": t, "verdict": v} for p, s, t, v in taps],
        "winners": [{"player": taps[0][0], "card": "BLUE", "from": taps[0][1]}] if taps else [],
        "penalties": [], "scores": {"1": n, "2": 0}, "dealt": [],
    }


def snapshot(round_no: int) -> dict:
    return {"round_no": round_no, "seed": 7, "deck": [{"face": "RED", "arrow": "N", "liar": False, "ident": 3}]}


class Clock:
    def __init__(self):
        self.tick = 0

    def __call__(self):
        self.tick += 1
        return f"2026-11-29T12:00:{self.tick:02d}+00:00"


@pytest.fixture
def store(tmp_path):
    with Database.in_folder(tmp_path) as db:
        yield GameStore(db, clock=Clock())


def test_a_new_game_is_offered_for_resume_from_its_first_snapshot(store):
    game_id = store.create(3, {"level": "first-game", "seed": 7}, snapshot(0))
    found = store.unfinished()
    assert found.id == game_id and found.state == "playing" and found.players == 3
    assert found.snapshot == snapshot(0) and found.rounds == ()
    assert found.settings == {"level": "first-game", "seed": 7}


def test_a_saved_round_brings_its_snapshot_with_it(store):
    game_id = store.create(2, {}, snapshot(0))
    store.save_round(game_id, round_record(1, [(1, "N", 412_000, "win")]), snapshot(1))
    store.save_round(game_id, round_record(2), snapshot(2))
    found = store.unfinished()
    assert found.snapshot == snapshot(2)
    assert found.rounds == (round_record(1, [(1, "N", 412_000, "win")]), round_record(2))


def test_a_round_that_fails_to_save_leaves_the_snapshot_as_it_was(store):
    game_id = store.create(2, {}, snapshot(0))
    store.save_round(game_id, round_record(1), snapshot(1))
    with pytest.raises(CompanionError, match="not plain JSON"):
        store.save_round(game_id, round_record(2), {"bad": object()})
    with pytest.raises(CompanionError, match="round 1 of game .* is already saved"):
        store.save_round(game_id, round_record(1), snapshot(9))
    found = store.unfinished()
    assert found.snapshot == snapshot(1) and len(found.rounds) == 1


def test_a_round_record_without_a_number_is_refused(store):
    game_id = store.create(2, {}, snapshot(0))
    with pytest.raises(CompanionError, match="no round number"):
        store.save_round(game_id, {"level": "normal"}, snapshot(1))


def test_the_round_that_ends_the_game_finishes_it_in_the_same_transaction(store):
    game_id = store.create(2, {}, snapshot(0))
    store.save_round(game_id, round_record(1), snapshot(1), result={"winners": [1], "scores": {"1": 5, "2": 3}})
    assert store.unfinished() is None
    [done] = store.finished()
    assert done.id == game_id and done.state == "finished"
    assert done.result == {"winners": [1], "scores": {"1": 5, "2": 3}}
    assert done.finished_at is not None


def test_a_finished_game_takes_no_more_rounds(store):
    game_id = store.create(2, {}, snapshot(0))
    store.finish(game_id, {"winners": [2]})
    with pytest.raises(CompanionError, match="is finished, not being played"):
        store.save_round(game_id, round_record(1), snapshot(1))


def test_a_round_saved_while_its_tie_is_chosen_is_replaced_by_the_round_as_chosen(store):
    """The tie's round, saved as its countdown would settle it, ended the game; the choice
    made replaces it, and the game is played on when the round as chosen does not end it."""
    game_id = store.create(2, {}, snapshot(0))
    store.save_round(game_id, round_record(1), snapshot(1))
    store.save_round(game_id, round_record(2), snapshot(2), result={"winners": [1]})
    assert store.unfinished() is None
    chosen = {**round_record(2), "scores": {"1": 1, "2": 1}}
    store.save_round(game_id, chosen, snapshot(2), replaces=True)
    kept = store.unfinished()
    assert kept is not None and kept.id == game_id and kept.result is None
    assert [r["scores"] for r in kept.rounds] == [{"1": 1, "2": 0}, {"1": 1, "2": 1}]
    store.save_round(game_id, chosen, snapshot(2), replaces=True, result={"winners": [1, 2]})
    [done] = store.finished()
    assert done.result == {"winners": [1, 2]} and len(done.rounds) == 2


def test_only_the_last_saved_round_is_replaced_and_a_game_ended_early_stays_ended(store):
    game_id = store.create(2, {}, snapshot(0))
    store.save_round(game_id, round_record(1), snapshot(1), replaces=True)   # none to replace
    store.save_round(game_id, round_record(2), snapshot(2))
    with pytest.raises(CompanionError, match="round 1 of game 1 is already saved"):
        store.save_round(game_id, round_record(1), snapshot(1), replaces=True)
    store.finish(game_id, {"winners": [1]}, early=True)
    with pytest.raises(CompanionError, match="is finished, not being played"):
        store.save_round(game_id, round_record(2), snapshot(2), replaces=True)


def test_starting_a_new_game_abandons_the_one_left_unfinished(store):
    old = store.create(2, {}, snapshot(0))
    new = store.create(4, {}, snapshot(0))
    assert store.unfinished().id == new
    assert store.get(old).state == "abandoned"
    assert store.finished() == []


def test_finished_games_are_listed_newest_first_with_their_rounds(store):
    ids = []
    for players in (2, 3, 4):
        game_id = store.create(players, {}, snapshot(0))
        store.save_round(game_id, round_record(1), snapshot(1))
        store.finish(game_id, {"winners": [1]})
        ids.append(game_id)
    listed = store.finished()
    assert [g.id for g in listed] == ids[::-1]
    assert all(len(g.rounds) == 1 for g in listed)
    assert [g.id for g in store.finished(limit=2)] == ids[:0:-1]


def test_games_of_another_kind_are_kept_apart(store):
    other = GameStore(store.database, kind="thats-not-a-hat")
    hat = other.create(5, {}, {"sheet": []})
    mine = store.create(2, {}, snapshot(0))
    assert store.unfinished().id == mine and other.unfinished().id == hat
    with pytest.raises(CompanionError, match="no not-not game"):
        store.get(hat)


def test_history_survives_closing_and_reopening_the_database(tmp_path):
    with Database.in_folder(tmp_path) as db:
        store = GameStore(db)
        game_id = store.create(2, {"seed": 1}, snapshot(0))
        store.save_round(game_id, round_record(1), snapshot(1), result={"winners": [1]})
    with Database.in_folder(tmp_path) as db:
        [game] = GameStore(db).finished()
        assert game.id == game_id and game.rounds == (round_record(1),)
        assert db.integrity_check() == "ok"
