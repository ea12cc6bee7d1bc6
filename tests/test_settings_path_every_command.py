"""Every command that takes a settings file (``--config FILE``, else ``$COMPANION_CONFIG``, else
the usual places) says the same one line as ``companion config`` for an empty path, a symbolic
link to nowhere and a file missing where ``$COMPANION_CONFIG`` points: ``--config ""`` is never
taken for the default file, and a path from ``$COMPANION_CONFIG`` says it came from there.

``buttons`` and ``wiring`` stop with that line (exit 2); ``doctor`` makes it its settings check,
to fix; ``run`` never dies: it shows the line on the screen and in the journal, and once the
table plays on with the default settings, the notice is that line.

Each runs the command through the CLI's entry point, as a user does.
"""

from __future__ import annotations

import json
import os

import pygame
import pytest
from fault_cases import outcome
from kiosk_helpers import step_until

from companion.tools.doctor.host import FIX
from companion.kiosk.loop import App
from companion.scenes.common.failsafe import FailsafeScene

EMPTY = 'config file "": the path is empty (name a settings file)'
NAMED_BY = "(named by $COMPANION_CONFIG)"


@pytest.fixture(autouse=True)
def quiet_systemd(monkeypatch):
    """No systemd watching the kiosk ``run`` starts."""
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)


def refused(argv: list[str], line: str) -> None:
    """``companion ARGV`` stops with ``line``, alone, and exit 2."""
    done = outcome(argv)
    assert done.code == 2 and done.clear, done
    assert done.err == f"companion: {line}\n"


def buttons_says(line: str, options: list[str], tmp_path, monkeypatch) -> None:
    refused(["buttons", "--mock", *options], line)


def wiring_says(line: str, options: list[str], tmp_path, monkeypatch) -> None:
    refused(["wiring", "--out", str(tmp_path / "wiring"), *options], line)
    assert not (tmp_path / "wiring").exists()


def doctor_says(line: str, options: list[str], tmp_path, monkeypatch) -> None:
    root = tmp_path / "root"
    root.mkdir(exist_ok=True)
    done = outcome(["doctor", "--json", "--root", str(root), "--state-dir",
                    str(tmp_path / "state"), *options])
    assert done.code == 1 and done.clear, done
    settings = next(c for c in json.loads(done.out)["checks"] if c["name"] == "settings")
    assert settings["status"] == FIX
    assert settings["text"].startswith(f"{line}: ")
    assert " the kiosk shows this and offers the defaults" in settings["text"]


def run_says(line: str, options: list[str], tmp_path, monkeypatch) -> None:
    seen: dict[str, object] = {}

    def first_frame_then_enter(app: App, until=None) -> None:
        step_until(app, lambda: app.frames >= 1)
        seen["scene"] = app.scene.name
        seen["shown"] = " ".join(d.text for d in app.scenes[FailsafeScene].drawn)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
        step_until(app, lambda: app.scene.name == "title")
        seen["notice"] = app.notice and app.notice[0]

    monkeypatch.setattr(App, "run", first_frame_then_enter)
    done = outcome(["run", "--size", "800x480", "--keyboard-only", "--state-dir",
                    str(tmp_path / "state"), *options])
    assert done.code == 0 and "Traceback" not in done.err, done   # the kiosk never dies
    compact = str(seen["shown"]).replace(" ", "")   # a long path is broken after a slash
    assert seen["scene"] == "failsafe" and line.replace(" ", "") in compact
    assert f"ERROR companion.kiosk.startup: The settings file has a mistake: {line}\n" in done.err
    assert seen["notice"] == f"playing with the default settings: {line}"


#: How each command that takes a settings file says what is wrong with it.
SAYS = {"run": run_says, "buttons": buttons_says, "wiring": wiring_says, "doctor": doctor_says}
#: The commands, ``run`` (a kiosk to its first frame and on) marked slow.
COMMANDS = [pytest.param(name, marks=pytest.mark.slow) if name == "run" else name
            for name in SAYS]


def config_says(line: str, options: list[str]) -> None:
    """``companion config`` (``--check FILE`` for ``--config FILE``) says ``line``: the line
    every other command says."""
    refused(["config", *(["--check", *options[1:]] if options else [])], line)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_that_takes_a_settings_file_names_an_empty_path(
        tmp_path, monkeypatch, command):
    config_says(EMPTY, ["--config", ""])
    SAYS[command](EMPTY, ["--config", ""], tmp_path, monkeypatch)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_that_takes_a_settings_file_says_a_missing_file_came_from_companion_config(
        tmp_path, monkeypatch, command):
    missing = tmp_path / "missing.toml"
    monkeypatch.setenv("COMPANION_CONFIG", str(missing))
    line = f"config file not found: {missing} {NAMED_BY}"
    config_says(line, [])
    SAYS[command](line, [], tmp_path, monkeypatch)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_that_takes_a_settings_file_names_a_link_to_nowhere_and_who_named_it(
        tmp_path, monkeypatch, command):
    link, target = tmp_path / "config.toml", tmp_path / "gone.toml"
    os.symlink(target, link)
    monkeypatch.setenv("COMPANION_CONFIG", str(link))
    line = f"config file {link} {NAMED_BY}: a symbolic link to {target}, which does not exist"
    config_says(line, [])
    SAYS[command](line, [], tmp_path, monkeypatch)



@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_names_a_link_to_nowhere_in_the_usual_place_rather_than_passing_it_over(
        tmp_path, monkeypatch, command):
    from companion.config import settings
    link, target = tmp_path / "config.toml", tmp_path / "gone.toml"
    os.symlink(target, link)
    etc = tmp_path / "etc.toml"
    etc.write_text("[gpio]\nenabled = false\n")
    monkeypatch.setattr(settings, "SEARCH_PATH", (link, etc))
    line = f"config file {link}: a symbolic link to {target}, which does not exist"
    config_says(line, [])
    if command == "doctor":   # below --root, the file the service there reads: the same case
        link = tmp_path / "root" / str(settings.SYSTEM_FILE).lstrip("/")
        link.parent.mkdir(parents=True)
        target = link.parent / "gone.toml"
        os.symlink(target, link)
        line = f"config file {link}: a symbolic link to {target}, which does not exist"
    SAYS[command](line, [], tmp_path, monkeypatch)
