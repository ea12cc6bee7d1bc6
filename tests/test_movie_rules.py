"""Not That Movie!: the rules the companion enforces, one test per rule."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from companion.games.movie.rules import MovieError, MovieGame

SPARE = (1, 2, 3, 4, 5, 6, 7, 8)


def voted(players, votes, first_holder=1):
    """A game of ``players`` whose first round's votes are ``votes`` (player -> screens)."""
    game = MovieGame(players, first_holder=first_holder)
    game.cast_votes(votes)
    return game


def all_on(players, screen):
    """Everyone voted for ``screen`` (with 2 players: ``screen`` and the next)."""
    if players == 2:
        return {1: (screen, screen % 8 + 1), 2: (screen, screen % 8 + 1)}
    return {p: (screen,) for p in range(1, players + 1)}


def play_clean_round(game, screens):
    for screen in screens:
        game.place(screen)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_two_to_seven_players_play(players):
    assert MovieGame(players).players == players


@pytest.mark.parametrize("players", [0, 1, 8, "4", True])
def test_no_other_player_count_plays(players):
    with pytest.raises(MovieError, match="2 to 7 players"):
        MovieGame(players)


def test_seven_tokens_are_in_play():
    assert MovieGame(5).tokens == 7


def test_two_players_put_one_token_back_in_the_box():
    assert MovieGame(2).tokens == 6


def test_each_player_votes_for_one_screen():
    with pytest.raises(MovieError, match="1 screen"):
        MovieGame(3).cast_votes({1: (1, 2), 2: (3,), 3: (4,)})


def test_two_players_each_vote_with_two_discs():
    game = MovieGame(2)
    assert game.discs == 2
    with pytest.raises(MovieError, match="2 screen"):
        game.cast_votes({1: (1,), 2: (3, 4)})
    game.cast_votes({1: (1, 2), 2: (3, 4)})
    assert game.phase == "placing"


def test_two_players_cannot_choose_the_same_title_on_both_discs():
    with pytest.raises(MovieError, match="same title on both discs"):
        MovieGame(2).cast_votes({1: (5, 5), 2: (3, 4)})


@pytest.mark.parametrize("screen", [0, 9, "3", None])
def test_screens_are_numbered_one_to_eight(screen):
    with pytest.raises(MovieError, match="1 to 8"):
        MovieGame(3).cast_votes({1: (screen,), 2: (3,), 3: (4,)})
    with pytest.raises(MovieError, match="1 to 8"):
        voted(3, all_on(3, 1)).place(screen)


def test_every_player_votes_before_a_token_is_placed():
    game = MovieGame(4)
    with pytest.raises(MovieError, match="not voted"):
        game.cast_votes({1: (1,), 2: (2,), 3: (3,)})
    with pytest.raises(MovieError, match="once everyone has voted"):
        game.place(5)


def test_a_token_on_a_screen_nobody_voted_for_stays_coloured():
    placement = voted(4, all_on(4, 1)).place(2)
    assert placement.coloured and placement.voters == ()


def test_after_a_coloured_token_the_stack_passes_left():
    game = voted(3, all_on(3, 1), first_holder=2)
    game.place(2)
    assert game.holder == 3
    game.place(3)
    assert game.holder == 1


def test_a_mistake_reveals_only_the_players_who_voted_for_the_screen():
    game = voted(5, {1: (4,), 2: (7,), 3: (4,), 4: (1,), 5: (2,)})
    placement = game.place(4)
    assert placement.mistake and placement.voters == (1, 3)


def test_two_players_a_mistake_reveals_whoever_voted_for_it_with_either_disc():
    game = voted(2, {1: (1, 6), 2: (6, 2)})
    assert game.place(1).voters == (1,)
    assert game.place(2).voters == (2,)


def test_after_a_first_mistake_the_holder_keeps_the_stack():
    game = voted(4, all_on(4, 1), first_holder=3)
    game.place(1)
    assert game.holder == 3 and game.phase == "placing"


def test_the_second_mistake_ends_the_round():
    game = voted(3, {1: (1,), 2: (2,), 3: (3,)})
    game.place(1)
    game.place(4)
    game.place(2)
    assert game.phase == "round-over"
    assert game.scores[0].mistakes == 2 and game.scores[0].placed == 3


def test_a_round_ends_when_all_seven_tokens_are_placed():
    game = voted(3, all_on(3, 8))
    play_clean_round(game, (1, 2, 3, 4, 5, 6))
    assert game.phase == "placing" and game.tokens_left() == 1
    game.place(7)
    assert game.phase == "round-over" and game.tokens_left() == 0


def test_two_players_a_round_ends_when_all_six_tokens_are_placed():
    game = voted(2, {1: (7, 8), 2: (7, 8)})
    play_clean_round(game, (1, 2, 3, 4, 5, 6))
    assert game.phase == "round-over" and game.scores[0].placed == 6


