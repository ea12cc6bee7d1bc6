"""The round as the table plays it, through the real loop: pauses, feedback, countdowns, ties."""

from dataclasses import replace

import pygame
import pytest

from kiosk_helpers import FAST, choose, count_colour, in_scene, kiosk, now, step_until, tap
from test_scenes_flow import tie_on_one_card, to_round
from companion.display.palette import TAP_FLASH
from companion.games.notnot.judge import Ruling
from companion.games.notnot.round import Round, Timing
from companion.games.notnot.sides import SIDES, Side
from companion.games.notnot.taps import Tap
from companion.inputs.actions import Nav
from companion.scenes.notnot.countdown import seconds_left
from companion.scenes.notnot.round import clock_close_ns
from kiosk_helpers import game_of


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


SLOW = replace(FAST, timeouts=0.2)  # idle 0.6 s, round 2 s: a round stays open while a test looks


def wrong_side(round_):
    """A spot that is not a valid tap this round."""
    return next(side for side in SIDES if side not in round_.ruling.valid)


def next_round(app, needs_tap=True):
    """Play on (player 4 taking a valid card) to the next open round that needs a tap."""
    while True:
        step_until(app, lambda: app.scene.name in ("round", "deal", "verdict"))
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        elif app.scene.name == "round":
            if app.scene.round.ruling.tap == needs_tap:
                return app.scene.round
            if app.scene.round.ruling.tap:
                app.post(tap(4, app.scene.round.ruling.valid[0].value))
        app.step()


def next_open(app):
    """Confirm any dealing prompt up to the next open round."""
    while app.scene.name != "round":
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        app.step()
    return app.scene.round


def test_taps_are_final_a_wrong_tap_then_a_pause_costs_the_card_and_the_dice_are_not_shown_again():
    app = kiosk("setup", pace=SLOW)   # the round stays open until the pause, on a busy machine
    round_ = to_round(app)
    app.post(tap(1, round_.ruling.valid[0].value))  # P1 wins a card
    step_until(app, in_scene(app, "verdict"))
    round_ = next_round(app)
    game = game_of(app)
    assert game.scores()[1] == 1
    round_no, seen = game.round_no, round_.roll
    app.post(tap(1, wrong_side(round_).value))
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    assert game.scores()[1] == 0 and game.round_no == round_no + 1
    assert "its taps count" in app.scene.subtitle
    app.post(tap(2, "E"))  # Resume: the closed round's verdict first
    step_until(app, in_scene(app, "verdict"))
    assert app.scene.view.headline == "P1 WRONG"
    shown = next_open(app)
    assert shown.roll != seen and game.round_no == round_no + 1


def test_the_pause_menus_note_that_the_round_closed_survives_correct_the_table_and_back():
    app = kiosk("setup")
    round_ = to_round(app)
    app.post(tap(1, wrong_side(round_).value))
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    note = app.scene.subtitle
    assert "its taps count" in note
    app.post(tap(2, "S")); app.post(tap(2, "E"))   # Correct the table
    step_until(app, in_scene(app, "correction"))
    app.post(Nav("pause", now()))                  # and back
    step_until(app, in_scene(app, "pause"))
    assert app.scene.subtitle == note


def test_the_verdict_lies_beside_the_dice_and_every_dice_word_stays_in_view():
    from kiosk_helpers import shows_text

    app = kiosk("setup", level="hard")
    round_ = to_round(app)
    app.post(tap(2, round_.ruling.valid[0].value))
    step_until(app, lambda: app.scene.name == "verdict" and not app.scene.dirty)
    layout, canvas = app.ctx.services.layout, app.screen.canvas
    level, *words = app.scene.play_drawn[:4]  # then the deck's number
    assert level.text == "LEVEL  HARD"
    assert [d.text for d in app.scene.drawn][:1] == ["P2 WINS"]
    assert len(words) == 3 and all(shows_text(canvas, d) for d in words + app.scene.drawn)
    assert not any(w.rect.colliderect(v.rect) for w in words for v in app.scene.drawn)
    assert all(layout.verdict.contains(v.rect) for v in app.scene.drawn)


