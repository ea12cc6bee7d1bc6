"""The longest names (12 characters, the widest letters) fit every Not Not screen: the score
strip of twelve players (each name inside its own cell), the verdict, the reaction chart, the
names and players menus, at every size and rotation; and Not That Movie!'s vote, each name
inside its player's cell."""

import pygame
import pytest

import kiosk_helpers
from test_display_text_fits import ROTATIONS, SIZES, drawn, misfits  # noqa: F401  (fixture)
from companion.display import text
from companion.display.chart import draw_chart
from companion.display.draw_notice import NARROW_CUT, cut_apart, cut_short
from companion.display.draw_scores import draw_scores, score_cells
from companion.display.draw_timeline import draw_timeline
from companion.display.draw_verdict import draw_verdict
from companion.display.layout import Layout
from companion.display.timeline_axis import timeline_view
from companion.display.verdict_words import verdict_view
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.scenes.changes import ToTitle
from companion.scenes.session import GameSetup
from companion.storage.database import Database
from companion.storage.players import NAME_MAX, PlayerStore
from round_records import round_record

#: Twelve names of the longest length in the widest capitals, one a seat.
LONG_NAMES = {seat: ("W" * (NAME_MAX - 2) + f"{seat:02d}") for seat in range(1, 13)}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_twelve_long_names_fit_the_score_strip_each_in_its_cell_the_verdict_and_the_chart(
        size, rotation, drawn):  # noqa: F811  (the fixture)
    layout = Layout(size, rotation)
    surface = kiosk_helpers.canvas(layout.size)
    scores = {seat: 8 for seat in LONG_NAMES}
    labels = draw_scores(surface, layout, scores, seat_names=LONG_NAMES)
    _, cells = score_cells(layout, scores, LONG_NAMES)
    for piece in labels:
        cell = next(cell.rect for cell in cells if cell.rect.collidepoint(piece.rect.center))
        assert cell.contains(piece.rect), f"{piece.text!r} leaves its cell"
    tie = round_record([(1, "N", 300, "tie"), (12, "E", 300, "tie"), (7, "W", 100, "wrong")],
                       [(1, "RED", "N"), (12, "BLUE", "E")])
    draw_verdict(surface, layout, verdict_view(tie, True, {7: 1}, LONG_NAMES))
    labels = draw_timeline(surface, layout, timeline_view(tie, 1000.0), layout.timeline,
                           LONG_NAMES)
    assert {f"{LONG_NAMES[1]} N", f"{LONG_NAMES[12]} E"} <= {piece.text for piece in labels}
    chart = pygame.Rect((0, 0), layout.size).inflate(-round(8 * layout.unit),
                                                     -round(30 * layout.unit))
    draw_chart(surface, chart, {p: [150.0 * p, 2900.0] for p in LONG_NAMES}, layout.small_size,
               seat_names=LONG_NAMES)
    assert misfits(drawn, size) == []


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
@pytest.mark.parametrize("rotation", [0, 90])
def test_the_names_and_players_menus_fit_with_long_names(size, rotation, drawn, tmp_path):  # noqa: F811
    with Database.in_folder(tmp_path) as database:
        for name in list(LONG_NAMES.values())[:5]:
            PlayerStore(database).add(name)
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                   setup=GameSetup(players=12, names=dict(LONG_NAMES)),
                                   first_scene=ToTitle(), state_dir=str(tmp_path)))
    try:
        for scene in ("setup", "names", "players"):
            kiosk_helpers.jump_to(app, scene)
            assert app.scene.name == scene
        app.post(kiosk_helpers.tap(1, "E"))   # a player's Rename / Merge choice
        app.step()
    finally:
        app.screen.close()
    assert misfits(drawn, size) == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", [0, 90])
