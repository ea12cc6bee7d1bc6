"""Why a game of Not Not is over, said where a table may not see it.

The rulebook: "When there are no longer enough cards in the central deck to fill the 4 spots
around it, the game is over." A tie that takes three cards can end it with cards still in the
deck (its count says 2): the end screen, and the phone page at the game's end, say why in one
line, in the words ``companion simulate`` gives (``the deck cannot fill the 3 empty spots: its
2 cards left are 2 portal cards``). A game whose deck ran out says nothing more: the table sees
it empty.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from kiosk_helpers import (
    MAX_PASSES,
    choose,
    game_of,
    jump_to,
    kiosk,
    played_to_the_end_screen,
    step_until,
)
from test_thinking_on_screen import rounds_of
from companion.games.notnot import data_file as data
from companion.games.notnot.deck import why_it_cannot_fill
from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.taps import Tap
from companion.scenes.notnot.play import NotNotPlay
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.notnot_saves import NewGame, RoundSave

MS = 1_000_000
#: The tester's game: three players, Extreme, seed 21, the companion deals. Tied near the end of
#: the deck, it ends with 2 cards in the deck and 3 empty spots.
PLAYERS, LEVEL, SEED = 3, "extreme", 21
WHY = "The deck cannot fill the 3 empty spots: its 2 cards left are 2 portal cards"
#: A game that ends with the longest words: seed 12 (at any table of three or more).
LONGEST_SEED = 12
LONGEST = ("The deck cannot fill the 3 empty spots: its 3 cards left are 1 portal card and 2 "
           "voids, and one void at most may lie on the table")
#: How a game of seed 1 ends at a table of two.
TWO_SEED, TWO = 1, "The deck cannot fill the 2 empty spots: its 1 card left is 1 portal card"
#: Fewer cards than this in the deck, and the players tie on as many valid cards as they can.
TIES_BELOW = 8
#: The screens the end screen is drawn on: size and rotation.
SCREENS = [((800, 480), 0), ((1280, 720), 0), ((1920, 1080), 0), ((800, 480), 90)]


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def new_game(players: int = PLAYERS, seed: int = SEED) -> Game:
    dice, recipe = data.not_not()
    return Game.new(players, LEVEL, seed, dice=dice, recipe=recipe)


def answers(game: Game, valid: tuple, t_ns: int) -> list[Tap]:
    """This round's answers: the player whose turn it is taps the first valid card at ``t_ns``;
    with fewer than :data:`TIES_BELOW` cards in the deck the next players tap the next valid
    cards 10 µs later each (a tie, each on a card of their own: each takes it)."""
    players = game.players
    tied = min(len(valid), players, 3) if len(game.deck) < TIES_BELOW else 1
    return [Tap((game.round_no + i) % players + 1, valid[i], t_ns + i * 10_000, "test")
            for i in range(tied)]


def played_to_its_end(game: Game) -> Iterator[RoundRecord]:
    """``game`` played through the rules to its end (:func:`answers` each round): each round's
    record as it is finished."""
    while not game.over:
        round_ = game.open_round(game.next_roll(), 0)
        if round_.ruling.tap:
            for answer in answers(game, round_.ruling.valid, 200 * MS):
                round_.offer(answer)
        yield game.finish_round(round_)


def ended(players: int, seed: int) -> Game:
    """A game of ``players`` and ``seed`` played through the rules to its end."""
    game = new_game(players, seed)
    for _ in played_to_its_end(game):
        pass
    return game


def kiosk_played_to_its_end(app) -> None:
    """The table plays the kiosk's game through its real loop to the end screen, each round's
    answers :func:`answers`, 20 ms after the dice land."""
    played_to_the_end_screen(app, lambda round_: answers(game_of(app), round_.ruling.valid,
                                                          round_.t_open_ns + 20 * MS))


def texts(app) -> list[str]:
    return [drawn.text for drawn in app.scene.drawn]


def test_a_game_over_with_cards_left_in_its_deck_says_why_on_the_end_screen(tmp_path):
    """The tester's game through the kiosk's real loop: the last round's tie takes three cards
    and leaves two in the deck; the end screen says why the game is over, in simulate's words."""
    app = kiosk("setup", state_dir=tmp_path, seed=SEED, players=PLAYERS, level=LEVEL)
    choose(app, "Start")
    kiosk_played_to_its_end(app)
    game = game_of(app)
    assert len(game.deck) == 2
    assert why_it_cannot_fill(game.table, game.deck) == WHY[0].lower() + WHY[1:]
    assert WHY in texts(app)
    assert texts(app)[0].startswith("WINNER")
    app.screen.close()


def end_screen(folder, game: Game, size=(800, 480), rotation=0, costs=True):
    """The end screen of ``game`` on a ``size`` screen turned by ``rotation``: each player with
    a row on the chart, and with ``costs`` a line of what costs them most."""
    players = game.players
    rounds = [item for seat in range(1, players + 1) for item in rounds_of(seat, 400, 500 + seat)
              if costs]
    reactions = {seat: [400.0, 500.0 + seat] for seat in range(1, players + 1)}
    app = kiosk("title", state_dir=folder, size=size, rotation=rotation, players=players)
    jump_to(app, "end", play=NotNotPlay(game, ref=None, rounds=rounds, reactions=reactions))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    return app


