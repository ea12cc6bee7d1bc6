"""The photo finish on screen: the margin in the verdict and every tap of the round on
the timeline under it, from the dice landing, the photo finish magnified."""

import pygame
import pytest

from kiosk_helpers import canvas, jump_to, kiosk, now, shows_text, step_until, tap
from test_scenes_flow import to_round
from companion.display.draw_timeline import draw_timeline
from companion.display.timeline_axis import axis_mapping, timeline_view
from companion.display.layout import Layout
from companion.games.notnot.sides import SIDES
from kiosk_helpers import notnot_play
from round_records import round_record


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def rec(*taps):
    return round_record(taps)


PHOTO_FINISH = rec((4, "W", -30_000, "early"), (2, "N", 412_345, "win"), (3, "E", 412_927, "wrong"),
                   (1, "N", 455_000, "late"), (2, "S", 600_000, "ignored"))


def test_every_tap_of_the_round_is_labelled_with_its_player_and_spot():
    surface, layout = canvas(), Layout((800, 480))
    drawn = draw_timeline(surface, layout, timeline_view(PHOTO_FINISH, 1000), layout.timeline)
    labels = {d.text for d in drawn}
    assert {"P4 W", "P2 N", "P3 E", "P1 N", "P2 S"} <= labels
    assert all(shows_text(surface, d) and layout.timeline.contains(d.rect) for d in drawn)


def test_the_time_under_the_last_tap_is_that_taps_time_in_the_kiosk_and_on_the_page():
    from companion.web.timeline_svg import timeline_svg

    surface, layout = canvas(), Layout((800, 480))
    view = timeline_view(rec((2, "N", 412_345, "win"), (3, "E", 700_400, "wrong")), 1000)
    x_of = axis_mapping(view, layout.timeline.left, layout.timeline.width)
    drawn = draw_timeline(surface, layout, view, layout.timeline)
    (last,) = [d for d in drawn if d.text.endswith(" ms") and not d.text.startswith("window")]
    assert last.text == "700 ms"          # P3 E at 700.4 ms; the axis runs on past it
    assert abs(last.rect.centerx - x_of(700_400)) <= last.rect.width // 2
    assert ">700 ms<" in timeline_svg(view)


def test_a_late_answer_is_drawn_as_an_ignored_tap_is():
    def drawn(verdict):
        surface, layout = canvas(), Layout((800, 480))
        record = rec((2, "N", 412_345, "win"), (1, "N", 455_000, verdict))
        draw_timeline(surface, layout, timeline_view(record, 1000), layout.timeline)
        return pygame.image.tostring(surface, "RGB")   # pygame 2.1.2 has no tobytes
    assert drawn("late") == drawn("ignored") != drawn("wrong")


def test_taps_lie_on_the_axis_in_stamp_order():
    view = timeline_view(PHOTO_FINISH, 1000)
    x_of = axis_mapping(view, 0, 400)
    xs = [x_of(t.t_us) for t in sorted(view.taps, key=lambda t: t.t_us)]
    assert xs == sorted(xs) and 0 <= xs[0] and xs[-1] <= 400


def test_a_photo_finish_half_a_millisecond_apart_is_told_apart_at_800x480():
    x_of = axis_mapping(timeline_view(PHOTO_FINISH, 1000), 0, 384)
    assert x_of(412_927) - x_of(412_345) > 40  # pixels between the winner and the runner-up


def test_the_dice_landing_starts_the_axis_and_the_close_follows_the_first_valid_tap():
    view = timeline_view(PHOTO_FINISH, 1000)
    assert (view.first_valid_us, view.close_us) == (412_345, 413_345)
    assert timeline_view(rec((1, "N", 500, "wrong")), 1000).close_us is None


