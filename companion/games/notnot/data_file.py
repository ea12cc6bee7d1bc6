"""Reads the game data files shipped in the package.

This is the adapter between the TOML data and the pure rules core, the one module under
:mod:`companion.games` that reads a file (the package's own data, through
``importlib.resources``, once): the rules modules are handed what it reads and never read.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from companion.errors import CompanionError
from companion.games.notnot.dice import DeckRecipe, DiceSet


def read_toml(name: str) -> dict:
    """The parsed TOML data file ``name`` from this package."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CompanionError(f"{name}: {error}") from None


@cache
def not_not() -> tuple[DiceSet, DeckRecipe]:
    """The default dice and deck recipe for Not Not."""
    data = read_toml("not_not.toml")
    try:
        return DiceSet.from_mapping(data["dice"]), DeckRecipe.from_mapping(data["deck"])
    except (KeyError, ValueError, TypeError) as error:
        raise CompanionError(f"not_not.toml: {error}") from None


def default_recipe() -> DeckRecipe:
    return not_not()[1]
