"""The Raspberry Pi's own stack: the `make test-pi` leg really runs Debian's pygame 2.1.2.

Active when ``COMPANION_PI_STACK=1`` (the Makefile's ``test-pi`` target sets it):
then the leg fails unless pygame, SDL and pyserial are Debian Bookworm's, from
the system's dist-packages, under ``/usr/bin/python3``, as ``systemd/install.sh``
deploys them on a Pi.
"""

import os
import sys
from pathlib import Path

import pytest

DEBIAN_DIST_PACKAGES = Path("/usr/lib/python3/dist-packages")

pytestmark = pytest.mark.skipif(os.environ.get("COMPANION_PI_STACK") != "1",
                                reason="only on the Pi stack leg (make test-pi)")


def test_the_pi_leg_runs_debians_pygame_2_1_2_on_sdl_2_26_from_the_system_dist_packages():
    import pygame

    assert pygame.version.ver == "2.1.2"
    assert pygame.get_sdl_version()[:2] == (2, 26)
    assert Path(pygame.__file__).resolve().is_relative_to(DEBIAN_DIST_PACKAGES)


def test_the_pi_leg_runs_debians_python_3_11_and_pyserial():
    import serial

    assert Path(sys.base_prefix) == Path("/usr") and sys.version_info[:2] == (3, 11)
    assert Path(serial.__file__).resolve().is_relative_to(DEBIAN_DIST_PACKAGES)
