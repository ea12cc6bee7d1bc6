"""The Not Not game being played at the kiosk (:class:`NotNotPlay`): the game, how it is saved,
and what the end screen tells of it. Not Not's changes carry it from scene to scene, the way the
other two games' changes carry their kept game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord
from companion.scenes.common.pending_saves import GameRef


@dataclass
class NotNotPlay:
    """One Not Not game at the kiosk, from its start (or resume) to its end screen."""

    game: Game
    #: The game in the state database (its id once its first save is on disk); ``None`` once
    #: the table ended it early: nothing more is saved of it.
    ref: GameRef | None = field(default_factory=GameRef)
    #: Each player's reaction times this game, in ms (first taps after the open).
    reactions: dict[int, list[float]] = field(default_factory=dict)
    #: Each player's closest win and closest loss this game for the end screen:
    #: ``{"win": {player: (µs, honest step µs)}, "loss": {...}}``.
    close_calls: dict[str, dict[int, tuple[float, int]]] = field(default_factory=dict)
    #: Every finished round's record this game (a resumed game's kept ones first), for the end
    #: screen's line of what costs each player most.
    rounds: list[RoundRecord] = field(default_factory=list)
    #: Each seat's head start in µs (handicaps on; a seat without one is left out), taken off
    #: its tap stamps before the judge (:mod:`companion.scenes.notnot.head_starts`).
    head_starts: dict[int, int] = field(default_factory=dict)

    @property
    def game_id(self) -> int | None:
        """The game's id in the state database, once saved (``None``: not yet, or ended)."""
        return None if self.ref is None else self.ref.id


def play_of(scene: object) -> NotNotPlay | None:
    """The Not Not game ``scene`` is showing (its ``play``), or ``None`` for a scene of no Not
    Not game (the title, a menu, the other games)."""
    play = getattr(scene, "play", None)
    return play if isinstance(play, NotNotPlay) else None


def game_of(scene: object) -> Game:
    """The Not Not game ``scene`` shows; an ``AssertionError`` for a scene of no Not Not game
    (the benchmark, the staged moments and the tests ask only in a game's scenes)."""
    play = play_of(scene)
    assert play is not None, f"no Not Not game in scene {getattr(scene, 'name', scene)}"
    return play.game