def test_the_level_is_always_shown_on_the_play_screen():
    from kiosk_helpers import shows_text

    app = kiosk("setup", level="normal")
    to_round(app)
    app.scene.dirty = True
    app.step()
    level = app.scene.drawn_texts[0]
    assert level.text == "LEVEL  NORMAL" and shows_text(app.screen.canvas, level)




def score_cell(app, player):
    """The rect of ``player``'s name and score in the score strip."""
    strip, players = app.ctx.services.layout.scores, game_of(app).players
    width = strip.width / players
    left = round(strip.left + (player - 1) * width)
    return pygame.Rect(left, strip.top, round(width), strip.height)


def recorded_taps(app):
    """Record what ``ctx.hooks.on_tap`` (the pads' LEDs) and the tones are told."""
    told = []
    app.ctx.hooks.on_tap = lambda player, side, kind: told.append(("led", player, side.value, kind))
    app.ctx.services.sounds.play = lambda name: told.append(("tone", name))
    return told


def test_a_wrong_tap_turns_the_players_name_red_on_the_next_frame_with_a_tone_and_the_pads_led():
    app = kiosk("setup", pace=SLOW)
    round_ = to_round(app)
    told = recorded_taps(app)
    side = wrong_side(round_).value
    app.post(tap(2, side))
    app.step()
    assert app.scene.name == "round"  # still open: the verdict comes later
    assert count_colour(app.screen.canvas, score_cell(app, 2), TAP_FLASH["wrong"]) > 100
    assert count_colour(app.screen.canvas, score_cell(app, 1), TAP_FLASH["wrong"]) == 0
    assert told == [("tone", "tap-wrong"), ("led", 2, side, "wrong")]


def test_a_valid_tap_is_told_as_counted_until_the_verdict_says_win_or_tie():
    app = kiosk("setup", pace=SLOW)
    round_ = to_round(app)
    told = recorded_taps(app)
    app.post(tap(3, round_.ruling.valid[0].value))
    app.step()
    assert ("led", 3, round_.ruling.valid[0].value, "counted") in told


def test_a_tap_while_the_dice_tumble_shows_too_early_at_once():
    from kiosk_helpers import shows_text

    app = kiosk("setup", pace=replace(SLOW, roll_frames=50, roll_frame_s=0.05))
    choose(app, "Start")
    step_until(app, in_scene(app, "deal"))
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "roll"))
    app.step()
    app.post(tap(4, "W"))
    app.step()
    assert app.scene.name == "roll"
    banner = [d for d in app.scene.drawn_texts if d.text in ("TOO EARLY", "P4")]
    assert [d.text for d in banner] == ["TOO EARLY", "P4"]
    assert all(shows_text(app.screen.canvas, d) for d in banner)
    assert count_colour(app.screen.canvas, score_cell(app, 4), TAP_FLASH["early"]) > 100


def test_the_countdown_is_the_same_in_every_round_until_the_idle_timeout():
    ruling_tap = Ruling(tap=True, valid=(Side.N,), reroll=False)
    nobody = Ruling(tap=False, valid=(), reroll=False)
    timing = Timing()
    rounds = [Round(ruling, 0, timing) for ruling in (ruling_tap, nobody)]
    for t_s in (0, 1.2, 2.9):
        shown = {seconds_left(clock_close_ns(r, int(t_s * 1e9)), int(t_s * 1e9)) for r in rounds}
        assert len(shown) == 1
    assert seconds_left(clock_close_ns(rounds[0], 3_500_000_000), 3_500_000_000) == 7