@pytest.mark.parametrize("players", [4, 7])
def test_the_longest_names_stay_in_their_vote_cells(size, rotation, players, drawn,  # noqa: F811
                                                     tmp_path):
    """Players of the longest names vote in Not That Movie!: each name, at no less than the
    smallest text size and cut short only if it must, stays inside its cell, clear of the ring a
    refused press puts round it (at 7 players a name ran under it); names that start alike are
    cut in the middle so that they still read apart ("WWWW...01", "WWWW...02")."""
    names = {seat: LONG_NAMES[seat] for seat in range(1, players + 1)}
    app = build_kiosk(KioskOptions(size=size, rotation=rotation, headless=True, sound=False,
                                   pace=kiosk_helpers.FAST, players_with_pads=12,
                                   setup=GameSetup(players=players, names=names),
                                   first_scene=kiosk_helpers.change_to("movie-setup"),
                                   state_dir=str(tmp_path)))
    try:
        while f"Players: {players}" not in app.scene.items():   # the game's own choice
            kiosk_helpers.choose(app, "Players")
        kiosk_helpers.choose(app, "Start")
        kiosk_helpers.step_until(app, kiosk_helpers.in_scene(app, "movie"))
        app.post(kiosk_helpers.tap(2, "E"))               # P2 has voted: a cell of each kind
        app.step()
        cells = app.scene.vote_cells()
        first = len(drawn)
        app.scene.dirty = True
        app.step()
    finally:
        app.screen.close()
    frame = drawn[first:]
    band = cells[0].unionall(cells)

    def names_of(seat, piece) -> bool:   # the seat's name, whole or cut ("WWWWWWW...02", "…02")
        head, cut, tail = piece.text.replace(NARROW_CUT, "...").partition("...")
        return piece.text == names[seat] or (cut != "" and head + tail != ""
                                             and names[seat].startswith(head)
                                             and names[seat].endswith(tail))

    shown = [piece for _, piece in frame
             if band.colliderect(piece.rect) and any(names_of(s, piece) for s in names)]
    assert len(shown) == len(cells) == players, [piece.text for piece in shown]
    assert len({piece.text for piece in shown}) == players, [piece.text for piece in shown]
    ring = max(3, round(0.8 * app.screen.layout.unit))   # round a refused press's cell
    for seat, cell, piece in zip(names, cells, shown):   # drawn seat by seat, left to right
        assert names_of(seat, piece) and cell.inflate(-2 * ring, 0).contains(piece.rect), \
            f"{piece.text!r} at {piece.rect} runs under the ring of {cell}"
    assert misfits(frame, size) == []


