"""The one table of scene moves: what each scene is entered with, and every allowed move from
one scene to another.

A move is a typed payload naming the scene it enters: ``ctx.go(ToVerdict(record=..., ...))``.
Each scene's ``enter`` takes its own move class (``Scene[ToVerdict]``), so mypy checks every
detail a move carries; :meth:`companion.scenes.core.Context.go` checks the move against
:data:`MOVES` (:func:`check_move`), so a move nobody planned is a clear :class:`MoveError` where
it is made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from companion.errors import CompanionError
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
    from companion.scenes.notnot.tap_feedback import TapFeedback
    from companion.scenes.start_problem import StartProblem
    from companion.storage.bookkeeping import KeptGame


@dataclass(frozen=True)
class Move:
    """A scene change: the scene it enters (``scene``, its name) and what that scene's ``enter``
    takes (the fields). Subclasses are the moves of :data:`ENTERED_WITH`."""

    scene: ClassVar[str] = ""


# -- Not Not -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ToTitle(Move):
    """To the title menu."""

    scene: ClassVar[str] = "title"


@dataclass(frozen=True)
class ToSetup(Move):
    """To Not Not's set-up menu."""

    scene: ClassVar[str] = "setup"


@dataclass(frozen=True)
class ToDeal(Move):
    """To the dealing prompt: the cards to place (``first``: the opening layout; ``check``: a
    resumed game's table to check against the real one)."""

    scene: ClassVar[str] = "deal"
    dealt: Sequence[DealtRecord] = ()
    first: bool = False
    check: bool = False


@dataclass(frozen=True)
class ToEntry(Move):
    """To the entry of table-dealt cards."""

    scene: ClassVar[str] = "entry"


@dataclass(frozen=True)
class ToRoll(Move):
    """To a new roll of the dice."""

    scene: ClassVar[str] = "roll"


@dataclass(frozen=True)
class ToRound(Move):
    """To the round the roll just opened: its dice, the open's stamp (the flip that showed
    them), taps stamped before it, the dice words and inks drawn, the tap feedback so far."""

    scene: ClassVar[str] = "round"
    roll: Roll
    t_open: int
    taps: Sequence[Tap] = ()
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    feedback: TapFeedback | None = None


@dataclass(frozen=True)
class ToTieChoice(Move):
    """To the tie choice: the closed round, the players who must choose, the dice as drawn,
    and the choices already made (a tie choice resumed after a pause keeps them)."""

    scene: ClassVar[str] = "tie-choice"
    round: Round
    choosers: Sequence[int]
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()
    chosen: Mapping[int, Side] = field(default_factory=dict)


@dataclass(frozen=True)
class ToVerdict(Move):
    """To a round's verdict: its record, the table and scores before it, its dice and
    ruling, the dice as drawn."""

    scene: ClassVar[str] = "verdict"
    record: RoundRecord
    before: dict[Side, str | None]
    scores_before: dict[int, int]
    roll: Roll | None
    ruling: Ruling
    words: Sequence[str | None] = ()
    inks: Sequence[str] = ()


@dataclass(frozen=True)
class ToPause(Move):
    """To the pause menu: where Resume goes, and what it says of a round closed at the
    pause."""

    scene: ClassVar[str] = "pause"
    resume: Move = ToRoll()
    note: str = ""


@dataclass(frozen=True)
class ToCorrection(Move):
    """To the correction of the table, from the pause menu (kept to go back there)."""

    scene: ClassVar[str] = "correction"
    resume: Move = ToRoll()
    note: str = ""


@dataclass(frozen=True)
class ToEnd(Move):
    """To the end screen."""

    scene: ClassVar[str] = "end"


@dataclass(frozen=True)
class ToFailsafe(Move):
    """To the failsafe screen: a scene's error in one line, or a start problem in full."""

    scene: ClassVar[str] = "failsafe"
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

    scene: ClassVar[str] = "movie-setup"


@dataclass(frozen=True)
class ToMovie(ToKeptGame[MovieGame]):
    """To a game of Not That Movie!."""

    scene: ClassVar[str] = "movie"


