"""``companion judge``: the rules oracle on the command line.

Reads one JSON case per line on stdin and writes one JSON answer per line, in
order, so the Nth answer is always the Nth line's (a blank line is a bad line). A bad line
gets ``{"error": "line N: ..."}``
naming its line of the input and the field (a value is echoed at most
:data:`ECHO` characters); processing always goes on, and the exit status is 1
at the end. A line longer than :data:`MAX_LINE` bytes or nested deeper than
:data:`MAX_DEPTH` is answered with an error unread.

In: ``{"level", "dice": [FACE, FACE], "negation"?, "liar"?, "up"?, "table":
{"N": CARD, "E": CARD, "S": CARD, "W": CARD}}``, each field once. The two
faces are a roll of the criteria dice, in either order: one of the direction
die, one of the colour die (each may be ``NOTHING``), as the game's data file
defines them. A field the level uses is required (``negation`` from normal on, ``up``
from hard on, ``liar`` in extreme: a case without the die or the arrow that decides it is
refused, never judged with a guess); a field the level does not use (a negation in
discovery, ``up`` below hard, the Liar below extreme) is read and ignored, as at the table.
The help says both.
Out: ``{"tap": bool, "valid": [SIDES], "reroll": bool}``.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import BinaryIO, TextIO

from companion.config import reading
from companion.errors import CompanionError
from companion.games.notnot import data_file
from companion.games.notnot.cards import TABLE_FACES, VOID, Level
from companion.games.notnot.dice import CRITERIA_FACES, NEGATIONS, NOTHING
from companion.games.notnot.judge import judge
from companion.games.notnot.sides import SIDES, Side

NAME = "judge"
HELP = "answer JSON-lines cases on stdin with the valid spots (a rules oracle)"

LEVELS = {level.value: level for level in Level}
FIELDS = ("level", "dice", "negation", "liar", "up", "table")

#: The longest case line read, in bytes (a case is about 150).
MAX_LINE = 4096
#: The deepest nesting of arrays and objects read (a case needs 2).
MAX_DEPTH = 8
#: The most characters of a bad value echoed back in an error.
ECHO = 40

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')


class BadCase(CompanionError, ValueError):
    """A case line that cannot be judged; the message names the field."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = ("Each line: one JSON object, each field once; \"dice\" is a roll of the "
                     "two criteria dice, one face of the direction die and one of the colour "
                     "die, in either order. \"negation\" counts from normal on, \"up\" "
                     "from hard on, \"liar\" in extreme only: a level that uses one needs it "
                     "(\"up\": \"N\" when no arrow shows, \"liar\": false when the Liar does "
                     "not); at a level that does not use one, it is read and ignored, as at "
                     "the table (the arrow on the deck means nothing in normal). "
                     f"Limits: a line of at most {MAX_LINE} bytes, nested at most {MAX_DEPTH} "
                     "deep; a longer or deeper line gets an error answer and the stream goes on. "
                     "Every line gets one answer, a blank one an error, so the Nth answer is the "
                     "Nth line's; an error answer names the line (\"line N: ...\"). "
                     "Exit status 1 if any line was bad.")


def shown(value: object) -> str:
    """``value`` as an error message shows it: its repr, cut to :data:`ECHO` characters."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)   # as the line wrote it: null, true, false
    text = repr(value) if not isinstance(value, (list, dict)) else json.dumps(value)[:ECHO + 1]
    return text if len(text) <= ECHO else text[:ECHO - 3] + "..."


def depth(line: str) -> int:
    """How deep arrays and objects nest in JSON ``line`` (brackets inside strings not counted)."""
    deepest = level = 0
    for char in _STRINGS.sub("", line):
        if char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


class Repeated(dict):
    """A JSON object that gave a key more than once (``key``: the first such key)."""

    key: str = ""


def _object(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object from its ``pairs``: a :class:`Repeated` if a key comes twice (plain JSON
    would keep the last value without a word)."""
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    repeated, seen = Repeated(found), set()
    for key, _ in pairs:
        if key in seen:
            repeated.key = key
            break
        seen.add(key)
    return repeated


_decode = json.JSONDecoder(object_pairs_hook=_object).decode


def read_json(line: str) -> object:
    """The JSON value of ``line``; a :class:`BadCase` saying why it is not JSON."""
    try:
        return _decode(line)
    except (ValueError, RecursionError):
        pass
    try:   # the reason, as every command words it
        reading.parse_json(line)
    except reading.Unparsable as problem:   # a case is one line: its column is enough
        raise BadCase(str(problem).replace("(line 1, column ", "(column ")) from None
    raise BadCase("not JSON")


def once(value: object, where: str, what: str) -> None:
    """A :class:`BadCase` if JSON object ``value`` gave a key twice (``where``: the object,
    ``what``: what its keys are)."""
    if isinstance(value, Repeated):
        raise BadCase(f"{where}{what} {shown(value.key)} is given twice (JSON would keep the "
                      f"last one): give each {what} once")


@cache
def rolls() -> frozenset[tuple[str, str]]:
    """Every ``dice`` pair a roll of the criteria dice can show, in either order."""
    dice = data_file.not_not()[0]
    return frozenset(pair for direction in dice.direction for colour in dice.colour
                     for pair in ((direction, colour), (colour, direction)))


def faces_of(die: tuple[str, ...]) -> str:
    """A die's faces, as an error names them: ``RED, BLUE or NOTHING``."""
    *most, last = dict.fromkeys(die)
    return f"{', '.join(most)} or {last}" if most else last


