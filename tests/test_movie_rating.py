"""Not That Movie!: the rating table, and `companion movie-rating` as its oracle."""

import json

import pytest

from companion.cli import main
from companion.games.movie.rating import rate

#: The rulebook's scoring table, as printed: players -> ranges for 1 to 5 stars.
RULEBOOK_TABLE = """
| 7 | 0 - 13 | 14 - 17 | 18 - 22 | 23 - 33 | 34 - 40 |
| 6 | 0 - 14 | 15 - 18 | 19 - 23 | 24 - 34 | 35 - 40 |
| 5 | 0 - 15 | 16 - 20 | 21 - 25 | 26 - 35 | 36 - 40 |
| 4 | 0 - 16 | 17 - 21 | 22 - 26 | 27 - 36 | 37 - 40 |
"""
TITLES = ["Box Office Flop!", "One-Night Movie!", "Worthy Film!", "Blockbuster!",
          "Oscar Laureate!"]


def rulebook_cases():
    """(players, total, stars) for every total of every row of the table."""
    for line in RULEBOOK_TABLE.strip().splitlines():
        players, *ranges = [cell.strip() for cell in line.strip("|").split("|")]
        for stars, cell in enumerate(ranges, 1):
            low, high = (int(n) for n in cell.split("-"))
            for total in range(low, high + 1):
                yield int(players), total, stars


CASES = list(rulebook_cases())


def test_the_table_covers_every_total_from_0_to_40_for_each_row():
    for players in (4, 5, 6, 7):
        assert sorted(t for p, t, _ in CASES if p == players) == list(range(41))


@pytest.mark.parametrize("players, total, stars", CASES)
def test_the_total_after_five_rounds_earns_the_stars_and_title_of_its_row(players, total, stars):
    rating = rate(players, total)
    assert (rating.stars, rating.title, rating.row, rating.note) == \
        (stars, TITLES[stars - 1], players, "")


@pytest.mark.parametrize("players", [2, 3])
def test_two_and_three_players_are_rated_on_the_four_player_row_and_told_so(players):
    for four, total, stars in CASES:
        if four == 4:
            rating = rate(players, total)
            assert (rating.stars, rating.row) == (stars, 4)
            assert f"no row for {players} players" in rating.note


@pytest.mark.parametrize("players, total", [(1, 10), (8, 10), (4, -1), (4, 41)])
def test_no_rating_outside_2_to_7_players_or_0_to_40_points(players, total):
    with pytest.raises(ValueError):
        rate(players, total)


def run_cli(capsys, *argv):
    try:
        code = main(["movie-rating", *argv])
    except SystemExit as stop:      # argparse refuses bad arguments by exiting
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("players, total, stars", [(7, 34, 5), (5, 20, 2), (4, 0, 1), (6, 24, 4)])
def test_movie_rating_prints_stars_and_title_as_one_json_line(capsys, players, total, stars):
    code, out, err = run_cli(capsys, "--players", str(players), "--total", str(total))
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    assert json.loads(out) == {"stars": stars, "title": TITLES[stars - 1]}


def test_movie_rating_for_three_players_says_it_used_the_four_player_row(capsys):
    code, out, err = run_cli(capsys, "--players", "3", "--total", "22")
    assert code == 0 and json.loads(out) == {"stars": 3, "title": "Worthy Film!"}
    assert "4-player row" in err


@pytest.mark.parametrize("argv, message", [
    (["--players", "8", "--total", "20"], "argument --players: 8 players: choose 2 to 7"),
    (["--players", "1", "--total", "20"], "argument --players: 1 player: choose 2 to 7"),
    (["--players", "4", "--total", "41"], "argument --total: 41 points: choose 0 to 40"),
    (["--players", "4", "--total", "-3"], "argument --total: -3 points: choose 0 to 40"),
    (["--players", "four", "--total", "20"], "argument --players: 'four' is not a whole number"),
    (["--players", "4", "--total", "12.5"], "argument --total: '12.5' is not a whole number"),
    (["--players", "4", "--total", ""], "argument --total: '' is not a whole number"),
    (["--players", "4"], "the following arguments are required: --total"),
])
def test_movie_rating_refuses_bad_input_with_one_clear_line(capsys, argv, message):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("companion movie-rating: ")
    assert message in err
