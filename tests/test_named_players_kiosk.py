"""Named players in the kiosk, driven through the real loop on pads: each seat picks a kept
player, spells a new one on the letter picker or plays as a guest; the names replace "P1" on
the verdict and the end screen, come back with a resumed game, are kept as the game's seats
for ``companion history``; the title's players menu renames and merges."""

import json

import pygame
import pytest

from kiosk_helpers import change_to, choose, kiosk, now, play, step_until, tap
from companion.cli import main
from companion.games.notnot.sides import Side
from companion.inputs.actions import Nav, Point
from companion.scenes.hat.play import reminder
from companion.scenes.common.late_taps import LATE_TAP_S
from companion.scenes.notnot.verdict import VerdictScene
from companion.config.settings import load
from companion.inputs.actions import menu_key
from companion.inputs.keyboard import KeyMap
from companion.kiosk.assemble import KioskOptions, build_kiosk
from companion.scenes.common.letter_picker import (
    DONE,
    SPELLING_HELP,
    TYPING_HELP,
    WHEEL,
    LetterPicker,
)
from companion.scenes.session import GameSetup
from companion.storage.database import Database
from companion.storage.games import GameStore
from companion.storage.players import NAME_MAX, PlayerStore


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    import pygame
    pygame.display.quit()


def press(app, sides: str, player: int = 1) -> None:
    """``player``'s pad presses ``sides`` in turn, one loop pass each."""
    for side in sides:
        app.post(tap(player, side))
        app.step()


def spell(app, name: str, player: int = 1) -> None:
    """Spell ``name`` on the letter picker (N/S turn the wheel, E adds) and choose done."""
    for wanted in [*name.upper(), DONE]:
        while app.scene.spelling.letter != wanted:
            press(app, "S", player)
        press(app, "E", player)


def name_seats(app, picks: list[str], setup: str = "setup") -> None:
    """From the set-up menu ``setup``, name each seat in turn: a kept player's name,
    ``new:NAME`` (spelt), or ``Guest``; then Done, back to the set-up."""
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    for pick in picks:
        press(app, "E")                                   # the seat under the cursor
        if pick.startswith("new:"):
            choose(app, "New player")
            spell(app, pick[4:])
        else:
            choose(app, pick)
    assert app.scene.items()[app.scene.cursor] == "Done"  # the cursor went on, seat by seat
    press(app, "E")
    step_until(app, lambda: app.scene.name == setup)


def verdicts_and_end(app) -> tuple[list[str], list[str], list[str]]:
    """Play the game to its end: every verdict's headline and lines, the end screen's texts,
    and the tap labels of the last verdict's timeline ("Ana E")."""
    said: list[str] = []
    app.ctx.hooks.on_scene = lambda scene: said.extend(
        [scene.view.headline, *scene.view.lines] if scene.name == "verdict" else [])
    play(app, players=app.ctx.session.setup.players)
    app.step()
    timeline = [piece.text for piece in app.scenes[VerdictScene].timeline_drawn]
    taps = [label for label in timeline if label.split()[-1] in ("N", "E", "S", "W")]
    return said, [piece.text for piece in app.scene.drawn], taps


def keep_players(folder, *names: str) -> None:
    """Keep the players ``names`` in the state folder ``folder``."""
    with Database.in_folder(folder) as database:
        store = PlayerStore(database)
        for name in names:
            store.add(name)


