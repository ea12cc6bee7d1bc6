"""Tones per verdict, the reaction-time chart, and snapshots of key moments."""

import pygame
import pytest

from kiosk_helpers import canvas
from companion.audio import tones as sound
from companion.display.chart import axis_end_ms, axis_marks, draw_chart
from companion.display.palette import player_colour
from companion.display.snapshots import Snapshots
from companion.errors import CompanionError


def test_each_verdict_has_a_tone_of_its_own():
    kinds = ["win", "tie", "wrong", "early", "nobody", "none"]
    tones = {kind: sound.samples(sound.TONES[kind]).tobytes() for kind in kinds}
    assert len(set(tones.values())) == len(kinds)


def test_without_an_audio_device_the_kiosk_is_silent_and_goes_on(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    tones = sound.Sounds(enabled=True)
    assert not tones.audible
    tones.play("win")  # nothing happens, nothing fails


def dots_in(surface, rect, colour) -> int:
    part = surface.subsurface(rect).copy()
    return len(pygame.mask.from_threshold(part, colour, (1, 1, 1, 255)).connected_components())


def test_the_chart_draws_one_dot_per_answer_in_each_players_colour_on_their_row():
    """Every dot was yellow, whoever's it was (a newcomer: the score strip and the timeline
    give each player a colour)."""
    surface = canvas((800, 400))
    times = {1: [400.0, 900.0], 2: [300.0, 1300.0, 1700.0, 2100.0]}
    labels = draw_chart(surface, pygame.Rect(0, 0, 800, 400), times, 24)
    assert labels[0].text == "P1 650 ms" and labels[1].text == "P2 1500 ms"
    rows = [pygame.Rect(0, label.rect.centery - 20, 800, 40) for label in labels[:2]]
    assert [dots_in(surface, row, player_colour(1)) for row in rows] == [2, 0]
    assert [dots_in(surface, row, player_colour(2)) for row in rows] == [0, 4]


@pytest.mark.parametrize("slowest", [450.0, 470.0, 1000.0, 2600.0, 2900.0, 3796.0, 9999.0])
def test_no_label_of_the_chart_overlaps_another(slowest):
    surface = canvas((624, 250))   # the end screen's chart at 800x480
    labels = draw_chart(surface, pygame.Rect(0, 0, 624, 250), {1: [300.0], 2: [slowest], 3: []},
                        17)
    overlaps = [(a.text, b.text) for i, a in enumerate(labels) for b in labels[i + 1:]
                if a.rect.colliderect(b.rect)]
    assert overlaps == []


def test_the_median_bar_never_crosses_a_players_note():
    from companion.display.palette import HIGHLIGHT

    surface = canvas((624, 250))   # the end screen's chart at 800x480
    times = {player: [430.0, 440.0, 450.0] for player in (1, 2, 3)}
    notes = {player: "closest loss 11.5 ms" for player in (1, 2, 3)}
    labels = draw_chart(surface, pygame.Rect(0, 0, 624, 250), times, 17, notes)
    drawn_notes = [label for label in labels if label.text.startswith("closest")]
    assert len(drawn_notes) == 3
    for note in drawn_notes:
        part = surface.subsurface(note.rect).copy()
        assert pygame.mask.from_threshold(part, HIGHLIGHT, (1, 1, 1, 255)).count() == 0


def test_the_chart_axis_ends_on_a_whole_250_ms_past_the_slowest_answer_and_a_tenth_of_it():
    assert axis_end_ms({1: [1234.0], 2: []}) == 1500   # 1357.4 ms
    assert axis_end_ms({1: [1000.0]}) == 1250            # 1100 ms
    assert axis_end_ms({1: [470.0]}) == 750              # 517 ms
    assert axis_end_ms({1: [300.0]}) == 500              # never less
    assert axis_end_ms({}) == 500


def dot_centres(surface, rect, colour) -> list[int]:
    """The x of each dot of ``colour`` in ``rect``, left to right."""
    part = surface.subsurface(rect).copy()
    mask = pygame.mask.from_threshold(part, colour, (1, 1, 1, 255))
    return sorted(rect.left + dot.centerx for dot in mask.get_bounding_rects())


@pytest.mark.parametrize("slowest", [455.0, 470.0, 500.0])
def test_a_slowest_answer_of_455_to_500_ms_ends_the_chart_axis_at_750_ms(slowest):
    """A whole 500 ms ended the axis at 1000 ms, so every dot stood in its left half."""
    surface = canvas((762, 300))   # the end screen's chart at 800x480
    labels = draw_chart(surface, pygame.Rect(0, 0, 762, 300), {1: [300.0, slowest]}, 20)
    ticks = [label for label in labels if label.text.isdigit()]
    assert ticks[-1].text == "750"
    zero, end = ticks[0].rect.centerx, ticks[-1].rect.centerx
    row = pygame.Rect(0, labels[0].rect.centery - 20, 762, 40)
    slowest_x = dot_centres(surface, row, player_colour(1))[-1]
    assert slowest_x == pytest.approx(zero + (end - zero) * slowest / 750, abs=2)


@pytest.mark.parametrize("slowest", [470.0, 740.0, 1000.0, 2600.0, 3700.0, 4900.0, 6500.0,
                                     9999.0])
@pytest.mark.parametrize("width, height, font_size", [(762, 300, 20), (1834, 675, 45),
                                                      (442, 618, 20)])
def test_the_chart_axis_s_marks_stand_evenly_to_its_end_which_is_labelled(slowest, width, height,
                                                                           font_size):
    """The end screen's chart at 800x480, 1920x1080 and turned upright: its ticks step by a
    whole 250 ms, 500, 1000 ... evenly from 0 to the axis's end, which the last one names (an
    axis to 11000 ms was labelled up to 10000; one to 5500 read 0 ... 4000, then 5500)."""
    surface = canvas((width, height))
    labels = draw_chart(surface, pygame.Rect(0, 0, width, height), {1: [300.0], 2: [slowest]},
                        font_size)
    ticks = [int(label.text) for label in labels if label.text.isdigit()]
    steps = {later - tick for tick, later in zip(ticks, ticks[1:])}
    assert ticks[0] == 0 and len(steps) == 1 and steps.pop() % 250 == 0, ticks
    assert ticks[-1] >= axis_end_ms({1: [slowest]})


def test_a_snapshot_is_saved_for_the_first_frame_of_each_moment(tmp_path):
    shots = Snapshots(tmp_path, always=("end",))
    surface = canvas()
    for name in ["title", "title", "verdict-win", "end", "end", None]:
        shots.offer(name, surface)
    shots.close()
    assert [p.name for p in shots.saved] == ["title.png", "verdict-win.png", "end.png", "end-2.png"]
    assert pygame.image.load(str(shots.saved[0])).get_size() == (800, 480)


def test_a_snapshot_folder_that_cannot_be_made_is_named_in_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(CompanionError, match="snapshot folder .*file/shots cannot be made: "
                                             ".*file is a file, not a folder"):
        Snapshots(blocker / "shots")
    with pytest.raises(CompanionError, match="snapshot folder .*file is a file, not a folder"):
        Snapshots(blocker)


def row_reach(surface, y, colour) -> tuple[int, int]:
    """The leftmost and rightmost x of ``colour`` on the canvas's pixel row ``y``."""
    xs = [x for x in range(surface.get_width()) if surface.get_at((x, y))[:3] == colour]
    return min(xs), max(xs)


@pytest.mark.parametrize("slowest_ms", [990, 1000])
def test_the_slowest_answers_dot_stands_clearly_inside_the_end_screens_chart(slowest_ms):
    """The axis ended at the slowest answer rounded up to 500 ms: a 1000 ms answer's dot sat on
    its last mark, half past the axis's end, as if cut. It now stands a dot's width inside."""
    from kiosk_helpers import in_scene, kiosk, step_until, tap
    from test_reaction_times_agree import end_the_game
    from test_scenes_flow import to_round
    from test_scenes_round import SLOW

    from companion.display.palette import DIM_TEXT

    app = kiosk("setup", pace=SLOW)
    round_ = to_round(app)
    app.post(tap(1, round_.ruling.valid[0].value, round_.t_open_ns + slowest_ms * 1_000_000))
    step_until(app, in_scene(app, "verdict"))
    step_until(app, lambda: app.scene.name != "verdict")
    if app.scene.name == "deal":
        app.post(tap(1, "E"))
    step_until(app, in_scene(app, "round"))
    end_the_game(app)
    row = next(d for d in app.scene.drawn if d.text == f"P1 {slowest_ms} ms")
    y = row.rect.centery
    dot_left, dot_right = row_reach(app.screen.canvas, y, player_colour(1))
    axis_end = row_reach(app.screen.canvas, y, DIM_TEXT)[1]
    assert axis_end - dot_right >= dot_right - dot_left
    pygame.display.quit()


def test_on_an_upright_screen_the_end_charts_labels_stand_clear_of_the_hint_below():
    """Turned upright, the end screen's hint wraps to two lines: the chart's axis labels sat
    on its first line, almost touching it."""
    from kiosk_helpers import in_scene, kiosk, step_until, tap
    from test_reaction_times_agree import end_the_game
    from test_scenes_flow import to_round

    app = kiosk("setup", rotation=90)
    round_ = to_round(app)
    app.post(tap(1, round_.ruling.valid[0].value, round_.t_open_ns + 700_000_000))
    step_until(app, in_scene(app, "verdict"))
    step_until(app, lambda: app.scene.name != "verdict")
    end_the_game(app)
    hint = [d for d in app.scene.drawn if "reaction times" in d.text or "new game" in d.text]
    ticks = [d for d in app.scene.drawn if d.text.isdigit()]
    assert hint and ticks
    assert max(d.rect.bottom for d in ticks) < min(d.rect.top for d in hint)
    pygame.display.quit()


def test_a_narrow_chart_ends_its_axis_at_the_least_whole_step_whose_labels_stand_apart():
    """Turned upright (a plot about 250 px wide), a slowest 5560 ms (an axis to at least 6250)
    ended at 10000 on 5000s, every other dot in its first few per cent: it now ends at 7500 on
    2500s."""
    assert axis_marks(6250, 250, 20) == (7500, 2500)
    assert axis_marks(750, 600, 20) == (750, 250)


def test_eight_players_cost_lines_leave_the_end_chart_room_for_its_rows():
    """Eight regulars' "NOT NOT NOT costs ..." lines took the middle of an 800x480 end screen and
    left the chart 40 px, its names piled on each other: the lines give way to the chart."""
    from kiosk_helpers import kiosk, notnot_play, step_until
    from test_reaction_times_agree import end_the_game
    from test_scenes_flow import to_round

    names = ["Alexandrina", "Bartholomew", "Christopher", "Dominique", "Evangeline",
             "Fitzgerald", "Gwendolyn", "Hildegarde"]
    app = kiosk("setup", players=8, names=dict(enumerate(names, 1)))
    to_round(app)
    end_the_game(app)
    notnot_play(app).reactions.update({seat: [300.0 + 10 * seat] for seat in range(1, 9)})
    app.scene.costs = [f"NOT NOT NOT costs {name} {400 + i} ms" for i, name in enumerate(names)]
    app.scene.dirty = True
    step_until(app, lambda: not app.scene.dirty)
    rows = [d for d in app.scene.drawn if d.text.endswith(" ms") and "costs" not in d.text]
    assert len(rows) == 8, [d.text for d in app.scene.drawn]
    overlaps = [(a.text, b.text) for i, a in enumerate(rows) for b in rows[i + 1:]
                if a.rect.colliderect(b.rect)]
    assert overlaps == []
    pygame.display.quit()