def parse_case(line: str) -> tuple:
    """The judge's arguments from one JSON line, checked field by field."""
    # a line with no more brackets than that is no deeper: the count spares most lines the walk
    if line.count("[") + line.count("{") > MAX_DEPTH and depth(line) > MAX_DEPTH:
        raise BadCase(f"nested deeper than {MAX_DEPTH} (a case needs 2)")
    case = read_json(line)
    if not isinstance(case, dict):
        raise BadCase("a case must be a JSON object")
    once(case, "", "field")
    unknown = [key for key in case if key not in FIELDS]
    if unknown:
        raise BadCase(f"unknown field {shown(unknown[0])} (fields: {', '.join(FIELDS)})")
    missing = [key for key in ("level", "dice", "table") if key not in case]
    if missing:
        raise BadCase(f"{missing[0]}: missing (a case has level, dice and table)")
    level = case["level"]
    level = LEVELS.get(level) if isinstance(level, str) else None
    if level is None:
        raise BadCase(f"level: {shown(case['level'])} is not one of {', '.join(LEVELS)}")
    dice = case["dice"]
    if not isinstance(dice, list) or len(dice) != 2:
        raise BadCase("dice: must be a list of two faces")
    for index, face in enumerate(dice):
        if not isinstance(face, str) or face not in CRITERIA_FACES:
            raise BadCase(f"dice[{index}]: {shown(face)} is not one of {', '.join(CRITERIA_FACES)}")
    if tuple(dice) not in rolls():
        criteria = data_file.not_not()[0]
        raise BadCase(f"dice: {shown(dice)} is not a roll: one face is the direction die's "
                      f"({faces_of(criteria.direction)}), the other the colour die's "
                      f"({faces_of(criteria.colour)})")
    needed(case, level)
    negation = case.get("negation", NOTHING)
    if not isinstance(negation, str) or negation not in NEGATIONS:
        raise BadCase(f"negation: {shown(negation)} is not one of {', '.join(NEGATIONS)}")
    liar = case.get("liar", False)
    if not isinstance(liar, bool):
        raise BadCase(f"liar: {shown(liar)} is not true or false")
    up = case.get("up", "N")
    if not isinstance(up, str) or up not in ("N", "E", "S", "W"):
        raise BadCase(f"up: {shown(up)} is not one of N, E, S, W")
    return level, tuple(dice), negation, liar, Side(up), parse_table(case["table"])


#: What each field a level uses must say, for the error when it is left out.
NEEDED = {
    "negation": "the negation die (NOTHING, NOT, NOT NOT or NOT NOT NOT)",
    "up": 'the side the arrow on the deck points to ("N" when no arrow shows)',
    "liar": "whether the Liar shows (true or false)",
}


def needed(case: dict, level: Level) -> None:
    """A :class:`BadCase` naming the first field ``level`` uses that ``case`` leaves out."""
    uses = {"negation": level.rolls_negation, "up": level.uses_arrow, "liar": level.uses_liar}
    missing = next((field for field, used in uses.items() if used and field not in case), None)
    if missing is not None:
        raise BadCase(f"{missing}: missing ({level} needs {NEEDED[missing]})")


def parse_table(table: object) -> tuple[str, ...]:
    if not isinstance(table, dict):
        raise BadCase("table: must be an object with N, E, S and W")
    once(table, "table: ", "side")
    for key in table:
        if key not in ("N", "E", "S", "W"):
            raise BadCase(f"table: {shown(key)} is not a side (N, E, S, W)")
    faces = []
    for side in SIDES:
        if side.value not in table:
            raise BadCase(f"table.{side.value}: missing")
        face = table[side.value]
        if not isinstance(face, str) or face not in TABLE_FACES:
            raise BadCase(f"table.{side.value}: {shown(face)} is not one of "
                          f"{', '.join(TABLE_FACES)}")
        faces.append(face)
    if faces.count(VOID) > 1:
        raise BadCase("table: two void cards; only one void may lie on the table")
    return tuple(faces)


@lru_cache(maxsize=65536)
def answer(level: Level, dice: tuple[str, ...], negation: str, liar: bool, up: Side,
           faces: tuple[str, ...]) -> str:
    ruling = judge(level, dice, negation, liar, up, dict(zip(SIDES, faces)))
    return json.dumps(ruling.to_dict(), separators=(", ", ": "))


def lines(stream: BinaryIO) -> Iterator[str | BadCase]:
    """Each line of ``stream`` as text, or a :class:`BadCase` for one too long or not UTF-8;
    a long line is skipped to its end without being kept."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(65536)
            yield BadCase(f"line longer than {MAX_LINE} bytes")
            continue
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as error:
            yield BadCase(f"not UTF-8 text (byte {error.start + 1} of the line)")


def answer_line(line: str | BadCase, number: int) -> tuple[str, bool]:
    """The answer to input line ``number`` (from 1), and whether the line was good."""
    try:
        if isinstance(line, BadCase):
            raise line
        return answer(*parse_case(line)), True
    except BadCase as error:
        return json.dumps({"error": f"line {number}: {error}"}), False


def run(args: argparse.Namespace) -> int:
    status = 0
    out: TextIO = sys.stdout
    stream = getattr(sys.stdin, "buffer", None) or io.BytesIO(sys.stdin.read().encode())
    for number, line in enumerate(lines(stream), start=1):
        if isinstance(line, str) and not line.strip():
            line = BadCase("a blank line, not a case (one JSON object per line)")
        text, good = answer_line(line, number)
        out.write(text + "\n")
        if not good:
            status = 1
    return status
