"""The moves: what each scene is entered with, one frozen dataclass per scene.

A move is a typed payload: ``ctx.go(ToVerdict(record=..., ...))``. Each scene
names its own move class (``class VerdictScene(Scene[ToVerdict])``), so the move
says which scene it enters and mypy checks every detail it carries. Where each
scene may go is :data:`companion.scenes.catalogue.TABLE`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.games.hat.rules import HatGame
from companion.games.moves import MoveLog
from companion.games.movie.rules import MovieGame

if TYPE_CHECKING:
    from companion.games.notnot.dice import Roll
    from companion.games.notnot.judge import Ruling
    from companion.games.notnot.record import DealtRecord, RoundRecord
    from companion.games.notnot.round import Round
    from companion.games.notnot.sides import Side
    from companion.games.notnot.taps import Tap
    from companion.scenes.notnot.play import NotNotPlay
    from companion.scenes.notnot.tap_feedback import TapFeedback
    from companion.scenes.start_problem import StartProblem
    from companion.storage.bookkeeping import KeptGame


@dataclass(frozen=True)
class Move:
    """A scene change: what the scene it enters takes in its ``enter`` (the fields). Each
    subclass enters the one scene that names it."""


# -- Not Not -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ToTitle(Move):
    """To the title menu."""


@dataclass(frozen=True)
class ToSetup(Move):
    """To Not Not's set-up menu."""


@dataclass(frozen=True, kw_only=True)
class NotNotMove(Move):
    """A move between the scenes of a Not Not game: it carries the game being played."""

    play: NotNotPlay


@dataclass(frozen=True)
class ToDeal(NotNotMove):
    """To the dealing prompt: the cards to place (``first``: the opening layout; ``check``: a
    resumed game's table to check against the real one)."""

    dealt: Sequence[DealtRecord] = ()
    first: bool = False
    check: bool = False


@dataclass(frozen=True)
class ToEntry(NotNotMove):
    """To the entry of table-dealt cards."""


@dataclass(frozen=True)
class ToRoll(NotNotMove):
    """To a new roll of the dice."""


@dataclass(frozen=True)
class ToRound(NotNotMove):
    """To the round the roll just opened: its dice, the open's stamp (the flip that showed
    them), taps stamped before it, the dice words and inks drawn, the tap feedback so far."""

    roll: Roll
    t_open_ns: int
    taps: Sequence[Tap] = ()
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    feedback: TapFeedback | None = None


@dataclass(frozen=True)
class ToTieChoice(NotNotMove):
    """To the tie choice: the closed round, the players who must choose, the dice as drawn,
    and the choices already made (a tie choice resumed after a pause keeps them)."""

    round: Round
    choosers: Sequence[int]
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    chosen: Mapping[int, Side] = field(default_factory=dict)


@dataclass(frozen=True)
class ToVerdict(NotNotMove):
    """To a round's verdict: its record, the table and scores before it, its dice and
    ruling, the dice as drawn."""

    record: RoundRecord
    before: dict[Side, str | None]
    scores_before: dict[int, int]
    roll: Roll | None
    ruling: Ruling
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()


@dataclass(frozen=True)
class ToPause(NotNotMove):
    """To the pause menu: where Resume goes, and what it says of a round closed at the
    pause."""

    resume: NotNotMove
    note: str = ""


@dataclass(frozen=True)
class ToCorrection(NotNotMove):
    """To the correction of the table, from the pause menu (kept to go back there)."""

    resume: NotNotMove
    note: str = ""


@dataclass(frozen=True)
class ToEnd(NotNotMove):
    """To the end screen."""


@dataclass(frozen=True)
class ToFailsafe(Move):
    """To the failsafe screen: a scene's error in one line, or a start problem in full."""

    message: str = "unknown error"
    problem: StartProblem | None = None


# -- the bookkeeping games -------------------------------------------------------------------
#: The game a bookkeeping move carries (MovieGame, HatGame).
G = TypeVar("G", bound=MoveLog)


@dataclass(frozen=True)
class ToKeptGame(Move, Generic[G]):
    """To a bookkeeping game's play scene: a kept game of its kind to play (``None``: go on
    with the one the scene has)."""

    kept: KeptGame[G] | None = None


@dataclass(frozen=True)
class ToMovieSetup(Move):
    """To Not That Movie!'s set-up menu."""


@dataclass(frozen=True)
class ToMovie(ToKeptGame[MovieGame]):
    """To a game of Not That Movie!."""


@dataclass(frozen=True)
class ToMovieSheet(Move):
    """To Not That Movie!'s score sheet (``newest``: the game to ring, just finished)."""

    newest: int | None = None


@dataclass(frozen=True)
class ToHatSetup(Move):
    """To That's Not a Hat's set-up menu."""


@dataclass(frozen=True)
class ToHat(ToKeptGame[HatGame]):
    """To a game of That's Not a Hat."""


@dataclass(frozen=True)
class ToGamesPause(Move):
    """To the bookkeeping games' pause menu; Resume goes back with ``resume``, End the game
    ends ``kept`` early and goes on with ``ended``."""

    resume: Move = ToTitle()
    kept: KeptGame[Any] | None = None
    ended: Move = ToTitle()