@dataclass(frozen=True)
class ToMovieSheet(Move):
    """To Not That Movie!'s score sheet (``newest``: the game to ring, just finished)."""

    scene: ClassVar[str] = "movie-sheet"
    newest: int | None = None


@dataclass(frozen=True)
class ToHatSetup(Move):
    """To That's Not a Hat's set-up menu."""

    scene: ClassVar[str] = "hat-setup"


@dataclass(frozen=True)
class ToHat(ToKeptGame[HatGame]):
    """To a game of That's Not a Hat."""

    scene: ClassVar[str] = "hat"


@dataclass(frozen=True)
class ToGamesPause(Move):
    """To the bookkeeping games' pause menu; Resume goes back with ``resume``, End the game
    ends ``kept`` early and goes on with ``ended``."""

    scene: ClassVar[str] = "games-pause"
    resume: Move = ToTitle()
    kept: KeptGame[Any] | None = None
    ended: Move = ToTitle()


#: Every scene by name, with the move that enters it (its payload class).
ENTERED_WITH: dict[str, type[Move]] = {
    move.scene: move
    for move in (ToTitle, ToSetup, ToDeal, ToEntry, ToRoll, ToRound, ToTieChoice, ToVerdict,
                 ToPause, ToCorrection, ToEnd, ToFailsafe, ToMovieSetup, ToMovie, ToMovieSheet,
                 ToHatSetup, ToHat, ToGamesPause)
}

#: Where a Not Not game goes after a verdict, a deal, the entry of cards or a resumed game
#: (:func:`companion.scenes.notnot.flow.next_after_round`).
_AFTER_ROUND = frozenset({"end", "deal", "entry", "roll"})

#: Every allowed move: from a scene (by name) to the scenes it may go to.
MOVES: dict[str, frozenset[str]] = {
    "title": frozenset({"setup", "movie-setup", "hat-setup"}),
    "setup": frozenset({"title"}) | _AFTER_ROUND,
    "deal": frozenset({"roll", "pause"}),
    "entry": frozenset({"pause"}) | _AFTER_ROUND,
    "roll": frozenset({"round", "pause"}),
    "round": frozenset({"verdict", "tie-choice", "pause"}),
    "tie-choice": frozenset({"verdict", "pause"}),
    "verdict": frozenset({"pause"}) | _AFTER_ROUND,
    # Resume goes back to where the game was: the roll, a verdict, a tie choice, or after a round.
    "pause": frozenset({"correction", "end", "title", "verdict", "tie-choice"}) | _AFTER_ROUND,
    "correction": frozenset({"pause"}),
    "end": frozenset({"setup"}),
    "failsafe": frozenset({"title"}),
    "movie-setup": frozenset({"title", "movie", "movie-sheet"}),
    "movie": frozenset({"movie-sheet", "games-pause"}),
    "movie-sheet": frozenset({"title"}),
    "hat-setup": frozenset({"title", "hat"}),
    "hat": frozenset({"title", "games-pause"}),
    "games-pause": frozenset({"title", "movie", "hat", "movie-sheet"}),
}

#: Scenes every scene may go to: the failsafe shows a scene's error or a start problem.
FROM_ANYWHERE: frozenset[str] = frozenset({"failsafe"})


class MoveError(CompanionError):
    """A scene change the table does not allow: an unknown scene or a move nobody planned."""


def allowed_targets(source: str) -> frozenset[str]:
    """The scenes ``source`` may go to."""
    return MOVES.get(source, frozenset()) | FROM_ANYWHERE


def check_move(source: str, move: Move) -> None:
    """Raise :class:`MoveError` unless the table allows ``move`` from the scene ``source``
    (``source`` empty: no scene is current yet, any scene may come first)."""
    target = move.scene
    if target not in ENTERED_WITH or type(move) is not ENTERED_WITH[target]:
        raise MoveError(f"scene move {source} -> {type(move).__name__}: not a move of the table")
    if source and target not in allowed_targets(source):
        raise MoveError(f"scene move {source} -> {target}: not in companion/scenes/transitions.py")