def photo_finish(app):
    """In the next open round, P2 taps a valid spot and P3 a wrong one 0.25 ms later; the verdict
    is on screen. Returns the two spots."""
    round_ = to_round(app)
    valid = round_.ruling.valid[0]
    wrong = next(side for side in SIDES if side not in round_.ruling.valid)
    t_win = now()
    app.post(tap(3, wrong.value, t_win + 250_000))
    app.post(tap(2, valid.value, t_win))
    step_until(app, lambda: app.scene.name == "verdict" and not app.scene.dirty)
    return valid, wrong


def test_a_contested_verdict_shows_its_margin_and_timeline_in_the_kiosk():
    app = kiosk("setup")
    valid, wrong = photo_finish(app)
    screen, layout = app.screen.canvas, app.ctx.services.layout
    assert [d.text for d in app.scene.drawn][:2] == ["P2 WINS", "P2 by 0.250 ms"]
    labels = {d.text for d in app.scene.timeline_drawn}
    assert {f"P2 {valid.value}", f"P3 {wrong.value}"} <= labels
    assert all(shows_text(screen, d) and layout.timeline.contains(d.rect)
               for d in app.scene.timeline_drawn)
    panel = app.scene.room.rect
    assert panel.bottom < layout.timeline.top
    assert all(shows_text(screen, d) and panel.contains(d.rect) for d in app.scene.drawn)


def test_the_end_screen_names_each_players_closest_win_and_closest_loss():
    from companion.scenes.notnot.end import close_call_notes

    notes = close_call_notes({"win": {2: (582, 100)}, "loss": {2: (12_000, 1000), 3: (300, 1)}})
    assert notes == {2: "closest win 0.6 ms  closest loss 12 ms", 3: "closest loss 0.300 ms"}


def test_the_end_screen_of_a_played_game_shows_the_close_calls():
    app = kiosk("setup")
    photo_finish(app)
    assert notnot_play(app).close_calls["win"] == {2: (250, 1)}
    step_until(app, lambda: app.scene.name != "verdict")
    jump_to(app, "end")
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    assert "closest win 0.250 ms" in {d.text for d in app.scene.drawn}


def test_on_the_page_long_names_stand_apart_and_inside_the_timeline():
    import html
    import re

    from companion.display import text
    from companion.web.timeline_svg import FONT, WIDTH, timeline_svg

    names = {1: "WWWWWWWWWWWW", 2: "Ana", 3: "Bartholomew", 4: "Maximiliano"}
    view = timeline_view(rec((1, "N", 400_000, "win"), (2, "N", 400_300, "late"),
                             (3, "E", 401_000, "late"), (4, "S", 402_000, "wrong")), 1000)
    pygame.font.init()
    lanes: dict[str, list] = {}   # each label as the page's font (the kiosk's) draws it, by lane
    for x, y, words in re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="22"[^>]*>'
                                  r'([^<]+)</text>', timeline_svg(view, names)):
        words = html.unescape(words)
        wide = text.font(round(FONT)).size(words)[0]
        lanes.setdefault(y, []).append((float(x) - wide / 2, float(x) + wide / 2, words))
    labels = [label for lane in lanes.values() for label in lane]
    assert {"WWWWWWWWWWWW N", "Ana N"} <= {words for _, _, words in labels}
    assert all(0 <= left and right <= WIDTH for left, right, _ in labels)
    for lane in lanes.values():
        lane.sort()
        assert all(one[1] <= other[0] for one, other in zip(lane, lane[1:])), lane


MASHED = rec((1, "E", 400_000, "win"), (2, "E", 400_200, "late"), (2, "S", 400_400, "ignored"),
             (3, "N", 400_600, "late"), (4, "W", 401_000, "ignored"), (3, "S", 402_000, "wrong"))


