"""A whole game of Not Not: set-up, rolls, rounds, points, refills, the end.

Randomness is drawn from ``random.Random`` seeded by ``(seed, round, purpose)``
(and how many rolls of that round were cancelled, once one was), so a game
restored from :meth:`Game.snapshot` plays on exactly as the uninterrupted game
would have.

Taps are final: a round paused while open is closed at the pause and judged
(:meth:`Game.finish_round`) if anyone had answered; otherwise it is cancelled
(:meth:`Game.cancel_round`) and the next roll draws new dice, never the ones the
table has already seen.

Two ways of keeping the model in step with the real cards:

- ``deals="companion"``: the game shuffles its model deck and tells the table
  which card goes where; the deck's top card gives the arrow and the Liar.
- ``deals="table"``: players shuffle the real deck and enter each revealed
  card with :meth:`Game.place` (the opening cross takes portal cards only; a
  rule card only while one may come up, :meth:`Game.rule_card_to_come`: the
  first game's, never a later game's, whose deck has none; a card entered
  wrongly goes back with :meth:`Game.take_back`, and the cards entered wait in
  order, :attr:`Game.entered`, until the table confirms them,
  :meth:`Game.confirm_cards`); the model keeps only which cards are unseen,
  and the arrow and the Liar are rolled every round with the odds of the backs.
"""

from __future__ import annotations

import random
from bisect import insort
from dataclasses import dataclass, field

from companion.errors import RuleError
from companion.games.notnot.cards import (
    LEVEL_OF_RULE_CARD,
    PORTAL_COLOURS,
    RULE_CARDS,
    TABLE_FACES,
    VOID,
    Card,
    Level,
)
from companion.games.notnot.deck import (
    Dealt,
    Table,
    can_fill,
    empty_spots,
    empty_table,
    refill,
    set_up,
    void_on,
)
from companion.games.notnot.dice import DeckRecipe, DiceSet, Roll, roll_dice
from companion.games.notnot.judge import Ruling, judge
from companion.games.notnot.margin import margin_fields
from companion.games.notnot.record import DealtRecord, RoundRecord, TapRecord, WinnerRecord
from companion.games.notnot.round import Award, Outcome, Round, Timing, plan_awards
from companion.games.notnot.sides import SIDES, Side

FIRST_GAME = "first-game"
MODES: tuple[str, ...] = (FIRST_GAME,) + tuple(level.value for level in Level)
DEALS: tuple[str, ...] = ("companion", "table")
MIN_PLAYERS, MAX_PLAYERS = 1, 48
#: The players a table seats: at least 2, at most one per pad the companion can wire (12: GPIO
#: and a Mega serial controller together, docs/INPUTS.md). The kiosk and simulate offer these.
TABLE_MIN_PLAYERS, TABLE_MAX_PLAYERS = 2, 12
#: Real dice always leave a roll that can be met; redefined dice might not.
MAX_REROLLS = 1000


def micros(ns: int) -> int | float:
    """Nanoseconds as microseconds: an int when whole, else a float."""
    return ns // 1000 if ns % 1000 == 0 else ns / 1000


