"""The words for a round's record, in one place: the game log's lines, the verdict's
headline and lines, and the dealer's prompt (with, on a game resumed after the kiosk stopped
during a tie's choice, what the choice's countdown gave: :func:`countdown_gave_line`; or
during an open round, that it does not count: :func:`round_dropped_line`; or after a round
closed at the pause, before its verdict was shown, what it gave: :func:`unseen_verdict_line`).

Everything here is a pure function of a
:class:`~companion.games.notnot.record.RoundRecord` (or of its parts); the
game log (:mod:`companion.simulation.game_log`), the verdict banner
(:mod:`companion.display.verdict_words`) and the deal prompt
(:mod:`companion.scenes.notnot.deal`) only lay these words out.

Verdict kinds, in the order a player needs them: a win, a tie (several
winners), "nobody may tap", wrong taps, too early, no winner (time ran out).
A headline names at most two players ("TIE Ana, Bo", "Ana, Bo WRONG"); more it counts
("3-WAY TIE", "12 WRONG"), and its lines name them all: a list of more than two wrong
players says first what it means ("lose a card: Ana, Bo, Cy"), so that a list shown over two
pages starts with it. Names are listed :func:`apart` (commas; guests' seats "P1 P3").
Wrong and early taps are added as lines under a win or tie; a round that
needed a tap and got no winner names the cards that could have been tapped.
A contested win or tie says its margin first ("P2 by 3.4 ms", "TIE: 0.4 ms
apart"); the game log says it after the taps. A winner who had a head start
(handicaps) says so: "P2 by 0.4 ms with a 150 ms start"; tied winners with head
starts are listed under the margin ("starts: P2 150 ms").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from companion.games.notnot.cards import VOID, Level
from companion.games.notnot.margin import margin_text, runner_up
from companion.games.notnot.record import DealtRecord, RoundRecord, TapRecord, WinnerRecord
from companion.games.notnot.verdict import Verdict

#: What each tap's verdict means, in the game log.
VERDICT_WORDS = {
    Verdict.WIN: "WINS",
    Verdict.TIE: "TIES",
    Verdict.WRONG: "wrong card, loses a point card if they have one",
    Verdict.IGNORED: "ignored: not their first tap",
    Verdict.LATE: "ignored: after the close",
    Verdict.EARLY: "too early (before the dice landed), ignored",
}


#: The names of a table's named players, by seat (a guest's seat is absent).
SeatNames = Mapping[int, str]
NO_NAMES: SeatNames = MappingProxyType({})


def player_label(player: int, seat_names: SeatNames = NO_NAMES) -> str:
    """How seat ``player`` is shown: its player's name in ``seat_names``, else (a guest)
    ``P1``, ``P2``, ..."""
    return seat_names.get(player) or f"P{player}"


def names(players: Iterable[int], seat_names: SeatNames = NO_NAMES) -> str:
    """Players' labels, listed :func:`apart`."""
    return apart([player_label(p, seat_names) for p in players])


#: A guest's label (:func:`player_label`): one word that no name beside it can run into.
GUEST_LABEL = re.compile(r"P\d+")


def apart(labels: Sequence[str]) -> str:
    """``labels`` comma-separated when one is a player's name (``Alexander, Fatima``,
    ``Ana Marí, P3``), so that each name reads whole whatever names the table has (two names
    space-separated read as one player's beside a ``Dee O'neil``); space-separated when all are
    guests' (``P1 P3``)."""
    guests = all(GUEST_LABEL.fullmatch(label) for label in labels)
    return (" " if guests else ", ").join(labels)


#: The most players a verdict's headline names; beyond, it counts them (its lines name them).
HEADLINE_NAMES = 2


def headline_names(players: Sequence[int], seat_names: SeatNames = NO_NAMES) -> str | None:
    """The players a headline names (see :data:`HEADLINE_NAMES`); ``None``: too many to name."""
    return names(players, seat_names) if len(players) <= HEADLINE_NAMES else None


# -- the game log ------------------------------------------------------------------


def roll_words(record: RoundRecord) -> str:
    """The roll as read aloud: negation, criteria, and (when they matter) up and the Liar."""
    words = [face for face in record.dice if face != "NOTHING"] or ["NOTHING", "NOTHING"]
    parts = []
    if record.negation != "NOTHING":
        parts.append(record.negation)
    parts.append(" + ".join(words))
    extras = []
    if record.level in ("hard", "extreme"):
        extras.append(f"up is {record.up}")
    if record.liar:
        extras.append("Liar showing")
    text = " ".join(parts)
    return f"{text} ({', '.join(extras)})" if extras else text


