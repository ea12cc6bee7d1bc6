"""What the table chose this session: the set-up choices (:class:`GameSetup`), how long things
stay on screen (:class:`Pace`), and the :class:`Session` every scene shares through its context.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.errors import Bug
from companion.games.notnot.round import Timing
from companion.games.notnot.words import player_label
from companion.storage.preferences import Preferences

LEVEL_CHOICES = ("first-game", "discovery", "normal", "hard", "extreme")
DEAL_CHOICES = ("companion", "table")


@dataclass
class GameSetup:
    """The choices made on the set-up screen."""

    players: int = 4
    level: str = "first-game"
    deals: str = "companion"
    seed: int = 1
    #: The player whose pad confirms the dealing prompts and enters table-dealt cards
    #: (the pad that selected Start).
    dealer: int = 1
    #: The named players at the table, by seat (a guest's seat is absent: shown "P3").
    names: dict[int, str] = field(default_factory=dict)
    #: The kept players' ids, by seat (guests absent): written as the game's seats when it is
    #: first saved.
    player_ids: dict[int, int] = field(default_factory=dict)
    #: Whether named players' head starts count (``[game] handicaps``).
    handicaps: bool = False
    #: Each seat's head start in µs, when handicaps are on: its tap stamps are moved this much
    #: earlier before the judge. A seat without one is left out. Filled at the game's start
    #: from the seats' players (:func:`companion.scenes.notnot.head_starts.head_starts_for`).
    head_starts: dict[int, int] = field(default_factory=dict)

    def label(self, seat: int) -> str:
        """How seat ``seat`` is shown and said: its player's name, or "P3" for a guest."""
        return player_label(seat, self.names)


@dataclass(frozen=True)
class Pace:
    """How long things stay on screen, in seconds (tests and the benchmark shorten them)."""

    roll_frames: int = 6
    roll_frame_s: float = 0.07
    verdict_s: float = 1.8
    #: After a round's close, how long to wait for late-arriving taps stamped before it.
    settle_s: float = 0.002

    #: Multiplies the round's clocks (idle, round and choice timeouts); the tie window is kept.
    timeouts: float = 1.0

    def scaled(self, factor: float) -> Pace:
        """This pace with every duration multiplied by ``factor`` (settle time and tie window
        kept)."""
        return Pace(self.roll_frames, self.roll_frame_s * factor, self.verdict_s * factor,
                    self.settle_s, self.timeouts * factor)

    def timing(self, tie_window_ns: int = Timing().tie_window_ns) -> Timing:
        """The round's clocks at this pace."""
        base = Timing()
        return Timing(tie_window_ns, round(base.idle_timeout_ns * self.timeouts),
                      round(base.round_timeout_ns * self.timeouts),
                      round(base.choice_timeout_ns * self.timeouts))


class NoGameInPlay(Bug):
    """A game's scene was shown with no game to play (a bug, never a player's doing): the
    loop shows it on the failsafe."""


@dataclass(kw_only=True)
class Session:
    """What the table chose this session: the set-up choices and the table's preferences. The
    game being played is carried by its changes (Not Not's :class:`NotNotPlay
    <companion.scenes.notnot.play.NotNotPlay>`, the other games' kept game)."""

    setup: GameSetup = field(default_factory=GameSetup)
    #: The table's choices (colour-blind mode, the voice; see
    #: :mod:`companion.scenes.common.table_choices`).
    preferences: Preferences = field(default_factory=Preferences)