@dataclass
class Game:
    """The state of one game between rounds."""

    players: int
    seed: int
    mode: str
    deals: str
    level: Level
    table: Table
    deck: list[Card]
    dice: DiceSet
    recipe: DeckRecipe
    timing: Timing = field(default_factory=Timing)
    points: dict[int, list[Card]] = field(default_factory=dict)
    removed: list[Card] = field(default_factory=list)
    round_no: int = 0
    #: Rolls of the coming round cancelled by a pause before anyone answered.
    cancelled: int = 0
    #: The dice of those rolls (:func:`dice_of`), which the table has seen: never rolled again
    #: for the round.
    seen: list[list[str]] = field(default_factory=list)
    #: Table deals: the spots whose cards the dealer entered since the table last confirmed
    #: the four (:meth:`place`, :meth:`confirm_cards`), in order: the last is taken back first.
    entered: list[Side] = field(default_factory=list)
    over: bool = False

    # -- set-up -----------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        level: str | Level,
        seed: int,
        *,
        dice: DiceSet,
        recipe: DeckRecipe,
        deals: str = "companion",
        timing: Timing = Timing(),  # noqa: B008 (frozen, shareable)
    ) -> Game:
        """A new game, set up: with ``deals="companion"`` the cross is laid out."""
        mode = level.value if isinstance(level, Level) else str(level)
        if mode not in MODES:
            raise RuleError(f"level {mode!r} is not one of {', '.join(MODES)}")
        if deals not in DEALS:
            raise RuleError(f"deals {deals!r} is not one of {', '.join(DEALS)}")
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RuleError(f"players {players} is not between {MIN_PLAYERS} and {MAX_PLAYERS}")
        first_game = mode == FIRST_GAME
        table, deck = set_up(recipe, random.Random(f"{seed}:set-up"), first_game)
        if deals == "table":
            deck = sorted(deck + [card for card in table.values() if card],
                          key=lambda card: card.ident)
            table = empty_table()
        return cls(
            players=players, seed=seed, mode=mode, deals=deals,
            level=Level.DISCOVERY if first_game else Level(mode),
            table=table, deck=deck, dice=dice, recipe=recipe, timing=timing,
            points={player: [] for player in range(1, players + 1)},
        )

    # -- rolling ------------------------------------------------------------

    def rng(self, purpose: str) -> random.Random:
        """The random source for ``purpose`` in the coming round."""
        again = f":{self.cancelled}" if self.cancelled else ""
        return random.Random(f"{self.seed}:{self.round_no + 1}:{purpose}{again}")

    def faces(self) -> dict[Side, str | None]:
        """The face on each spot (None for an empty spot)."""
        return {side: (card.face if card else None) for side, card in self.table.items()}

    def top_card(self) -> Card | None:
        """The deck's top card (companion deals), whose back shows arrow and Liar."""
        return self.deck[0] if self.deals == "companion" and self.deck else None

    def _back(self, rng: random.Random) -> tuple[Side, bool]:
        if self.deals == "table":
            return rng.choice(SIDES), rng.random() < self.recipe.liar_share
        top = self.top_card()
        return (top.arrow, top.liar) if top else (Side.N, False)

    def ruling_for(self, roll: Roll) -> Ruling:
        return judge(roll.level, roll.criteria, roll.negation, roll.liar, roll.up, self.faces())

    def next_roll(self) -> Roll:
        """Roll for the coming round, rerolling silently while no card could be valid or the
        dice are ones the table saw in a cancelled roll of this round (:attr:`seen`)."""
        if self.over:
            raise RuleError("the game is over")
        if empty_spots(self.table):
            raise RuleError(f"spots {', '.join(s.value for s in empty_spots(self.table))} "
                            "are empty: deal first")
        rng = self.rng("roll")
        met: Roll | None = None
        for _ in range(MAX_REROLLS):
            up, liar = self._back(rng)
            roll = roll_dice(self.dice, self.level, rng, up, liar)
            if not self.ruling_for(roll).reroll:
                if dice_of(roll) not in self.seen:
                    return roll
                met = met or roll
        if met is not None:   # every roll this table can meet was seen: show one again
            return met
        raise RuleError(f"no roll out of {MAX_REROLLS} could be met by this table: "
                        "check the dice faces")

    def open_round(self, roll: Roll, t_open_ns: int) -> Round:
        """The round for ``roll``, opened at the display flip stamped ``t_open_ns``."""
        return Round(self.ruling_for(roll), t_open_ns, self.timing, roll=roll, seats=self.players)

    # -- finishing a round --------------------------------------------------------

    def cancel_round(self, round: Round) -> None:
        """Drop ``round``, closed before anyone answered: the next roll draws new dice."""
        if round.answered:
            raise RuleError("a round with answers is judged, never cancelled: taps are final")
        self.cancelled += 1
        if round.roll is not None:
            self.seen.append(dice_of(round.roll))

    def choosers(self, round: Round) -> list[int]:
        """Tied players whose tapped card another tied player took, but the one who takes the
        void on the table, and for whom a card is left (earlier stamps first): they pick a
        spot. One for whom none is left takes nothing and is asked nothing."""
        awards, choosers = plan_awards(round.outcome().winners, self.table)
        awarded = {award.player for award in awards}
        return [player for player in choosers if player in awarded]

    def finish_round(self, round: Round, choices: dict[int, Side] | None = None) -> RoundRecord:
        """Award cards, take penalties, refill; return the round's record
        (:class:`~companion.games.notnot.record.RoundRecord`), its margin of victory
        (``margin_us``, ``margin_step_us``) from :mod:`companion.games.notnot.margin`."""
        outcome = round.outcome()
        before = {side.value: face for side, face in self.faces().items()}
        awards, _ = plan_awards(outcome.winners, self.table, choices)
        for award in awards:
            self.table[award.side] = None
            self.points[award.player].append(award.card)
        for player in outcome.penalties:
            if self.points[player]:
                self.removed.append(self.points[player].pop())
        self.round_no += 1
        self.cancelled, self.seen = 0, []
        dealt = self.deal() if self.deals == "companion" else []
        self._check_end()
        return round_record(self.round_no, round, outcome, before, awards, self.scores(), dealt)

    def deal(self) -> list[Dealt]:
        """Companion deals: fill the empty spots from the model deck."""
        if not can_fill(self.table, self.deck):
            return []
        self.level, dealt = refill(self.table, self.deck, self.level)
        self.removed += [d.card for d in dealt if d.what == "rule"]
        return dealt

    def _check_end(self) -> None:
        if self.deals == "companion":
            self.over = bool(empty_spots(self.table))
        else:
            self.over = not can_fill(self.table, self.deck)

    # -- table deals and corrections --------------------------------------------

    def awaiting_cards(self) -> list[Side]:
        """The spots the dealer must fill before the next roll (table deals)."""
        return [] if self.over else empty_spots(self.table)

    def rule_card_to_come(self) -> bool:
        """Whether a rule card may still come up: only the first game's deck holds the rule
        cards (later games leave them in the box), until the three have come up."""
        return any(card.is_rule for card in self.deck)

    def place(self, side: Side, face: str) -> Dealt:
        """Table deals: the dealer revealed ``face`` for ``side`` (``RULE`` for a rule card).

        A rule card is refused when none may come up (:meth:`rule_card_to_come`). Before the
        first round the spots take portal cards only: the opening cross."""
        if (held := self.table[side]) is not None:
            raise RuleError(f"{side} already holds {held.face}")
        rule_card = face == "RULE" or face in RULE_CARDS
        if rule_card and not self.rule_card_to_come():
            raise RuleError(no_rule_card_refusal(self.mode, self.level, side))
        if self.round_no == 0 and face not in PORTAL_COLOURS:
            raise RuleError(opening_cross_refusal(side, face))
        if rule_card:
            card = self._take_unseen(self._next_rule_face() if face == "RULE" else face)
            self.level = LEVEL_OF_RULE_CARD[card.face]
            self.removed.append(card)
            return Dealt("rule", card, level=self.level)
        self._refuse_second_void(side, face, "; put this one at the bottom of the deck and "
                                             "reveal the next card")
        self.table[side] = card = self._take_unseen(face)
        self.entered.append(side)
        self._check_end()
        return Dealt("placed", card, side=side)

    def take_back(self, side: Side) -> Card:
        """Table deals: the card entered on ``side`` was not the one revealed; it goes back
        among the unseen cards and ``side`` waits for its card again."""
        card = self.table[side]
        if self.deals != "table" or card is None:
            raise RuleError(f"no table-dealt card on {side} to take back")
        self.table[side] = None
        insort(self.deck, card, key=lambda unseen: unseen.ident)
        if side in self.entered:
            self.entered.remove(side)
        return card

    def confirm_cards(self) -> None:
        """Table deals: the table says the four spots hold the cards entered, and the dice
        roll: those cards are in play, none of them the last entered any more (the next deal
        enters its own)."""
        self.entered = []

    def correct(self, side: Side, face: str) -> None:
        """Make the model show ``face`` on ``side``, as the real table does (the opening cross,
        before the first round, takes portal cards only, as the deal does).

        The card the model had there goes back into the deck where the card
        taken from it was (companion deals), or back among the unseen cards.
        """
        if face not in TABLE_FACES:
            raise RuleError(f"{face!r} is not a table card ({', '.join(TABLE_FACES)})")
        if self.round_no == 0 and face not in PORTAL_COLOURS:
            raise RuleError(opening_cross_refusal(side, face))
        self._refuse_second_void(side, face)
        old = self.table[side]
        if old is not None and old.face == face:
            return
        index = next((i for i, card in enumerate(self.deck) if card.face == face), None)
        if index is None:
            raise RuleError(f"no {face} card is left in the deck to swap onto {side}")
        new = self.deck.pop(index)
        if old is not None:
            self.deck.insert(index, old)
        self.table[side] = new

    def _refuse_second_void(self, side: Side, face: str, advice: str = "") -> None:
        """A RuleError, ending with ``advice``, when a void on ``side`` would be the second."""
        there = void_on(self.table)
        if face == VOID and there is not None and there != side:
            raise RuleError(f"a void card already lies on {there}: only one void may lie on the "
                            f"table{advice}")

    def _next_rule_face(self) -> str:
        for face in RULE_CARDS:
            if any(card.face == face for card in self.deck):
                return face
        raise RuleError("no rule card is left in the deck")

    def _take_unseen(self, face: str) -> Card:
        for index, card in enumerate(self.deck):
            if card.face == face:
                return self.deck.pop(index)
        raise RuleError(f"no {face} card is left in the deck")

    # -- results -------------------------------------------------------------

    def scores(self) -> dict[int, int]:
        """Point cards held by each player."""
        return {player: len(cards) for player, cards in self.points.items()}

    def winners(self) -> list[int]:
        """The players with the most point cards (all of them on a tie); none when nobody holds
        a point card (most point cards wins, and nobody has any)."""
        scores = self.scores()
        best = max(scores.values())
        return [player for player, n in scores.items() if n == best] if best else []

    def result(self) -> dict:
        """The final result, as stored: scores, winners and cards left in the deck."""
        return {
            "scores": {str(player): n for player, n in self.scores().items()},
            "winners": self.winners(),
            "deck_left": len(self.deck),
        }

    # -- persistence -------------------------------------------------------------

    def snapshot(self) -> dict:
        """The whole state as plain JSON-able data; :meth:`restore` inverts it. ``seen`` is
        written only while a cancelled roll's dice are kept, ``entered`` only while the cards a
        table deal entered wait to be confirmed (a snapshot is otherwise as it was before
        they were)."""
        data = {
            "players": self.players, "seed": self.seed, "mode": self.mode, "deals": self.deals,
            "level": self.level.value, "round_no": self.round_no, "cancelled": self.cancelled,
            "over": self.over,
            "table": {side.value: (card.to_dict() if card else None)
                      for side, card in self.table.items()},
            "deck": [card.to_dict() for card in self.deck],
            "points": {str(p): [card.to_dict() for card in cards]
                       for p, cards in self.points.items()},
            "removed": [card.to_dict() for card in self.removed],
            "dice": {"direction": list(self.dice.direction), "colour": list(self.dice.colour),
                     "negation": list(self.dice.negation)},
            "recipe": dict(self.recipe.__dict__),
            "timing": self.timing.to_dict(),
        }
        if self.seen:
            data["seen"] = [list(dice) for dice in self.seen]
        if self.entered:
            data["entered"] = [side.value for side in self.entered]
        return data

    def snapshot_seeing(self, roll: Roll) -> dict:
        """The snapshot with ``roll``, on the table's screen now, counted as cancelled: a game
        restored from it before the round is saved rolls new dice, never these."""
        data = self.snapshot()
        data["cancelled"] = self.cancelled + 1
        data["seen"] = [*data.get("seen", []), dice_of(roll)]
        return data

    @classmethod
    def restore(cls, data: dict) -> Game:
        cards = lambda items: [Card.from_dict(item) for item in items]  # noqa: E731
        return cls(
            players=data["players"], seed=data["seed"], mode=data["mode"], deals=data["deals"],
            level=Level(data["level"]), round_no=data["round_no"], over=data["over"],
            cancelled=data.get("cancelled", 0),
            seen=[list(dice) for dice in data.get("seen", [])],
            entered=[Side(side) for side in data.get("entered", [])],
            table={Side(s): (Card.from_dict(c) if c else None) for s, c in data["table"].items()},
            deck=cards(data["deck"]),
            points={int(p): cards(items) for p, items in data["points"].items()},
            removed=cards(data["removed"]),
            dice=DiceSet.from_mapping(data["dice"]),
            recipe=DeckRecipe(**data["recipe"]),
            timing=Timing(**data["timing"]),
        )