def table_words(table: dict[str, str | None]) -> str:
    """Each spot and its face (``-`` for an empty spot)."""
    return "  ".join(f"{side} {face or '-'}" for side, face in table.items())


def valid_words(record: RoundRecord) -> str:
    """Rerolled rolls never reach a record, so no valid spot means nobody may tap."""
    return "valid: " + ", ".join(record.valid) if record.valid else "nobody may tap"


#: A wrong tap in a round nobody may tap: no card was the right one.
NOBODY_MAY_TAP_WORDS = "tapped when nobody may tap, loses a point card if they have one"


def tap_line(tap: TapRecord, seat_names: SeatNames = NO_NAMES, nobody_may: bool = False) -> str:
    """One tap in the log: who, which side, when (ms from the open), what it counted for
    (``nobody_may``: in a round nobody may tap, a wrong tap is said as one, not a wrong card),
    and when it was pressed if a head start moved it."""
    said = NOBODY_MAY_TAP_WORDS if nobody_may and tap.verdict == Verdict.WRONG \
        else VERDICT_WORDS[tap.verdict]
    moved = "" if tap.real_us is None else \
        f" (pressed at {tap.real_us / 1000:+.3f} ms, moved by a head start)"
    return (f"    {player_label(tap.player, seat_names)} {tap.side} {tap.t_us / 1000:+10.3f} ms  "
            f"{said}{moved}")


def margin_log_line(record: RoundRecord, seat_names: SeatNames = NO_NAMES) -> str:
    """``margin: P2 by 3.412 ms over P1`` for a contested round; empty when nobody else counted."""
    pair = runner_up(record.taps)
    if record.margin_us is None or pair is None:
        return ""
    first, second = pair
    words = margin_text(record.margin_us, record.margin_step_us or 1)
    one, other = player_label(first.player, seat_names), player_label(second.player, seat_names)
    if first.verdict == Verdict.TIE:
        return f"margin: TIE, {one} and {other} {words} apart"
    return f"margin: {one} by {words} over {other}"


def taken_line(record: RoundRecord, winner: WinnerRecord,
               seat_names: SeatNames = NO_NAMES) -> str:
    """A winner's card in the log, noting a void taken instead or another card after a tie."""
    note = ""
    if winner.card == VOID:
        note = " (the void, instead of the tapped card)"
    elif record.tapped_side(winner) != winner.from_side:
        note = " (tied on a card already taken: another card)"
    return (f"    -> {player_label(winner.player, seat_names)} takes the {winner.card} card "
            f"from {winner.from_side}{note}")


def taken_lines(record: RoundRecord, seat_names: SeatNames = NO_NAMES) -> list[str]:
    """Each winner's card in the log (:func:`taken_line`), then each tied player for whom no
    card was left."""
    return ([taken_line(record, winner, seat_names) for winner in record.winners]
            + [f"    -> {player_label(p, seat_names)} tied, but no card was left to take"
               for p in left_out(record)])


def scores_words(record: RoundRecord, seat_names: SeatNames = NO_NAMES) -> str:
    """Each player's point cards after the round."""
    return "  ".join(f"{player_label(p, seat_names)} {n}" for p, n in record.scores.items())


def dealt_log_line(item: DealtRecord) -> str:
    """One step of the refill in the log; a rule card is shouted."""
    if item.what == "placed":
        kind = "void card" if item.card == VOID else f"{item.card} portal"
        return f"place {kind} on {item.side}"
    if item.what == "to-bottom":
        return "second void: under the deck"
    return f"*** rule card {item.card}: the level is now {item.level}".upper()


# -- the dealer's prompt -----------------------------------------------------------


def rule_card_line(face: str, level: str | Level | None) -> str:
    """What a rule card drawn did: ``"NOT NOT card: now NORMAL"``; the same words whoever
    dealt it (the companion's prompt, the table's entry)."""
    return f"{face} card: now {str(level).upper()}"


def deal_prompt_lines(dealt: Iterable[DealtRecord]) -> list[str]:
    """What the dealer must do, in short lines: placements two to a line, then rule cards and
    voids."""
    dealt = list(dealt)
    placed = [f"{d.card} on {d.side}" for d in dealt if d.what == "placed"]
    lines = ["   ".join(placed[i:i + 2]) for i in range(0, len(placed), 2)]
    for d in dealt:
        if d.what == "rule":
            lines.append(rule_card_line(d.card, d.level))
        elif d.what == "to-bottom":
            lines.append("second VOID: to the bottom")
    return lines