@pytest.mark.parametrize("record", [PHOTO_FINISH, MASHED], ids=["photo finish", "mashed"])
def test_labels_side_by_side_on_the_timeline_stand_half_a_letter_height_apart(record):
    surface, layout = canvas(), Layout((800, 480))
    drawn = draw_timeline(surface, layout, timeline_view(record, 1000), layout.timeline)
    gap = layout.min_text_size // 2   # a word space and more: two labels never read as one
    for one in drawn:
        for other in drawn:
            if one is not other and one.rect.top < other.rect.bottom \
                    and other.rect.top < one.rect.bottom and one.rect.right <= other.rect.left:
                assert other.rect.left - one.rect.right >= gap, (one.text, other.text)


def test_the_winners_mark_is_drawn_over_a_wrong_tap_at_the_same_moment():
    from companion.display.draw_timeline import mark_radius
    from companion.display.palette import TIMELINE_MARK
    from companion.games.notnot.verdict import Verdict

    surface, layout = canvas(), Layout((800, 480))
    strip = layout.timeline
    view = timeline_view(rec((1, "N", 400_000, "wrong"), (2, "E", 400_000, "win")), 1000)
    draw_timeline(surface, layout, view, strip)
    inner = strip.inflate(-round(2 * layout.unit), 0)
    x = round(axis_mapping(view, inner.left, inner.width)(400_000))
    below = (x, strip.centery + mark_radius(layout) // 2)   # inside the triangle, off the cross
    centre = (x, strip.centery)
    assert surface.get_at(centre)[:3] == TIMELINE_MARK[Verdict.WIN]
    assert surface.get_at(below)[:3] == TIMELINE_MARK[Verdict.WIN]


def test_the_labels_stand_on_the_strips_own_ground_off_the_photo_finishs_lighter_one():
    """Blue and vermillion stood at 2.7 to 1 on the photo finish's lighter ground: it keeps to
    the axis, between the label lanes, on the kiosk and on the page."""
    import re

    from companion.display.palette import PANEL, TIMELINE_ZOOM
    from companion.web.svg import colour
    from companion.web.timeline_svg import FONT, timeline_svg

    names = {5: "Vera", 6: "Bob"}
    view = timeline_view(rec((2, "N", 412_345, "win"), (5, "E", 412_927, "wrong"),
                             (6, "S", 412_600, "wrong")), 1000)
    surface, layout = canvas(), Layout((800, 480))
    drawn = draw_timeline(surface, layout, view, layout.timeline, names)
    assert {"Vera E", "Bob S"} <= {d.text for d in drawn}
    for label in drawn:
        grounds = {surface.get_at((x, y))[:3] for x in range(label.rect.left, label.rect.right)
                   for y in range(label.rect.top, label.rect.bottom)}
        assert TIMELINE_ZOOM not in grounds and PANEL in grounds, label.text
    page = timeline_svg(view, names)
    zoom = re.search(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)" '
                     r'rx="0" fill="%s"' % colour(TIMELINE_ZOOM), page)
    top, bottom = float(zoom[1]), float(zoom[1]) + float(zoom[2])
    for baseline in {float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"', page)}:
        assert baseline + 0.24 * FONT <= top or baseline - 0.76 * FONT >= bottom, baseline


NAMED = {1: "Ana", 2: "Bo", 3: "Cy", 4: "Dee O'neil", 5: "Eve", 6: "Fitzgerald", 7: "Gus",
         8: "Hana", 9: "Ivo", 10: "Jo", 11: "Kasimir", 12: "Lou"}


def pressed_at_once(players):
    """Everyone presses in one instant: Bo wins, Ana and the odd seats tap a wrong spot, the even
    seats' taps are ignored; Dee presses N again, ignored, long after."""
    taps = [(1, "E", 412_000, "wrong"), (2, "N", 412_000, "win")]
    taps += [(p, "NESW"[p % 4], 412_000, "wrong" if p % 2 else "ignored")
             for p in range(3, players + 1)]
    return rec(*taps, (4, "N", 2_400_000, "ignored"))


def timeline_of(record, size, players):
    """The verdict's timeline of ``record`` drawn as the kiosk draws it on a ``size`` screen:
    the surface, its labels, where each tap's mark stands and its radius."""
    from companion.display.draw_timeline import mark_radius

    layout = Layout(size)
    surface = canvas(size)
    view = timeline_view(record, 1000)
    names = {p: NAMED[p] for p in range(1, players + 1)}
    drawn = draw_timeline(surface, layout, view, layout.timeline, names)
    inner = layout.timeline.inflate(-round(2 * layout.unit), 0)
    x_of = axis_mapping(view, inner.left, inner.width)
    marks = [(f"{names[t.player]} {t.side}", round(x_of(t.t_us))) for t in view.taps]
    return surface, drawn, marks, mark_radius(layout), layout.timeline.centery


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [6, 12])
def test_a_label_never_stands_over_or_under_another_taps_mark(size, players):
    """An ignored tap's label moved aside stood right under the winner's mark, and read as the
    tap that won the race."""
    _, drawn, marks, r, _ = timeline_of(pressed_at_once(players), size, players)
    labels = [d for d in drawn if any(d.text == label for label, _ in marks)]
    assert {"Bo N", "Ana E"} <= {d.text for d in labels}
    for label in labels:
        own = [x for words, x in marks if words == label.text]
        for words, x in marks:
            if words != label.text and label.rect.left - r <= x <= label.rect.right + r:
                assert any(abs(x - at) <= r for at in own), (label.text, "over", words)


