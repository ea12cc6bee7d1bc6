"""The table-deals entry as a table wants it: a refusal's reason readable at every size and
rotation, colour-blind marks beside their initials, the opening cross four portal cards (ruling
"Set-up: the opening cross is four portal cards"), a rule card offered only while one may come
up (the first game's), and the four cards confirmed before the dice roll, by pad, keys or touch
alike."""

import pytest

from kiosk_helpers import (CLOCK, FAST, change_to, choose, count_colour, in_scene, now,
                           shows_text, step_until, tap, use_clock)
from companion.display.draw_entry import small_table_area
from companion.display.palette import PORTAL, VOID_RIM
from companion.games.notnot.sides import SIDES, Side
from companion.inputs.actions import Nav, Point
from companion.inputs.events import Control, Dealer
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.scenes.session import GameSetup
from companion.storage.preferences import Preferences
from kiosk_helpers import game_of

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
ROTATIONS = [0, 90, 180, 270]
CROSS = ("RED", "BLUE", "GREEN", "YELLOW")
OPENING_CROSS = "the opening cross is four portal cards"


def entry(tmp_path, size=(800, 480), rotation=0, colour_blind=False, level="normal"):
    """A kiosk of ``size`` turned by ``rotation`` whose player 1 started a table-dealt game:
    the entry asks for the opening cross's first card."""
    use_clock(CLOCK)                 # its taps are stamped on the loop's clock, which steps
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                   pace=FAST, setup=GameSetup(deals="table", level=level),
                                   first_scene=change_to("setup"), state_dir=str(tmp_path),
                                   preferences=Preferences(colour_blind=colour_blind),
                                   clock=CLOCK, wait=CLOCK.wait))
    for side in "S" * (len(app.scene.items()) - 2 - app.scene.cursor) + "E":  # down to Start
        app.post(tap(1, side))
    step_until(app, in_scene(app, "entry"))
    return app


def settle(app):
    """Run the loop until the scene has drawn what it has."""
    app.step()
    step_until(app, lambda: not app.scene.dirty)


def enter(app, *faces):
    """The dealer pad's buttons enter ``faces``, one after the other."""
    for face in faces:
        app.post(Dealer(face, now()))
        app.step()
    settle(app)


def pick(app, how, index):
    """Select list item ``index`` by ``how``: the dealer's pad, the keys, or a touch."""
    if how == "touch":
        app.post(Point(app.scene.item_rects()[index].center, now()))
    else:
        steps = (index - app.scene.cursor) % len(app.scene.items())
        for _ in range(steps):
            app.post(tap(1, "S") if how == "pad" else Nav("down", now()))
        app.post(tap(1, "E") if how == "pad" else Nav("select", now()))
    settle(app)


def reason_lines(app):
    """The lines drawn for the subtitle (the reason of a refusal), top to bottom: the run of
    drawn texts that spells it."""
    drawn, words = app.scene.drawn, app.scene.subtitle
    runs = (drawn[i:j] for i in range(len(drawn)) for j in range(i + 1, len(drawn) + 1))
    return next(run for run in runs if " ".join(d.text for d in run) == words)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_the_reason_of_a_refusal_is_never_covered_by_the_list_or_the_table(tmp_path, size,
                                                                          rotation):
    app = entry(tmp_path, size, rotation)
    enter(app, "VOID")
    assert OPENING_CROSS in app.scene.subtitle
    canvas, layout = app.screen.canvas, app.ctx.services.layout
    table = small_table_area(layout)
    for line in reason_lines(app):
        assert canvas.get_rect().contains(line.rect), line.text
        assert line.rect.collidelist(app.scene.item_rects()) == -1, line.text
        assert not line.rect.colliderect(table), line.text
        assert shows_text(canvas, line), line.text


def test_in_colour_blind_mode_each_listed_mark_stands_beside_its_initial(tmp_path):
    app = entry(tmp_path, colour_blind=True)
    settle(app)
    canvas = app.screen.canvas
    for face, rect in zip(CROSS + ("WHITE", "VOID"), app.scene.item_rects()):
        mark = PORTAL.get(face, VOID_RIM)
        initial = next(d for d in app.scene.drawn if d.text == face[0] and rect.contains(d.rect))
        assert count_colour(canvas, rect, mark) > 40, f"{face}: no mark"
        assert shows_text(canvas, initial), face  # no pixel of its ink's colour but its own
        if initial.ink != mark:
            assert count_colour(canvas, initial.rect, mark) == 0, f"{face}: initial on its mark"


@pytest.mark.parametrize("how", ["dealer pad", "pad", "keys", "touch"])
def test_a_void_in_the_opening_cross_is_refused_with_the_rulings_reason(tmp_path, how):
    app = entry(tmp_path)
    if how == "dealer pad":
        enter(app, "VOID")
    else:
        pick(app, how, app.scene.items().index("VOID"))
    game = game_of(app)
    assert game.faces()[Side.N] is None and OPENING_CROSS in app.scene.subtitle
    assert app.scene.title == "Card revealed on N?"
    assert all(shows_text(app.screen.canvas, line) for line in reason_lines(app))
    enter(app, "WHITE")
    assert game.faces()[Side.N] == "WHITE" and app.scene.title == "Card revealed on E?"


@pytest.mark.parametrize("size, rotation", [((800, 480), 0), ((800, 480), 90)])
def test_a_rule_card_in_the_opening_cross_is_refused_saying_where_it_goes_and_the_level_stays(
        tmp_path, size, rotation):
    app = entry(tmp_path, size, rotation, level="first-game")
    enter(app, "RULE")
    assert app.scene.subtitle == (f"{OPENING_CROSS}: set the rule card aside for the deck (it "
                                  "goes in after the cross), and lay a portal card on N")
    assert all(shows_text(app.screen.canvas, line) for line in reason_lines(app))
    assert game_of(app).level.value == "discovery"


