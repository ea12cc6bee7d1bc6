"""The Pi in a box: one VM for the whole run, installed by ``systemd/install.sh`` as a maker would.

``make test-vm`` builds the image (``tests/vm/build-image.sh``), then runs these
tests in file order against one machine: the first boot installs the product
from this checkout (handed to the guest as a second disk, read only), the
second boot is the kiosk as a Pi starts it. Screen dumps land in
``$COMPANION_VM_SHOTS`` (``build/vm/shots``).

``COMPANION_VM_BREAK=name[,name...]`` breaks a capability on purpose in the VM
only, after the install and before the reboot (:data:`BREAKS`): the checks that
prove that capability must then fail.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from machine import Machine, have_tools

REPO = Path(__file__).resolve().parents[2]
IMAGE = Path(os.environ.get("COMPANION_VM_IMAGE", REPO / "build" / "vm"))
SHOTS = Path(os.environ.get("COMPANION_VM_SHOTS", REPO / "build" / "vm" / "shots"))
#: What install.sh installs from a checkout (it copies companion/ and docs/, reads systemd/).
CHECKOUT_PARTS = ("companion", "docs", "systemd", "pyproject.toml", "README.md")


def source_disk(folder: Path) -> Path:
    """This checkout as a small ext4 disk image (the guest mounts it read only)."""
    tree = folder / "tree"
    tree.mkdir()
    for part in CHECKOUT_PARTS:
        source = REPO / part
        if source.is_dir():
            shutil.copytree(source, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, tree / part)
    image = folder / "source.img"
    subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "source", "-d", str(tree), str(image), "64M"],
                   check=True)
    return image


#: A break's drop-in: named to come after the box's own pi-in-a-box.conf, so that it wins.
DROP_IN = "/etc/systemd/system/companion.service.d/zz-broken-on-purpose.conf"
#: The same for the phone page's unit.
WEB_DROP_IN = "/etc/systemd/system/companion-web.service.d/zz-broken-on-purpose.conf"
#: Each capability the checks prove, broken in the guest: a shell command run as root.
BREAKS = {
    # 1. boot to game: the desktop GL renderer SDL picks without the kiosk's choice
    "display": f"printf '[Service]\\nEnvironment=SDL_FRAMEBUFFER_ACCELERATION=opengl\\n' "
               f"> {DROP_IN}",
    # 2. keyboard and touch: udev's netlink monitor refused to the unit
    "netlink": f"printf '[Service]\\nRestrictAddressFamilies=\\n"
               f"RestrictAddressFamilies=AF_UNIX\\n' > {DROP_IN}",
    # 3. GPIO: the pin map's P1 E moved from GPIO 17 to 18 in the VM only
    "pin-map": "sed -i 's/^E = 17$/E = 18/' /etc/companion/config.toml",
    # 4. serial: no udev rule, so no /dev/companion-buttons
    "udev-rule": "rm /etc/udev/rules.d/99-companion-buttons.rules",
    # 5. the watchdog switched off
    "watchdog": f"printf '[Service]\\nWatchdogSec=0\\n' > {DROP_IN}",
    # 6. power cut: games kept in RAM (the runtime folder) instead of the state folder
    "state-in-ram": f"printf '[Service]\\nEnvironment=COMPANION_STATE_DIR=/run/companion\\n' "
                    f"> {DROP_IN}",
    # 7. doctor: Mesa's EGL driver removed
    "egl": "dpkg --remove --force-depends libegl-mesa0",
    # 8. security: a unit that may gain privileges and keeps every capability
    "sandbox": f"printf '[Service]\\nNoNewPrivileges=no\\nCapabilityBoundingSet=~\\n"
               f"RestrictNamespaces=no\\n' > {DROP_IN}",
    # 9. the phone page: /proc/locks hidden from its unit, where it sees the kiosk's lock
    "proc-locks": f"mkdir -p {WEB_DROP_IN.rsplit('/', 1)[0]} && "
                  f"printf '[Service]\\nProcSubset=pid\\n' > {WEB_DROP_IN}",
}


def breaks_asked() -> list[str]:
    names = [name for name in os.environ.get("COMPANION_VM_BREAK", "").split(",") if name]
    unknown = [name for name in names if name not in BREAKS]
    if unknown:
        pytest.fail(f"COMPANION_VM_BREAK: no such break {unknown} "
                    f"(choose from {', '.join(BREAKS)})")
    return names


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(scope="session")
def pi() -> Iterator[Machine]:
    """The booted machine, the checkout on /dev/vdb; killed at the end, whatever happened."""
    missing = have_tools()
    if missing or not (IMAGE / "rootfs.img").exists():
        pytest.fail(f"no Pi in a box here (missing: {missing or IMAGE / 'rootfs.img'}): "
                    "run make test-vm, which builds it")
    work = Path(tempfile.mkdtemp(prefix="pi-in-a-box-"))
    machine = Machine(IMAGE, work, extra_drives=[source_disk(work)])
    machine.new_disk()
    try:
        machine.boot()
        yield machine
    finally:
        machine.kill()
        print(f"\npi in a box: consoles and QEMU logs in {work}; screen dumps in {SHOTS}")