def test_names_that_start_alike_are_cut_in_the_middle_to_read_apart_and_others_at_the_end():
    kiosk_helpers.canvas()
    size = 20
    room = text.width("Alexan...", size)
    cut = cut_apart(["Alexander", "Alexandra", "Bartholomew", "Cy"], size, room)
    assert cut[0] != cut[1] and cut[0].endswith("...r") and cut[1].endswith("...a")
    assert cut[0].startswith("Al") and "..." in cut[0]
    assert cut[2] == cut_short("Bartholomew", size, room) and cut[3] == "Cy"
    assert all(text.width(name, size) <= room for name in cut)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_twelve_long_names_that_start_alike_read_apart_on_the_score_strip(size, rotation):
    """Twelve names alike but for their last two letters: where the strip must cut them, each
    cell's name still differs from every other (cut in the middle, as the vote cells are)."""
    layout = Layout(size, rotation)
    surface = kiosk_helpers.canvas(layout.size)
    labels = draw_scores(surface, layout, {seat: 8 for seat in LONG_NAMES},
                         seat_names=LONG_NAMES)
    shown = [piece.text for piece in labels]
    if len(shown) == 24:                                          # each name over its score
        assert shown[1::2] == ["8"] * 12
        names = shown[0::2]
    else:                                                         # two rows: name and score
        assert len(shown) == 12 and all(label.endswith(" 8") for label in shown), shown
        names = [label.removesuffix(" 8") for label in shown]
    assert len(names) == 12 and len(set(names)) == 12, names
    assert all(LONG_NAMES[seat][-1] in name for seat, name in zip(sorted(LONG_NAMES), names))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_twelve_long_names_all_wrong_are_counted_in_the_headline_and_paged_in_whole_lines(
        size, rotation):
    """Every player taps a wrong card: the headline counts them ("12 WRONG") on every page, the
    line that names them all goes on over pages, and every line drawn stands inside the panel
    (the headline once named all twelve, too tall for the panel, and pages cut lines in half)."""
    from companion.display.draw_verdict import verdict_pages

    layout = Layout(size, rotation)
    taps = [(seat, "N", 100 * seat, "wrong") for seat in LONG_NAMES]
    view = verdict_view(round_record(taps, valid=("S",)), True, {seat: 1 for seat in LONG_NAMES},
                        LONG_NAMES)
    assert view.headline == "12 WRONG"
    for panel in (layout.verdict, layout.verdict_over_timeline):
        shown = []
        for page in range(verdict_pages(layout, view, panel)):
            surface = kiosk_helpers.canvas(layout.size)
            drawn = draw_verdict(surface, layout, view, panel, page=page)
            assert drawn[0].text == "12 WRONG"
            assert all(panel.contains(piece.rect) for piece in drawn), \
                [(piece.text, piece.rect) for piece in drawn if not panel.contains(piece.rect)]
            shown += [piece.text for piece in drawn[1:]]
        assert all(name in " ".join(shown) for name in LONG_NAMES.values())


def test_a_long_list_of_wrong_players_says_its_meaning_first_and_fills_each_page():
    """Five of twelve hold a card: the two lists lead with what they mean, and a page ends only
    where the next line would not stand on it (a page once held one line, the rest of a list,
    and the next list started a page of its own)."""
    from companion.display.draw_verdict import fit_verdict, tall

    layout = Layout((800, 480), 0)
    taps = [(seat, "N", 100 * seat, "wrong") for seat in LONG_NAMES]
    scores = {seat: int(seat in (1, 5, 6, 7, 8)) for seat in LONG_NAMES}
    view = verdict_view(round_record(taps, valid=("E",)), True, scores, LONG_NAMES)
    assert view.headline == "12 WRONG"
    assert view.details[0].startswith("lose a card: ") and \
        view.details[1].startswith("no card to lose: ")
    panel = layout.verdict_over_timeline
    fit = fit_verdict(layout, view, panel)
    room = panel.height - tall(fit.headline)
    for page, after in zip(fit.pages, fit.pages[1:]):
        size, lines = after[0]
        used = sum(tall(block) for block in page)
        assert used + tall((size, lines[:1])) > room, "a page ends with room for the next line"


def test_three_players_tied_are_counted_in_the_headline_and_named_below():
    taps = [(seat, side, 100, "tie") for seat, side in ((3, "N"), (7, "E"), (8, "S"))]
    rec = round_record(taps, [(3, "RED", "N"), (7, "BLUE", "E"), (8, "GREEN", "S")],
                       valid=("N", "E", "S"))
    view = verdict_view(rec, True, {}, LONG_NAMES)
    assert view.headline == "3-WAY TIE"
    assert [line.split()[0] for line in view.details] == [LONG_NAMES[3], LONG_NAMES[7],
                                                           LONG_NAMES[8]]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rotation", ROTATIONS)