def history_json(folder, capsys) -> list[dict]:
    capsys.readouterr()
    assert main(["history", "--state-dir", str(folder), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_two_whole_games_call_the_players_by_name_on_the_verdict_the_end_and_in_history(
        tmp_path, capsys):
    app = kiosk("setup", state_dir=tmp_path, players=3, level="normal")
    name_seats(app, ["new:Ana", "new:Bo", "Guest"])
    assert app.ctx.session.setup.names == {1: "Ana", 2: "Bo"}
    assert "Names: Ana, Bo, P3" in app.scene.items()
    games = []
    for _ in range(2):
        choose(app, "Start")
        step_until(app, lambda: app.scene.name in ("deal", "entry"))
        games.append(verdicts_and_end(app))
        app.post(tap(1, "E", now() + round(LATE_TAP_S * 1e9)))  # the end, a second on: to
        step_until(app, lambda: app.scene.name != "end")         # the set-up, same names
        step_until(app, lambda: app.scene.name == "setup")
    for verdicts, end, timeline_labels in games:
        winners = {line for line in verdicts if line.endswith(" WINS")}
        assert {"Ana WINS", "Bo WINS"} <= winners         # each seat wins its turns
        assert not {"P1 WINS", "P2 WINS"} & winners and "P3 WINS" in winners  # a guest is P3
        assert any(t.startswith("WINNER") for t in end)
        assert timeline_labels and {t.split()[0] for t in timeline_labels} <= {"Ana", "Bo", "P3"}
        cards = next(t for t in end if "cards:" in t)
        assert "Ana " in cards and "Bo " in cards and "P3 " in cards and "P1" not in cards
        assert {"Ana", "Bo", "P3"} <= {t.split()[0] for t in end}   # the chart's rows
    kept = history_json(tmp_path, capsys)
    assert len(kept) == 2 and all(game["names"] == {"1": "Ana", "2": "Bo"} for game in kept)
    rounds = sum(len(game["rounds"]) for game in kept)
    for name in ("Ana", "Bo"):                         # each profile reads both games' rounds
        capsys.readouterr()
        assert main(["players", "profile", name, "--json", "--state-dir", str(tmp_path)]) == 0
        profile = json.loads(capsys.readouterr().out)
        assert profile["name"] == name and profile["rounds"] == rounds
    game = kept[0]["id"]                               # a round's list and its replay
    capsys.readouterr()
    assert main(["history", "--game", str(game), "--state-dir", str(tmp_path)]) == 0
    listed = capsys.readouterr().out
    assert "Ana WINS" in listed and "Bo WINS" in listed and "P1 " not in listed
    won = next(r for r in kept[0]["rounds"] if any(t["player"] == 1 and t["verdict"] == "win"
                                                  for t in r["taps"]))
    assert main(["replay", str(game), str(won["n"]), "--state-dir", str(tmp_path)]) == 0
    replayed = capsys.readouterr().out
    assert "judged  Ana " in replayed and "-> Ana takes" in replayed and "P1 " not in replayed


def test_a_seat_picks_a_kept_player_and_a_name_at_the_table_is_not_offered_twice(tmp_path):
    keep_players(tmp_path, "Ana", "Bo")
    app = kiosk("setup", state_dir=tmp_path, players=2)
    choose(app, "Names")
    press(app, "E")
    assert app.scene.items() == ["Ana", "Bo", "New player", "Guest", "Back"]
    choose(app, "Bo")
    press(app, "E")                                      # seat 2: Bo is taken at this table
    assert app.scene.items() == ["Ana", "New player", "Guest", "Back"]


def test_a_resumed_game_gets_its_players_names_back(tmp_path):
    first = kiosk("setup", state_dir=tmp_path, players=2)
    name_seats(first, ["Guest", "new:Cy"])
    choose(first, "Start")
    step_until(first, lambda: first.scene.name in ("deal", "entry"))
    play(first, players=2, rounds=1)
    first.screen.close()                                  # the power went
    again = kiosk("setup", state_dir=tmp_path)
    assert again.ctx.session.setup.names == {2: "Cy"}     # the set-up offers the kept names
    again.ctx.session.setup.names = {}
    choose(again, "Resume")
    step_until(again, lambda: again.scene.name not in ("setup",))
    assert again.ctx.session.setup.names == {2: "Cy"}


def test_a_refused_name_is_one_line_on_screen_and_its_letters_stay(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, players=2)
    name_seats(app, ["new:Ana", "Guest"])
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    choose(app, "Seat 2")
    choose(app, "New player")
    spell(app, "ana")
    assert app.scene.spelling is not None and app.scene.spelling.name == "Ana"
    assert "'Ana' is taken" in app.scene.subtitle and "\n" not in app.scene.subtitle
    app.step()
    assert any("'Ana' is taken" in piece.text for piece in app.scene.drawn_texts)
    press(app, "W")                                       # a letter off, the rest kept
    assert app.scene.spelling.name == "An" and app.scene.subtitle == SPELLING_HELP


def test_the_letter_picker_capitalises_words_and_stops_at_the_longest_name():
    picker = LetterPicker()
    for letter in "ANA-MARIA":
        picker.at = WHEEL.index(letter)
        assert picker.add() is None
    assert picker.name == "Ana-Maria"
    picker.at = WHEEL.index("B")
    picker.add(), picker.add(), picker.add()
    assert len(picker.name) == NAME_MAX
    assert "at most" in picker.add() and len(picker.name) == NAME_MAX


def test_the_wheel_shows_each_letter_as_it_would_be_added():
    picker = LetterPicker()
    assert picker.shown() == "[A]"
    picker.add()
    assert picker.shown() == "A[a]"                       # small after a capital
    picker.at = WHEEL.index("-")
    picker.add()
    picker.at = WHEEL.index("B")
    assert picker.shown() == "A-[B]"                      # a capital again after a hyphen
    picker.at = WHEEL.index(" ")
    assert picker.shown() == "A-[space]"


def test_a_full_name_on_the_keyboard_names_the_key_that_deletes_a_letter(tmp_path):
    from test_key_hints import on_the_keyboard

    app = on_the_keyboard(kiosk("setup", state_dir=tmp_path, players=2))
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    choose(app, "Seat 1")
    choose(app, "New player")
    for _ in range(NAME_MAX + 1):                         # the wheel's A, once too often
        press(app, "E")
    delete = app.scene.button(Side.W)
    assert delete == "Backspace" and f"{delete} delete" in app.scene.hint()
    assert app.scene.subtitle == (f"a name has at most {NAME_MAX} characters: choose done or "
                                  "delete one (Backspace)")


def test_the_players_menu_renames_and_merges_with_a_confirmation(tmp_path, capsys):
    keep_players(tmp_path, "Ana", "Bo", "Cy")
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Ana")
    choose(app, "Rename")
    press(app, "W" * 3)                                   # the old name's letters off
    spell(app, "Anna")
    assert app.scene.items()[:3] == ["Anna: 0 games", "Bo: 0 games", "Cy: 0 games"]
    choose(app, "Bo")
    choose(app, "Merge")
    choose(app, "Cy")                                     # asks first
    assert app.scene.shown_items()[app.scene.cursor] == "Merge Bo into Cy? select again"
    press(app, "E")
    assert app.scene.items() == ["Anna: 0 games", "Cy: 0 games", "Back"]
    capsys.readouterr()
    assert main(["players", "list", "--state-dir", str(tmp_path)]) == 0
    listed = capsys.readouterr().out
    assert "Anna" in listed and "Cy" in listed and "Bo" not in listed


SETUPS = {"Not Not": "setup", "Not That Movie!": "movie-setup", "That's Not a Hat": "hat-setup"}


def seat_at_the_title(app, game: str, seats: dict[int, str]) -> None:
    """From the title, open ``game``'s set-up and seat the kept players ``seats`` (seat ->
    name), then back to the title by its item."""
    choose(app, game)
    step_until(app, lambda: app.scene.name == SETUPS[game])
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    for seat, name in seats.items():
        choose(app, f"Seat {seat}")
        choose(app, name)
    choose(app, "Done")
    step_until(app, lambda: app.scene.name == SETUPS[game])
    choose(app, "Back to the title")
    step_until(app, lambda: app.scene.name == "title")


def merged_on_the_players_menu(app, source: str, into: str) -> str:
    """From the title, Players: ``source`` merged into ``into`` (selected again), then back to
    the title; the notice the merge showed."""
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, source)
    choose(app, "Merge")
    choose(app, into)
    press(app, "E")                                       # select again: merged
    assert app.notice is not None
    press(app, "W")
    step_until(app, lambda: app.scene.name == "title")
    return app.notice[0]


@pytest.mark.parametrize("game", SETUPS)
def test_a_seated_player_merged_on_the_players_menu_leaves_the_seat_to_the_player_merged_into(
        tmp_path, game):
    """Benny in seat 1, merged into Grandpa, made seat 1 a guest: a merge is one person."""
    keep_players(tmp_path, "Benny", "Grandpa")
    app = kiosk("title", state_dir=tmp_path)
    seat_at_the_title(app, game, {1: "Benny"})
    notice = merged_on_the_players_menu(app, "Benny", "Grandpa")
    assert notice == "Benny merged into Grandpa: 0 games moved"
    choose(app, game)
    step_until(app, lambda: app.scene.name == SETUPS[game])
    assert "Names: Grandpa, P2, P3, P4" in app.scene.items()
    with Database.in_folder(tmp_path) as database:
        grandpa = PlayerStore(database).find("Grandpa")
    assert app.ctx.session.setup.player_ids == {1: grandpa.id}


def test_a_seated_player_merged_into_one_seated_too_leaves_a_guest_and_the_notice_says_so(
        tmp_path):
    keep_players(tmp_path, "Benny", "Grandpa")
    app = kiosk("title", state_dir=tmp_path)
    seat_at_the_title(app, "Not Not", {1: "Benny", 3: "Grandpa"})
    notice = merged_on_the_players_menu(app, "Benny", "Grandpa")
    assert notice == ("Benny merged into Grandpa: 0 games moved; seat 1 is a guest now: "
                      "Grandpa sits in seat 3")
    choose(app, "Not Not")
    step_until(app, lambda: app.scene.name == "setup")
    assert "Names: P1, P2, Grandpa, P4" in app.scene.items()


def test_the_players_menu_keeps_its_place_at_the_player_renamed_merged_into_or_left(tmp_path):
    """The list is sorted by name: after a rename the cursor stands on the player under their
    new name, after a merge on the player merged into, after Back on the player just left."""
    keep_players(tmp_path, "Ana", "Bo", "Cy", "Di")
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Bo")
    press(app, "W")                                       # back to the list
    assert app.scene.items()[app.scene.cursor] == "Bo: 0 games"
    choose(app, "Ana")
    choose(app, "Rename")
    press(app, "W" * 3)
    spell(app, "Zed")
    assert app.scene.items()[app.scene.cursor] == "Zed: 0 games"
    choose(app, "Bo")
    choose(app, "Merge")
    choose(app, "Di")
    press(app, "E")                                       # select again: merged
    assert app.scene.items()[app.scene.cursor] == "Di: 0 games"


def ana_after_a_game_with_bo(folder):
    """A kiosk on the players menu's items for Ana, after a game (simulated) Ana and Bo sat
    at."""
    assert main(["simulate", "--players", "2", "--seed", "1", "--names", "Ana,Bo",
                 "--state-dir", str(folder)]) == 0
    app = kiosk("title", state_dir=folder)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Ana")
    return app


def test_forget_on_the_players_menu_asks_first_then_forgets_the_player_as_the_command_does(
        tmp_path, capsys):
    app = ana_after_a_game_with_bo(tmp_path)
    choose(app, "Forget")                                 # asks first
    assert app.scene.shown_items()[app.scene.cursor] == "Forget Ana? select again"
    press(app, "E")
    assert app.notice is not None and app.notice[0] == "forgot Ana: 1 seat became a guest's"
    assert app.scene.items() == ["Bo: 1 game", "Back"]
    assert [game["names"] for game in history_json(tmp_path, capsys)] == [{"2": "Bo"}]


def test_forget_asked_and_then_another_button_forgets_nobody(tmp_path):
    keep_players(tmp_path, "Ana")
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    choose(app, "Ana")
    choose(app, "Forget")
    press(app, "N")                                       # not select again: only cancels
    assert app.scene.asking is None and app.notice is None
    with Database.in_folder(tmp_path) as database:
        assert [p.name for p in PlayerStore(database).list_players()] == ["Ana"]


def test_a_seated_player_forgotten_on_the_players_menu_leaves_a_guest_and_the_notice_says_so(
        tmp_path):
    keep_players(tmp_path, "Benny", "Grandpa")
    app = kiosk("title", state_dir=tmp_path)
    seat_at_the_title(app, "Not Not", {1: "Benny", 2: "Grandpa"})
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Benny")
    choose(app, "Forget")
    press(app, "E")                                       # select again: forgotten
    assert app.notice[0] == "forgot Benny: 0 seats became guests'; seat 1 is a guest now"
    press(app, "W")
    step_until(app, lambda: app.scene.name == "title")
    choose(app, "Not Not")
    step_until(app, lambda: app.scene.name == "setup")
    assert "Names: P1, Grandpa, P3, P4" in app.scene.items()


def test_the_players_menu_refuses_to_merge_two_who_sat_at_one_table_at_once_without_asking(
        tmp_path):
    app = ana_after_a_game_with_bo(tmp_path)
    choose(app, "Merge")
    choose(app, "Bo")                                     # refused at once: nothing to confirm
    assert app.scene.asking is None
    assert app.scene.subtitle == ("Ana and Bo sat at the same table in game 1: "
                                  "they are two people, not merged")
    with Database.in_folder(tmp_path) as database:
        assert {player.name for player in PlayerStore(database).list_players()} == {"Ana", "Bo"}


def test_the_players_menu_says_a_refusal_in_one_line_and_changes_nothing(tmp_path):
    keep_players(tmp_path, "Ana", "Bo")
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    choose(app, "Ana")
    choose(app, "Rename")
    press(app, "W" * 3)
    spell(app, "Bo")
    assert app.scene.subtitle == "'Bo' is taken: choose another name"
    assert app.scene.spelling.name == "Bo"
    with Database.in_folder(tmp_path) as database:
        assert [p.name for p in PlayerStore(database).list_players()] == ["Ana", "Bo"]


def test_twelve_seats_scroll_a_page_at_a_time_and_the_last_seat_is_named(tmp_path):
    app = kiosk("setup", state_dir=tmp_path)
    app.ctx.services.players_with_pads = app.ctx.session.setup.players = 12   # twelve pads
    choose(app, "Names")
    press(app, "N")                                       # from Seat 1 round to Done
    assert app.scene.items()[app.scene.cursor] == "Done"
    assert app.scene.hint().startswith("8-13 of 13") and len(app.scene.items()) < 13
    press(app, "N")
    press(app, "E")                                       # seat 12
    choose(app, "New player")
    spell(app, "Zoe")
    assert app.ctx.session.setup.names == {12: "Zoe"}
    assert app.scene.items()[app.scene.cursor] == "Done"  # the cursor went on past the last


def test_seats_the_player_count_steps_past_get_their_players_back_when_it_comes_round(tmp_path):
    """Going from 12 players to 8 steps round through 2: seats 3-12 lost their names, and the
    host named six players again (a party's host)."""
    keep_players(tmp_path, *(f"Pl{seat}" for seat in range(1, 13)))
    app = kiosk("setup", state_dir=tmp_path)
    app.ctx.services.players_with_pads = app.ctx.session.setup.players = 12   # twelve pads
    name_seats(app, [f"Pl{seat}" for seat in range(1, 13)])
    setup = app.ctx.session.setup
    choose(app, "Players: 12")                            # round to 2
    assert setup.players == 2 and setup.names == {1: "Pl1", 2: "Pl2"}
    for count in range(3, 9):
        choose(app, f"Players: {count - 1}")
    assert setup.names == {seat: f"Pl{seat}" for seat in range(1, 9)}
    assert len(set(setup.player_ids.values())) == 8
    assert "Names: Pl1, Pl2, Pl3, Pl4, Pl5, Pl6, Pl7, Pl8" in app.scene.items()
    choose(app, "Names")                                  # a look, changing nothing (a
    press(app, "W")                                       # regression tester), then on to 9
    step_until(app, lambda: app.scene.name == "setup")
    choose(app, "Players: 8")
    assert setup.names[9] == "Pl9"


def test_a_seat_named_again_meanwhile_keeps_its_new_player_when_the_count_comes_round(tmp_path):
    keep_players(tmp_path, "Ana", "Bo", "Cy")
    app = kiosk("setup", state_dir=tmp_path, players=3)
    app.ctx.services.players_with_pads = 4                # four pads: 2, 3, 4, round to 2
    name_seats(app, ["Ana", "Bo", "Cy"])
    choose(app, "Players: 3")                             # 4
    choose(app, "Players: 4")                             # round to 2: Cy set aside
    name_seats(app, ["Ana", "Cy"])                        # Cy sits in seat 2 now
    choose(app, "Players: 2")                             # 3: Cy sits already, seat 3 a guest
    assert app.ctx.session.setup.names == {1: "Ana", 2: "Cy"}


def test_a_new_game_is_kept_with_its_seats_and_a_player_forgotten_meanwhile_sits_as_a_guest(
        tmp_path):
    with Database.in_folder(tmp_path) as database:
        roster = PlayerStore(database)
        ana, bo = roster.add("Ana"), roster.add("Bo")
        roster.forget("Bo")
        game_id = GameStore(database).create(3, {"level": "normal"}, {"round_no": 0},
                                             seats={1: ana.id, 3: bo.id})
        assert roster.seat_players(game_id) == {1: "Ana"}


def test_the_set_up_shows_a_chosen_player_as_kept_now_renamed_or_forgotten(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, players=3)
    name_seats(app, ["new:Ana", "new:Bo", "Guest"])
    with Database.in_folder(tmp_path) as database:
        PlayerStore(database).rename("Ana", "Anna")
        PlayerStore(database).forget("Bo")
    press(app, "W")                                       # to the title, and back
    choose(app, "Not Not")
    step_until(app, lambda: app.scene.name == "setup")
    assert app.ctx.session.setup.names == {1: "Anna"}
    assert "Names: Anna, P2, P3" in app.scene.items()


def test_the_keys_spell_a_name_as_the_pads_do(tmp_path):
    app = kiosk("setup", state_dir=tmp_path, players=2)
    choose(app, "Names")
    for action in ("select", "select", "down", "down", "up", "select", "back", "up", "select"):
        app.post(Nav(action, now()))                      # seat 1, New player: B, off, A
        app.step()
    assert app.scene.spelling.name == "A" and app.scene.spelling.letter == "A"


def typing(app, keys: str, mod: int = 0, code: int | None = None) -> None:
    """The window's keyboard types ``keys`` (Enter as "\\r", Backspace as "\\b"), one loop
    pass each, as SDL hands key presses to the loop (``mod``: the modifiers held; ``code``:
    the key pressed, else the key of each character)."""
    codes = {"\r": pygame.K_RETURN, "\b": pygame.K_BACKSPACE}
    for character in keys:
        key = code or codes.get(character, pygame.key.key_code(character.lower()))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, scancode=0,
                                             unicode={"\b": "\x08"}.get(character, character)))
        app.step()


