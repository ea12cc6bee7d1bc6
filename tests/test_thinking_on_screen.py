"""What the kiosk shows of the thinking profile and the leaderboard.

The end screen has a line per player of what costs them most ("NOT NOT NOT costs Ana 410 ms"):
a named player's from their kept rounds and this game's, a guest's from this game's rounds,
nothing with too few rounds. The title shows the leaderboard of named players, read from the
state folder when it is entered.
"""

import pytest

from kiosk_helpers import (
    MAX_PASSES,
    choose,
    jump_to,
    kiosk,
    played_to_the_end_screen,
    step_until,
    tap,
)
from companion.games.notnot import data_file as data
from companion.games.notnot.dice import NEGATIONS
from companion.games.notnot.game import Game
from companion.games.notnot.profile import MIN_ROUNDS, profile_of
from companion.games.notnot.record import RoundRecord
from companion.scenes.common.pending_saves import GameRef
from companion.scenes.notnot import thinking_costs
from companion.scenes.notnot.play import NotNotPlay
from companion.storage.database import FILENAME, Database
from companion.storage.games import GameStore
from companion.storage.played_games import keep_played
from companion.storage.players import PlayerStore
from test_thinking_profile import record

MS = 1_000_000


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def rounds_of(seat: int, quick_ms: int, slow_ms: int) -> list:
    """``MIN_ROUNDS`` rounds asking nothing and as many asking NOT NOT NOT, answered by
    ``seat`` at these times."""
    quick = [record([(seat, "N", quick_ms * 1000, "win")]) for _ in range(MIN_ROUNDS)]
    slow = [record([(seat, "N", slow_ms * 1000, "win")], negation="NOT NOT NOT")
            for _ in range(MIN_ROUNDS)]
    return quick + slow


def end_screen(folder, play: NotNotPlay):
    app = kiosk("title", state_dir=folder)
    jump_to(app, "end", play=play)
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    return app, [drawn.text for drawn in app.scene.drawn]


def new_game(players: int = 2) -> Game:
    dice, recipe = data.not_not()
    return Game.new(players, "extreme", 1, dice=dice, recipe=recipe)


def test_a_guest_is_told_what_costs_them_most_from_this_games_rounds(tmp_path):
    play = NotNotPlay(new_game(), ref=None, rounds=rounds_of(1, 400, 810))
    app, texts = end_screen(tmp_path, play)
    assert "NOT NOT NOT costs P1 410 ms" in texts
    assert not any("costs P2" in line for line in texts)    # P2 never answered: too few
    app.screen.close()


def game_seating_ana_after_a_kept_game(folder) -> int:
    """A new game in ``folder`` with Ana in seat 1, after a kept game of hers in seat 2: 150 ms
    slower to NOT NOT NOT than to nothing."""
    with Database.in_folder(folder) as database:
        earlier = [{**item.to_json(), "n": n} for n, item in enumerate(rounds_of(2, 500, 650), 1)]
        keep_played(database, {"level": "extreme"}, {}, earlier,
                    {"winners": [2], "scores": {"1": 0, "2": 5}}, ["Bo", "Ana"])
        game_id = GameStore(database).create(2, {"level": "extreme"}, {"round_no": 0})
        PlayerStore(database).seat(game_id, 1, PlayerStore(database).find("Ana").id)
    return game_id


def test_a_named_player_is_told_what_costs_them_most_from_their_kept_rounds(tmp_path):
    play = NotNotPlay(new_game(), ref=GameRef(game_seating_ana_after_a_kept_game(tmp_path)))
    app, texts = end_screen(tmp_path, play)
    assert "NOT NOT NOT costs Ana 150 ms" in texts
    app.screen.close()


def test_the_winners_are_on_screen_before_the_named_players_kept_rounds_are_read(
        tmp_path, monkeypatch):
    """Reading a busy table's kept rounds takes a second or more on a Pi: the end screen's first
    frame does not wait for it; the named player's line follows in the next frame."""
    game_id = game_seating_ana_after_a_kept_game(tmp_path)
    on_screen_when_read = []
    read = thinking_costs.rounds_of

    def reading(*args, **kwargs):
        on_screen_when_read.append([drawn.text for drawn in getattr(app.scene, "drawn", [])])
        return read(*args, **kwargs)

    monkeypatch.setattr(thinking_costs, "rounds_of", reading)
    app = kiosk("title", state_dir=tmp_path)
    jump_to(app, "end", play=NotNotPlay(new_game(), ref=GameRef(game_id)))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    assert on_screen_when_read and "NOBODY SCORED: no winner" in on_screen_when_read[0]
    assert "NOT NOT NOT costs Ana 150 ms" in [drawn.text for drawn in app.scene.drawn]
    app.screen.close()