def test_the_countdowns_first_seconds_say_they_end_the_round_only_if_nobody_may_tap():
    from companion.scenes.notnot.round import countdown_panel

    ruling_tap = Ruling(tap=True, valid=(Side.N,), reroll=False)
    nobody = Ruling(tap=False, valid=(), reroll=False)
    rounds = [Round(ruling, 0, Timing()) for ruling in (ruling_tap, nobody)]
    for t_s in (0, 1.2, 2.9):   # the same words in either kind of round
        assert {countdown_panel(r, int(t_s * 1e9)).details for r in rounds} == {
            ("left if nobody may tap",)}
    after = countdown_panel(rounds[0], 3_500_000_000)
    assert (after.headline, after.details) == ("7 s", ("left in this round",))


def test_a_closed_round_waiting_for_its_verdict_says_it_is_closed():
    """Waiting for a head start's tap after a valid tap closed the round, the panel read "0 s
    left if nobody may tap" for up to a second (a family's tester)."""
    from companion.scenes.notnot.round import countdown_panel

    round_ = Round(Ruling(tap=True, valid=(Side.N,), reroll=False), 0, Timing())
    round_.offer(Tap(1, Side.N, 400_000_000))
    waiting = countdown_panel(round_, round_.closes_at_ns + 200_000_000)
    assert (waiting.headline, waiting.details) == ("0 s", ("the round is closed",))


def test_an_open_round_shows_its_countdown_beside_the_dice():
    from kiosk_helpers import shows_text

    app = kiosk("setup", pace=SLOW)
    to_round(app)
    app.scene.dirty = True
    app.step()
    texts = [d.text for d in app.scene.drawn_texts]
    line = [d for d in app.scene.drawn_texts if d.text == "left if nobody may tap"]
    assert line and shows_text(app.screen.canvas, line[0])
    assert app.ctx.services.layout.verdict.contains(line[0].rect)
    assert texts[texts.index(line[0].text) - 1].removesuffix(" s").isdigit()


def test_the_pressed_buttons_led_lights_at_the_tap_and_goes_out_at_the_verdict():
    from companion.scenes.notnot.lights import tap_lights, winner_lights

    class Pads:
        lit: set = set()

        def light(self, player, side, on=True):
            self.lit.add((player, side))

        def lights_off(self):
            self.lit.clear()

    pads = Pads()
    tap_lights(pads)(2, Side.E, "wrong")
    assert pads.lit == {(2, Side.E)}
    winner_lights(pads)([(1, Side.N)])
    assert pads.lit == {(1, Side.N)}


def test_pressing_the_tied_card_again_is_not_the_choice():
    app = kiosk("setup", players=3, pace=SLOW)
    side = tie_on_one_card(app)
    app.post(tap(2, side.value))  # the reflex: the same card again
    app.step()
    assert app.scene.name == "tie-choice" and app.scene.choices == {}
    other = choose_another(app, side)
    froms = {w.player: w.from_side for w in app.scene.record.winners}
    assert froms == {1: side.value, 2: other.value}


def choose_another(app, tied):
    """P2, tied with P1 on ``tied``, chooses the first other free card: to the verdict."""
    other = next(s for s in app.scene.free if s != tied)
    app.post(tap(2, other.value))
    step_until(app, in_scene(app, "verdict"))
    return other


def test_the_verdict_of_a_tie_choice_says_the_chosen_card_was_taken_for_the_tied_one():
    """The verdict said "P2 takes GREEN from W" under a timeline of P2 tapping E (a rules
    lawyer): a card the player never tapped, not told as the tie's other card."""
    app = kiosk("setup", players=3, pace=SLOW)
    side = tie_on_one_card(app)
    other = choose_another(app, side)
    faces = {w.player: w.card for w in app.scene.record.winners}
    assert app.scene.view.details[1:3] == (f"P1 takes {faces[1]} from {side.value}",
                                           f"P2 takes {faces[2]} from {other.value}, "
                                           f"tied on {side.value}")