def keyboard_kiosk(folder, first="setup"):
    """A kiosk whose table plays on the keyboard, as ``companion run`` makes it without pads:
    the players' keys tap, the menu keys move; it starts at scene ``first``."""
    keys = KeyMap(load().keyboard)
    app = build_kiosk(KioskOptions(size=(800, 480), headless=True, sound=False,
                                   state_dir=str(folder), first_scene=change_to(first),
                                   setup=GameSetup(players=2), keys=keys,
                                   key_maps=(keys.event_of, menu_key)))
    app.step()
    return app


def test_on_a_keyboard_a_name_is_typed_and_enter_keeps_it(tmp_path):
    app = keyboard_kiosk(tmp_path)
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    choose(app, "Seat 1")
    choose(app, "New player")
    assert app.scene.subtitle == TYPING_HELP
    typing(app, "Zoe dwx\b\b")                          # P1's W and D type, as every key does
    assert app.scene.spelling.shown() == "Zoe d[done]"
    typing(app, "ap\r")                                  # p types too: it pauses elsewhere
    assert app.scene.name == "names" and app.scene.spelling is None
    assert app.ctx.session.setup.names == {1: "Zoe dap"}
    typing(app, "d")                                      # off the picker, a key taps again
    assert app.scene.title == "Seat 2: who sits here?"


