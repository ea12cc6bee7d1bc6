"""That's Not a Hat on the pads: which press makes which move.

A pure state machine fed ``(player, side)`` presses, between the pads and
:class:`~companion.games.hat.rules.HatGame`. The kiosk scene draws what it holds.
Each player's pad lies in front of them, ``W`` on their left hand, ``E`` on
their right.

Every press has one meaning, so a press repeated by a nervous hand never
turns into a different move (a double press of ``S`` cannot cost a penalty).

- Giving (the player whose turn it is; anyone to begin a round):
  ``W`` gives the gift to the left, ``E`` to the right. With the special
  cards, ``N`` gives a special card: ``N``/``S`` then step through the other
  players, ``E`` gives it to the one shown, ``W`` cancels. Giving on after
  receiving a gift accepts it.
- Refusing: the player who just received a gift presses ``S`` ("That's not
  a ...!"). The card is revealed; whoever was wrong, the giver or the
  receiver, presses ``N`` ("I was wrong") on their own pad and takes the
  penalty point. ``W`` on the receiver's pad cancels a refusal pressed by
  mistake; ``S`` again does nothing.
- Taking back: ``S`` on the pad of the player who made the last entry
  (passed the last gift, took the last penalty) asks "take it back?"; ``E``
  on that pad takes it back, ``W`` or ``S`` keeps it. A gift just given to a
  player is never theirs to take back, so their ``S`` always refuses it. A
  penalty taken back leaves its refusal standing: the table is asked again who
  was wrong.
- When a round of the multi-round variant is over, ``E`` on any pad starts
  the next one.
"""

from __future__ import annotations

from companion.games.hat.rules import HatGame
from companion.games.moves import IGNORED
from companion.games.notnot.sides import Side, parse_side
from companion.games.seats import left_of

GAVE, CHOOSING, STEPPED, CANCELLED, REFUSED, PENALTY, ASKED, UNDONE, KEPT, NEXT_ROUND = (
    "gave", "choosing", "stepped", "cancelled", "refused", "penalty", "asked", "undone", "kept",
    "next-round")


class HatPads:
    """The pads' view of a :class:`HatGame`: feed presses, read what to draw."""

    def __init__(self, game: HatGame) -> None:
        self.game = game
        #: The player choosing who gets a special card, and who is shown.
        self.chooser: int | None = None
        self.chosen: int | None = None
        #: The player asked "take back your last entry?", until they answer.
        self.taker: int | None = None

    @property
    def refused(self) -> bool:
        """Whether a refused gift is waiting for the wrong player to own up (the game keeps it:
        :meth:`HatGame.reveal`)."""
        return self.game.pending is not None and self.game.pending.revealed

    @property
    def prompt(self) -> str:
        """What the table is waiting for: a phase of the game, ``choosing``, ``who-was-wrong``
        or ``taking-back``."""
        if self.refused:
            return "who-was-wrong"
        if self.taker is not None:
            return "taking-back"
        return "choosing" if self.chooser is not None else self.game.phase

    def press(self, player: int, side: Side | str) -> str:
        """Feed one pad press; returns what it did (a word for screen and sound)."""
        side = parse_side(side)
        if player not in self.game.seats():
            return IGNORED
        prompt = self.prompt
        if prompt == "who-was-wrong":
            return self._own_up(player, side)
        if prompt == "taking-back":
            return self._answer_take_back(player, side) if player == self.taker else IGNORED
        if prompt == "choosing":
            return self._choose(player, side) if player == self.chooser else IGNORED
        if prompt in ("round-over", "game-over"):
            if prompt == "round-over" and side is Side.E:
                self.game.next_round()
                return NEXT_ROUND
            return self._ask_take_back(player) if side is Side.S else IGNORED
        pending = self.game.pending
        if side is Side.S:
            if pending is not None and player == pending.receiver:
                self.game.reveal()
                return REFUSED
            return self._ask_take_back(player)
        if player != self._giver(player):
            return IGNORED
        if side is Side.N:
            if not self.game.special_cards:
                return IGNORED
            self.chooser, self.chosen = player, left_of(player, self.game.players)
            return CHOOSING
        self.game.give(player, "left" if side is Side.W else "right")
        return GAVE

    def _giver(self, player: int) -> int:
        """Who may give now: the receiver of a pending gift, the turn, or anyone to begin."""
        if self.game.pending is not None:
            return self.game.pending.receiver
        return player if self.game.turn is None else self.game.turn

    def _choose(self, player: int, side: Side) -> str:
        if side is Side.W:
            self.chooser = self.chosen = None
            return CANCELLED
        if side is Side.E:
            receiver, self.chooser, self.chosen = self.chosen, None, None
            self.game.give(player, "any", to=receiver)
            return GAVE
        step = 1 if side is Side.N else -1
        others = [p for p in self.game.seats() if p != player]
        assert self.chosen is not None  # set with the chooser
        self.chosen = others[(others.index(self.chosen) + step) % len(others)]
        return STEPPED

    def _own_up(self, player: int, side: Side) -> str:
        pending = self.game.pending
        assert pending is not None  # owning up follows a gift
        if side is Side.W and player == pending.receiver:
            self.game.undo()   # the refusal, its last move
            return CANCELLED
        if side is not Side.N or player not in (pending.giver, pending.receiver):
            return IGNORED
        self.game.refuse("giver" if player == pending.giver else "receiver")
        return PENALTY

    def last_author(self) -> int | None:
        """The player who may take back the last entry: the one who made it (``None``:
        nothing to take back)."""
        last = self.game.last_move
        return None if last is None else self._author(last)

    def _ask_take_back(self, player: int) -> str:
        if self.last_author() != player:
            return IGNORED
        self.taker = player
        return ASKED

    def _answer_take_back(self, player: int, side: Side) -> str:
        if side is Side.N:
            return IGNORED
        self.taker = None
        if side is Side.E:
            # a penalty taken back leaves its refusal standing (the card was revealed: the
            # move before it): whoever was wrong owns up again, or the receiver cancels it
            self.game.undo()
            return UNDONE
        return KEPT

    def _author(self, move: dict) -> int | None:
        """The player who made ``move``: the giver of a gift, the taker of a penalty."""
        if move["move"] == "give":
            return move["giver"]
        if move["move"] == "refuse":
            return self.game.turn
        return None