def test_nobody_is_told_anything_with_too_few_rounds(tmp_path):
    play = NotNotPlay(new_game(), ref=None, rounds=rounds_of(1, 400, 810)[1:-1])
    app, texts = end_screen(tmp_path, play)
    assert not any(" costs " in line for line in texts)
    app.screen.close()


def test_the_title_shows_the_leaderboard_of_named_players(tmp_path):
    with Database.in_folder(tmp_path) as database:
        for winner in (1, 1, 2):
            keep_played(database, {"level": "normal"}, {}, [],
                        {"winners": [winner], "scores": {"1": 3, "2": 2}}, ["Ana", "Bo"])
    app = kiosk("title", state_dir=tmp_path)
    step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
    # the games there are, each player's wins of those they played
    assert app.scene.subtitle == "Last 3 games:   Ana won 2 of 3   Bo won 1 of 3"
    assert any(drawn.text == app.scene.subtitle for drawn in app.scene.drawn_texts)
    app.screen.close()


def test_the_titles_leaderboard_says_each_players_wins_of_the_games_they_played(tmp_path):
    """``Last 3 games: Ana 2 wins`` read as if Ana had played all three, where one was Bo's and
    Cy's: a player's wins are said of the games they sat in."""
    with Database.in_folder(tmp_path) as database:
        for names, winner in ((["Ana", "Bo"], 1), (["Ana", "Bo"], 1), (["Bo", "Cy"], 2)):
            keep_played(database, {"level": "normal"}, {}, [],
                        {"winners": [winner], "scores": {"1": 3, "2": 2}}, names)
    app = kiosk("title", state_dir=tmp_path)
    step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
    assert app.scene.subtitle == "Last 3 games:   Ana won 2 of 2   Cy won 1 of 1   Bo won 0 of 3"
    shown = " ".join(drawn.text for drawn in app.scene.drawn_texts)
    assert "Ana won 2 of 2" in shown and "Bo won 0 of 3" in shown
    app.screen.close()


def test_a_title_with_no_games_kept_shows_its_tagline_and_makes_no_database(tmp_path):
    app = kiosk("title", state_dir=tmp_path)
    step_until(app, lambda: app.scene.name == "title" and not app.scene.dirty)
    assert app.scene.subtitle == app.scene.tagline
    assert not (tmp_path / FILENAME).exists()
    app.screen.close()


def test_beyond_four_players_two_share_a_row_of_the_end_screen(tmp_path):
    rounds = [item for seat in range(1, 7) for item in rounds_of(seat, 400, 500 + seat * 10)]
    app, texts = end_screen(tmp_path, NotNotPlay(new_game(6), ref=None, rounds=rounds))
    rows = [line for line in texts if " costs " in line]
    assert len(rows) == 3
    assert all(f"costs P{seat} {100 + seat * 10} ms" in " ".join(rows) for seat in range(1, 7))
    app.screen.close()


def test_a_whole_kiosk_game_ends_with_the_line_its_saved_rounds_give(tmp_path):
    """Through the real loop: P1 answers every round, slower the more negations the dice show;
    the end screen's line is the one the profile of the saved rounds gives."""
    app = kiosk("setup", state_dir=tmp_path, seed=3, players=2, level="normal")
    choose(app, "Start")
    played_to_the_end_screen(app, lambda round_: [tap(
        1, round_.ruling.valid[0].value,
        round_.t_open_ns + (20 + 15 * NEGATIONS[round_.roll.negation]) * MS)])
    with Database.in_folder(tmp_path) as database:
        [saved] = GameStore(database).finished()
    cost = profile_of([(RoundRecord.from_json(item), 1) for item in saved.rounds]).costliest()
    assert cost is not None and cost.condition == "negations-3"   # the slowest answers
    assert cost.line("P1") in [drawn.text for drawn in app.scene.drawn]
    app.screen.close()