def test_a_name_typed_on_a_keyboard_keeps_the_case_it_was_typed_in(tmp_path):
    """Typing van dyk gave "Van Dyk" and mom "Mom": only the wheel capitalises by itself."""
    app = keyboard_kiosk(tmp_path)
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    for seat, typed in ((1, "van dyk"), (2, "mom")):
        choose(app, f"Seat {seat}")
        choose(app, "New player")
        typing(app, typed)
        assert app.scene.spelling.shown() == f"{typed}[done]"
        typing(app, "\r")
    assert app.ctx.session.setup.names == {1: "van dyk", 2: "mom"}
    with Database.in_folder(tmp_path) as database:
        assert [p.name for p in PlayerStore(database).list_players()] == ["mom", "van dyk"]


def test_a_typed_name_is_refused_when_taken_whatever_its_case(tmp_path):
    keep_players(tmp_path, "Mom")
    app = keyboard_kiosk(tmp_path)
    choose(app, "Names")
    choose(app, "Seat 1")
    choose(app, "New player")
    typing(app, "mom\r")
    assert app.scene.subtitle == "'mom' is taken by 'Mom': choose another name"
    assert app.scene.spelling.name == "mom" and app.ctx.session.setup.names == {}


def test_a_rename_typed_on_a_keyboard_keeps_the_case_it_was_typed_in(tmp_path):
    keep_players(tmp_path, "Vandyk")
    app = keyboard_kiosk(tmp_path, first="title")
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Vandyk")
    choose(app, "Rename")
    typing(app, "\b" * 6 + "van Dyk\r")
    assert app.scene.items()[:1] == ["van Dyk: 0 games"]
    with Database.in_folder(tmp_path) as database:
        assert [p.name for p in PlayerStore(database).list_players()] == ["van Dyk"]


