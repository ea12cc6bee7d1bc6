"""The verdict says who won what, who was wrong or early, ties, and "nobody may tap"."""

from dataclasses import replace

import pygame

from kiosk_helpers import canvas, count_colour, shows_text
from companion.display.draw_verdict import VerdictView, draw_verdict
from companion.display.layout import Layout
from companion.display.verdict_words import verdict_view
from companion.scenes.notnot.play_view import verdict_headline
from round_records import round_record as record


def test_the_verdict_names_the_winner_and_the_card_taken():
    view = verdict_view(record([(2, "N", 400_000, "win")], [(2, "RED", "N")]), True, {2: 0})
    assert (view.kind, view.headline, view.details) == ("win", "P2 WINS", ("takes RED from N",))


def test_a_void_on_the_table_is_taken_instead_of_the_card_tapped():
    view = verdict_view(record([(1, "N", 400_000, "win")], [(1, "VOID", "S")]), True, {})
    assert view.details[0] == "takes the VOID from S instead of N"


def test_a_wrong_tap_is_named_with_its_penalty_card():
    taps = [(1, "N", 300_000, "win"), (3, "E", 350_000, "wrong")]
    view = verdict_view(record(taps, [(1, "BLUE", "N")]), True, {3: 2})
    assert "wrong: P3 loses a card" in view.details


def test_a_wrong_tap_without_cards_costs_nothing_and_says_so():
    view = verdict_view(record([(3, "E", 350_000, "wrong")]), True, {3: 0})
    assert (view.kind, view.headline) == ("wrong", "P3 WRONG")
    assert view.details == ("wrong: P3 (no card to lose)", "could tap: N")


def test_a_tap_before_the_dice_land_is_too_early():
    view = verdict_view(record([(4, "W", -50_000, "early"), (1, "N", 300_000, "win")], [(1, "RED", "N")]), True, {})
    assert "too early: P4" in view.details


#: A table of named players, one name of two words.
NAMED = {1: "Alexander", 2: "Fatima", 3: "Alexandra", 4: "Dee O'neil", 5: "Bo"}


def wrong_taps(wrong, cards, winner=True):
    """The verdict at the ``NAMED`` table where each of ``wrong`` tapped a wrong card, after Bo
    won (``winner``), each holding ``cards`` (seat -> point cards) before."""
    taps = [(p, "E", 350_000 + p, "wrong") for p in wrong]
    if winner:
        return verdict_view(record([(5, "N", 300_000, "win"), *taps], [(5, "RED", "N")]), True,
                            cards, NAMED)
    return verdict_view(record(taps), True, cards, NAMED)


def test_two_wrong_named_players_are_listed_with_a_comma_on_every_line():
    view = wrong_taps([1, 2, 3, 4], {1: 2, 2: 1, 3: 0, 4: 0})
    assert view.details[1:] == ("wrong: Alexander, Fatima lose a card",
                                "wrong: Alexandra, Dee O'neil (no card to lose)")


def test_three_wrong_named_players_are_listed_with_commas():
    view = wrong_taps([1, 2, 3], {1: 1, 2: 1, 3: 1})
    assert view.details[1:] == ("lose a card: Alexander, Fatima, Alexandra",)


def test_the_headline_of_two_wrong_named_players_lists_them_with_a_comma():
    view = wrong_taps([1, 2], {1: 1, 2: 1}, winner=False)
    assert (view.kind, view.headline) == ("wrong", "Alexander, Fatima WRONG")


def test_wrong_lines_wrapped_at_800x480_keep_their_label_with_the_first_name():
    view = wrong_taps([1, 2, 3, 4], {1: 2, 2: 1, 3: 0, 4: 0})
    for rotation in (0, 90):
        layout = Layout((800, 480), rotation)
        drawn = [d.text for d in draw_verdict(canvas(layout.size), layout, view, layout.verdict,
                                              verdict_headline(layout))]
        assert len(drawn) > len(view.lines), drawn   # a line wrapped
        assert "wrong: Alexandra," in drawn and not any(line.endswith(":") for line in drawn)
        assert "wrong: Alexander," in drawn or "wrong: Alexander, Fatima lose a card" in drawn


def test_nobody_may_tap_is_announced_when_nobody_tapped():
    view = verdict_view(record([], valid=()), False, {})
    assert (view.kind, view.headline) == ("nobody", "NOBODY MAY TAP")


def test_a_tap_when_nobody_may_tap_is_wrong():
    view = verdict_view(record([(2, "S", 500_000, "wrong")], valid=()), False, {2: 1})
    assert (view.kind, view.headline) == ("wrong", "P2 WRONG")
    assert view.details[0] == "nobody may tap"


def test_a_tie_names_every_tied_player_and_their_card():
    taps = [(1, "N", 300_000, "tie"), (3, "E", 300_400, "tie")]
    view = verdict_view(record(taps, [(1, "RED", "N"), (3, "BLUE", "E")]), True, {})
    assert view.headline == "TIE P1 P3"
    assert view.details[:2] == ("P1 takes RED from N", "P3 takes BLUE from E")


def test_a_tied_player_for_whom_no_card_is_left_is_named_taking_nothing():
    """Six tied on four cards: the two left without a card were named nowhere, and the
    headline counted four (a table of six)."""
    taps = [(p, "N", 300_000 + p * 10, "tie") for p in range(1, 7)]
    winners = [(1, "RED", "N"), (2, "GREEN", "E"), (4, "BLUE", "S"), (6, "WHITE", "W")]
    view = verdict_view(record(taps, winners, valid=("N", "E", "S", "W")), True, {})
    assert (view.kind, view.headline) == ("tie", "6-WAY TIE")
    assert view.details == ("P1 takes RED from N", "P2 takes GREEN from E, tied on N",
                            "P4 takes BLUE from S, tied on N", "P6 takes WHITE from W, tied on N",
                            "no card left: P3 P5")