def test_a_touch_on_a_free_card_chooses_it_and_a_touch_elsewhere_does_nothing():
    from companion.inputs.actions import Point

    app = kiosk("setup", players=3, pace=SLOW)
    side = tie_on_one_card(app)
    app.post(Point(app.ctx.services.layout.spot(side).center, now()))   # the tied card: not free
    app.post(Point(app.ctx.services.layout.dice.center, now()))         # not a card: no pause either
    app.step()
    assert app.scene.name == "tie-choice" and app.scene.choices == {}
    other = next(s for s in app.scene.free if s != side)
    app.post(Point(app.ctx.services.layout.spot(other).center, now()))
    step_until(app, in_scene(app, "verdict"))
    froms = {w.player: w.from_side for w in app.scene.record.winners}
    assert froms == {1: side.value, 2: other.value}


def test_the_tie_prompt_names_the_tied_card_who_took_it_and_counts_down():
    from kiosk_helpers import shows_text

    app = kiosk("setup", players=3, pace=SLOW)
    side = tie_on_one_card(app)
    face = game_of(app).table[side].face
    app.scene.dirty = True
    app.step()
    texts = {d.text: d for d in app.scene.drawn_texts}
    assert "TIE ON ONE CARD" in texts and f"P1 took {face} on {side.value}" in texts
    countdown = [d for d in texts.values() if " s left, then " in d.text]
    shown = [texts["TIE ON ONE CARD"], *countdown]
    assert countdown and all(shows_text(app.screen.canvas, d) for d in shown)


def round_with_valid(app, count: int):
    """From the set-up to an open round with at least ``count`` valid cards and no void on the
    table, P1 winning the rounds before it."""
    round_ = to_round(app, without_void=True)
    while len(round_.ruling.valid) < count or "VOID" in game_of(app).faces().values():
        if round_.ruling.tap:                             # P1 wins it: the table changes
            app.post(tap(1, round_.ruling.valid[0].value))
        step_until(app, lambda: app.scene.name != "round")
        while app.scene.name != "round":
            if app.scene.name in ("deal", "entry"):
                app.post(tap(1, "E"))
            app.step()
        round_ = app.scene.round
    return round_


def test_the_tie_prompt_names_who_else_took_a_card_in_the_same_tie():
    """P1 and P2 tie on one card; P3, within the tie window, takes another: the prompt asking
    P2 to choose says P3 took theirs too (a tester saw only the tied card's taker)."""
    app = kiosk("setup", players=3, pace=SLOW)
    round_ = round_with_valid(app, 2)
    tied, other = round_.ruling.valid[:2]
    t = now()
    app.post(tap(1, tied.value, t))
    app.post(tap(2, tied.value, t + 200_000))
    app.post(tap(3, other.value, t + 300_000))
    step_until(app, in_scene(app, "tie-choice"))
    table = game_of(app).table
    lines = app.scene.prompt().details
    assert len(lines) == 3, lines
    assert lines[:2] == (f"P1 took {table[tied].face} on {tied.value}",
                         f"P3 took {table[other].face} on {other.value}")
    assert lines[2].startswith("P2: press ")


def test_the_tie_prompt_says_the_card_each_tied_player_chose_while_the_others_still_choose():
    """P1, P2 and P3 tie on one card; P2 chooses: the prompt still asking P3 says what P2 took
    (a tester saw P2's choice nowhere until the verdict), and rings it as taken."""
    app = kiosk("setup", players=4, pace=SLOW)
    tie_on_one_card(app, (1, 2, 3))
    assert app.scene.choosers == [2, 3]
    chosen = app.scene.free[0]
    app.post(tap(2, chosen.value))
    app.step()
    assert app.scene.name == "tie-choice"
    lines = app.scene.prompt().details
    assert f"P2 chose {game_of(app).table[chosen].face} on {chosen.value}" in lines
    assert lines[-1].startswith("P3: press ") and not any(l.startswith("P2: ") for l in lines)
    app.scene.dirty = True
    app.step()
    assert f"P2 chose {game_of(app).table[chosen].face} on {chosen.value}" in {
        d.text for d in app.scene.drawn_texts}


