"""The installer, run against a scratch root (``--root DIR``) instead of the live system.

With ``--root`` the installer writes every file below DIR and only prints the
commands that would change the host (apt-get, useradd, usermod, userdel,
systemctl, udevadm, modprobe): this machine's users and services are never
touched. ``apt-cache`` only reads, so it runs even then: a stand-in on PATH
says whether the Raspberry Pi archive is there (it is not on plain Debian).
"""

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import shutil
import tempfile

import pytest

#: Every test here plays whole games, fuzzes or starts programs: `make test-quick` leaves them out.
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
INSTALL = REPO / "systemd" / "install.sh"
#: Folders every Raspberry Pi OS system already has.
SYSTEM_FOLDERS = ("etc/systemd/system", "etc/udev/rules.d", "etc/modules-load.d", "opt", "var/lib")
#: On the Pi the venv sees Debian's python3-gpiozero, -pygame, -serial through
#: --system-site-packages; here this test run's own packages stand in for them: every
#: site folder of this interpreter (on `make test-pi`, Debian's dist-packages too).
DEBIAN_PACKAGES_STAND_IN = os.pathsep.join(
    [sysconfig.get_path("purelib")]
    + [path for path in sys.path if path.endswith(("site-packages", "dist-packages"))])


NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def fake_commands(folder: Path, **scripts: str) -> str:
    """A PATH with ``folder`` first, holding each ``name=shell body`` as a command."""
    folder.mkdir(exist_ok=True)
    for name, body in scripts.items():
        command = folder / name.replace("_", "-")
        command.write_text(f"#!/bin/sh\n{body}\n")
        command.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ['PATH']}"


def install(root: Path, *options: str, pi_archive: bool = True, script: Path = INSTALL,
            extra: dict | None = None) -> subprocess.CompletedProcess:
    """Run the installer on ``root``; ``pi_archive``: whether apt knows python3-lgpio."""
    commands = {"apt_cache": "exit 0" if pi_archive else "echo 'E: No packages found' >&2; exit 100"}
    path = fake_commands(root.parent / "bin", **commands, **(extra or {}))
    return subprocess.run(["bash", str(script), "--root", str(root), *options], capture_output=True,
                          text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": DEBIAN_PACKAGES_STAND_IN, "PATH": path})


def tree_hash(root: Path, folder_times: bool = True) -> str:
    """A hash of every path below ``root`` with its type, mode, mtime and content.

    Without ``folder_times`` a folder's mtime is left out (it changes when an
    entry is added and removed again).
    """
    digest = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(root)):
        dirs.sort()
        for name in [*dirs, *sorted(files)]:
            path = Path(folder) / name
            info = path.lstat()
            mtime = info.st_mtime_ns if folder_times or not path.is_dir() else "-"
            digest.update(f"{path.relative_to(root)} {info.st_mode:o} {mtime}\n".encode())
            if path.is_symlink():
                digest.update(os.readlink(path).encode())
            elif path.is_file():
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@pytest.fixture
def root(tmp_path):
    for folder in SYSTEM_FOLDERS:
        (tmp_path / "root" / folder).mkdir(parents=True)
    return tmp_path / "root"


@pytest.fixture
def installed(root):
    first = install(root)
    assert first.returncode == 0, first.stderr
    return root, first


@pytest.fixture
def readable_installer():
    """A copy of install.sh that ``nobody`` can read (the clone may be in a 0700 folder)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-install-"))
    try:
        folder.chmod(0o755)
        copy = folder / "install.sh"
        shutil.copy(INSTALL, copy)
        copy.chmod(0o644)
        yield copy
    finally:
        shutil.rmtree(folder)


def shell_words(command: str) -> list[str]:
    """``command``'s words as a shell reads them (a ``>`` outside quotes is a word of its own)."""
    return list(shlex.shlex(command, posix=True, punctuation_chars=True))


def printed_commands(result: subprocess.CompletedProcess) -> list[str]:
    """The host commands a scratch-root run printed instead of running."""
    return [line.split(": ", 2)[2] for line in result.stdout.splitlines() if "not run (scratch root)" in line]


def test_the_unit_and_the_udev_rule_are_installed_as_in_the_repo(installed):
    root, _ = installed
    assert (root / "etc/systemd/system/companion.service").read_text() == \
        (REPO / "systemd/companion.service").read_text()
    assert (root / "etc/udev/rules.d/99-companion-buttons.rules").read_text() == \
        (REPO / "systemd/99-companion-buttons.rules").read_text()