def test_the_ring_around_a_winners_cell_stays_clear_of_their_name(size, rotation):
    layout = Layout(size, rotation)
    for players in (4, 12):
        seats = {seat: LONG_NAMES[seat] for seat in range(1, players + 1)}
        surface = kiosk_helpers.canvas(layout.size)
        scores = {seat: 8 for seat in seats}
        labels = draw_scores(surface, layout, scores, marked=(1,), seat_names=seats)
        first_cell = score_cells(layout, scores, seats)[1][0].rect
        ring = first_cell.inflate(-round(layout.unit), -round(layout.unit))
        inside = ring.inflate(-2 * max(2, round(0.5 * layout.unit)), 0)
        first = [piece for piece in labels if first_cell.collidepoint(piece.rect.center)]
        assert first and all(inside.contains(piece.rect.clip(ring)) and
                             inside.left <= piece.rect.left and piece.rect.right <= inside.right
                             for piece in first), [(p.text, p.rect, inside) for p in first]


def test_the_time_axis_labels_stand_apart_for_slow_answers():
    """A nine-second answer at 800x480: the axis steps wide enough that no two labels touch
    (it read "0 1000200030004000500060007000 8000 9000")."""
    layout = Layout((800, 480), 0)
    surface = kiosk_helpers.canvas(layout.size)
    chart = pygame.Rect((0, 0), layout.size).inflate(-round(8 * layout.unit),
                                                     -round(30 * layout.unit))
    for slowest in (2900.0, 9105.0, 29_000.0):
        drawn = draw_chart(surface, chart, {1: [400.0, slowest], 2: [700.0]}, layout.small_size)
        axis = sorted((piece for piece in drawn if piece.text.isdigit()),
                      key=lambda piece: piece.rect.left)
        assert len(axis) >= 3
        assert all(one.rect.right < other.rect.left for one, other in zip(axis, axis[1:])), \
            [(piece.text, piece.rect) for piece in axis]


