"""That's Not a Hat at the table: whose turn it is, which way the last gift went, penalties.

The pads drive :class:`companion.games.hat.pads.HatPads`; this scene is the
reminder (never a card: remembering the gifts is the game): who gives next
and whether from the shop, the last gift's giver, receiver and way, the
question "who was wrong?" after a refusal, "take it back?" after a take-back
press, and every player's penalty points (running totals in the multi-round variant). A
seated player's press that does nothing says so above the hint until the next press that
does something. E (or Enter) after the end writes the result down and shows the score
sheet, the game ringed; between rounds it starts the next round. Either, a second or more
after the round's or the game's end came on screen: one sooner is a late tap of the press that
ended it (:mod:`companion.scenes.common.late_taps`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from companion.display import solid, text
from companion.display.draw_menu import draw_title
from companion.display.draw_scores import draw_scores
from companion.display.palette import DIM_TEXT, TEXT, VERDICT
from companion.games.hat.pads import HatPads
from companion.games.hat.rules import HatGame
from companion.games.notnot.sides import Side
from companion.games.notnot.words import player_label
from companion.inputs.keyboard import Name, anyones
from companion.scenes.changes import ToHat, ToHatSheet
from companion.scenes.common.bookkeeping import SUMMARIES, BookkeepingScene

WAY_WORDS = {"left": "to the left", "right": "to the right", "any": "special card"}


def give_keys(game: HatGame, name: Name, players: Iterable[int]) -> str:
    """The giving buttons of ``players``: left, right, and the special card when the game has
    them."""
    players = list(players)
    keys = f"{anyones(name, players, Side.W)} left  {anyones(name, players, Side.E)} right"
    return keys + (f"  {anyones(name, players, Side.N)} special card" if game.special_cards
                   else "")


def take_back_keys(pads: HatPads, name: Name, who: Callable[[int], str]) -> str:
    """The hint's words for taking back the last entry (its author's S), if there is one."""
    back = pads.last_author()
    return f"   {who(back)} {name(back, Side.S)}: take back" if back else ""


def reminder(pads: HatPads, name: Name,
             who: Callable[[int], str] = player_label) -> tuple[str, str, str]:
    """(banner kind, headline, hint) for what the table waits for, its buttons named by
    ``name``, its players by ``who``."""
    game, prompt = pads.game, pads.prompt
    if prompt == "start":
        return ("none", "Who begins? Draw a gift from the shop and give it",
                give_keys(game, name, game.seats()))
    if prompt == "choosing":
        assert pads.chooser is not None and pads.chosen is not None, "a card is being chosen"
        n, e, s, w = (name(pads.chooser, side) for side in (Side.N, Side.E, Side.S, Side.W))
        return ("none", f"{who(pads.chooser)}: special card for {who(pads.chosen)}?",
                f"{n}/{s} other player  {e} give  {w} cancel")
    if prompt == "who-was-wrong":
        gift = game.pending
        assert gift is not None, "a refused gift is pending until who was wrong owns up"
        giver, receiver = gift.giver, gift.receiver
        return ("wrong", f"Refused! Who was wrong: {who(giver)} or {who(receiver)}?",
                f"the one who was wrong takes the card and presses: {who(giver)} "
                f"{name(giver, Side.N)} or {who(receiver)} {name(receiver, Side.N)}   "
                f"{who(receiver)} {name(receiver, Side.W)}: cancel")
    if prompt == "taking-back":
        taker = pads.taker
        assert taker is not None, "someone is taking back"
        return ("wrong", f"{who(taker)}: take back your last entry?",
                f"{who(taker)}: {name(taker, Side.E)} take it back  {name(taker, Side.W)} keep it")
    if prompt == "answering":
        gift = game.pending
        assert gift is not None, "phase answering holds a gift"
        receiver = gift.receiver
        ways = (Side.W, Side.E, Side.N) if game.special_cards else (Side.W, Side.E)
        gives = "/".join(name(receiver, side) for side in ways)
        return ("nobody", f"{who(receiver)}: accept and give on, or refuse",
                f"{who(receiver)}: {gives} give your old gift  "
                f"{name(receiver, Side.S)} that's not a ...!   "
                f"{who(gift.giver)}: {name(gift.giver, Side.S)} take back")
    if prompt == "giving":
        assert game.turn is not None, "phase giving has a giver"
        what = "draws a new gift from the shop and gives it" if game.draws_from_shop \
            else "gives the old gift"
        return ("none", f"{who(game.turn)} {what}",
                f"{who(game.turn)}: {give_keys(game, name, [game.turn])}"
                f"{take_back_keys(pads, name, who)}")
    anyone_e = name(None, Side.E)
    if prompt == "round-over":
        return ("wrong", f"Round {game.round_number} is over",
                f"{anyone_e}: next round{take_back_keys(pads, name, who)}")
    winners = ", ".join(f"{who(p)}" for p in game.winners())
    headline = f"{'Winner' if len(game.winners()) == 1 else 'Winners'}: {winners}"
    return "win", headline, f"{anyone_e}: write it down{take_back_keys(pads, name, who)}"


class HatPlayScene(BookkeepingScene[ToHat, HatGame, HatPads]):
    """One game of That's Not a Hat, from the first gift to the result."""

    name = "hat"
    pads_class = HatPads
    change = ToHat
    sheet = ToHatSheet
    tones = {"gave": "roll", "refused": "tie", "penalty": "wrong", "asked": "tie",
             "next-round": "nobody"}

    def press(self, player: int, side: Side) -> None:
        if self.pads.prompt == "game-over" and side is Side.E:
            self.write_down()
            return
        super().press(player, side)

    def showing_summary(self) -> bool:
        """Whether the screen shows the round's or the game's end (not while its last entry's
        author is asked "take it back?", which their E answers)."""
        return self.pads.prompt in SUMMARIES

    def hint(self) -> str:
        """The hint line: what the buttons the table presses do now."""
        return reminder(self.pads, self.button, self.label)[2]

    def draw(self, canvas: pygame.Surface) -> str | None:
        game, layout = self.kept.game, self.ctx.services.layout
        rounds = f"  Round {game.round_number} of {game.rounds}" if game.multi_round else ""
        draw_title(canvas, layout, f"That's Not a Hat{rounds}", "3 penalty points end the round")
        kind, headline, hint = reminder(self.pads, self.button, self.label)
        who = self.label
        m = round(3 * layout.unit)
        banner = pygame.Rect(m, round(0.28 * layout.height), layout.width - 2 * m,
                             round(0.2 * layout.height))
        solid.rect(canvas, VERDICT[kind], banner, border_radius=round(layout.unit))
        floor = layout.min_text_size
        text.draw_fit(canvas, headline, layout.body_size * 3 // 2, banner.width - 2 * m, floor,
                      TEXT, center=banner.center)
        gift = game.last_gift
        if gift is not None:
            line = f"last gift: {who(gift.giver)} to {who(gift.receiver)}, {WAY_WORDS[gift.way]}"
            text.draw_fit(canvas, line, layout.body_size, banner.width, floor, DIM_TEXT,
                          midtop=(layout.width // 2, banner.bottom + round(2 * layout.unit)))
        if game.multi_round:
            text.draw_fit(canvas, "totals over all rounds below; this round:  "
                          + "  ".join(f"{who(p)} {n}" for p, n in game.penalties.items()),
                          layout.small_size, banner.width, floor, DIM_TEXT,
                          midtop=(layout.width // 2, round(0.62 * layout.height)))
        draw_scores(canvas, layout, game.totals(), marked=self.marked(),
                    seat_names=self.ctx.session.setup.names)
        hint_lines = text.draw_fit(canvas, hint, layout.small_size, banner.width, floor, DIM_TEXT,
                                   midbottom=(layout.width // 2,
                                              layout.scores.top - round(layout.unit)))
        self.draw_ignored(canvas, above=hint_lines[0].rect.top)
        return "hat-end" if game.over else "hat"

    def marked(self) -> tuple[int, ...]:
        """The players ringed in the scores: the winners at the end, the leaders (fewest
        penalty points) between rounds, else the player whose turn it is."""
        game = self.kept.game
        if game.over:
            return tuple(game.winners())
        if game.phase == "round-over":
            return tuple(game.leaders())
        return (game.turn,) if game.turn else ()