def test_the_venv_sees_debians_site_packages_and_runs_companion(installed):
    root, _ = installed
    venv = root / "opt/companion/venv"
    assert "include-system-site-packages = true" in (venv / "pyvenv.cfg").read_text()
    launcher = venv / "bin/companion"
    assert launcher.read_text().startswith("#!/opt/companion/venv/bin/python\n")
    # The launcher's paths are the Pi's (/opt/companion/...): point Python at the scratch copy.
    ran = subprocess.run([str(venv / "bin/python"), str(launcher), "--version"], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(
                             [str(root / "opt/companion/src"), DEBIAN_PACKAGES_STAND_IN])})
    assert ran.returncode == 0 and ran.stdout.startswith("companion ")


def test_host_commands_are_printed_not_run_on_a_scratch_root(installed):
    _, first = installed
    printed = printed_commands(first)
    assert any(line.startswith("apt-get install") and "python3-pygame" in line and "python3-lgpio" in line
               for line in printed)
    assert any(line.startswith("useradd --system") and line.endswith(" companion") for line in printed)
    assert "usermod --append --groups gpio,video,render,input,dialout,audio companion" in printed
    assert "systemctl enable companion.service" in printed
    assert "systemctl disable getty@tty1.service" in printed


def test_the_default_config_is_written_from_companion_config_or_the_gap_is_said(installed):
    root, first = installed
    config = root / "etc/companion/config.toml"
    default = subprocess.run([sys.executable, "-m", "companion", "config", "--print-default"],
                             cwd=REPO, capture_output=True, text=True)
    if default.returncode == 0:
        assert config.read_text() == default.stdout.rstrip("\n") + "\n"
    else:  # `companion config` is not there yet: the installer says so and goes on
        assert not config.exists()
        assert "config.toml was not written" in first.stdout


def test_a_second_run_changes_nothing(installed):
    root, _ = installed
    before = tree_hash(root)
    second = install(root)
    assert second.returncode == 0, second.stderr
    assert tree_hash(root) == before
    assert "already installed; nothing changed" in second.stdout


def test_an_edited_config_is_never_overwritten(root):
    config = root / "etc/companion/config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("# mine\n")
    assert install(root).returncode == 0
    assert config.read_text() == "# mine\n"


def test_a_changed_unit_is_put_back(installed):
    root, _ = installed
    unit = root / "etc/systemd/system/companion.service"
    unit.write_text("[Service]\nExecStart=/bin/false\n")
    again = install(root)
    assert "wrote /etc/systemd/system/companion.service" in again.stdout
    assert "not run (scratch root): systemctl daemon-reload" in again.stdout
    assert unit.read_text() == (REPO / "systemd/companion.service").read_text()


def test_uninstall_keeps_the_config_and_the_game_history(installed):
    root, _ = installed
    (root / "var/lib/companion").mkdir()
    (root / "var/lib/companion/companion.sqlite3").write_text("games")
    removed = install(root, "--uninstall")
    assert removed.returncode == 0, removed.stderr
    assert not (root / "opt/companion").exists()
    assert not (root / "etc/systemd/system/companion.service").exists()
    assert (root / "var/lib/companion/companion.sqlite3").exists()
    assert "kept /var/lib/companion" in removed.stdout
    assert "not run (scratch root): systemctl enable getty@tty1.service" in removed.stdout


def test_uninstall_with_purge_leaves_the_system_as_it_was(root):
    before = tree_hash(root, folder_times=False)
    assert install(root).returncode == 0
    (root / "var/lib/companion").mkdir()
    purged = install(root, "--uninstall", "--purge")
    assert purged.returncode == 0, purged.stderr
    assert tree_hash(root, folder_times=False) == before


@pytest.mark.parametrize("options, message", [
    (["--bogus"], "unknown option '--bogus'"),
    (["--purge"], "--purge goes with --uninstall"),
])
def test_wrong_options_get_one_clear_line(root, options, message):
    wrong = install(root, *options)
    assert wrong.returncode == 2
    assert wrong.stderr.startswith(f"install.sh: {message}") and wrong.stderr.count("\n") == 1


@pytest.mark.parametrize("root_option", [[], ["--root", "/"], ["--root", "//"], ["--root", "/."],
                                         ["--root", "/tmp/.."]])
def test_without_root_it_refuses_and_every_spelling_of_slash_is_the_live_system(
        readable_installer, root_option):
    command = ["bash", str(readable_installer), *root_option]
    if os.geteuid() == 0:  # become nobody for this one run
        command = [*NOBODY, *command]
    refused = subprocess.run(command, capture_output=True, text=True, cwd="/")
    assert refused.returncode == 2 and "run as root" in refused.stderr


def test_the_egl_and_mesa_libraries_kmsdrm_draws_with_are_installed(installed):
    _, first = installed
    apt = next(line for line in printed_commands(first) if line.startswith("apt-get install -y --no"))
    for package in ("libegl1", "libgles2", "libegl-mesa0", "libgl1-mesa-dri"):
        assert package in apt.split()


