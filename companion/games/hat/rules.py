"""That's Not a Hat: penalty points, rounds, winners, and whose turn it is.

The rulebook, as the companion enforces it:

- 3 to 8 players; players are numbered clockwise (see :mod:`companion.games.seats`).
  The "Only Two Players?" variant (each player starts with a column of 2 gift
  cards) also allows 2 players; the companion only keeps score and turns, so
  the variant changes nothing else here.
- The player who last received a gift begins: they draw a gift from the shop
  and give it (left or right as its arrow says). Whoever gives first in a
  round is taken to be that player.
- The 30 special cards are optional ("If you're playing with the special
  cards"); the book's set-up sets them aside, so a game is without them
  unless its set-up says otherwise. With them, a special card goes to anyone
  but its giver.
- A receiver who gives next has accepted the gift: they give their 'old' gift.
- A receiver who refuses reveals the card (a move of its own: a refusal pressed by
  mistake is taken back, and a power cut keeps it); whoever was wrong (the giver or the
  receiver) takes it as 1 penalty point, then draws a new gift from the shop
  and gives it.
- The round ends when a player reaches 3 penalty points. Lowest total wins;
  tied players all win (the companion's reading of "whoever has the lowest
  score wins").
- Variant: as many rounds as players, with running totals; the fewest
  penalty points over all rounds wins.

The companion shows whose turn it is and which way the last gift went, as a
reminder only: it never knows a card. The game is kept as a list of moves;
its state is those moves replayed, which gives undo and a snapshot for
resuming after power loss.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Self

from companion.errors import HatError
from companion.games.moves import MoveLog
from companion.games.seats import left_of, right_of

MIN_PLAYERS, MAX_PLAYERS = 3, 8
MIN_PLAYERS_WITH_TWO_GIFTS = 2
PENALTIES_THAT_END_A_ROUND = 3
#: Ways a gift can go: as the arrow on its back says, or (special cards) to anyone.
WAYS: tuple[str, ...] = ("left", "right", "any")
#: Who was wrong about a refused gift.
WRONG: tuple[str, ...] = ("giver", "receiver")


def by_player(scores: dict[int, int]) -> dict[str, int]:
    """``scores`` with player numbers as text keys, as JSON keeps them."""
    return {str(player): points for player, points in scores.items()}


@dataclass(frozen=True)
class Gift:
    """A gift on its way: who gave it to whom, which way, whether fresh from the shop, and
    whether its receiver refused it (``revealed``: the table waits for who was wrong)."""

    giver: int
    receiver: int
    way: str
    from_shop: bool
    revealed: bool = False

    def to_dict(self) -> dict:
        return {"giver": self.giver, "receiver": self.receiver, "way": self.way,
                "from_shop": self.from_shop}


class HatGame(MoveLog):
    """A game of That's Not a Hat for ``players`` players.

    ``multi_round`` plays as many rounds as there are players, with running
    totals. ``two_gifts`` is the rulebook's column-of-two variant, which also
    allows 2 players. ``special_cards`` lets gifts go to anyone (the special
    cards are in the game). Every move either raises :class:`HatError` and changes
    nothing, or is applied and remembered for :meth:`undo` and :meth:`snapshot`.
    """

    KIND = "thats-not-a-hat"
    ERROR = HatError
    SETTINGS = ("players", "multi_round", "two_gifts", "special_cards")
    MOVES = {"give": "_apply_give", "reveal": "_apply_reveal", "refuse": "_apply_refuse",
             "next-round": "_apply_next_round"}

    def __init__(self, players: int, multi_round: bool = False, two_gifts: bool = False,
                 special_cards: bool = False) -> None:
        lowest = MIN_PLAYERS_WITH_TWO_GIFTS if two_gifts else MIN_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int) \
                or not lowest <= players <= MAX_PLAYERS:
            variant = " with two gifts each" if two_gifts else ""
            raise HatError(f"That's Not a Hat{variant} is for {lowest} to {MAX_PLAYERS} "
                           f"players, not {players!r}")
        self.players = players
        self.multi_round = bool(multi_round)
        self.two_gifts = bool(two_gifts)
        self.special_cards = bool(special_cards)
        self._begin()

    @classmethod
    def restore(cls, data: dict) -> Self:
        """As :meth:`MoveLog.restore`; games kept before the special-cards setting had them."""
        if isinstance(data, dict) and "special_cards" not in data:
            data = {**data, "special_cards": True}
        return super().restore(data)

    # -- state ---------------------------------------------------------------

    def _start(self) -> None:
        self.finished_rounds: list[dict[int, int]] = []  # penalties of each earlier round
        self._new_round()

    def _new_round(self) -> None:
        self.penalties: dict[int, int] = {p: 0 for p in self.seats()}
        self.turn: int | None = None       # who gives next; None until someone begins
        self.draws_from_shop = True        # the next gift is a new one from the shop
        self.pending: Gift | None = None   # a gift waiting to be accepted or refused
        self.last_gift: Gift | None = None

    def seats(self) -> range:
        """The players' seat numbers, 1 to :attr:`players`."""
        return range(1, self.players + 1)

    @property
    def rounds(self) -> int:
        """Rounds in this game: one, or as many as players in the multi-round variant."""
        return self.players if self.multi_round else 1

    @property
    def round_number(self) -> int:
        """The round being played (the last one, once the game is over)."""
        return len(self.finished_rounds) + 1

    @property
    def phase(self) -> str:
        """``start`` (someone begins), ``giving``, ``answering``, ``round-over``, ``game-over``."""
        if max(self.penalties.values()) >= PENALTIES_THAT_END_A_ROUND:
            return "game-over" if self.round_number == self.rounds else "round-over"
        if self.pending is not None:
            return "answering"
        return "start" if self.turn is None else "giving"

    @property
    def over(self) -> bool:
        return self.phase == "game-over"

    def totals(self) -> dict[int, int]:
        """Running penalty totals: finished rounds plus the round being played."""
        totals = dict(self.penalties)
        for scores in self.finished_rounds:
            for player, points in scores.items():
                totals[player] += points
        return totals

    def scores_by_round(self) -> list[dict[int, int]]:
        """Penalty points of each round so far, the round being played last."""
        return [dict(scores) for scores in self.finished_rounds] + [dict(self.penalties)]

    def round_records(self) -> list[dict]:
        """A record (``n``, penalty points by player) of every round that is over."""
        over = self.scores_by_round()
        if self.phase not in ("round-over", "game-over"):
            over = over[:-1]
        return [{"n": n, "penalties": by_player(scores)} for n, scores in enumerate(over, 1)]

    def leaders(self) -> list[int]:
        """Players with the lowest total now; the winners once the game is over."""
        totals = self.totals()
        lowest = min(totals.values())
        return [p for p in self.seats() if totals[p] == lowest]

    def score_sheet(self) -> dict:
        """Penalty points per round and totals, JSON-able (player numbers as text keys),
        and the winners once the game is over."""
        return {"players": self.players, "rounds": [by_player(r) for r in self.scores_by_round()],
                "totals": by_player(self.totals()), "winners": self.winners() if self.over else []}

    def winners(self) -> list[int]:
        """The winners (lowest total, ties all win); ``HatError`` before the end."""
        if not self.over:
            raise HatError("the game is not over yet")
        return self.leaders()

    # -- moves ---------------------------------------------------------------

    def give(self, giver: int, way: str, to: int | None = None) -> Gift:
        """``giver`` gives a gift ``left``, ``right``, or (special card) ``any`` way ``to`` a
        player.

        The giver must be the player whose turn it is (anyone, to begin a round).
        Giving after receiving a gift means that gift was accepted.
        """
        return self._do({"move": "give", "giver": giver, "way": way, "to": to})

    def reveal(self) -> Gift:
        """The receiver refused the pending gift ("That's not a ...!"): the card is revealed,
        and the table waits for whoever was wrong to own up (:meth:`refuse`)."""
        return self._do({"move": "reveal"})

    def refuse(self, wrong: str) -> int:
        """The pending gift was refused and revealed; ``wrong`` is ``giver`` or ``receiver``.

        That player takes 1 penalty point and draws the next gift. Returns the player.
        """
        return self._do({"move": "refuse", "wrong": wrong})

    def next_round(self) -> None:
        """Multi-round variant: keep the round's scores and start the next round."""
        self._do({"move": "next-round"})

    def _apply_give(self, move: dict) -> Gift:
        phase = self.phase
        if phase not in ("start", "giving", "answering"):
            raise HatError(f"no gifts are given once the {phase.split('-')[0]} is over")
        giver = self._check_player(move["giver"], "giver")
        expected = self.pending.receiver if self.pending else self.turn
        if expected is not None and giver != expected:
            raise HatError(f"it is player {expected}'s turn to give, not player {giver}'s")
        receiver = self._receiver(giver, move["way"], move["to"])
        gift = Gift(giver, receiver, move["way"], self.draws_from_shop)
        self.pending = self.last_gift = gift
        self.turn = receiver
        self.draws_from_shop = False
        return gift

    def _receiver(self, giver: int, way: object, to: object) -> int:
        if way not in WAYS:
            raise HatError(f"a gift goes left, right or (special card) any way, not {way!r}")
        if way == "left":
            return left_of(giver, self.players)
        if way == "right":
            return right_of(giver, self.players)
        if not self.special_cards:
            raise HatError("this game is played without the special cards: a gift goes left "
                           "or right as its arrow says")
        to = self._check_player(to, "receiver")
        if to == giver:
            raise HatError("a special card may go to anyone, but not to the giver")
        return to

    def _apply_reveal(self, move: dict) -> Gift:
        if self.phase != "answering":
            raise HatError("only a gift just given can be refused")
        assert self.pending is not None  # phase "answering" holds a gift
        if self.pending.revealed:
            raise HatError("this gift is refused already: whoever was wrong owns up")
        self.pending = self.last_gift = replace(self.pending, revealed=True)
        return self.pending

    def _apply_refuse(self, move: dict) -> int:
        if self.phase != "answering":
            raise HatError("only a gift just given can be refused")
        wrong = move["wrong"]
        if wrong not in WRONG:
            raise HatError(f"who was wrong is the giver or the receiver, not {wrong!r}")
        assert self.pending is not None  # phase "answering" holds a gift
        player = self.pending.giver if wrong == "giver" else self.pending.receiver
        self.penalties[player] += 1
        self.pending = None
        self.turn = player
        self.draws_from_shop = True
        return player

    def _apply_next_round(self, move: dict) -> None:
        if self.phase != "round-over":
            raise HatError("the next round starts when a round is over, not during "
                           f"{self.phase}")
        self.finished_rounds.append(dict(self.penalties))
        self._new_round()
