"""The set-up menus' Resume items describe the kept game, and the set-up shows its choices."""

import pytest

from kiosk_helpers import kiosk, step_until, tap
from companion.games.hat.rules import HatGame
from companion.games.movie.rules import MovieGame
from companion.storage.bookkeeping import KeptGame
from companion.storage.database import Database
from companion.storage.players import PlayerStore


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def keep(folder, game, settings, names=()):
    """Keep ``game`` unfinished in ``folder``'s state database, as a power cut leaves it, with
    the kept players ``names`` in its first seats."""
    with Database.in_folder(folder) as database:
        store = PlayerStore(database)
        seats = {seat: store.add(name).id for seat, name in enumerate(names, start=1)}
        kept = KeptGame.start(database, game, settings, seats)
        kept.moved()
        kept.sync(database)


def test_the_not_not_resume_item_names_the_kept_games_players_round_and_level(tmp_path):
    first = kiosk("setup", state_dir=tmp_path, players=3, level="hard", deals="table")
    for _ in range(len(first.scene.items()) - 2):
        first.post(tap(1, "S"))
    first.post(tap(1, "E"))                                  # Start: the game is kept
    step_until(first, lambda: first.scene.name == "entry")
    first.screen.close()                                     # the power went
    again = kiosk("setup", state_dir=tmp_path)               # 4 players, first game, companion
    items = again.scene.items()
    assert items[0] == "Resume the game in progress: round 1, hard, 3 players"
    assert items[1:5] == ["Level: hard", "Players: 3", "Names: all guests", "Deals: table"]


def test_the_set_up_that_offers_to_resume_a_kept_game_does_not_call_itself_a_new_game(tmp_path):
    fresh = kiosk("setup", state_dir=tmp_path)
    fresh.step()
    assert fresh.scene.drawn_texts[0].text == "Not Not: new game"   # nothing kept: a new game
    for _ in range(len(fresh.scene.items()) - 2):
        fresh.post(tap(1, "S"))
    fresh.post(tap(1, "E"))                                  # Start: the game is kept
    step_until(fresh, lambda: fresh.scene.name == "deal")
    fresh.screen.close()                                     # the power went
    again = kiosk("setup", state_dir=tmp_path)
    again.step()
    assert again.scene.items()[0].startswith("Resume the game in progress")
    assert again.scene.drawn_texts[0].text == "Not Not: resume or new game"


def test_the_movie_resume_item_describes_the_kept_game_and_the_set_up_shows_its_choices(tmp_path):
    game = MovieGame(3, "pads", 2)
    game.cast_votes({1: (4,), 2: (5,), 3: (6,)})
    game.place(4)                                            # a mistake: P1 voted for it
    keep(tmp_path, game, {"voting": "pads", "first_holder": 2, "team": "Matinee"})
    app = kiosk("movie-setup", state_dir=tmp_path)
    items = app.scene.items()
    assert items[0] == "Resume the game in progress: Matinee, 3 players, round 1 of 5, 0 points"
    assert items[1:6] == ["Players: 3", "Names: all guests", "Votes: on the pads",
                          "Tokens start with: P2", "Team: Matinee"]


def test_the_hat_resume_item_describes_the_kept_game_and_the_set_up_shows_its_choices(tmp_path):
    game = HatGame(4, multi_round=True, two_gifts=False, special_cards=True)
    game.give(1, "left")
    game.refuse("giver")                                     # P1 was wrong: one penalty point
    keep(tmp_path, game, {"multi_round": True, "two_gifts": False, "special_cards": True})
    app = kiosk("hat-setup", state_dir=tmp_path)
    items = app.scene.items()
    assert items[0] == ("Resume the game in progress: 4 players, round 1 of 4, "
                        "penalties P1 1, P2 0, P3 0, P4 0")
    assert items[1:6] == ["Players: 4", "Names: all guests", "Rounds: as many as players",
                          "Gifts each: one", "Special cards: with"]