def dice_of(roll: Roll) -> list[str]:
    """The faces of ``roll``'s three dice: its criteria and its negation."""
    return [*roll.criteria, roll.negation]


def no_rule_card_refusal(mode: str, level: Level, side: Side) -> str:
    """Why no rule card can be revealed for ``side`` in a game of ``mode`` now at ``level``:
    only the first game's deck holds the rule cards, and each comes up once."""
    if mode == FIRST_GAME:
        why = f"the three rule cards have come up (the level stays {level})"
    else:
        why = f"rule cards stay in the box in a game at {mode} (they mark the first game's levels)"
    return f"{why}; enter the card revealed on {side}"


def opening_cross_refusal(side: Side, face: str) -> str:
    """Why ``face`` cannot lie on ``side`` in the opening cross (set-up step 2; a rule card is
    asked about only in the first game, whose deck takes the rule cards after the cross)."""
    if face == VOID:
        instead = "put the void back with the rest of the deck"
    else:
        instead = "set the rule card aside for the deck (it goes in after the cross)"
    return f"the opening cross is four portal cards: {instead}, and lay a portal card on {side}"


def round_record(n: int, round: Round, outcome: Outcome, before: dict[str, str | None],
                 awards: list[Award], scores: dict[int, int], dealt: list[Dealt]) -> RoundRecord:
    """The record of round ``n``: its roll, the table ``before`` it, its judged taps (times from
    the open), the ``awards``, the ``scores`` after it and what was ``dealt``."""
    roll = round.roll
    assert roll is not None, "a finished round was opened with its roll"
    taps = tuple(TapRecord(v.tap.player, v.tap.side.value, micros(v.tap.t_ns - round.t_open_ns),
                           v.verdict) for v in outcome.verdicts)
    margin = margin_fields(taps, [v.tap.source for v in outcome.verdicts])
    return RoundRecord(
        n=n, level=roll.level.value, dice=tuple(roll.criteria), negation=roll.negation,
        liar=roll.liar, up=roll.up.value, table=before,
        valid=tuple(side.value for side in round.ruling.valid),
        taps=taps,
        winners=tuple(WinnerRecord(a.player, a.card.face, a.side.value) for a in awards),
        penalties=tuple(outcome.penalties), scores=dict(scores),
        dealt=tuple(DealtRecord(d.what, d.card.face, d.side.value if d.side else None,
                                d.level.value if d.level else None) for d in dealt),
        margin_us=margin["margin_us"], margin_step_us=margin["margin_step_us"],
    )


__all__ = ["Game", "RuleError", "FIRST_GAME", "MODES", "DEALS"]