# -- the verdict -------------------------------------------------------------------


@dataclass(frozen=True)
class VerdictWords:
    """A verdict's ``kind`` (win, tie, nobody, wrong, early, none), headline and lines."""

    kind: str
    headline: str
    lines: tuple[str, ...]


def took_line(record: RoundRecord, winner: WinnerRecord, who: bool = True,
              seat_names: SeatNames = NO_NAMES) -> str:
    """``P2 takes RED from N``, or ``... takes the VOID from E instead of N`` when the void is
    taken instead of the card tapped (on N), or ``... takes BLUE from W, tied on E`` when the
    player tied on a card another took and chose another; without ``who``, the line starts at
    ``takes``."""
    tapped = record.tapped_side(winner)
    card = "the VOID" if winner.card == VOID else winner.card
    instead = ""
    if tapped != winner.from_side:
        instead = f" instead of {tapped}" if winner.card == VOID else f", tied on {tapped}"
    line = f"takes {card} from {winner.from_side}{instead}"
    return f"{player_label(winner.player, seat_names)} {line}" if who else line


def countdown_gave_line(record: RoundRecord, choosing: Sequence[int],
                        seat_names: SeatNames = NO_NAMES) -> str:
    """What the countdown of a tie's choice gave the players still ``choosing`` when the kiosk
    stopped, in the verdict's words (:func:`took_line`): ``The kiosk stopped during round 18's
    tie choice: Dee takes BLUE from E, tied on N, as the countdown gave it``; a chooser left
    no card says ``no card left for P3``."""
    taken = {w.player: w for w in record.winners}
    gave = [took_line(record, taken[p], seat_names=seat_names) if p in taken
            else f"no card left for {player_label(p, seat_names)}" for p in choosing]
    return (f"The kiosk stopped during round {record.n}'s tie choice: {'; '.join(gave)}, "
            f"as the countdown gave {'it' if len(gave) == 1 else 'them'}")


def round_dropped_line(n: int) -> str:
    """What became of round ``n``, open when the kiosk stopped (the table had seen its dice,
    maybe tapped): it is not judged, and the dice are rolled anew: ``The kiosk stopped during
    round 7: its taps do not count; new dice are rolled``."""
    return f"The kiosk stopped during round {n}: its taps do not count; new dice are rolled"


def unseen_verdict_line(record: RoundRecord, scores_before: dict[int, int],
                        seat_names: SeatNames = NO_NAMES) -> str:
    """What round ``record`` gave, closed at a pause (its taps count) and saved when the kiosk
    stopped (or the table went to the title) before its verdict was ever shown, in the
    verdict's words on one line (:func:`one_line`; ``scores_before``: the scores it began with):
    ``Round 8 closed at the pause: P2 WRONG: nobody may tap; wrong: P2 loses a card``, words
    true after a power cut and after the table's own *Back to the title* alike."""
    said = kept_verdict_words(record, scores_before, seat_names)
    return f"Round {record.n} closed at the pause: {one_line(said)}"


def one_line(said: VerdictWords) -> str:
    """A verdict on one line, its headline then its lines: ``TIE P1 P2: TIE: 0.4 ms apart; P1
    takes WHITE from N; P2 takes GREEN from W``."""
    return f"{said.headline}: {'; '.join(said.lines)}" if said.lines else said.headline


def penalty_lines(record: RoundRecord, scores_before: dict[int, int],
                  seat_names: SeatNames = NO_NAMES) -> list[str]:
    """One line for wrong taps (who lost a card, who had none) and one for early taps."""
    lines = []
    wrong = record.players_with(Verdict.WRONG)
    paid = [p for p in wrong if scores_before.get(p, 0) > 0]
    free = [p for p in wrong if p not in paid]
    if paid:
        who = names(paid, seat_names)
        lines.append(f"wrong: {who} lose{'s' if len(paid) == 1 else ''} a card"
                     if len(paid) <= HEADLINE_NAMES else f"lose a card: {who}")
    if free:
        who = names(free, seat_names)
        lines.append(f"wrong: {who} (no card to lose)" if len(free) <= HEADLINE_NAMES
                     else f"no card to lose: {who}")
    early = record.players_with(Verdict.EARLY)
    if early:
        lines.append(f"too early: {names(early, seat_names)}")
    return lines