def test_two_tied_on_the_last_free_card_is_a_tie_not_a_win():
    taps = [(1, "N", 300_000, "tie"), (2, "N", 300_200, "tie")]
    view = verdict_view(record(taps, [(1, "RED", "N")]), True, {})
    assert (view.kind, view.headline) == ("tie", "TIE P1 P2")
    assert view.details == ("P1 takes RED from N", "no card left: P2")


def test_a_round_without_a_valid_tap_has_no_winner():
    view = verdict_view(record([]), True, {})
    assert (view.kind, view.headline) == ("none", "NO WINNER")


def test_the_banner_on_screen_shows_the_headline_and_lines():
    for size in ((800, 480), (1920, 1080)):
        layout = Layout(size)
        surface = canvas(size)
        drawn = draw_verdict(surface, layout, VerdictView("win", "P7 WINS", ("takes the VOID from S instead",)))
        assert [d.text for d in drawn] == ["P7 WINS", "takes the VOID from S instead"]
        assert all(shows_text(surface, d) and layout.banner.contains(d.rect) for d in drawn)


def test_a_contested_win_says_its_margin_at_the_inputs_precision():
    rec = record([(2, "N", 400_000, "win"), (3, "E", 403_412, "wrong")], [(2, "RED", "N")])
    rec = replace(rec, margin_us=3412, margin_step_us=100)
    assert verdict_view(rec, True, {}).details[0] == "P2 by 3.4 ms"


def test_a_tie_says_how_far_apart_the_tied_taps_were():
    rec = record([(1, "N", 400_000, "tie"), (2, "E", 400_400, "tie")],
                 [(1, "RED", "N"), (2, "BLUE", "E")])
    rec = replace(rec, margin_us=400, margin_step_us=100)
    assert verdict_view(rec, True, {}).details[0] == "TIE: 0.4 ms apart"


EIGHT_LINES = VerdictView("tie", "TIE P1 P2 P3", (
    "TIE: 0.200 ms apart", "P1 takes the VOID from W instead of N", "P2 takes BLUE from E",
    "P3 takes GREEN from S", "wrong: P4 P7 lose a card", "wrong: P5 P8 (no card to lose)",
    "too early: P6"))


def test_a_verdict_too_long_for_its_panel_is_paged_and_no_line_is_dropped():
    from companion.display.draw_verdict import verdict_pages

    layout = Layout((800, 480), 90)
    panel = layout.verdict_over_timeline
    pages = verdict_pages(layout, EIGHT_LINES, panel)
    shown = []
    for page in range(pages):
        surface = canvas(layout.size)
        drawn = draw_verdict(surface, layout, EIGHT_LINES, panel, page=page)
        assert drawn[0].text == "TIE P1 P2 P3"  # the headline on every page
        assert all(shows_text(surface, d) and panel.contains(d.rect) for d in drawn)
        shown.append(" ".join(d.text for d in drawn[1:]))
    assert all(any(line in words for words in shown) for line in EIGHT_LINES.details)


def test_a_paged_verdict_shows_a_dot_for_each_page_and_fills_the_page_shown():
    from companion.display.draw_verdict import dot_radius, page_dots, verdict_pages
    from companion.display.palette import TEXT

    layout = Layout((800, 480), 90)
    panel = layout.verdict_over_timeline
    pages = verdict_pages(layout, EIGHT_LINES, panel)
    assert pages > 1
    radius = dot_radius(layout)
    for page in range(pages):
        surface = canvas(layout.size)
        draw_verdict(surface, layout, EIGHT_LINES, panel, page=page)
        inked = [count_colour(surface, pygame.Rect(x - radius, y - radius, 2 * radius + 1,
                                                   2 * radius + 1), TEXT)
                 for x, y in page_dots(layout, panel, pages)]
        hollow = [ink for i, ink in enumerate(inked) if i != page]
        assert all(ink > 0 for ink in inked) and all(ink < inked[page] for ink in hollow)


def test_a_verdict_on_one_page_shows_no_page_dots():
    from companion.display.draw_verdict import dot_radius, page_dots
    from companion.display.palette import TEXT

    layout = Layout((800, 480))
    one = replace(EIGHT_LINES, details=EIGHT_LINES.details[:1])
    surface = canvas(layout.size)
    draw_verdict(surface, layout, one, layout.verdict)
    radius = dot_radius(layout)
    x, y = page_dots(layout, layout.verdict, 1)[0]
    margin = pygame.Rect(x - radius, layout.verdict.top, 2 * radius + 1, layout.verdict.height)
    assert count_colour(surface, margin, TEXT) == 0


def test_a_footer_stands_under_the_lines_on_every_page():
    layout = Layout((800, 480), 90)
    view = replace(EIGHT_LINES, footer=("4 s left, then N",))
    for page in range(3):
        drawn = draw_verdict(canvas(layout.size), layout, view, layout.verdict_over_timeline,
                             page=page)
        assert drawn[-1].text == "4 s left, then N"


def test_lines_shrink_before_they_are_paged():
    layout = Layout((800, 480))
    four = replace(EIGHT_LINES, details=EIGHT_LINES.details[:4])
    drawn = draw_verdict(canvas(), layout, four, layout.verdict, layout.title_size * 4 // 5)
    assert " ".join(d.text for d in drawn[1:]) == " ".join(four.details)
    assert layout.min_text_size <= drawn[1].size < layout.body_size