def play_until(app, done, limit_s=30.0):
    """Play on (P4 taps a valid card, deals are confirmed) until ``done()``."""
    import time

    end = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < end, f"still in scene {app.scene.name}"
        if app.scene.name == "deal":
            app.post(tap(1, "E"))
        elif app.scene.name == "round" and app.scene.round.ruling.tap and not app.scene.round.taps:
            app.post(tap(4, app.scene.round.ruling.valid[0].value))
        app.step()


@pytest.mark.slow
def test_a_rule_card_that_changes_the_level_is_announced_by_a_splash_before_the_next_roll():
    from kiosk_helpers import shows_text

    app = kiosk("setup", level="first-game")
    moments = []
    offer = app.snapshots.offer
    app.snapshots.offer = lambda name, surface: moments.append(
        (name, surface.copy(), list(getattr(app.scene, "drawn_texts", [])))) or offer(name, surface)
    choose(app, "Start")
    play_until(app, lambda: game_of(app) is not None and game_of(app).level.value == "normal"
               and app.scene.name == "round")
    splashes = [(surface, drawn) for name, surface, drawn in moments if name == "level-up"]
    assert len(splashes) == 1
    surface, drawn = splashes[0]
    headline = next(d for d in drawn if d.text.startswith("LEVEL UP"))
    assert headline.text == "LEVEL UP: NORMAL" and shows_text(surface, headline)


def test_after_no_winner_the_cards_that_could_have_been_tapped_are_named_and_ringed():
    from companion.display.palette import OPTION

    app = kiosk("setup")
    round_ = to_round(app)
    valid = round_.ruling.valid
    step_until(app, lambda: app.scene.name == "verdict" and not app.scene.dirty)
    assert app.scene.view.headline == "NO WINNER"
    could = "could tap: " + " ".join(s.value for s in valid)
    assert app.scene.view.details == ("time is up", could)
    grow = round(2.4 * app.ctx.services.layout.unit)
    ring = app.ctx.services.layout.spot(valid[0]).inflate(grow, grow)
    assert count_colour(app.screen.canvas, ring, OPTION) > 100


def test_a_paused_tie_choice_goes_on_after_resume():
    app = kiosk("setup", players=3, pace=SLOW)
    side = tie_on_one_card(app)
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "E"))  # Resume
    step_until(app, in_scene(app, "tie-choice"))
    assert app.scene.choosers == [2] and side not in app.scene.free



def three_way_tie(app):
    """An open round in which P1, P2 and P3 tie on the same card: the tie-choice prompt."""
    round_ = to_round(app, without_void=True)
    side = round_.ruling.valid[0]
    t = now()
    for player, after_ns in ((1, 0), (2, 100_000), (3, 200_000)):
        app.post(tap(player, side.value, t + after_ns))
    step_until(app, in_scene(app, "tie-choice"))
    return side


def test_two_tied_players_never_take_the_same_card():
    app = kiosk("setup", players=3, pace=SLOW)
    three_way_tie(app)
    assert app.scene.choosers == [2, 3]
    chosen = app.scene.free[-1]
    app.post(tap(2, chosen.value))
    app.step()
    app.post(tap(3, chosen.value))  # the card P2 just chose: not a choice
    app.step()
    assert app.scene.name == "tie-choice" and app.scene.choices == {2: chosen}
    assert chosen not in app.scene.still_free()
    other = app.scene.still_free()[0]
    app.post(tap(3, other.value))
    step_until(app, in_scene(app, "verdict"))
    froms = {w.player: w.from_side for w in app.scene.record.winners}
    assert froms[2] == chosen.value and froms[3] == other.value