def test_altgr_types_its_letter_and_a_shortcut_is_neither_a_letter_nor_a_pad(tmp_path):
    """On a Polish keyboard, AltGr+l (ł) counted as a shortcut and went on as player 1's key,
    and "Micha" was kept (a regression tester)."""
    app = keyboard_kiosk(tmp_path)
    choose(app, "Names")
    choose(app, "Seat 1")
    choose(app, "New player")
    typing(app, "Micha")
    typing(app, "ł", mod=pygame.KMOD_RALT, code=pygame.K_l)    # AltGr, as SDL reports it
    typing(app, "d", mod=pygame.KMOD_LCTRL)                     # a shortcut: nothing at all
    assert app.scene.spelling.shown() == "Michał[done]" and app.scene.name == "names"
    typing(app, "\r")
    assert app.ctx.session.setup.names == {1: "Michał"}


def test_a_typed_name_past_the_longest_is_refused_in_one_line_and_its_letters_stay(tmp_path):
    app = keyboard_kiosk(tmp_path)
    choose(app, "Names")
    choose(app, "Seat 1")
    choose(app, "New player")
    typing(app, "x" * (NAME_MAX + 1))
    assert app.scene.spelling.name == "x" * NAME_MAX
    assert app.scene.subtitle == (f"a name has at most {NAME_MAX} characters: choose done or "
                                  "delete one (Backspace)")


