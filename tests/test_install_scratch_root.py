"""The installer, run against a scratch root (``--root DIR``) instead of the live system.

With ``--root`` the installer writes every file below DIR and only prints the
commands that would change the host (apt-get, useradd, usermod, userdel,
systemctl, udevadm): this machine's users and services are never touched.
"""

import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
INSTALL = REPO / "systemd" / "install.sh"
#: Folders every Raspberry Pi OS system already has.
SYSTEM_FOLDERS = ("etc/systemd/system", "etc/udev/rules.d", "opt", "var/lib")
#: On the Pi the venv sees Debian's python3-gpiozero, -pygame, -serial through
#: --system-site-packages; here this test run's own packages stand in for them: every
#: site folder of this interpreter (on `make test-pi`, Debian's dist-packages too).
DEBIAN_PACKAGES_STAND_IN = os.pathsep.join(
    [sysconfig.get_path("purelib")]
    + [path for path in sys.path if path.endswith(("site-packages", "dist-packages"))])


def install(root: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(INSTALL), "--root", str(root), *options], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": DEBIAN_PACKAGES_STAND_IN})


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
    printed = [line.split(": ", 2)[2] for line in first.stdout.splitlines() if "not run (scratch root)" in line]
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


def test_without_root_or_a_scratch_root_it_refuses():
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:   # nobody may not read the clone
        script = Path(folder) / "install.sh"
        shutil.copy(INSTALL, script)
        os.chmod(folder, 0o755)
        os.chmod(script, 0o644)
        command = ["bash", str(script)]
        if os.geteuid() == 0:  # become nobody for this one run
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
        refused = subprocess.run(command, capture_output=True, text=True, cwd=folder)
    assert refused.returncode == 2 and "run as root" in refused.stderr
