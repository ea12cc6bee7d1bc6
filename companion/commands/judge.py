"""``companion judge``: the rules oracle on the command line.

Reads one JSON case per line on stdin and writes one JSON answer per line, in
order. A bad line gets ``{"error": "..."}`` naming the field; processing goes
on, and the exit status is 1 at the end.

In: ``{"level", "dice": [FACE, FACE], "negation"?, "liar"?, "up"?, "table":
{"N": CARD, "E": CARD, "S": CARD, "W": CARD}}``.
Out: ``{"tap": bool, "valid": [SIDES], "reroll": bool}``.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache

from companion.rules.cards import TABLE_FACES, VOID, Level
from companion.rules.dice import CRITERIA_FACES, NEGATIONS, NOTHING
from companion.rules.judge import judge
from companion.rules.sides import SIDES, Side

NAME = "judge"
HELP = "answer JSON-lines cases on stdin with the valid spots (a rules oracle)"

LEVELS = {level.value: level for level in Level}
FIELDS = ("level", "dice", "negation", "liar", "up", "table")


class BadCase(ValueError):
    """A case line that cannot be judged; the message names the field."""


def add_arguments(parser) -> None:
    pass


def parse_case(line: str) -> tuple:
    """The judge's arguments from one JSON line, checked field by field."""
    try:
        case = json.loads(line)
    except json.JSONDecodeError as error:
        raise BadCase(f"not JSON: {error.msg} at column {error.colno}") from None
    if not isinstance(case, dict):
        raise BadCase("a case must be a JSON object")
    unknown = [key for key in case if key not in FIELDS]
    if unknown:
        raise BadCase(f"unknown field {unknown[0]!r} (fields: {', '.join(FIELDS)})")
    level = LEVELS.get(case.get("level"))
    if level is None:
        raise BadCase(f"level: {case.get('level')!r} is not one of {', '.join(LEVELS)}")
    dice = case.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise BadCase("dice: must be a list of two faces")
    for index, face in enumerate(dice):
        if face not in CRITERIA_FACES:
            raise BadCase(f"dice[{index}]: {face!r} is not one of {', '.join(CRITERIA_FACES)}")
    negation = case.get("negation", NOTHING)
    if negation not in NEGATIONS:
        raise BadCase(f"negation: {negation!r} is not one of {', '.join(NEGATIONS)}")
    liar = case.get("liar", False)
    if not isinstance(liar, bool):
        raise BadCase(f"liar: {liar!r} is not true or false")
    up = case.get("up", "N")
    if up not in ("N", "E", "S", "W"):
        raise BadCase(f"up: {up!r} is not one of N, E, S, W")
    return level, tuple(dice), negation, liar, Side(up), parse_table(case.get("table"))


def parse_table(table) -> tuple:
    if not isinstance(table, dict):
        raise BadCase("table: must be an object with N, E, S and W")
    for key in table:
        if key not in ("N", "E", "S", "W"):
            raise BadCase(f"table: {key!r} is not a side (N, E, S, W)")
    faces = []
    for side in SIDES:
        face = table.get(side.value)
        if face is None:
            raise BadCase(f"table.{side.value}: missing")
        if face not in TABLE_FACES:
            raise BadCase(f"table.{side.value}: {face!r} is not one of {', '.join(TABLE_FACES)}")
        faces.append(face)
    if faces.count(VOID) > 1:
        raise BadCase("table: two void cards; only one void may lie on the table")
    return tuple(faces)


@lru_cache(maxsize=65536)
def answer(level, dice, negation, liar, up, faces) -> str:
    ruling = judge(level, dice, negation, liar, up, dict(zip(SIDES, faces)))
    return json.dumps(ruling.to_dict(), separators=(", ", ": "))


def run(args) -> int:
    status = 0
    out = sys.stdout
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            out.write(answer(*parse_case(line)) + "\n")
        except BadCase as error:
            out.write(json.dumps({"error": str(error)}) + "\n")
            status = 1
    return status