def test_a_screen_takes_only_one_token_per_round():
    game = voted(4, all_on(4, 1))
    game.place(3)
    with pytest.raises(MovieError, match="screen 3 already has a token"):
        game.place(3)


def test_a_round_scores_one_point_per_coloured_token():
    game = voted(4, {1: (1,), 2: (2,), 3: (3,), 4: (3,)})
    game.place(5)
    game.place(1)
    game.place(6)
    game.place(2)
    assert game.scores[0].coloured == 2 and game.scores[0].points == 2


def test_all_seven_tokens_placed_correctly_score_one_bonus_point():
    game = voted(6, all_on(6, 8))
    play_clean_round(game, (1, 2, 3, 4, 5, 6, 7))
    assert game.scores[0].bonus == 1 and game.scores[0].points == 8


def test_seven_tokens_with_a_mistake_score_no_bonus():
    game = voted(4, all_on(4, 8))
    play_clean_round(game, (8, 1, 2, 3, 4, 5, 6))
    assert game.phase == "round-over"
    assert game.scores[0].bonus == 0 and game.scores[0].points == 6


def test_two_players_all_six_tokens_without_a_mistake_score_two_bonus_points():
    game = voted(2, {1: (7, 8), 2: (8, 7)})
    play_clean_round(game, (1, 2, 3, 4, 5, 6))
    assert game.scores[0].bonus == 2 and game.scores[0].points == 8


def test_two_players_six_tokens_with_a_mistake_score_no_bonus():
    game = voted(2, {1: (7, 8), 2: (8, 7)})
    play_clean_round(game, (7, 1, 2, 3, 4, 5))
    assert game.phase == "round-over"
    assert game.scores[0].bonus == 0 and game.scores[0].points == 5


def test_the_next_round_begins_with_the_player_who_placed_the_last_token():
    game = voted(4, {1: (1,), 2: (2,), 3: (3,), 4: (4,)}, first_holder=1)
    game.place(5)      # player 1, coloured: stack to 2
    game.place(1)      # player 2, first mistake: 2 keeps it
    game.place(6)      # player 2, coloured: stack to 3
    game.place(2)      # player 3, second mistake: round over
    game.next_round()
    assert game.round.number == 2 and game.holder == 3


def test_the_next_round_starts_only_when_the_round_is_over():
    with pytest.raises(MovieError, match="when a round is over"):
        voted(3, all_on(3, 1)).next_round()


def test_votes_are_cast_again_each_round():
    game = voted(3, all_on(3, 1))
    play_clean_round(game, (2, 3, 4, 5, 6, 7, 8))
    game.next_round()
    assert game.phase == "voting"
    with pytest.raises(MovieError, match="once everyone has voted"):
        game.place(1)
    game.cast_votes(all_on(3, 2))
    assert game.place(1).coloured


def test_votes_stay_secret_until_the_round_ends():
    game = voted(3, {1: (1,), 2: (2,), 3: (3,)})
    with pytest.raises(MovieError, match="secret"):
        game.revealed_votes()
    game.place(1)
    game.place(2)
    assert game.revealed_votes() == {1: (1,), 2: (2,), 3: (3,)}


def test_the_game_ends_after_the_fifth_round():
    game = MovieGame(3)
    for number in range(1, 6):
        assert game.round.number == number
        game.cast_votes(all_on(3, 8))
        play_clean_round(game, (1, 2, 3, 4, 5, 6, 7))
        if number < 5:
            assert game.phase == "round-over"
            game.next_round()
    assert game.over and game.phase == "game-over"
    with pytest.raises(MovieError):
        game.next_round()


def test_the_total_adds_up_the_points_of_all_rounds():
    game = MovieGame(4)
    everyone_on_8 = all_on(4, 8)
    on_7_and_8 = {1: (8,), 2: (7,), 3: (8,), 4: (7,)}
    rounds = ((everyone_on_8, (1, 2, 3, 4, 5, 6, 7)),   # 7 coloured + 1 bonus = 8
              (everyone_on_8, (8, 1, 2, 3, 4, 5, 6)),   # a mistake, then 6 coloured = 6
              (on_7_and_8, (8, 7)),                     # two mistakes straight away = 0
              (on_7_and_8, (1, 8, 2, 7)),               # 2 coloured, second mistake = 2
              (everyone_on_8, (1, 2, 3, 4, 5, 6, 7)))   # = 8
    for number, (votes, screens) in enumerate(rounds, 1):
        game.cast_votes(votes)
        play_clean_round(game, screens)
        if number < 5:
            game.next_round()
    assert [score.points for score in game.scores] == [8, 6, 0, 2, 8]
    assert game.total() == 24


