"""The live section of the page as plain values for its template: the last round's dice and
table (the spots taken ringed, or with no winner the cards that could have been tapped), the
verdict's kind, headline and every line (while tied players still choose a card, who is
choosing, and no card yet for them), the tap timeline, and each player's score with what
the round changed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from companion.display.palette import HIGHLIGHT, OPTION, RGB, player_colour
from companion.display.timeline_axis import timeline_view
from companion.games.notnot.cards import Level
from companion.games.notnot.sides import SIDES
from companion.games.notnot.words import VerdictWords, apart, kept_verdict_words
from companion.storage.games import ABANDONED, FINISHED, PLAYING
from companion.storage.players import seat_label
from companion.storage.process_run import is_holder
from companion.storage.score_sheets import SHEET_TITLES
from companion.web import svg
from companion.web.board import LaterGame, LiveGame
from companion.web.marks_svg import card, die_mark
from companion.web.timeline_svg import timeline_svg


@dataclass(frozen=True)
class Spot:
    """One spot of the table as it was during the round."""

    side: str
    face: str | None
    card: str
    taken_by: str = ""


@dataclass(frozen=True)
class Die:
    word: str
    mark: str = ""


@dataclass(frozen=True)
class Score:
    label: str
    colour: str
    score: int
    change: int


@dataclass(frozen=True)
class Notice:
    """What the page says of the table beside its game: the game's state in a word or two
    (``in play``, ``kiosk stopped``), a line when the table is not at this game (empty when it
    is) and the score sheet the line points to (empty: none)."""

    state: str
    line: str = ""
    sheet: str = ""


def notice(game: LiveGame, later: LaterGame | None, kiosk: bool | None) -> Notice:
    """What the page says of the table beside ``game``, ``later`` the other game played after
    it (if any) and ``kiosk`` whether a kiosk runs (``None``: cannot tell, taken as running).
    A game in play with no kiosk running stands as it was at its last save; with a later game,
    the table is at that one now (or was when the kiosk stopped)."""
    state = ("in play" if game.state == PLAYING else
             "ended early" if game.ended_early else game.state)
    if later is not None:
        return table_moved_on("unfinished" if game.state == PLAYING else state, later, kiosk,
                              " after this game", ": this is the last Not Not game")
    if game.state == PLAYING and kiosk is False:
        return Notice("kiosk stopped", "The kiosk is not running: this is the game as it stood "
                      f"at {stood_at(game.saved_at)}.")
    return Notice(state)


def table_moved_on(state: str, other: LaterGame, kiosk: bool | None, after: str = "",
                   beside: str = "") -> Notice:
    """What the page says of ``other``, a game of another kind the table plays or played
    (``after`` and ``beside``: the words that tie it to the Not Not game shown, if any), while
    ``kiosk`` (whether a kiosk runs; ``None``: cannot tell, taken as running)."""
    title = SHEET_TITLES.get(other.kind, other.kind)
    if other.state == ABANDONED:   # ended with nothing kept: on no score sheet, in no history
        return Notice(state, f"The table started {title}{after} and ended it with nothing "
                      "kept.")
    if other.state != PLAYING:
        played = f"The table played {title}{after}"
        return Notice(state, played if played.endswith("!") else f"{played}.",
                      other.kind if other.state == FINISHED and other.kind in SHEET_TITLES
                      else "")
    if kiosk is False:
        return Notice(state, f"The kiosk is not running: the table was playing {title} "
                      "when it stopped.")
    return Notice(state, f"The table is playing {title} now{beside}.")


def no_not_not_game(other: LaterGame | None, kiosk: bool | None) -> Notice | None:
    """What the page with no Not Not game says of the table's newest game ``other``, of
    another kind (``None``: nothing kept; then nothing to say)."""
    return None if other is None else table_moved_on("", other, kiosk)


def stood_at(stamp: str) -> str:
    """A stored UTC ``stamp`` as this machine's local time to the minute: ``21:14`` today,
    ``2026-12-03 21:14`` another day (the stamp as it is when it does not read)."""
    try:
        local = datetime.fromisoformat(stamp).astimezone()
    except (TypeError, ValueError, OverflowError):
        return stamp
    today = local.date() == datetime.now(local.tzinfo).date()
    return local.strftime("%H:%M" if today else "%Y-%m-%d %H:%M")


def choosing(game: LiveGame, kiosk_pid: int | None) -> tuple[int, ...]:
    """The tied players still choosing a card in ``game``'s last round while the very run of
    the kiosk that asks them holds the state folder (``kiosk_pid``: the pid holding it now,
    ``None``: nobody, or this system cannot tell; its boot this page's): none once that run
    ended (killed, the power cut, even a kiosk started again since, which may have the same
    pid after a reboot): the round then stands as it was saved, as the choice's countdown
    would settle it."""
    last = game.last
    if last is None or last.asked_by is None or not is_holder(last.asked_by, kiosk_pid):
        return ()
    return last.choosing


def verdict(game: LiveGame, waiting: tuple[int, ...]) -> VerdictWords | None:
    """The last round's verdict as the kiosk says it; while tied players are still ``waiting``
    to choose a card, who is choosing, then the cards already taken (not the cards the
    choice's countdown would give them, which the round is saved with meanwhile)."""
    last = game.last
    if last is None or not waiting:
        return None if last is None else last.verdict
    return kept_verdict_words(last.record, last.scores_before, game.names, waiting)


def spots(game: LiveGame, waiting: tuple[int, ...] = ()) -> list[Spot]:
    """The four spots, each ringed: white where a winner took the card, cyan where a card could
    have been tapped in a round nobody won; a card the tied players still ``waiting`` to choose
    would be given by the countdown is neither ringed nor said taken."""
    if game.last is None:
        return []
    record = game.last.record
    chosen = [w for w in record.winners if w.player not in waiting]
    rings: dict[str, RGB] = {w.from_side: HIGHLIGHT for w in chosen}
    if record.valid and not record.winners:
        rings = dict.fromkeys(record.valid, OPTION)
    takers = {w.from_side: w.player for w in chosen}
    return [Spot(str(side), record.table.get(str(side)),
                 card(record.table.get(str(side)), rings.get(str(side))),
                 seat_label(takers[str(side)], game.names) if str(side) in takers else "")
            for side in SIDES]


def dice(game: LiveGame) -> list[Die]:
    """The dice as the kiosk shows them: the negation die (not in Discovery, which does not
    roll it), then the direction and colour dice, each colour word with its mark."""
    if game.last is None:
        return []
    record = game.last.record
    negation = [Die(record.negation)] if level_of(record.level).rolls_negation else []
    return [*negation, *(Die(face, die_mark(face)) for face in record.dice)]


def level_of(name: str) -> Level:
    """The level called ``name`` (a stored name no level has: Normal, which rolls every die)."""
    try:
        return Level(name)
    except ValueError:
        return Level.NORMAL


def scores(game: LiveGame, waiting: tuple[int, ...] = ()) -> list[Score]:
    """Every player's score, and how the last round changed it; while tied players are still
    ``waiting`` to choose a card, the scores before the round, as the kiosk's strip shows
    them until the round is settled."""
    before = game.last.scores_before if game.last else {}
    now = before if waiting else game.scores
    return [Score(seat_label(p, game.names), svg.colour(player_colour(p)),
                  now.get(p, 0), now.get(p, 0) - before.get(p, 0))
            for p in range(1, game.players + 1)]


def timeline(game: LiveGame) -> str:
    """The last round's tap timeline as SVG (empty for a round without a tap)."""
    if game.last is None or not game.last.record.taps:
        return ""
    return timeline_svg(timeline_view(game.last.record, game.tie_window_us), game.names)


def result(game: LiveGame) -> str:
    """A finished game's outcome from the winners it stored (the end screen's rule: most point
    cards wins, nobody scored is no winner): ``Winner: Ana with 20 point cards``, ``Winners: P1
    P3 with 12 point cards``, ``Nobody scored: no winner`` (empty while it is played, or when
    its stored result does not read)."""
    if game.winners is None:
        return ""
    if not game.winners:
        return "Nobody scored: no winner"
    who = apart([seat_label(p, game.names) for p in game.winners])
    cards = game.scores.get(game.winners[0], 0)
    return (f"{'Winner' if len(game.winners) == 1 else 'Winners'}: {who} with {cards} point "
            f"card{'' if cards == 1 else 's'}")


def extras(game: LiveGame) -> list[str]:
    """What else the roll said: which side was up (where it matters), the Liar showing."""
    if game.last is None:
        return []
    record = game.last.record
    said = [f"up is {record.up}"] if level_of(record.level).uses_arrow else []
    return said + (["Liar showing"] if record.liar else [])