def renaming_ana(folder):
    """A kiosk on the letter picker of the Players menu's Rename, for the kept player Ana."""
    keep_players(folder, "Ana")
    app = kiosk("title", state_dir=folder)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Ana")
    choose(app, "Rename")
    return app


def test_esc_while_renaming_gives_the_name_up_and_goes_back_to_the_player(tmp_path, capsys):
    app = renaming_ana(tmp_path)
    press(app, "SE")                                      # "Ana" and a letter
    app.post(Nav("pause", now()))
    app.step()
    assert app.scene.spelling is None and app.scene.title == "Ana"
    assert app.scene.items() == ["Rename", "Merge into another player", "Forget", "Back"]
    press(app, "SSSE")                                    # Back: the list, Ana unchanged
    assert app.scene.items() == ["Ana: 0 games", "Back"]


def test_a_rename_spelt_as_the_name_was_changes_nothing_and_says_nothing(tmp_path):
    app = renaming_ana(tmp_path)
    spell(app, "")                                        # done at once: "Ana" as it was
    assert app.scene.items() == ["Ana: 0 games", "Back"] and app.notice is None


def test_esc_while_spelling_a_new_player_keeps_no_one_and_seats_no_one(tmp_path, capsys):
    app = kiosk("setup", state_dir=tmp_path, players=2)
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    choose(app, "Seat 1")
    choose(app, "New player")
    press(app, "E")                                       # "A"
    app.post(Nav("pause", now()))
    app.step()
    assert app.scene.name == "names" and app.scene.spelling is None
    assert "New player" in app.scene.items()              # back at the seat's choices
    choose(app, "Guest")
    choose(app, "Done")
    step_until(app, lambda: app.scene.name == "setup")
    assert app.ctx.session.setup.names == {}
    capsys.readouterr()
    assert main(["players", "list", "--state-dir", str(tmp_path)]) == 0
    assert "A " not in capsys.readouterr().out