def margin_line(record: RoundRecord, seat_names: SeatNames = NO_NAMES) -> tuple[str, ...]:
    """``P2 by 3.4 ms`` after a contested win, ``TIE: 0.4 ms apart`` after a tie; else nothing.
    A winner's head start is said with it (see the module docstring). ``seat_names``: the named
    players' names by seat (a guest is "P" and their seat).

    The margin is the record's ``margin_us`` read at its honest precision (``margin_step_us``).
    """
    margin = None if record.margin_us is None else margin_text(record.margin_us,
                                                               record.margin_step_us or 1)
    started = {w.player: record.head_starts_us[w.player] for w in record.winners
               if record.head_starts_us.get(w.player)}
    if len(tied_players(record)) > 1:
        starts = ", ".join(f"{player_label(p, seat_names)} {start_text(us)}"
                           for p, us in started.items())
        return ((f"TIE: {margin} apart",) if margin else ()) + ((f"starts: {starts}",)
                                                                 if starts else ())
    if not record.winners:
        return ()
    winner = record.winners[0].player
    words = [f"{player_label(winner, seat_names)} by {margin}"] if margin else []
    if winner in started:
        words.append(f"with a {start_text(started[winner])} start")
    return (" ".join(words),) if words else ()


def tied_players(record: RoundRecord) -> list[int]:
    """Every player of a tie, whether or not a card was left for them (their taps say it); the
    winners when no two taps tied."""
    tied = record.players_with(Verdict.TIE)
    return tied if len(tied) > 1 else [w.player for w in record.winners]


def left_out(record: RoundRecord) -> list[int]:
    """The tied players for whom no card was left (they take nothing)."""
    taken = {w.player for w in record.winners}
    return [p for p in tied_players(record) if p not in taken]


def start_text(head_start_us: int) -> str:
    """A head start in milliseconds: ``150 ms``, ``150.5 ms``."""
    return f"{head_start_us / 1000:g} ms"


def kept_verdict_words(record: RoundRecord, scores_before: dict[int, int],
                       seat_names: SeatNames = NO_NAMES,
                       choosing: Sequence[int] = ()) -> VerdictWords:
    """:func:`verdict_words` of a kept round, whose record has no ruling: a round that got
    valid spots needed a tap (rerolled rolls never reach a record)."""
    return verdict_words(record, bool(record.valid), scores_before, seat_names, choosing)


def verdict_words(record: RoundRecord, ruling_tap: bool, scores_before: dict[int, int],
                  seat_names: SeatNames = NO_NAMES,
                  choosing: Sequence[int] = ()) -> VerdictWords:
    """The verdict of a finished round; ``ruling_tap`` says whether anyone could tap. A contested
    one says its margin first. Named players are called by ``seat_names``. A tie whose tied
    players ``choosing`` still choose their card (the record settled meanwhile as the choice's
    countdown would settle it) says first who is choosing, and no card yet for them."""
    winners = record.winners
    extra = penalty_lines(record, scores_before, seat_names)
    tie = tied_players(record)
    if len(tie) > 1:
        tied = headline_names(tie, seat_names)
        nothing = left_out(record)
        none_left = (f"no card left: {names(nothing, seat_names)}",) if nothing else ()
        asked = (f"{names(choosing, seat_names)} {'is' if len(choosing) == 1 else 'are'} "
                 "choosing a card",) if choosing else ()
        return VerdictWords("tie", f"TIE {tied}" if tied else f"{len(tie)}-WAY TIE",
                            (*asked, *margin_line(record, seat_names),
                             *(took_line(record, w, seat_names=seat_names) for w in winners
                               if w.player not in choosing),
                             *none_left, *extra))
    if len(winners) == 1:
        w = winners[0]
        return VerdictWords("win", f"{player_label(w.player, seat_names)} WINS",
                            (*margin_line(record, seat_names), took_line(record, w, who=False),
                             *extra))
    wrong = record.players_with(Verdict.WRONG)
    all_wrong = f"{headline_names(wrong, seat_names) or len(wrong)} WRONG"
    if not ruling_tap:
        if wrong:
            return VerdictWords("wrong", all_wrong, ("nobody may tap", *extra))
        return VerdictWords("nobody", "NOBODY MAY TAP", ("well held!", *extra))
    could = " ".join(record.valid)
    why = (f"could tap: {could}",) if could else ()
    if wrong:
        return VerdictWords("wrong", all_wrong, (*extra, *why))
    if record.players_with(Verdict.EARLY):
        return VerdictWords("early", "TOO EARLY", ("nobody answered in time", *why, *extra))
    return VerdictWords("none", "NO WINNER", ("time is up", *why))
