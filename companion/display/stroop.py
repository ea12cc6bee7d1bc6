"""Stroop inks: the colour each dice word is drawn in.

A word is never drawn in the colour it names (RED is never red). Words that
name no colour (directions, NOTHING, the negations) are inked the same way,
from the same inks, so the ink never tells which die a word came from. Inks
are chosen by an injected ``random.Random``: the same seed gives the same
inks, and nothing touches global random state.
"""

from __future__ import annotations

import random

from companion.display.palette import INKS


def ink_name_for(word: str, rng: random.Random, avoid: tuple[str, ...] = ()) -> str:
    """The name of an ink for ``word``: never the colour ``word`` names.

    ``avoid`` lists inks not to use either (e.g. those already used by the
    other dice this roll), as long as some ink remains.
    """
    allowed = [name for name in INKS if name != word.upper()]
    varied = [name for name in allowed if name not in avoid]
    return rng.choice(varied or allowed)


def inks_for(words: list[str], rng: random.Random) -> list[str]:
    """Ink names for the dice ``words`` of one roll, all different where possible."""
    chosen: list[str] = []
    for word in words:
        chosen.append(ink_name_for(word, rng, avoid=tuple(chosen)))
    return chosen
