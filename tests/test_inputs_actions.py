"""What every input means to the kiosk (companion/inputs/actions.py), one test per mapping rule,
driven through the real loop headless: real pygame key presses and clicks, posted pad taps,
control buttons and dealer-pad buttons; and the one order the loop hands events to a scene."""

from dataclasses import replace

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kiosk_helpers import FAST, in_scene, kiosk, now, step_until, tap
from companion.display.draw_menu import item_rects
from companion.games.notnot.sides import Side
from companion.games.notnot.taps import Tap
from companion.inputs.actions import Nav, Point
from companion.inputs.events import Control, Dealer, in_stamp_order
from companion.scenes.core import Scene
from kiosk_helpers import game_of

MENUS = ["title", "setup", "movie-setup", "hat-setup"]
#: Fast dice, but rounds that stay open for their real timeouts (no race with a slow machine).
OPEN_ROUNDS = replace(FAST, timeouts=1.0)


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def press_key(app, key: int) -> None:
    """A real key press in the kiosk's window, and one pass of the loop."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step()


def click(app, pos: tuple[int, int]) -> None:
    """A real left click (or touch) in the kiosk's window, and one pass of the loop."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step()


def menu_state(app) -> tuple:
    """What a menu press can change: the scene, its items, cursor and question, the settings."""
    scene = app.scene
    return (scene.name, scene.items(), scene.cursor, scene.asking, app.ctx.session.setup)


def start_game(app, dealer: int = 1, until: str = "deal") -> None:
    """Player ``dealer``'s pad starts a game from the set-up menu, until scene ``until`` shows
    (the deal prompt, or the card entry of a table deal)."""
    for side in "S" * (len(app.scene.items()) - 2 - app.scene.cursor) + "E":  # down to Start
        app.post(tap(dealer, side))
    step_until(app, in_scene(app, until))


@pytest.mark.parametrize("menu", MENUS)
def test_enter_selects_on_every_menu_as_a_pads_e_does(tmp_path, menu):
    by_pad = kiosk(menu, state_dir=tmp_path)
    by_pad.step()
    before = menu_state(by_pad)
    by_pad.post(tap(1, "E"))
    by_pad.step()
    after_e = menu_state(by_pad)
    pygame.display.quit()
    by_key = kiosk(menu, state_dir=tmp_path)
    by_key.step()
    press_key(by_key, pygame.K_RETURN)
    assert menu_state(by_key) == after_e != before


@pytest.mark.parametrize("menu", MENUS)
def test_the_arrow_keys_move_the_cursor_down_and_up_on_every_menu(tmp_path, menu):
    app = kiosk(menu, state_dir=tmp_path)
    app.step()
    press_key(app, pygame.K_DOWN)
    assert app.scene.cursor == 1
    press_key(app, pygame.K_UP)
    assert app.scene.cursor == 0


def test_backspace_goes_back_from_a_set_up_menu_to_the_title(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    app.step()
    press_key(app, pygame.K_BACKSPACE)
    step_until(app, in_scene(app, "title"))


def test_a_touch_on_an_item_selects_it(tmp_path):
    app = kiosk(state_dir=tmp_path)
    app.step()
    click(app, item_rects(app.ctx.services.layout, 2)[0].center)
    step_until(app, in_scene(app, "setup"))


def test_a_touch_beside_every_item_selects_nothing(tmp_path):
    app = kiosk(state_dir=tmp_path)
    app.step()
    click(app, (2, 2))
    assert app.scene.name == "title" and app.scene.asking is None


PAUSE_INPUTS = {
    "Esc": lambda app: press_key(app, pygame.K_ESCAPE),
    "P": lambda app: press_key(app, pygame.K_p),
    "a touch on the play screen": lambda app: click(app, (400, 240)),
    "the menu control button": lambda app: app.post(Control("menu", now())),
}


@pytest.mark.parametrize("pause_input", PAUSE_INPUTS)
def test_esc_p_a_touch_and_the_menu_control_pause_an_open_round(tmp_path, pause_input):
    app = kiosk("setup", pace=OPEN_ROUNDS, state_dir=tmp_path)
    start_game(app)
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "round"))
    PAUSE_INPUTS[pause_input](app)
    step_until(app, in_scene(app, "pause"))


