"""Not That Movie!: the secret vote on the pads, one test per rule."""

import pytest
from hypothesis import given, settings, strategies as st

from companion.games.movie.voting import SecretVote


def press(vote, player, sides):
    return [vote.press(player, side) for side in sides]


def choose(vote, player, screen):
    """Press N (screen-1) times, then E: the counted way to pick ``screen``."""
    return press(vote, player, "N" * (screen - 1) + "E")


def vote_of_player_1(vote):
    """Player 1's screens once players 2 and 3 have voted for screen 1."""
    press(vote, 2, "E")
    press(vote, 3, "E")
    return vote.votes()[1]


def test_every_disc_starts_at_screen_one():
    vote = SecretVote(3)
    for player in (1, 2, 3):
        press(vote, player, "E")
    assert vote.votes() == {1: (1,), 2: (1,), 3: (1,)}


def test_north_steps_up_and_south_steps_down_one_screen():
    vote = SecretVote(3)
    press(vote, 1, "NNNNE")
    press(vote, 2, "NNNSE")
    choose(vote, 3, 8)
    assert vote.votes() == {1: (5,), 2: (3,), 3: (8,)}


def test_the_screen_number_wraps_round_between_eight_and_one():
    vote = SecretVote(3)
    press(vote, 1, "SE")
    press(vote, 2, "NNNNNNNNE")
    press(vote, 3, "SSNNE")
    assert vote.votes() == {1: (8,), 2: (1,), 3: (1,)}


def test_east_confirms_the_vote():
    vote = SecretVote(3)
    assert press(vote, 2, "NE") == ["stepped", "voted"]
    assert vote.has_voted(2) and vote.voted == (2,)


def test_west_takes_back_a_confirmed_vote_and_restarts_the_count():
    vote = SecretVote(3)
    choose(vote, 1, 6)
    assert vote.press(1, "W") == "taken-back"
    assert not vote.has_voted(1)
    press(vote, 1, "NE")
    assert vote_of_player_1(vote) == (2,)


def test_west_before_confirming_restarts_the_count_at_screen_one():
    vote = SecretVote(3)
    assert press(vote, 1, "NNNW") == ["stepped", "stepped", "stepped", "restarted"]
    press(vote, 1, "NE")
    assert vote_of_player_1(vote) == (2,)


def test_a_player_who_has_voted_cannot_step_until_they_go_back():
    vote = SecretVote(3)
    choose(vote, 1, 4)
    assert press(vote, 1, "NSE") == ["ignored"] * 3
    assert vote_of_player_1(vote) == (4,)


def test_two_players_confirm_two_discs_each():
    vote = SecretVote(2)
    assert choose(vote, 1, 3)[-1] == "confirmed"
    assert vote.confirmed(1) == 1 and not vote.has_voted(1)
    assert choose(vote, 1, 7)[-1] == "voted"
    choose(vote, 2, 1)
    choose(vote, 2, 2)
    assert vote.votes() == {1: (3, 7), 2: (1, 2)}


def test_two_players_cannot_choose_the_same_title_on_both_discs():
    vote = SecretVote(2)
    choose(vote, 1, 5)
    assert choose(vote, 1, 5)[-1] == "same-title"
    assert vote.confirmed(1) == 1


def test_votes_are_revealed_only_when_everyone_has_voted():
    vote = SecretVote(4)
    for player in (1, 2, 4):
        choose(vote, player, player)
    assert not vote.complete
    with pytest.raises(ValueError, match=r"players \[3\] have not voted"):
        vote.votes()
    choose(vote, 3, 8)
    assert vote.complete and vote.votes()[3] == (8,)


def test_presses_from_pads_not_in_the_game_are_ignored():
    vote = SecretVote(3)
    assert press(vote, 5, "NEW") == ["ignored"] * 3
    assert vote.voted == ()


def public_view(vote):
    """Everything the screen may show before the reveal."""
    return vote.voted, vote.complete, [vote.confirmed(p) for p in range(1, vote.players + 1)]


screens_of_two_tables = st.lists(st.integers(1, 8), min_size=2, max_size=2, unique=True)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(2, 7), st.data())
def test_the_screen_learns_who_has_voted_never_what(players, data):
    """Two tables voting for different screens look the same until the reveal."""
    left, right = SecretVote(players), SecretVote(players)
    for player in range(1, players + 1):
        discs = data.draw(st.lists(screens_of_two_tables, min_size=left.discs,
                                   max_size=left.discs, unique_by=lambda pair: pair[0]))
        if left.discs == 2 and discs[0][1] == discs[1][1]:
            discs[1] = [discs[1][0], discs[0][1] % 8 + 1]
        for screen_left, screen_right in discs:
            before = public_view(left)
            steps_left = set(press(left, player, "N" * (screen_left - 1)))
            steps_right = set(press(right, player, "N" * (screen_right - 1)))
            assert steps_left | steps_right <= {"stepped"}
            assert public_view(left) == public_view(right) == before
            assert left.press(player, "E") == right.press(player, "E")
            assert public_view(left) == public_view(right) != before
    assert left.votes() != right.votes()