def test_the_hat_resume_item_names_whose_penalties_they_are(tmp_path):
    game = HatGame(3, multi_round=False, two_gifts=False, special_cards=False)
    game.give(1, "left")
    game.refuse("giver")                                     # Ana was wrong: one penalty point
    keep(tmp_path, game, {"multi_round": False}, names=["Ana", "Bo"])
    app = kiosk("hat-setup", state_dir=tmp_path, players=3)
    assert app.scene.items()[0] == ("Resume the game in progress: 3 players, round 1 of 1, "
                                    "penalties Ana 1, Bo 0, P3 0")


def test_the_hat_resume_item_of_a_long_table_names_who_has_the_most_penalties(tmp_path):
    game = HatGame(8, multi_round=False, two_gifts=False, special_cards=False)
    game.give(1, "left")
    game.refuse("giver")
    keep(tmp_path, game, {"multi_round": False}, names=["Bartholomew", "Maximiliano"])
    app = kiosk("hat-setup", state_dir=tmp_path, players=8)
    assert app.scene.items()[0] == ("Resume the game in progress: 8 players, round 1 of 1, "
                                    "most penalties: Bartholomew 1")


SIZES = [(800, 480), (1024, 600), (1920, 1080)]


def ink(drawn):
    """Where the glyphs of ``drawn`` lie (its line box less the font's empty leading)."""
    from companion.display import text

    picture = text.image(drawn.text, drawn.size, drawn.ink)
    return picture.get_bounding_rect().move(drawn.rect.topleft)


@pytest.mark.parametrize("rotation", [0, 90])
@pytest.mark.parametrize("size", SIZES)
def test_every_menu_items_words_lie_inside_its_box_the_longest_resume_items_too(
        tmp_path, size, rotation):
    from companion.kiosk.assemble import KioskOptions, build_kiosk
    from companion.scenes.changes import ToMovieSetup

    game = MovieGame(3, "pads", 2)
    keep(tmp_path, game, {"voting": "pads", "first_holder": 2, "team": "The Late Matinee Club"})
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                   state_dir=str(tmp_path), first_scene=ToMovieSetup()))
    app.scene.dirty = True
    app.step()
    boxes = app.scene.item_rects()
    items = app.scene.items()
    inside = {item: [d for d in app.scene.drawn_texts if d.text in item] for item in items}
    assert all(inside.values()), "every item's words are drawn"
    outside = [(item, d.text) for (item, drawn), box in zip(inside.items(), boxes)
               for d in drawn if not box.contains(ink(d))]
    assert outside == []


def test_once_the_resumed_game_is_over_the_set_up_waits_on_start_not_on_a_setting(tmp_path):
    """Resume stood first, under the cursor: once the kept game is over it is gone, and the
    cursor is on Start, where a table presses to play again (a tester's E changed the level)."""
    from companion.scenes.changes import ToSetup, ToTitle
    from companion.storage.games import GameStore

    first = kiosk("setup", state_dir=tmp_path, players=3)
    first.post(tap(1, "N")); first.post(tap(1, "N"))  # from Level round past Back to Start
    first.post(tap(1, "E"))
    step_until(first, lambda: first.scene.name == "deal")     # the game is kept
    first.screen.close()                                      # the power went
    again = kiosk("setup", state_dir=tmp_path)
    assert again.scene.cursor == 0 and again.scene.items()[0].startswith("Resume")
    with Database.in_folder(tmp_path) as database:            # the resumed game is played out
        store = GameStore(database)
        store.finish(store.unfinished().id, {"winners": [1], "scores": {"1": 3, "2": 1, "3": 0}})
    again.ctx.go(ToTitle())                                   # its end screen leads there
    again.step()
    again.ctx.go(ToSetup())
    again.step()
    assert again.scene.name == "setup" and not again.scene.items()[0].startswith("Resume")
    assert again.scene.items()[again.scene.cursor] == "Start"