def touch(app, label: str) -> None:
    """A finger on the item or control drawn with words starting ``label``, one loop pass."""
    app.step()
    index = next(i for i, item in enumerate(app.scene.items()) if item.startswith(label))
    rect = app.scene.item_rects()[index]
    assert app.screen.canvas.get_rect().contains(rect)
    assert any(d.text == app.scene.items()[index] and rect.contains(d.rect)
               for d in app.scene.drawn_texts), f"{label} is not drawn where it is touched"
    app.post(Point(rect.center, now()))
    app.step()


@pytest.mark.parametrize("rotation", [0, 90], ids=["800x480", "upright 480x800"])
def test_a_touch_only_table_spells_a_new_player_on_the_controls_beside_the_wheel(tmp_path,
                                                                                 rotation):
    app = kiosk("setup", state_dir=tmp_path, players=2, rotation=rotation)
    for item in ("Names", "Seat 1", "New player"):
        touch(app, item)
    for control in ("▶", "add", "◀", "▶", *"▶" * 13, "B[", "add", "delete"):
        touch(app, control)                               # B added, then O (the wheel adds)
    assert app.scene.spelling.shown() == "Bo[o]"
    touch(app, "done")
    assert app.scene.spelling is None and app.ctx.session.setup.names == {1: "Bo"}
    touch(app, "Done")                                    # and back to the set-up, by touch
    assert app.scene.name == "setup" and "Names: Bo, P2" in app.scene.items()


