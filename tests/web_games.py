"""Not Not games saved round by round into a state folder, the way the kiosk and simulate save
them, for the web page's tests; and a client that never goes through a proxy."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from companion.games.notnot import data_file as data
from companion.games.notnot.game import Game
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.words import VerdictWords, verdict_words
from companion.simulation.virtual_game import play
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.notnot_saves import NewGame, RoundSave


def new_game(players: int = 3, seed: int = 2, level: str = "normal") -> Game:
    dice, recipe = data.not_not()
    return Game.new(players, level, seed, dice=dice, recipe=recipe)


def words_of(records: list[RoundRecord], players: int) -> VerdictWords:
    """The verdict the kiosk shows for the last of ``records``."""
    before = records[-2].scores if len(records) > 1 else dict.fromkeys(range(1, players + 1), 0)
    return verdict_words(records[-1], bool(records[-1].valid), before)


def saved_game(folder: Path, players: int = 3, seed: int = 2, until=None,
               level: str = "normal") -> list[RoundRecord]:
    """A simulated game saved in ``folder``, round by round, until ``until(records)`` is true
    (or the game ends); the records saved."""
    game = new_game(players, seed, level)
    records: list[RoundRecord] = []
    with Database.in_folder(folder) as database:
        store = GameStore(database)
        game_id = NewGame.of(game, simulated=True).create(store)
        for record in play(game):
            RoundSave.of(game, record).write(store, game_id)
            records.append(record)
            if until is not None and until(records):
                break
    return records


def get(url: str, timeout: float = 10.0) -> tuple[int, str]:
    """The status and text of ``url``, straight to it (no proxy from the environment)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def post_json(url: str, body: dict, timeout: float = 30.0, method: str = "POST") -> dict:
    """``body`` sent as JSON to ``url``; the JSON answer (WebDriver's, errors included)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=timeout) as response:
            return json.loads(response.read().decode() or "{}")
    except urllib.error.HTTPError as error:
        return json.loads(error.read().decode() or "{}")