def test_twelve_players_on_a_portrait_screen_stand_in_two_rows_their_short_names_whole():
    """At 800x480 turned, one row's cells are 40 px wide: names read "na", "eo", "w". In two
    rows each cell is twice as wide, and a name and its score share one line."""
    layout = Layout((800, 480), 90)
    seats = dict(enumerate(["Bartholomew", "Maximiliano", "Ana", "Cleo", "Theodora", "Bo",
                            "Alexander", "Alexandra", "Zoe", "Jean-Luc Pic", "Wu", "Kim"],
                           start=1))
    scores = {seat: seat % 5 for seat in seats}
    _, cells = score_cells(layout, scores, seats)
    assert len({cell.rect.top for cell in cells}) == 2
    assert all(cell.rect.width >= layout.scores.width // 6 - 1 for cell in cells)
    shown = [piece.text for piece in draw_scores(kiosk_helpers.canvas(layout.size), layout,
                                                 scores, seat_names=seats)]
    assert len(shown) == 12
    for seat in (3, 4, 6, 9, 11, 12):               # Ana, Cleo, Bo, Zoe, Wu, Kim
        assert shown[seat - 1].split()[0] == seats[seat]
    assert shown[0].startswith("B") and shown[1].startswith("M")   # long names keep their start
    assert len(set(label.rsplit(" ", 1)[0] for label in shown)) == 12


def test_four_players_on_a_portrait_screen_stand_in_one_row():
    layout = Layout((800, 480), 90)
    _, cells = score_cells(layout, {seat: 3 for seat in range(1, 5)})
    assert len({cell.rect.top for cell in cells}) == 1


@pytest.mark.parametrize("rotation", [90, 270])
def test_the_reaction_chart_of_twelve_long_names_keeps_a_readable_scale_on_a_portrait_screen(
        rotation):
    """The names once took most of the width: each row's plot was 100 px with only "0" on its
    axis. Names and medians take at most LABELS_SHARE of it now, and the axis says its scale."""
    from companion.display.chart import LABELS_SHARE

    layout = Layout((800, 480), rotation)
    chart = pygame.Rect((0, 0), layout.size).inflate(-round(8 * layout.unit),
                                                     -round(30 * layout.unit))
    drawn = draw_chart(kiosk_helpers.canvas(layout.size), chart,
                       {p: [150.0 * p, 900.0 + 10 * p] for p in LONG_NAMES}, layout.small_size,
                       seat_names=LONG_NAMES)
    rows, ticks = drawn[:12], [piece.text for piece in drawn[12:]]
    assert max(piece.rect.right for piece in rows) - chart.left <= LABELS_SHARE * chart.width
    assert len(ticks) >= 3 and ticks[:2] == ["0", "1000"]
    assert len({piece.text.rsplit(" ", 2)[0] for piece in rows}) == 12   # names still apart


def test_on_a_tall_screen_the_reaction_chart_stands_each_whole_name_over_its_median():
    """At 800x1280 the rows read "AaBart... 267 ms" with room to spare above and below
    (a player at a portrait panel)."""
    names = {1: "Siobhan", 2: "AaBartholome", 3: "Maximilianus", 4: "Nguyen"}
    layout = Layout((1280, 800), 270)
    chart = pygame.Rect((0, 0), layout.size).inflate(-round(8 * layout.unit),
                                                     -round(30 * layout.unit))
    drawn = draw_chart(kiosk_helpers.canvas(layout.size), chart,
                       {p: [150.0 * p, 400.0] for p in names}, layout.small_size,
                       seat_names=names)
    texts = [piece.text for piece in drawn]
    assert set(names.values()) <= set(texts)                       # whole, on lines of their own
    for name in names.values():
        line = drawn[texts.index(name)]
        median = drawn[texts.index(name) + 1]
        assert median.text.endswith(" ms") and median.rect.top >= line.rect.bottom - 1
    wide = draw_chart(kiosk_helpers.canvas((800, 480)), pygame.Rect(0, 0, 760, 300),
                      {p: [400.0] for p in names}, 17, seat_names={1: "Ana", 2: "Bo"})
    assert [piece.text for piece in wide[:2]] == ["Ana 400 ms", "Bo 400 ms"]   # one line


def test_names_that_hold_spaces_are_listed_apart_on_the_verdict():
    """"wrong: Ana Marí Bo Luis lose a card" could be any two, three or four players."""
    names = {1: "Ana Marí", 2: "Bo Luis", 3: "Cy"}
    taps = [(1, "N", 100, "wrong"), (2, "N", 200, "wrong"), (3, "E", 300, "win")]
    view = verdict_view(round_record(taps, [(3, "RED", "E")], valid=("E",)), True,
                        {1: 2, 2: 2, 3: 0}, names)
    assert view.headline.startswith("Cy")
    assert any("Ana Marí, Bo Luis" in line for line in view.details), view.details
    guests = verdict_view(round_record(taps, [(3, "RED", "E")], valid=("E",)), True,
                          {1: 2, 2: 2, 3: 0}, {})
    assert any("P1 P2" in line for line in guests.details), guests.details


def test_names_that_hold_spaces_are_listed_apart_on_the_early_banner_and_the_phones_result():
    """The verdict's one rule (commas only when a name holds a space) also where a code
    reviewer found plain spaces: "TOO EARLY: Ana Marí Bo Luis", "Winners: Ana Marí Bo Luis"."""
    from companion.games.notnot.sides import Side
    from companion.games.notnot.taps import Tap
    from companion.scenes.notnot.tap_feedback import TapFeedback
    from companion.web.board import LiveGame
    from companion.web.live_view import result

    names = {1: "Ana Marí", 2: "Bo Luis"}
    feedback = TapFeedback(2.0, lambda *told: None, label=lambda p: names[p])
    for player in (1, 2):
        feedback.show(Tap(player, Side.N, 0, "test"), "early", 0)
    assert feedback.early_banner(1).details == ("Ana Marí, Bo Luis",)
    game = LiveGame(id=1, state="finished", players=2, level="normal", rounds=9,
                    cards_left=0, scores={1: 4, 2: 4}, tie_window_us=1000, names=names,
                    winners=[1, 2])
    assert result(game) == "Winners: Ana Marí, Bo Luis with 4 point cards"
