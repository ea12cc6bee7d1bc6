"""A new player's name is one the kiosk's screen can draw; a name kept before that rule still works.

The kiosk draws every text in its one bundled font. A character the font has no glyph for (an
emoji such as "🎲", a script it lacks such as Japanese kana) would be an empty box on screen, so
every door a new name comes through refuses it in one line naming the character and its code
point, and keeps nothing: ``companion players add`` and ``rename``, ``companion simulate
--names``, the kiosk's players menu (its letter picker spells only letters the font has; a
rename starts from the name as kept). The check reads the bundled font file itself and needs no
display. A name kept before the rule is listed, seated, played, shown (its empty box) and
renamed or forgotten as any other; only keeping its undrawable character under a new spelling
is refused. The same on pip's pygame and on Debian's 2.1.2 (``make test-pi``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from kiosk_helpers import choose, kiosk, play, step_until, tap

from companion.cli import main
from companion.display import text
from companion.kiosk.loop import App
from companion.scenes.common.letter_picker import DONE
from companion.storage.database import Database
from companion.storage.players import PlayerError, PlayerStore, checked_name

REPO = Path(__file__).resolve().parent.parent
#: Generous: a busy 2-core machine runs these beside other suites.
TIMEOUT_S = 120
DICE = "Ana 🎲"
DICE_REFUSED = 'the name "Ana 🎲" has a character the screen cannot draw: "🎲" (U+1F3B2)'


@pytest.fixture(autouse=True)
def _no_leftover_display() -> Iterator[None]:
    yield
    pygame.display.quit()


def companion(*argv: str, **env: str) -> subprocess.CompletedProcess:
    """``companion ARGV`` as a user runs it: a process of its own, with ``env`` added."""
    return subprocess.run([sys.executable, "-m", "companion", *argv], capture_output=True,
                          text=True, encoding="utf-8", timeout=TIMEOUT_S, cwd=REPO,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8", **env})


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one line ``companion ARGV`` is refused with (exit status 2, no traceback)."""
    capsys.readouterr()
    assert main(list(argv)) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    return err.rstrip("\n")


def kept_names(folder: Path) -> list[str]:
    with Database.in_folder(folder) as database:
        return [player.name for player in PlayerStore(database).list_players()]


def keep_from_before_the_rule(folder: Path, *names: str) -> None:
    """Keep ``names`` as a companion before the rule did: nothing asked of the screen."""
    with Database.in_folder(folder) as database:
        for name in names:
            PlayerStore(database).add(name)


def test_a_name_the_screen_cannot_draw_is_refused_with_the_character_named(
        tmp_path: Path) -> None:
    folder = tmp_path / "state"
    done = companion("players", "add", DICE, "--state-dir", str(folder))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"companion: {DICE_REFUSED}\n"
    assert not folder.exists()                             # nothing kept, nothing made


@pytest.mark.parametrize("name, said", [
    ("あい", 'the name "あい" has characters the screen cannot draw: "あ" (U+3042), '
            '"い" (U+3044)'),                              # under U+10000: no None from metrics
    ("Zoë 中", 'the name "Zoë 中" has a character the screen cannot draw: "中" (U+4E2D)'),
    ("🎲🎲 Bo", 'the name "🎲🎲 Bo" has a character the screen cannot draw: "🎲" (U+1F3B2)'),
])
def test_every_character_the_font_lacks_is_named_once_with_its_code_point(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str) -> None:
    assert refused(capsys, "players", "add", name, "--state-dir", str(tmp_path)) == \
        f"companion: {said}"


@pytest.mark.parametrize("name", ["Zoë", "Łukasz", "Ана", "Ωμέγα", "Ana-Lu", "Çağla"])
def test_a_name_in_letters_the_font_has_is_kept_accents_and_other_scripts_too(
        tmp_path: Path, name: str) -> None:
    assert main(["players", "add", name, "--state-dir", str(tmp_path)]) == 0
    assert kept_names(tmp_path) == [name]


def test_a_rename_to_a_name_the_screen_cannot_draw_is_refused_and_the_name_stays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["players", "add", "Ana", "--state-dir", str(tmp_path)]) == 0
    said = refused(capsys, "players", "rename", "Ana", DICE, "--state-dir", str(tmp_path))
    assert said == f"companion: {DICE_REFUSED}"
    assert kept_names(tmp_path) == ["Ana"]