@pytest.mark.parametrize("rotation", [0, 90], ids=["800x480", "upright 480x800"])
def test_back_beside_the_wheel_gives_the_name_up_as_esc_does(tmp_path, rotation):
    keep_players(tmp_path, "Ana")
    app = kiosk("title", state_dir=tmp_path, rotation=rotation)
    for item in ("Players", "Ana", "Rename", "add"):
        touch(app, item)
    assert app.scene.spelling.name == "Anaa"
    touch(app, "back")
    assert app.scene.spelling is None and app.scene.title == "Ana"
    assert app.scene.items() == ["Rename", "Merge into another player", "Forget", "Back"]


def test_that_s_not_a_hat_calls_its_players_by_name_keeps_its_seats_and_resumes_them(tmp_path):
    app = kiosk("hat-setup", state_dir=tmp_path)          # four players
    name_seats(app, ["new:Ana", "new:Bo", "new:Cy", "new:Di"], setup="hat-setup")
    assert "Names: Ana, Bo, Cy, Di" in app.scene.items()
    choose(app, "Start")
    step_until(app, lambda: app.scene.name == "hat")
    press(app, "W")                                       # Ana gives a gift
    _, headline, hint = reminder(app.scene.pads, app.scene.button, app.scene.label)
    assert headline.split(":")[0] in {"Bo", "Cy", "Di"} and "P" not in headline.split(":")[0]
    with Database.in_folder(tmp_path) as database:
        kept = PlayerStore(database).seat_players(app.scene.kept.game_id)
    assert kept == {1: "Ana", 2: "Bo", 3: "Cy", 4: "Di"}
    app.screen.close()                                    # the power went
    again = kiosk("hat-setup", state_dir=tmp_path)
    again.ctx.session.setup.names = {}
    choose(again, "Resume")
    step_until(again, lambda: again.scene.name == "hat")
    assert again.ctx.session.setup.names == kept


def test_not_that_movie_shows_its_players_names_where_it_showed_p1(tmp_path):
    app = kiosk("movie-setup", state_dir=tmp_path, players=3)
    name_seats(app, ["new:Ana", "Guest", "Guest", "Guest"], setup="movie-setup")
    assert "Tokens start with: Ana" in app.scene.items()
    choose(app, "Start")
    step_until(app, lambda: app.scene.name == "movie")
    app.scene.dirty = True
    app.step()
    assert "Ana" in app.scene.shown and "P2" in app.scene.shown and "P1" not in app.scene.shown


def test_the_players_menu_on_a_damaged_state_database_says_why_in_whole_words(tmp_path):
    (tmp_path / "companion.sqlite3").write_bytes(b"this is not a database " * 100)
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    assert app.scene.subtitle == "the kept players cannot be read: the state file is not a database"


def test_a_reason_without_short_words_is_cut_after_a_whole_word():
    from companion.scenes.common.save_notices import short_reason

    error = OSError("unable to open database file /var/lib/companion/companion.sqlite3 (databa"
                    "se is locked by another program)")
    said = short_reason(error)
    assert said == "unable to open database file..."   # never a word or path cut in two
    assert short_reason(OSError("disk I/O error")) == "disk I/O error"


def test_a_player_set_aside_by_the_player_count_and_forgotten_meanwhile_comes_back_a_guest(
        tmp_path):
    keep_players(tmp_path, "Ana", "Bo", "Benny")
    app = kiosk("title", state_dir=tmp_path, players=3)
    app.ctx.services.players_with_pads = 4                # four pads: 3, 4, round to 2
    seat_at_the_title(app, "Not Not", {1: "Ana", 2: "Bo", 3: "Benny"})
    choose(app, "Not Not")
    step_until(app, lambda: app.scene.name == "setup")
    choose(app, "Players: 3")                             # 4
    choose(app, "Players: 4")                             # round to 2: Benny set aside
    choose(app, "Back to the title")
    step_until(app, lambda: app.scene.name == "title")
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, "Benny")
    choose(app, "Forget")
    press(app, "EW")                                      # forgotten; back to the title
    step_until(app, lambda: app.scene.name == "title")
    choose(app, "Not Not")
    step_until(app, lambda: app.scene.name == "setup")
    choose(app, "Players: 2")                             # 3: seat 3 comes back
    assert "Names: Ana, Bo, P3" in app.scene.items()
    assert app.ctx.session.setup.names == {1: "Ana", 2: "Bo"}
