"""The play screen's parts for the round: the empty deck, the verdict panel, the level-up splash."""

from kiosk_helpers import canvas, count_colour, shows_text
from companion.display.draw_table import draw_table
from companion.display.layout import Layout
from companion.display.palette import CARD_BACK
from companion.games.notnot.sides import SIDES

LAYOUT = Layout((800, 480))
FULL = {side: "RED" for side in SIDES}


def test_an_empty_deck_shows_no_card_back_and_says_empty():
    surface = canvas()
    drawn = draw_table(surface, LAYOUT, FULL, cards_left=0)
    assert count_colour(surface, LAYOUT.deck, CARD_BACK) == 0
    assert [d.text for d in drawn] == ["EMPTY"] and shows_text(surface, drawn[0])


def test_a_deck_with_cards_shows_its_back_and_how_many_are_left():
    surface = canvas()
    drawn = draw_table(surface, LAYOUT, FULL, cards_left=12)
    assert [d.text for d in drawn] == ["12"] and shows_text(surface, drawn[0])
    deck = LAYOUT.deck
    assert count_colour(surface, deck, CARD_BACK) > deck.width * deck.height // 2