def test_a_tied_player_for_whom_no_card_is_left_is_not_asked_to_choose():
    """Five players on four cards, P5 tied on P1's: the prompt asked "P5: press" with no key
    to press for 5 s before the verdict (a newcomer's table): the verdict comes at once."""
    app = kiosk("setup", players=5, pace=SLOW)
    round_with_valid(app, 4)
    t = now()
    for player, side in zip((1, 2, 3, 4, 5), "NESWN"):
        app.post(tap(player, side, t + player * 100))
    step_until(app, lambda: app.scene.name != "round")
    assert app.scene.name == "verdict"
    assert app.scene.view.details[-1] == "no card left: P5"


def test_a_later_chooser_keeps_the_card_they_chose_before_the_earlier_chose():
    """P3 pressed a free card before P2 chose: at the end of the choice P2 was given that card
    and P3 another, whatever the prompt said P3 chose (the first free card was P2's)."""
    app = kiosk("setup", players=3, pace=SLOW)
    three_way_tie(app)
    first = app.scene.free[0]
    app.post(tap(3, first.value))                     # P3 first, on the first free card
    app.step()
    assert app.scene.choices == {3: first}
    app.scene.until_ns = app.scene.now_ns             # P2 lets the time run out
    step_until(app, in_scene(app, "verdict"))
    froms = {w.player: w.from_side for w in app.scene.record.winners}
    assert froms[3] == first.value and froms[2] != first.value


def test_a_paused_tie_choice_keeps_the_choices_already_made():
    app = kiosk("setup", players=3, pace=SLOW)
    three_way_tie(app)
    chosen = app.scene.free[-1]
    app.post(tap(2, chosen.value))
    app.step()
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "E"))  # Resume
    step_until(app, in_scene(app, "tie-choice"))
    assert app.scene.choices == {2: chosen}


def leave_a_paused_tie_by(app, item: int) -> tuple[dict[int, int], int]:
    """Tie P1 and P2 on one card, pause, and choose pause-menu ``item`` (selected twice when it
    asks first); the scores and the rounds played before the tie."""
    tie_on_one_card(app)
    before = game_of(app).scores(), game_of(app).round_no
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    for _ in range(item):
        app.post(Nav("down", now()))
    for _ in range(2 if app.scene.question(item) else 1):
        app.post(Nav("select", now()))
    step_until(app, lambda: app.scene.name in ("end", "title"))
    return before


def test_taps_are_final_ending_the_game_from_a_paused_tie_choice_still_awards_the_tied_round():
    app = kiosk("setup", players=3, pace=SLOW)
    before, _ = leave_a_paused_tie_by(app, 2)  # End the game
    assert app.scene.name == "end"
    after = game_of(app).scores()
    assert after[1] == before[1] + 1 and after[2] == before[2] + 1


def test_taps_are_final_leaving_a_paused_tie_choice_for_the_title_keeps_the_tied_round(tmp_path):
    app = kiosk("setup", players=3, pace=SLOW, state_dir=tmp_path)
    before, rounds = leave_a_paused_tie_by(app, 3)  # Back to the title
    assert app.scene.name == "title"
    app.step()  # the save runs after the frame
    resumed = kiosk("setup", players=3, pace=SLOW, state_dir=tmp_path)
    kept = resumed.scene.unfinished
    assert kept is not None and kept.game.round_no == rounds + 1
    assert kept.game.scores()[1] == before[1] + 1 and kept.game.scores()[2] == before[2] + 1

def test_a_power_cut_after_correcting_the_table_in_a_paused_tie_keeps_the_tied_round(tmp_path):
    """The tied round stands saved while it is chosen; a correction made from its pause saves it
    again as settled on the corrected table, never the table before the round alone."""
    app = kiosk("setup", players=3, pace=SLOW, state_dir=tmp_path)
    tie_on_one_card(app)
    before, rounds = game_of(app).scores(), game_of(app).round_no
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(Nav("down", now()))
    app.post(Nav("select", now()))                    # Correct the table
    step_until(app, in_scene(app, "correction"))
    app.post(tap(1, "E"))                             # step the card on N
    app.step()
    app.step()                                        # the frame is on screen: saved
    app.screen.close()                                # the power went
    resumed = kiosk("setup", players=3, pace=SLOW, state_dir=tmp_path)
    kept = resumed.scene.unfinished
    assert kept is not None and kept.game.round_no == rounds + 1
    assert kept.game.scores()[1] == before[1] + 1 and kept.game.scores()[2] == before[2] + 1
    resumed.screen.close()