#: A table of eight regulars (their names fill two lines of the end screen's scores).
REGULARS = ["Alexandrina", "Bartholomew", "Christopher", "Dominique", "Evangeline",
            "Fitzgerald", "Gwendolyn", "Hildegarde"]


def eight_regulars_end_screen(folder, size, with_costs=True):
    """The end screen of eight regulars' game on a ``size`` screen, each
    with a line of what costs them most (``costs Christopher 130 ms``; none without
    ``with_costs``: too few rounds to tell) and a row on the chart."""
    with Database.in_folder(folder) as database:
        game_id = GameStore(database).create(8, {"level": "extreme"}, {"round_no": 0})
        roster = PlayerStore(database)
        for seat, name in enumerate(REGULARS, 1):
            roster.seat(game_id, seat, roster.add(name).id)
    rounds = [item for seat in range(1, 9) for item in rounds_of(seat, 400, 500 + seat * 10)
              if with_costs]
    reactions = {seat: [400.0, 500.0 + seat * 10] for seat in range(1, 9)}
    app = kiosk("title", state_dir=folder, size=size, players=8,
                names=dict(enumerate(REGULARS, 1)))
    jump_to(app, "end", play=NotNotPlay(new_game(8), ref=GameRef(game_id), rounds=rounds,
                                        reactions=reactions))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    return app


def test_an_end_screen_with_no_line_to_show_stays_one_page_the_chart(tmp_path):
    """Eight players with too few rounds to tell what costs them: the chart alone, never a
    second page with nothing on it turning over it every 8 s."""
    app = eight_regulars_end_screen(tmp_path, (800, 480), with_costs=False)
    assert app.scene.drawn[-1].text == "reaction times (ms from the dice landing)   E new game"
    assert frames_for(app, 20) == []
    app.screen.close()


def frames_for(app, seconds: float) -> list[tuple[float, list]]:
    """Each frame the kiosk draws in the next ``seconds`` of its loop's clock, nobody pressing
    anything: when (seconds from now) and the texts it drew."""
    start_ns, frames, drawn = app.clock(), [], app.scene.drawn
    for _ in range(MAX_PASSES):
        if app.clock() >= start_ns + seconds * 1e9:
            return frames
        app.step()
        if app.scene.drawn is not drawn:
            drawn = app.scene.drawn
            frames.append(((app.clock() - start_ns) / 1e9, list(drawn)))
    raise AssertionError(f"the loop never waited in {MAX_PASSES} passes")


def costs_in(texts: list) -> list[str]:
    return [drawn.text for drawn in texts if drawn.text.startswith("NOT NOT NOT costs")]


def test_eight_players_on_the_7_inch_screen_read_what_costs_each_of_them_on_a_second_page(
        tmp_path):
    """On the Pi's 800x480 screen the chart of eight regulars took the room of their lines, none
    shown: the chart stands alone on a first page, then every player's line, one a line, larger
    than over a chart, on a second (the winners on both)."""
    app = eight_regulars_end_screen(tmp_path, (800, 480))
    chart = app.scene.drawn
    assert len([d for d in chart if d.text.endswith(" ms")]) == 8 and costs_in(chart) == []
    costs = next((texts for _, texts in frames_for(app, 10) if costs_in(texts)), [])
    assert costs_in(costs) == [f"NOT NOT NOT costs {name} {110 + i * 10} ms"
                               for i, name in enumerate(REGULARS)]
    assert all(d.size > app.ctx.services.layout.small_size for d in costs
               if d.text in costs_in(costs))
    assert all("NOBODY SCORED: no winner" in [d.text for d in page] for page in (chart, costs))
    assert [d.text for d in (chart[-1], costs[-1])] == [
        "reaction times (ms from the dice landing)   E new game   1/2",
        "what costs each player most   E new game   2/2"]
    app.screen.close()


def test_an_end_screen_in_pages_turns_them_by_itself_every_8_s_round_and_round(tmp_path):
    """Nobody at the table has to press anything to read the second page (E starts a new game):
    the pages turn every 8 s, back to the chart after the lines."""
    app = eight_regulars_end_screen(tmp_path, (800, 480))
    turns = [(round(at), bool(costs_in(texts))) for at, texts in frames_for(app, 20)]
    assert turns == [(8, True), (16, False)]
    app.screen.close()