def test_simulated_players_with_a_name_the_screen_cannot_draw_are_refused_before_playing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "state"
    capsys.readouterr()
    with pytest.raises(SystemExit) as exited:              # argparse's way out, one line
        main(["simulate", "--names", f"Bo,{DICE}", "--state-dir", str(folder)])
    out, err = capsys.readouterr()
    assert exited.value.code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"companion simulate: argument --names: {DICE_REFUSED} (see ")
    assert not folder.exists()


def test_the_check_reads_the_bundled_font_and_needs_no_display(tmp_path: Path) -> None:
    no_display = {"SDL_VIDEODRIVER": "no-such-driver", "DISPLAY": "", "WAYLAND_DISPLAY": ""}
    folder = str(tmp_path / "state")
    done = companion("players", "add", DICE, "--state-dir", folder, **no_display)
    assert (done.returncode, done.stderr) == (2, f"companion: {DICE_REFUSED}\n")
    done = companion("players", "add", "Zoë", "--state-dir", folder, **no_display)
    assert (done.returncode, done.stdout) == (0, "added Zoë\n") and "companion:" not in done.stderr
    pygame.display.quit()
    assert text.undrawable("Ana 🎲 あ") == "🎲あ" and not pygame.display.get_init()


def test_the_name_rule_is_one_rule_for_every_door() -> None:
    assert checked_name(" Ana ", text.undrawable) == "Ana"
    with pytest.raises(PlayerError, match=r'"🎲" \(U\+1F3B2\)'):
        checked_name(DICE, text.undrawable)
    assert checked_name(DICE) == DICE                      # storage alone draws nothing


def test_a_name_kept_before_the_rule_is_listed_seated_and_played_and_may_be_renamed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keep_from_before_the_rule(tmp_path, DICE, "Bo")
    capsys.readouterr()
    assert main(["players", "list", "--json", "--state-dir", str(tmp_path)]) == 0
    assert [p["name"] for p in json.loads(capsys.readouterr().out)] == [DICE, "Bo"]
    app = kiosk("setup", state_dir=tmp_path, players=2)
    choose(app, "Names")
    step_until(app, lambda: app.scene.name == "names")
    app.post(tap(1, "E"))                                  # seat 1 picks from the kept players
    app.step()
    assert app.scene.items()[:2] == [DICE, "Bo"]
    choose(app, DICE)
    assert app.ctx.session.setup.names == {1: DICE}
    app.post(tap(1, "W"))
    step_until(app, lambda: app.scene.name == "setup")
    assert f"Names: {DICE}, P2" in app.scene.items()
    choose(app, "Start")
    step_until(app, lambda: app.scene.name in ("deal", "entry", "roll", "round"))
    play(app, players=2, rounds=2)                         # its verdicts drawn, its seat kept
    app.screen.close()
    assert main(["players", "rename", DICE, "Ana", "--state-dir", str(tmp_path)]) == 0
    assert kept_names(tmp_path) == ["Ana", "Bo"]


def spell_done(app: App) -> None:
    """Turn the letter picker to done and hand the name over."""
    while app.scene.spelling.letter != DONE:
        app.post(tap(1, "S"))
        app.step()
    app.post(tap(1, "E"))
    app.step()


def test_the_players_menu_refuses_to_keep_a_character_the_screen_cannot_draw(
        tmp_path: Path) -> None:
    keep_from_before_the_rule(tmp_path, DICE)
    app = kiosk("title", state_dir=tmp_path)
    choose(app, "Players")
    step_until(app, lambda: app.scene.name == "players")
    choose(app, DICE)
    choose(app, "Rename")
    assert app.scene.spelling.name == DICE                 # spelt from the name as kept
    spell_done(app)
    assert app.scene.subtitle == DICE_REFUSED
    app.step()
    assert any(piece.text == DICE_REFUSED for piece in app.scene.drawn_texts)
    assert kept_names(tmp_path) == [DICE]                  # nothing changed
    for _ in "🎲 ":                                         # the dice and the space off
        app.post(tap(1, "W"))
        app.step()
    spell_done(app)
    assert kept_names(tmp_path) == ["Ana"]
    assert app.scene.items()[0] == "Ana: 0 games"