def pages_of(app) -> list[list]:
    """What each page of the end screen draws: the first, then the second (if it has one)."""
    pages, start_ns = [list(app.scene.drawn)], app.clock()
    for _ in range(MAX_PASSES):
        if app.scene.pages == 1 or app.clock() > start_ns + 10e9:
            return pages
        app.step()
        if app.scene.page == 1 and not app.scene.dirty:
            return pages + [list(app.scene.drawn)]
    raise AssertionError(f"the loop never waited in {MAX_PASSES} passes")


def split_at_why(page: list, why: str) -> tuple[list, list, list]:
    """The texts ``page`` draws before the words ``why``, the lines of ``why`` (one, or the
    lines it wraps to), and the texts after them."""
    start = next(i for i, d in enumerate(page) if d.text.startswith(why.split()[0]))
    end = next(end for end in range(start + 1, len(page) + 1)
               if " ".join(d.text for d in page[start:end]) == why)
    return page[:start], page[start:end], page[end:]


@pytest.mark.parametrize("size,rotation", SCREENS)
def test_why_the_game_is_over_stands_between_the_winners_and_the_chart_on_every_screen(
        tmp_path, size, rotation):
    """2 to 12 players, each with a line of what costs them: the longest words stand whole on the
    screen, under the winners and the scores and over the chart, on the chart's page where they
    stand with the chart's rows, else on the page of lines (the winners on both); they cover
    no other text."""
    for players in range(2, 13):
        seed, words = (TWO_SEED, TWO) if players == 2 else (LONGEST_SEED, LONGEST)
        app = end_screen(tmp_path, game := ended(players, seed), size, rotation)
        pages = pages_of(app)
        shown = [page for page in pages if any(d.text.startswith("The deck") for d in page)]
        assert len(shown) == 1, f"{players} players: on {len(shown)} of {len(pages)} pages"
        page = shown[0]
        screen = pygame.Rect((0, 0), app.screen.canvas.get_size())
        above, lines, below = split_at_why(page, words)
        assert above[0].text.startswith(("WINNER", "NOBODY")) and above[-1].text.endswith(
            f"P{players} {game.scores()[players]}")
        assert all(screen.contains(d.rect) for d in lines)
        assert all(d.rect.top >= above[-1].rect.bottom for d in lines)
        assert all(d.rect.top >= lines[-1].rect.bottom for d in below)
        assert all(all(not d.rect.colliderect(o.rect) for o in above + below) for d in lines)
        app.screen.close()


def test_eight_players_on_the_7_inch_screen_read_why_the_game_is_over_with_their_costs(
        tmp_path):
    """Eight players at 800x480: the chart of eight rows keeps its room (first page, alone, as
    without the words); the second page says why the game is over, then what costs each."""
    app = end_screen(tmp_path, ended(8, LONGEST_SEED))
    chart, lines = pages_of(app)
    assert not any(d.text.startswith("The deck") for d in chart)
    assert len([d for d in chart if d.text.endswith(" ms")]) == 8
    above, why, below = split_at_why(lines, LONGEST)
    assert [d.text for d in below][:-1] == [f"NOT NOT NOT costs P{seat} {100 + seat} ms"
                                            for seat in range(1, 9)]
    said = [d.text for d in lines]
    assert said[-1] == "what costs each player most   E new game   2/2"
    app.screen.close()


def test_eight_players_without_costs_read_why_the_game_is_over_on_a_page_of_its_own(tmp_path):
    app = end_screen(tmp_path, ended(8, LONGEST_SEED), costs=False)
    chart, lines = pages_of(app)
    assert chart[-1].text == "reaction times (ms from the dice landing)   E new game   1/2"
    above, why, below = split_at_why(lines, LONGEST)
    assert [d.text for d in below] == ["why the game is over   E new game   2/2"]
    app.screen.close()


def test_a_game_over_with_its_deck_empty_says_nothing_more(tmp_path):
    """One winner a round: the deck runs out, which the table sees; no line says why."""
    game = new_game()
    while not game.over:
        round_ = game.open_round(game.next_roll(), 0)
        if round_.ruling.tap:
            round_.offer(Tap(1, round_.ruling.valid[0], 200 * MS, "test"))
        game.finish_round(round_)
    assert game.deck == []
    app = end_screen(tmp_path, game, costs=False)
    assert not any(line.startswith("The deck") for line in texts(app))
    app.screen.close()


def test_a_game_ended_early_says_nothing_more(tmp_path):
    game = new_game()
    for _ in range(5):
        round_ = game.open_round(game.next_roll(), 0)
        game.finish_round(round_)
    app = end_screen(tmp_path, game, costs=False)
    assert "ended early" in texts(app)[1]
    assert not any(line.startswith("The deck") for line in texts(app))
    app.screen.close()


def saved_to_its_end(folder) -> Game:
    """The tester's game played through the rules to its end (:func:`played_to_its_end`), its
    rounds saved in ``folder`` one by one as the kiosk saves them, the last with the result."""
    game = new_game()
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        game_id = NewGame.of(game).create(store)
        for record in played_to_its_end(game):
            RoundSave.of(game, record).write(store, game_id)
    return game


def test_the_phone_page_says_why_a_game_over_with_cards_left_in_its_deck_ended(tmp_path):
    pytest.importorskip("flask")
    from companion.web.app import create_app
    from companion.web.watcher import SaveWatcher
    assert len(saved_to_its_end(tmp_path).deck) == 2
    page = create_app(tmp_path, SaveWatcher(tmp_path)).test_client().get("/live").text
    assert f'<p class="outcome-why" id="outcome-why">{WHY}</p>' in page
    assert page.index('id="outcome"') < page.index('id="outcome-why"')
