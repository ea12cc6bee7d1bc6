"""Printable pin tables: a Markdown table per pad, and one for controls and the dealer pad.

Each row is one wire: who it belongs to, which spot (side) it serves, where
it goes on the board, and a suggested wire colour (one colour per side on
every pad, black for ground). The ground row names the pin the pad's shared
ground wire goes to.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from companion.tools.wiring.electrics import led_resistor
from companion.tools.wiring.uses import GROUND_WIRE, SIDE_NAMES, Use, groups

#: A board's columns after Player and Side: (heading, how to print a pin).
Columns = Sequence[tuple[str, Callable[[Any], str]]]


def row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def table(headings: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table."""
    lines = [row(headings), row(["---"] * len(headings))]
    lines += [row(cells) for cells in rows]
    return "\n".join(lines)


def what(use: Use, led_ohms: int) -> str:
    """The Side (or Button) column: ``"N (north)"``, ``"N LED, 270 Ω in series"``, ``"menu"``."""
    if use.kind == "button":
        return f"{use.pad_side.value} ({SIDE_NAMES[use.pad_side]})"
    if use.kind == "led":
        return f"{use.pad_side.value} LED, {led_ohms} Ω in series"
    return use.name


def group_table(members: Sequence[Use], ground: Hashable | None, columns: Columns,
                supply_v: float, common: str = "ground",
                led_ground: Hashable | None = None) -> str:
    """The table of one group: a pad (Player, Side, ...) or other buttons (Button, ...); with
    ``led_ground``, a row for its LEDs' own ground wire (their switches' wire is 3V3)."""
    ohms, _ = led_resistor(supply_v)
    player = members[0].player
    first = [str(player)] if player is not None else []
    headings = (["Player", "Side"] if player is not None else ["Button"])
    headings += [heading for heading, _ in columns] + ["Wire colour"]
    rows = [first + [what(use, ohms)] + [show(use.pin) for _, show in columns] + [use.wire]
            for use in members]
    if ground is not None:
        wire = GROUND_WIRE if common == "ground" else "red"
        rows.append(first + [f"{common} (shared)"] + [show(ground) for _, show in columns] + [wire])
    if led_ground is not None:
        rows.append(first + ["LEDs' ground (shared)"] + [show(led_ground) for _, show in columns]
                    + [GROUND_WIRE])
    return table(headings, rows)


def group_title(group: str, members: Sequence[Use]) -> str:
    if members[0].player is not None:
        return f"Player {members[0].player}"
    return "Dealer pad" if group == "dealer" else "Control buttons"


def document(heading: str, intro: str, uses: Sequence[Use], returns: Mapping[str, Hashable],
             columns: Columns, supply_v: float, common: str = "ground",
             led_grounds: Mapping[str, Hashable] | None = None) -> str:
    """A printable Markdown document: ``heading``, ``intro``, then a table per group.

    ``returns`` names the pin each group's common wire goes to, ``common``
    what that pin is (``"ground"``, or ``"3V3"`` for buttons with pull-downs);
    ``led_grounds`` the ground pin of a group's LEDs when that wire is not ground.
    """
    parts = [f"# {heading}", "", intro, ""]
    for group, members in groups(uses).items():
        parts += [f"## {group_title(group, members)}", "",
                  group_table(members, returns.get(group), columns, supply_v, common,
                              (led_grounds or {}).get(group)), ""]
    return "\n".join(parts)