def test_the_tied_card_corrected_to_the_void_during_a_paused_tie_goes_to_the_earliest_tapper():
    """Correct the table from a tie's pause turns the card both tapped into the void: the game
    goes on (it crashed), the earliest tapper takes the void, the other still chooses."""
    from companion.games.notnot.sides import SIDES

    app = kiosk("setup", players=3, pace=SLOW)
    side = tie_on_one_card(app)
    game_of(app).round_no = max(game_of(app).round_no, 1)   # past the cross: a void may lie
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    app.post(Nav("down", now()))
    app.post(Nav("select", now()))                    # Correct the table
    step_until(app, in_scene(app, "correction"))
    for _ in range(SIDES.index(side)):
        app.post(tap(1, "S"))
    for _ in range(6):                                # forward to the void
        if game_of(app).faces()[side] == "VOID":
            break
        app.post(tap(1, "E"))
        app.step()
    assert game_of(app).faces()[side] == "VOID" and app.scene.name == "correction"
    app.post(Nav("pause", now()))                     # back to the pause menu
    step_until(app, in_scene(app, "pause"))
    app.post(tap(1, "E"))                             # Resume
    step_until(app, in_scene(app, "tie-choice"))
    assert app.scene.choosers == [2]
    step_until(app, in_scene(app, "verdict"))         # the countdown chooses for P2
    froms = {w.player: (w.from_side, w.card) for w in app.scene.record.winners}
    assert froms[1] == (side.value, "VOID") and froms[2][0] != side.value


def test_the_play_screen_shows_an_empty_deck_as_empty():
    from companion.display.palette import CARD_BACK

    app = kiosk("setup", pace=SLOW)
    to_round(app)
    game_of(app).deck.clear()  # the last card was dealt
    app.scene.dirty = True
    app.step()
    assert count_colour(app.screen.canvas, app.ctx.services.layout.deck, CARD_BACK) == 0
    assert "EMPTY" in [d.text for d in app.scene.drawn_texts]


def test_a_verdict_is_on_screen_for_a_frame_at_least_however_slow_the_loop(monkeypatch):
    import time as clock

    app = kiosk("setup", pace=SLOW)
    round_ = to_round(app)
    app.post(tap(1, wrong_side(round_).value))
    app.post(Nav("pause", now()))
    step_until(app, in_scene(app, "pause"))
    real, late = clock.monotonic_ns, [0]

    def slow_loop() -> int:   # every reading of the clock comes 20 ms after the one before
        late[0] += 20_000_000
        return real() + late[0]

    monkeypatch.setattr(clock, "monotonic_ns", slow_loop)
    shown = []
    offer = app.snapshots.offer
    app.snapshots.offer = lambda name, surface: shown.append(name) or offer(name, surface)
    app.post(tap(2, "E"))  # Resume: the closed round's verdict first, for 1 ms at this pace
    step_until(app, lambda: app.scene.name in ("deal", "roll", "round"))
    assert "verdict-wrong" in shown


def test_the_first_stamp_wins_though_its_tap_reaches_the_loop_while_it_handles_a_later_one():
    """The loop spends 50 ms (longer than the settle time) on player 1's tap; player 2's,
    stamped 5 ms earlier, is posted meanwhile. The round is judged with both."""
    app = kiosk("setup", pace=SLOW)
    round_ = to_round(app)
    side = round_.ruling.valid[0].value
    first_ns = now()
    handle = app.scene.handle

    def slow_handle(event, now_ns):
        handle(event, now_ns)
        if getattr(event, "player", None) == 1:
            app.post(tap(2, side, first_ns))
            app.clock.advance(0.05)

    app.scene.handle = slow_handle
    app.clock.advance(0.005)
    app.post(tap(1, side))
    step_until(app, in_scene(app, "verdict"))
    assert [winner.player for winner in app.scene.record.winners] == [2]