def test_a_pads_w_during_an_open_round_stays_a_tap_and_never_pauses(tmp_path):
    app = kiosk("setup", pace=OPEN_ROUNDS, state_dir=tmp_path)
    start_game(app)
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "round"))
    round_ = app.scene.round
    app.post(tap(2, "W"))
    app.step()
    assert app.scene.name != "pause"
    assert [(t.player, t.side) for t in round_.taps] == [(2, Side.W)]


def test_e_on_a_non_dealer_pad_does_not_confirm_a_deal_prompt(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_game(app, dealer=2)
    app.post(tap(1, "E"))
    app.step()
    assert app.scene.name == "deal"


def test_the_confirm_control_button_confirms_a_deal_prompt(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_game(app, dealer=2)
    app.post(Control("confirm", now()))
    step_until(app, lambda: app.scene.name in ("roll", "round"))


def test_enter_confirms_a_deal_prompt(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    start_game(app, dealer=2)
    press_key(app, pygame.K_RETURN)
    step_until(app, lambda: app.scene.name in ("roll", "round"))


def test_a_dealer_pad_button_enters_its_card_on_a_table_deal(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, deals="table")
    start_game(app, until="entry")
    spot = game_of(app).awaiting_cards()[0]
    app.post(Dealer("BLUE", now()))
    app.step()
    assert game_of(app).faces()[spot] == "BLUE"



class Recorder(Scene):
    """A scene that only records the events the loop hands it, in order."""

    name = "recorder"

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self.handled: list = []

    def handle(self, event, now_ns: int) -> None:
        self.handled.append(event)


STAMPS = st.integers(min_value=1, max_value=4)
EVENTS = st.one_of(
    st.builds(Tap, st.integers(1, 4), st.sampled_from(list(Side)), STAMPS),
    st.builds(Control, st.sampled_from(["menu", "confirm"]), STAMPS),
    st.builds(Dealer, st.sampled_from(["RED", "VOID", "RULE"]), STAMPS),
    st.builds(Nav, st.sampled_from(["up", "select", "pause"]), STAMPS),
    st.builds(Point, st.tuples(st.integers(0, 3), st.integers(0, 3)), STAMPS),
)


@pytest.mark.slow
def test_the_loop_hands_events_to_the_scene_in_stamp_order_whatever_their_arrival(tmp_path):
    app = kiosk(state_dir=tmp_path)
    recorder = Recorder(app.ctx)
    app.scene = recorder

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(EVENTS, unique=True, max_size=10).flatmap(
        lambda events: st.tuples(st.just(events), st.permutations(events))))
    def arrives_in_any_order(case) -> None:
        events, arrival = case
        recorder.handled = []
        for event in arrival:
            app.post(event)
        app.step()
        assert recorder.handled == in_stamp_order(events)

    arrives_in_any_order()


def test_at_equal_stamps_inputs_that_are_no_pad_come_first_then_taps_by_player_then_side():
    taps = [Tap(2, Side.N, 5), Tap(1, Side.W, 5), Tap(1, Side.N, 5)]
    pause = Nav("pause", 5)
    assert in_stamp_order([*taps, pause, Tap(1, Side.S, 4)]) == [
        Tap(1, Side.S, 4), pause, Tap(1, Side.N, 5), Tap(1, Side.W, 5), Tap(2, Side.N, 5)]


def test_a_menu_press_of_an_unknown_action_does_nothing_and_the_kiosk_goes_on(tmp_path):
    app = kiosk(state_dir=tmp_path)
    app.step()
    app.post(Nav("jump", now()))
    app.step()
    assert app.scene.name == "title" and app.scene.cursor == 0