def to_the_refill(app):
    """Confirm the entered cross, then play rounds (player 2 taking a valid card) until a spot
    is empty and the entry asks for its card."""
    pick(app, "pad", 0)
    for _ in range(100):
        if app.scene.name == "entry":
            return
        step_until(app, lambda: app.scene.name in ("round", "entry"))
        if app.scene.name == "round" and app.scene.round.ruling.tap:
            app.post(tap(2, app.scene.round.ruling.valid[0].value))
        step_until(app, lambda: app.scene.name != "round")
    raise AssertionError("no refill after 100 rounds")


def test_a_game_at_extreme_never_offers_a_rule_card_nor_says_one_joins_the_deck(tmp_path):
    # Rulebook, "Choosing a Difficulty for Later Games": a game at a chosen level leaves the
    # rule cards in the box; only the first game's deck holds them.
    app = entry(tmp_path, level="extreme")
    game = game_of(app)

    def rule_card_refused():
        asked = game.awaiting_cards()[0]
        assert "rule card" not in app.scene.items()
        enter(app, "RULE")     # the dealer pad's rule-card button
        assert app.scene.subtitle == ("rule cards stay in the box in a game at extreme (they "
                                      "mark the first game's levels); enter the card revealed "
                                      f"on {asked}")
        assert all(shows_text(app.screen.canvas, line) for line in reason_lines(app))
        assert game.faces()[asked] is None and game.level.value == "extreme"

    rule_card_refused()        # in the opening cross
    enter(app, *CROSS)
    to_the_refill(app)
    rule_card_refused()        # at a refill


def test_once_the_first_games_three_rule_cards_came_up_the_list_offers_none(tmp_path):
    app = entry(tmp_path, level="first-game")
    enter(app, *CROSS)
    to_the_refill(app)
    game = game_of(app)
    for card, level in (("NOT NOT", "normal"), ("ARROW", "hard"), ("LIAR", "extreme")):
        pick(app, "pad", app.scene.items().index("rule card"))
        assert game.level.value == level
        assert app.scene.subtitle == f"{card} card: now {level.upper()}"   # as the prompt says
    assert "rule card" not in app.scene.items()
    assert 0 <= app.scene.cursor < len(app.scene.items())
    enter(app, "RULE")
    asked = game.awaiting_cards()[0]
    assert app.scene.subtitle == ("the three rule cards have come up (the level stays "
                                  f"extreme); enter the card revealed on {asked}")
    pick(app, "pad", app.scene.items().index("WHITE"))
    assert game.faces()[asked] == "WHITE"


@pytest.mark.parametrize("how", ["pad", "keys", "touch", "confirm button"])
def test_after_the_fourth_card_the_dice_wait_for_one_confirm(tmp_path, how):
    app = entry(tmp_path)
    enter(app, *CROSS)
    for _ in range(5):
        app.step()
    assert app.scene.name == "entry" and app.scene.cursor == 0
    assert game_of(app).faces() == dict(zip(SIDES, CROSS))
    assert app.scene.title == "Are these the four cards?"
    assert all(shows_text(app.screen.canvas, d) for d in app.scene.drawn)
    if how == "confirm button":
        app.post(Control("confirm", now()))
    else:
        pick(app, how, 0)
    step_until(app, lambda: app.scene.name in ("roll", "round"))


def test_back_on_the_confirm_takes_the_last_card_back_to_be_entered_again(tmp_path):
    app = entry(tmp_path)
    enter(app, *CROSS)
    unseen = len(game_of(app).deck)
    app.post(tap(1, "W"))
    settle(app)
    game = game_of(app)
    assert game.faces()[Side.W] is None and len(game.deck) == unseen + 1
    assert app.scene.title == "Card revealed on W?"
    enter(app, "WHITE")
    assert app.scene.title == "Are these the four cards?"
    pick(app, "pad", 0)
    step_until(app, lambda: app.scene.name in ("roll", "round"))
    assert game.faces() == {Side.N: "RED", Side.E: "BLUE", Side.S: "GREEN", Side.W: "WHITE"}


@pytest.mark.parametrize("how", ["pad", "keys", "touch"])
def test_a_card_picked_on_the_confirm_list_is_entered_again(tmp_path, how):
    app = entry(tmp_path)
    enter(app, *CROSS)
    fix_east = next(i for i, item in enumerate(app.scene.items()) if item.startswith("Fix E"))
    pick(app, how, fix_east)
    assert app.scene.title == "Card revealed on E?"
    assert game_of(app).faces()[Side.E] is None
    enter(app, "WHITE")
    assert app.scene.title == "Are these the four cards?"
    assert game_of(app).faces()[Side.E] == "WHITE"


@pytest.mark.parametrize("rotation", [0, 90])
@pytest.mark.parametrize("entered", [CROSS[:2], CROSS], ids=["card revealed", "four cards"])
def test_a_touch_off_the_entrys_list_pauses_and_resume_keeps_the_cards_entered(tmp_path,
                                                                              rotation, entered):
    app = entry(tmp_path, rotation=rotation)
    enter(app, *entered)
    off_the_list = small_table_area(app.ctx.services.layout).center  # the table drawn beside it
    assert all(not rect.collidepoint(off_the_list) for rect in app.scene.item_rects())
    app.post(Point(off_the_list, now()))
    step_until(app, in_scene(app, "pause"))
    choose(app, "Resume")
    step_until(app, in_scene(app, "entry"))
    assert [game_of(app).faces()[side] for side in SIDES[:len(entered)]] == list(entered)
    assert app.scene.title == ("Are these the four cards?" if len(entered) == 4
                               else "Card revealed on S?")