EARLY_SCREENS = [((800, 480), 0), ((1024, 600), 0), ((1280, 720), 0), ((1920, 1080), 0),
                 ((800, 480), 90), ((1024, 600), 270), ((1920, 1080), 90)]


def countdown_beside_banner(app, scene):
    """The frame on screen, drawn by ``scene``, shows the countdown and the TOO EARLY banner
    (for P4) apart: their panels and texts do not overlap, and every text of theirs shows on
    the canvas."""
    from kiosk_helpers import shows_text

    frame, texts = app.ctx.services.frame.parts, scene.drawn_texts
    banner = [d for d in texts if d.text in ("TOO EARLY", "P4")]
    words = ("left in this round", "left if nobody may tap")   # a narrow panel wraps them
    countdown = [d for d in texts if d.text.startswith("left") and any(
                 phrase.startswith(d.text) for phrase in words) or d.text in words[1]
                 or d.text.endswith(" s") and d.text[:-2].isdigit()]
    assert [d.text for d in banner] == ["TOO EARLY", "P4"]
    assert " ".join(d.text for d in countdown[1:]) in words, countdown
    assert not frame["panel"].rect.colliderect(frame["early"].rect)
    assert not any(c.rect.colliderect(b.rect) for c in countdown for b in banner)
    assert all(shows_text(app.screen.canvas, d) for d in countdown + banner)


@pytest.mark.parametrize("size, rotation", EARLY_SCREENS)
def test_the_too_early_banner_never_covers_the_countdown(size, rotation, tmp_path):
    # The banner stays a verdict's time (2 s): past the landing and the countdown's first tick.
    pace = replace(SLOW, roll_frames=4, roll_frame_s=0.05, verdict_s=2.0, timeouts=2.0)
    app = kiosk("setup", pace=pace, size=size, rotation=rotation, state_dir=tmp_path)
    choose(app, "Start")
    step_until(app, in_scene(app, "deal"))
    app.post(tap(1, "E"))
    step_until(app, in_scene(app, "roll"))
    app.step()
    app.post(tap(4, "W"))   # the dice still tumble
    roll = app.scene
    step_until(app, lambda: roll.final_drawn)
    countdown_beside_banner(app, roll)           # the dice land
    step_until(app, in_scene(app, "round"))
    first = app.scene.panel(app.scene.now_ns).headline
    step_until(app, lambda: app.scene.panel(app.scene.now_ns).headline != first)
    assert app.scene.feedback.early_banner(app.scene.now_ns) is not None
    countdown_beside_banner(app, app.scene)      # the countdown's next second


def test_once_every_player_has_tapped_wrong_the_verdict_comes_at_once_not_after_the_clock():
    app = kiosk("setup", pace=replace(FAST, timeouts=1.0), players=2)   # a round lasts 10 s
    round_ = to_round(app)
    app.post(tap(1, wrong_side(round_).value))
    app.post(tap(2, wrong_side(round_).value))
    step_until(app, in_scene(app, "verdict"), limit_s=1.0)
    assert app.scene.view.headline == "P1 P2 WRONG"
    assert app.scene.view.details[-1].startswith("could tap: ")


def test_the_tie_prompt_lists_the_choices_in_the_order_they_were_made():
    app = kiosk("setup", players=5, pace=SLOW)
    tie_on_one_card(app, (1, 2, 3, 4))
    first, second = app.scene.free[:2]
    app.post(tap(4, first.value))
    app.step()
    app.post(tap(2, second.value))
    app.step()
    assert app.scene.name == "tie-choice"
    chose = [line.split()[0] for line in app.scene.prompt().details if " chose " in line]
    assert chose == ["P4", "P2"]
