"""Not That Movie!: the secret vote on the pads, one press at a time.

Each player chooses a screen 1-8 on their own pad without anyone seeing it.
The shared screen must never show a choice, so the number being chosen is
counted, not shown: every disc starts at screen 1.

- ``N`` steps up one screen (8 wraps round to 1), ``S`` steps down (1 wraps to 8);
- ``E`` confirms the screen as the player's disc; with 2 players each player
  confirms two discs, and the second cannot be the same screen as the first;
- ``W`` goes back: it takes back the last confirmed disc, if any, and starts
  the count again at screen 1 (press it whenever you lose count).

So "screen k" is k-1 presses of ``N`` and then ``E`` (or ``S`` then ``E`` for 8).
Until :meth:`SecretVote.votes` reveals them, the vote tells only who has
voted and how many discs each has confirmed, never which screens.
"""

from __future__ import annotations

from companion.games.movie.rules import SCREENS, discs_for
from companion.games.notnot.sides import Side, parse_side

#: What a press did, for the screen and sound to acknowledge without telling what.
STEPPED, CONFIRMED, VOTED, TAKEN_BACK, RESTARTED, SAME_TITLE, IGNORED = (
    "stepped", "confirmed", "voted", "taken-back", "restarted", "same-title", "ignored")


class SecretVote:
    """The secret votes of ``players`` players, ``discs`` screens each (2 with 2 players)."""

    def __init__(self, players: int, discs: int | None = None) -> None:
        self.players = players
        self.discs = discs_for(players) if discs is None else discs
        self._cursor = {p: SCREENS[0] for p in self._seats()}
        self._chosen: dict[int, list[int]] = {p: [] for p in self._seats()}

    def _seats(self) -> range:
        return range(1, self.players + 1)

    def press(self, player: int, side: Side | str) -> str:
        """Feed one pad press; returns what it did (``stepped``, ``confirmed``, ...).

        Presses from pads of players not in this game, and steps from a player
        who has already voted, are ``ignored``.
        """
        side = parse_side(side)
        if player not in self._chosen:
            return IGNORED
        if side is Side.W:
            return self._go_back(player)
        if self.has_voted(player):
            return IGNORED
        if side is Side.E:
            return self._confirm(player)
        step = 1 if side is Side.N else -1
        index = (SCREENS.index(self._cursor[player]) + step) % len(SCREENS)
        self._cursor[player] = SCREENS[index]
        return STEPPED

    def _confirm(self, player: int) -> str:
        screen = self._cursor[player]
        if screen in self._chosen[player]:
            return SAME_TITLE
        self._chosen[player].append(screen)
        self._cursor[player] = SCREENS[0]
        return VOTED if self.has_voted(player) else CONFIRMED

    def _go_back(self, player: int) -> str:
        self._cursor[player] = SCREENS[0]
        if self._chosen[player]:
            self._chosen[player].pop()
            return TAKEN_BACK
        return RESTARTED

    def confirmed(self, player: int) -> int:
        """How many discs ``player`` has confirmed (not which screens)."""
        return len(self._chosen.get(player, ()))

    def has_voted(self, player: int) -> bool:
        """Whether ``player`` has confirmed all their discs."""
        return self.confirmed(player) == self.discs

    @property
    def voted(self) -> tuple[int, ...]:
        """The players who have voted, in seat order."""
        return tuple(p for p in self._seats() if self.has_voted(p))

    @property
    def complete(self) -> bool:
        """Whether every player has voted."""
        return len(self.voted) == self.players

    def votes(self) -> dict[int, tuple[int, ...]]:
        """The reveal: player -> screens. Raises ``ValueError`` until everyone has voted."""
        waiting = [p for p in self._seats() if not self.has_voted(p)]
        if waiting:
            raise ValueError(f"players {waiting} have not voted yet")
        return {p: tuple(self._chosen[p]) for p in self._seats()}

    def snapshot(self) -> dict:
        """The vote in progress as JSON-able data (choices included: keep it off screen)."""
        return {"players": self.players, "discs": self.discs,
                "cursor": {str(p): s for p, s in self._cursor.items()},
                "chosen": {str(p): list(s) for p, s in self._chosen.items()}}

    @classmethod
    def restore(cls, data: dict) -> SecretVote:
        """The vote a :meth:`snapshot` describes; ``ValueError`` if it does not fit."""
        try:
            vote = cls(int(data["players"]), int(data["discs"]))
            for p in vote._seats():
                cursor = int(data["cursor"][str(p)])
                chosen = [int(s) for s in data["chosen"][str(p)]]
                if cursor not in SCREENS or not set(chosen) <= set(SCREENS) \
                        or len(chosen) > vote.discs or len(set(chosen)) != len(chosen):
                    raise ValueError(f"player {p}'s vote is not a valid vote")
                vote._cursor[p], vote._chosen[p] = cursor, chosen
        except (KeyError, TypeError) as error:
            raise ValueError(f"vote snapshot: missing or bad {error}") from None
        return vote
