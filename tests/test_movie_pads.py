"""Not That Movie! on the pads: presses in, moves out, whole games by presses."""

import pytest

from companion.games.movie.pads import MoviePads
from companion.games.movie.rules import MovieGame


def press(pads, player, sides):
    return [pads.press(player, side) for side in sides]


def vote(pads, votes):
    """Every player votes on their pad by counting: N (screen-1) times, then E."""
    said = []
    for player, screens in votes.items():
        for screen in screens:
            said += press(pads, player, "N" * (screen - 1) + "E")
    return said[-1]


def place(pads, screen):
    """The holder points at ``screen`` with N and places the token with E."""
    holder = pads.game.holder
    for _ in range(8):
        if pads.pointer == screen:
            break
        pads.press(holder, "N")
    assert pads.pointer == screen
    assert pads.press(holder, "E") == "placed"
    return pads.last


def test_the_votes_lock_when_the_last_player_confirms():
    pads = MoviePads(MovieGame(3))
    assert vote(pads, {1: (2,), 2: (3,)}) == "voted"
    assert pads.game.phase == "voting"
    assert vote(pads, {3: (4,)}) == "votes-locked"
    assert pads.game.phase == "placing"


def test_only_the_holder_places_a_token():
    pads = MoviePads(MovieGame(3, first_holder=2))
    vote(pads, {1: (1,), 2: (1,), 3: (1,)})
    assert press(pads, 1, "NSE") == ["ignored"] * 3
    assert pads.press(2, "E") == "placed" and pads.last.holder == 2


def test_the_holder_points_only_at_screens_without_a_token():
    pads = MoviePads(MovieGame(3))
    vote(pads, {1: (8,), 2: (8,), 3: (8,)})
    place(pads, 2)
    holder = pads.game.holder
    assert pads.pointer == 1
    pads.press(holder, "N")
    assert pads.pointer == 3
    pads.press(holder, "S")
    pads.press(holder, "S")
    assert pads.pointer == 8


def test_the_answer_is_nobody_voted_or_a_mistake_naming_only_its_voters():
    pads = MoviePads(MovieGame(4))
    vote(pads, {1: (3,), 2: (5,), 3: (3,), 4: (6,)})
    assert place(pads, 1).coloured
    mistake = place(pads, 3)
    assert mistake.mistake and mistake.voters == (1, 3)


def test_with_physical_discs_east_is_nobody_voted_and_south_is_a_mistake():
    pads = MoviePads(MovieGame(4, voting="discs"))
    assert pads.game.phase == "placing"
    assert pads.press(1, "E") == "placed" and pads.last.coloured
    assert pads.press(2, "S") == "placed" and pads.last.mistake
    assert pads.game.holder == 2


def test_west_on_the_pad_of_the_last_placer_takes_the_token_back():
    pads = MoviePads(MovieGame(4, voting="discs"))
    pads.press(1, "E")
    assert pads.press(2, "W") == "ignored"
    assert pads.press(1, "W") == "undone"
    assert pads.game.round.placements == [] and pads.game.holder == 1


def test_the_last_token_is_the_games_own_in_a_machine_built_over_a_restored_game():
    """A power cut rebuilds the machine over the kept game: its last token, whose placer may
    take it back, is the same; a new round has none to take back."""
    pads = MoviePads(MovieGame(4))
    vote(pads, {1: (8,), 2: (8,), 3: (7,), 4: (7,)})
    place(pads, 1)
    mistake = place(pads, 8)
    again = MoviePads(MovieGame.restore(pads.game.snapshot()))
    assert again.last == mistake and mistake.holder == 2 and mistake.mistake
    assert again.press(2, "W") == "undone" and again.last.screen == 1
    place(again, 8)
    place(again, 7)                                       # the second mistake ends the round
    assert again.press(1, "E") == "next-round" and again.last is None
    vote(again, {1: (8,), 2: (8,), 3: (7,), 4: (7,)})
    assert again.game.holder == 2 and again.press(2, "W") == "ignored"


def test_east_on_any_pad_starts_the_next_round_with_a_fresh_secret_vote():
    pads = MoviePads(MovieGame(3))
    vote(pads, {1: (1,), 2: (2,), 3: (3,)})
    place(pads, 1)
    place(pads, 2)
    assert pads.game.phase == "round-over"
    assert pads.press(3, "E") == "next-round"
    assert pads.game.phase == "voting" and pads.vote.voted == ()


def play(players, script, first_holder=1):
    """Play a whole game on the pads: per round, the votes and the screens placed."""
    pads = MoviePads(MovieGame(players, first_holder=first_holder))
    for number, (votes, screens) in enumerate(script, 1):
        assert vote(pads, votes) == "votes-locked"
        for screen in screens:
            place(pads, screen)
        assert pads.game.phase == ("game-over" if number == 5 else "round-over")
        if number < 5:
            pads.press(1, "E")
    return pads.game


def test_a_whole_five_player_game_on_the_pads_scores_as_the_rulebook_says():
    on_8 = {p: (8,) for p in range(1, 6)}
    split = {1: (1,), 2: (2,), 3: (2,), 4: (7,), 5: (8,)}
    game = play(5, [
        (on_8, (1, 2, 3, 4, 5, 6, 7)),   # all 7 coloured + 1 bonus        = 8
        (split, (3, 1, 4, 2)),           # 3, mistake, 4, second mistake   = 2
        (split, (3, 4, 5, 6, 7, 1)),     # 4 coloured, then two mistakes    = 4
        (on_8, (8, 1, 2, 3, 4, 5, 6)),   # a mistake then 6 coloured        = 6
        (split, (1, 2)),                 # two mistakes straight away       = 0
    ])
    assert [score.points for score in game.scores] == [8, 2, 4, 6, 0]
    assert game.total() == 20
    rating = game.rating()
    assert (rating.stars, rating.title) == (2, "One-Night Movie!")   # 5 players: 16-20


def test_a_whole_two_player_game_on_the_pads_scores_as_the_rulebook_says():
    discs = {1: (7, 8), 2: (8, 7)}
    game = play(2, [
        (discs, (1, 2, 3, 4, 5, 6)),     # all 6, no mistake: 6 + 2 bonus  = 8
        (discs, (8, 1, 2, 3, 4, 5)),     # a mistake, then 5 coloured      = 5
        (discs, (1, 2, 3, 4, 5, 6)),     #                                 = 8
        (discs, (7, 1, 8)),              # 1 coloured between two mistakes = 1
        (discs, (1, 2, 3, 4, 5, 6)),     #                                 = 8
    ])
    assert [score.points for score in game.scores] == [8, 5, 8, 1, 8]
    assert game.total() == 30
    rating = game.rating()
    assert (rating.stars, rating.row) == (4, 4) and "no row for 2 players" in rating.note
