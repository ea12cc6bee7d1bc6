"""The table on screen: spots in their portal colours, the void, the arrow, the Liar, the scores."""

from hypothesis import given, settings, strategies as st

from kiosk_helpers import canvas, count_colour, shows_text
from companion.display.draw_scores import draw_scores
from companion.display.draw_table import TOWARDS, draw_table
from companion.display.layout import Layout
from companion.display.palette import ARROW, LIAR, PORTAL
from companion.games.notnot.cards import TABLE_FACES
from companion.games.notnot.sides import SIDES

LAYOUT = Layout((800, 480))
faces_on_table = st.fixed_dictionaries({side: st.sampled_from(TABLE_FACES + (None,)) for side in SIDES})


@settings(max_examples=40)
@given(faces_on_table)
def test_each_spot_shows_the_portal_colour_of_its_card_in_the_model(faces):
    surface = canvas()
    draw_table(surface, LAYOUT, faces)
    for side, face in faces.items():
        centre = surface.get_at(LAYOUT.spot(side).center)[:3]
        if face in PORTAL:
            assert centre == PORTAL[face], f"{side} should show {face}"
        else:
            assert centre not in PORTAL.values(), f"{side} holds {face}: no portal disc"


def test_a_void_card_is_labelled_void_and_has_no_portal():
    surface = canvas()
    draw_table(surface, LAYOUT, {side: "VOID" if side.value == "E" else "RED" for side in SIDES})
    spot = LAYOUT.spot(SIDES[1])
    assert all(count_colour(surface, spot, rgb) == 0 for rgb in PORTAL.values())


def test_the_arrow_on_the_deck_points_to_the_side_that_is_up():
    deck = LAYOUT.deck
    length = min(deck.width, deck.height) * 0.42
    for up in SIDES:
        surface = canvas()
        draw_table(surface, LAYOUT, {side: "RED" for side in SIDES}, up=up)
        dx, dy = TOWARDS[up]
        px, py = -dy, dx
        def point(along):  # ``along`` lengths towards up, 0.35 lengths to the side
            return (round(deck.centerx + (dx * along + px * 0.35) * length),
                    round(deck.centery + (dy * along + py * 0.35) * length))
        assert surface.get_at(point(0.3))[:3] == ARROW, f"the wide head points towards {up}"
        assert surface.get_at(point(-0.3))[:3] != ARROW, f"the narrow tail points away from {up}"


def test_no_arrow_is_shown_when_up_does_not_turn():
    surface = canvas()
    draw_table(surface, LAYOUT, {side: "RED" for side in SIDES}, up=None)
    assert count_colour(surface, LAYOUT.deck, ARROW) == 0


def test_the_liar_symbol_shows_exactly_when_the_deck_shows_it():
    shown, hidden = canvas(), canvas()
    draw_table(shown, LAYOUT, {}, liar=True)
    draw_table(hidden, LAYOUT, {}, liar=False)
    assert count_colour(shown, LAYOUT.deck, LIAR) > 0
    assert count_colour(hidden, LAYOUT.deck, LIAR) == 0


def test_every_players_score_is_on_screen():
    surface = canvas()
    drawn = draw_scores(surface, LAYOUT, {1: 3, 2: 0, 3: 12})
    assert [d.text for d in drawn] == ["P1  3", "P2  0", "P3  12"]
    assert all(shows_text(surface, d) and LAYOUT.scores.contains(d.rect) for d in drawn)


def test_the_card_won_is_ringed():
    surface = canvas()
    draw_table(surface, LAYOUT, {side: "BLUE" for side in SIDES}, outlines={SIDES[2]: (255, 0, 255)})
    ring = LAYOUT.spot(SIDES[2]).inflate(30, 30)
    assert count_colour(surface, ring, (255, 0, 255)) > 0
    assert count_colour(surface, LAYOUT.spot(SIDES[0]).inflate(30, 30), (255, 0, 255)) == 0