def test_a_label_moved_aside_is_joined_to_its_mark_by_a_line_in_its_own_colour():
    """A faint grey hairline across the tie band was all that tied a label to its mark."""
    from companion.display.palette import player_colour

    surface, drawn, marks, r, axis_y = timeline_of(pressed_at_once(6), (1280, 720), 6)
    aside = [(d, player) for d in drawn for player, name in NAMED.items()
             if d.text.startswith(f"{name} ") and player % 2
             and not d.rect.left <= dict(marks)[d.text] <= d.rect.right]
    assert aside
    for label, player in aside:
        x = dict(marks)[label.text]
        near = min(max(x, label.rect.left), label.rect.right)
        edge = label.rect.bottom if label.rect.bottom < axis_y else label.rect.top
        middle = ((x + near) // 2, (axis_y + edge) // 2)
        around = {surface.get_at((middle[0] + dx, middle[1] + dy))[:3]
                  for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
        assert player_colour(player) in around, label.text


def test_each_players_close_call_note_stands_in_their_own_row_of_the_chart(tmp_path):
    """The notes stood halfway up to the row above, the first row had none, so each read as the
    row above's."""
    from companion.games.notnot import data_file as data
    from companion.games.notnot.game import Game
    from companion.scenes.notnot.play import NotNotPlay

    players, (dice, recipe) = 4, data.not_not()
    game = Game.new(players, "extreme", 1, dice=dice, recipe=recipe)
    reactions = {p: [300.0 + 40 * p, 520.0 + 70 * p, 900.0 - 30 * p] for p in range(1, players + 1)}
    losses = {p: (43_000, 1000) for p in range(2, players + 1)}
    app = kiosk("title", state_dir=tmp_path, size=(1280, 720), players=players)
    jump_to(app, "end", play=NotNotPlay(game, ref=None, reactions=reactions,
                                        close_calls={"loss": losses}))
    step_until(app, lambda: app.scene.name == "end" and not app.scene.dirty)
    rows = [next(d for d in app.scene.drawn if d.text.startswith(f"P{p} "))
            for p in range(1, players + 1)]
    notes = [d for d in app.scene.drawn if d.text == "closest loss 43 ms"]
    half = (rows[1].rect.centery - rows[0].rect.centery) / 2
    assert len(notes) == players - 1
    for row, note in zip(rows[1:], notes):
        assert row.rect.centery - half <= note.rect.top < note.rect.bottom <= row.rect.centery
    app.screen.close()


def svg_labels_and_marks(record, players):
    """The page's timeline of ``record`` at a table of ``players``: each label's words and its
    left and right, and where each tap's mark stands (its label's words, x)."""
    import html
    import re

    from companion.web.timeline_svg import WIDTH, timeline_svg

    view = timeline_view(record, 1000)
    names = {p: NAMED[p] for p in range(1, players + 1)}
    page = timeline_svg(view, names)
    x_of = axis_mapping(view, 14, round(WIDTH - 28))
    marks = [(f"{names[t.player]} {t.side}", x_of(t.t_us)) for t in view.taps]
    labels = [(html.unescape(words), float(x) - float(length) / 2,
               float(x) + float(length) / 2) for x, length, words in re.findall(
                  r'<text x="([\d.]+)"[^>]*textLength="([\d.]+)"[^>]*>([^<]*)</text>', page)]
    return page, labels, marks


#: Bo wins as Dee taps a wrong spot and Ana's mashed pad is ignored, Cy's tap 0.24 ms later.
MARK_NEAR_THE_WIN = rec((2, "N", 412_000, "win"), (1, "E", 412_000, "ignored"),
                   (3, "W", 412_241, "ignored"), (4, "N", 412_000, "wrong"))


@pytest.mark.parametrize("record, players", [(MARK_NEAR_THE_WIN, 4), (pressed_at_once(6), 6),
                                             (pressed_at_once(12), 12)])
def test_a_label_on_the_phone_page_never_stands_over_or_under_another_taps_mark(record, players):
    """The page placed its labels by the other labels alone: Dee's and Ana's labels moved aside
    stood over Cy's mark, and read as his tap, as the kiosk's did."""
    from companion.web.timeline_svg import MARK

    _, labels, marks = svg_labels_and_marks(record, players)
    labels = [label for label in labels if any(label[0] == words for words, _ in marks)]
    assert {"Bo N", "Dee O'neil N"} <= {words for words, _, _ in labels}
    for words, left, right in labels:
        own = [x for name, x in marks if name == words]
        for other, x in marks:
            if other != words and left - MARK <= x <= right + MARK:
                assert any(abs(x - at) <= MARK for at in own), (words, "over", other)


def test_a_label_moved_aside_on_the_phone_page_is_joined_to_its_mark_in_its_own_colour():
    import re

    from companion.display.palette import player_colour
    from companion.web.svg import colour

    page, labels, marks = svg_labels_and_marks(pressed_at_once(6), 6)
    aside = [(words, player) for words, left, right in labels for player, name in NAMED.items()
             if words.startswith(f"{name} ") and player % 2
             and not left <= dict(marks)[words] <= right]
    assert aside
    lines = re.findall(r'<line x1="([\d.]+)" y1="[\d.]+" x2="[\d.]+" y2="[\d.]+" '
                       r'stroke="([^"]+)"', page)
    for words, player in aside:
        x = dict(marks)[words]
        assert any(abs(float(x1) - x) <= 0.05 and ink == colour(player_colour(player))
                   for x1, ink in lines), words


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_the_winners_label_is_drawn_even_where_no_place_is_clear_of_the_other_marks(size):
    """A long name winning a photo finish has no place clear of the close taps' marks: its
    label stands nearest its mark rather than be left out, on the kiosk and on the page."""
    from companion.web.timeline_svg import timeline_svg

    names = {1: "WWWWWWWWWWWW", 2: "Ana", 3: "Bartholomew", 4: "Maximiliano"}
    view = timeline_view(rec((1, "N", 400_000, "win"), (2, "N", 400_300, "late"),
                             (3, "E", 401_000, "late"), (4, "S", 402_000, "wrong")), 1000)
    surface, layout = canvas(size), Layout(size)
    drawn = draw_timeline(surface, layout, view, layout.timeline, names)
    assert "WWWWWWWWWWWW N" in {d.text for d in drawn}
    assert ">WWWWWWWWWWWW N</text>" in timeline_svg(view, names)