def test_the_total_is_rated_on_the_rulebook_table():
    game = MovieGame(4)
    for number in range(5):
        game.cast_votes(all_on(4, 8))
        play_clean_round(game, (1, 2, 3, 4, 5, 6, 7))
        if number < 4:
            game.next_round()
    assert game.total() == 40
    assert (game.rating().stars, game.rating().title) == (5, "Oscar Laureate!")


def test_with_physical_discs_the_holder_enters_each_outcome():
    game = MovieGame(4, voting="discs")
    assert game.phase == "placing"
    assert game.record(mistake=False).coloured
    assert game.holder == 2
    placement = game.record(mistake=True, screen=4)
    assert placement.mistake and placement.voters == () and game.holder == 2
    with pytest.raises(MovieError, match="physical discs"):
        game.place(5)
    with pytest.raises(MovieError, match="physical discs"):
        game.cast_votes(all_on(4, 1))


def test_with_physical_discs_a_screen_still_takes_only_one_token():
    game = MovieGame(4, voting="discs")
    game.record(mistake=False, screen=6)
    with pytest.raises(MovieError, match="screen 6 already has a token"):
        game.record(mistake=True, screen=6)


def test_with_pad_votes_the_companion_judges_and_no_outcome_is_entered():
    with pytest.raises(MovieError, match="on the pads"):
        voted(3, all_on(3, 1)).record(mistake=False)


def test_a_refused_move_changes_nothing():
    game = voted(3, all_on(3, 1))
    game.place(2)
    before = game.snapshot()
    with pytest.raises(MovieError):
        game.place(2)
    assert game.snapshot() == before


def test_undo_takes_back_the_last_move():
    game = MovieGame(5, voting="discs", first_holder=4)
    game.record(mistake=False)
    game.record(mistake=True)
    game.undo()
    assert game.holder == 5 and game.round.mistakes == 0 and len(game.round.placements) == 1
    game.undo()
    assert game.holder == 4 and game.round.placements == []
    with pytest.raises(MovieError, match="nothing to undo"):
        game.undo()


def moves(players):
    """Random legal-or-not moves for a pad-vote game."""
    screens = st.integers(1, 8)
    vote = st.lists(screens, min_size=2, max_size=2, unique=True) if players == 2 \
        else st.lists(screens, min_size=1, max_size=1)
    return st.lists(st.one_of(
        st.tuples(st.just("place"), screens),
        st.tuples(st.just("votes"), st.lists(vote, min_size=players, max_size=players)),
        st.tuples(st.just("next"), st.none()),
    ), max_size=60)


def drive(game, steps):
    for kind, value in steps:
        try:
            if kind == "place":
                game.place(value)
            elif kind == "votes":
                game.cast_votes({p: s for p, s in enumerate(value, 1)})
            else:
                game.next_round()
        except MovieError:
            pass


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(2, 7).flatmap(lambda p: st.tuples(st.just(p), moves(p), moves(p))))
def test_a_snapshot_resumes_the_game_exactly(case):
    players, before, after = case
    game = MovieGame(players)
    drive(game, before)
    resumed = MovieGame.restore(json.loads(json.dumps(game.snapshot())))
    drive(game, after)
    drive(resumed, after)
    assert resumed.snapshot() == game.snapshot()
    assert (resumed.phase, resumed.holder, resumed.total()) == (game.phase, game.holder, game.total())
    assert all(0 <= score.points <= 8 for score in game.scores)


@pytest.mark.parametrize("data, message", [
    ({"kind": "thats-not-a-hat"}, "not a not-that-movie game"),
    ({"kind": "not-that-movie", "players": 3, "voting": "pads"}, "missing 'first_holder'"),
    ({"kind": "not-that-movie", "players": 3, "voting": "pads", "first_holder": 1,
      "moves": [{"move": "place", "screen": 1}]}, "move 1: tokens are placed once"),
])
def test_a_broken_snapshot_is_refused_naming_what_is_wrong(data, message):
    with pytest.raises(MovieError, match=message):
        MovieGame.restore(data)


def test_the_score_sheet_records_points_per_round_total_and_stars():
    game = MovieGame(3)
    for number in range(5):
        game.cast_votes(all_on(3, 8))
        play_clean_round(game, (8, 1, 2, 3, 4, 5, 6))   # a mistake, then 6 coloured
        if number < 4:
            game.next_round()
    sheet = json.loads(json.dumps(game.score_sheet()))
    assert sheet["rounds"] == [6, 6, 6, 6, 6] and sheet["total"] == 30
    assert (sheet["stars"], sheet["title"], sheet["row"]) == (4, "Blockbuster!", 4)
    assert "no row for 3 players" in sheet["note"]