def test_a_stale_gpiozero_or_lgpio_is_upgraded_for_the_pi_5_gpiochip(installed):
    _, first = installed
    assert "apt-get install -y --only-upgrade python3-gpiozero python3-lgpio" in printed_commands(first)


def test_the_display_serial_and_sound_drivers_load_at_boot_before_the_kiosk(installed):
    root, first = installed
    assert (root / "etc/modules-load.d/companion.conf").read_text() == \
        (REPO / "systemd/companion-modules.conf").read_text()
    assert "modprobe -a drm usbserial cdc_acm snd" in printed_commands(first)


def test_the_venv_is_made_by_debians_python_whatever_python3_is_first_on_path(root):
    wrong = "echo 'the python3 first on PATH ran' >&2; exit 1"
    made = install(root, extra={"python3": wrong})
    assert made.returncode == 0, made.stderr
    config = (root / "opt/companion/venv/pyvenv.cfg").read_text()
    assert "home = /usr/bin\n" in config


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can install files owned by root")
def test_installed_files_belong_to_root_not_to_the_checkouts_owner(tmp_path):
    checkout = tmp_path / "checkout"
    for folder in ("companion", "docs", "systemd"):
        shutil.copytree(REPO / folder, checkout / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for path in [checkout, *checkout.rglob("*")]:
        os.chown(path, 1000, 1000)
    root = tmp_path / "root"
    for folder in SYSTEM_FOLDERS:
        (root / folder).mkdir(parents=True)
    assert install(root, script=checkout / "systemd/install.sh").returncode == 0
    owners = {(path.lstat().st_uid, path.lstat().st_gid) for path in root.rglob("*")}
    assert owners == {(0, 0)}


def test_without_the_raspberry_pi_archive_it_refuses_before_changing_anything(root):
    before = tree_hash(root)
    refused = install(root, pi_archive=False)
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert "python3-lgpio" in refused.stderr and "not Raspberry Pi OS" in refused.stderr
    assert "nothing was changed" in refused.stderr
    assert refused.stdout == ""
    assert tree_hash(root) == before


def test_plain_debian_installs_without_the_raspberry_pi_archive_and_takes_gpio_from_pip(root):
    done = install(root, "--plain-debian", pi_archive=False)
    assert done.returncode == 0, done.stderr
    commands = printed_commands(done)
    # printed as a shell reads it back: pasted, '>=' is no redirection
    assert any(shell_words(command)[-4:] == ["pip", "install", "lgpio>=0.2.2", "gpiozero>=2.0.1"]
               for command in commands), commands
    assert not any("python3-lgpio" in command or "python3-gpiozero" in command
                   for command in commands)
    assert "groupadd --system --force gpio" in commands
    assert (root / "etc/udev/rules.d/99-companion-gpio.rules").read_text() == \
        (REPO / "systemd/99-companion-gpio.rules").read_text()
    assert (root / "etc/systemd/system/companion.service").read_text() == \
        (REPO / "systemd/companion.service").read_text()


def test_without_plain_debian_no_gpio_rule_is_written_raspberry_pi_os_has_its_own(installed):
    root, first = installed
    assert not (root / "etc/udev/rules.d/99-companion-gpio.rules").exists()
    assert not any("pip install" in command for command in printed_commands(first))


def test_uninstall_removes_the_plain_debian_gpio_rule(root):
    assert install(root, "--plain-debian", pi_archive=False).returncode == 0
    assert install(root, "--uninstall").returncode == 0
    assert not (root / "etc/udev/rules.d/99-companion-gpio.rules").exists()


def test_without_web_nothing_of_the_scoreboard_page_is_installed(installed):
    root, first = installed
    assert not (root / "etc/systemd/system/companion-web.service").exists()
    assert "flask" not in first.stdout and "companion-web" not in first.stdout


def test_web_installs_and_enables_the_scoreboard_pages_unit_and_its_packages(root):
    done = install(root, "--web")
    assert done.returncode == 0, done.stderr
    assert (root / "etc/systemd/system/companion-web.service").read_text() == \
        (REPO / "systemd/companion-web.service").read_text()
    commands = printed_commands(done)
    assert "systemctl enable companion-web.service" in commands
    [apt] = [c for c in commands if c.startswith("apt-get install -y --no-install-recommends")]
    assert apt.endswith("python3-flask python3-waitress python3-qrcode")
    removed = install(root, "--uninstall")
    assert removed.returncode == 0, removed.stderr
    assert "systemctl disable --now companion-web.service" in printed_commands(removed)
    assert not (root / "etc/systemd/system/companion-web.service").exists()
