"""The doctor's checks of what draws the picture: pygame and SDL, the video driver, EGL,
the display connectors, and the rotation (``config.txt`` against ``[display] rotation``)."""

from __future__ import annotations

import os
from pathlib import Path

from companion.boards import boot_config
from companion.config.settings import Config
from companion.display import drm_cards
from companion.tools.doctor.host import FIX, OK, SKIP, Check, Host, boot_settings, not_here

#: What KMSDRM draws with; python3-pygame does not pull them in.
EGL_FILES = {"libEGL.so.1": "libegl1", "libGLESv2.so.2": "libgles2",
             "libEGL_mesa.so.0": "libegl-mesa0", "dri/*_dri.so": "libgl1-mesa-dri"}
#: Where Debian's own Python packages live (python3-pygame, python3-lgpio).
DEBIAN_PACKAGES = "/usr/lib/python3/dist-packages"
#: The video driver the installed service uses (systemd/companion.service).
SERVICE_VIDEO_DRIVER = "kmsdrm"


#: The venv the installer makes for the service (systemd/install.sh), with Debian's packages.
SERVICE_VENV = "/opt/companion/venv"


def check_pygame(host: Host) -> Check:
    if not host.live:
        return check_pygame_below(host)
    try:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        from companion.display.screen import pygame_build
    except ImportError as error:
        return Check("pygame", FIX, f"cannot import pygame ({error}): "
                                    "sudo apt-get install python3-pygame")
    where = str(Path(pygame.__file__).parent.parent)
    found = f"{pygame_build()}, from {where}"
    if host.pi_model() and where != DEBIAN_PACKAGES:
        return Check("pygame", FIX, f"{found}: not Debian's python3-pygame (built with KMSDRM); "
                                    "pip uninstall pygame from this venv or ~/.local")
    return Check("pygame", OK, found)


def check_pygame_below(host: Host) -> Check:
    """The pygame the service below ``--root`` would import: Debian's python3-pygame, unless a
    pip-installed one in its venv shadows it."""
    shadowing = sorted(host.path(SERVICE_VENV).glob("lib/python3*/site-packages/pygame"))
    if shadowing:
        where = "/" + str(shadowing[0].relative_to(host.root))
        return not_here(host, "pygame", f"{where}: a pip-installed pygame (without KMSDRM) hides "
                                        "Debian's python3-pygame from the service: remove it",
                        f"{where} is pip's pygame (on a Pi it would hide Debian's)")
    if not host.path(f"{DEBIAN_PACKAGES}/pygame").is_dir():
        return not_here(host, "pygame", f"no {DEBIAN_PACKAGES}/pygame: sudo apt-get install "
                                        "python3-pygame", f"no {DEBIAN_PACKAGES}/pygame")
    return Check("pygame", OK, f"Debian's python3-pygame in {DEBIAN_PACKAGES} (not imported: "
                               "--root)")


def video_driver(host: Host) -> str:
    """The SDL video driver a kiosk started here would use."""
    if host.environ.get("SDL_VIDEODRIVER"):
        return host.environ["SDL_VIDEODRIVER"]
    if host.environ.get("WAYLAND_DISPLAY"):
        return "wayland"
    if host.environ.get("DISPLAY"):
        return "x11"
    return SERVICE_VIDEO_DRIVER


def check_video(host: Host, service_active: bool) -> Check:
    driver = video_driver(host)
    also = "" if driver == SERVICE_VIDEO_DRIVER else f"; the service uses {SERVICE_VIDEO_DRIVER}"
    if not host.live:
        return Check("video", SKIP, f"{driver} would be used{also}; not probed with --root")
    if service_active and driver == SERVICE_VIDEO_DRIVER:
        return Check("video", OK, f"{driver}: the running kiosk holds the display (not probed)")
    got, why = host.probe_video(driver)
    if got in ("dummy", "offscreen") and got != driver:
        got, why = None, f"SDL fell back to its invisible {got} driver"
    if got:
        return Check("video", OK, f"{got} opens{also}")
    return not_here(host, "video", f"{driver} cannot open the display: {why}; check the display "
                                   "checks below and that nothing else holds it (no desktop, no X)",
                    f"no display for {driver} here: {why}")


def check_egl(host: Host) -> Check:
    folders = [host.path("/usr/lib"), *host.path("/usr/lib").glob("*-linux-gnu*")]
    missing = [package for pattern, package in EGL_FILES.items()
               if not any(next(folder.glob(pattern), None) for folder in folders)]
    if not missing:
        return Check("egl", OK, "EGL, GLES and Mesa's driver are installed")
    install = f"sudo apt-get install {' '.join(missing)}"
    return not_here(host, "egl", f"KMSDRM needs EGL and Mesa: {install}",
                    f"no {', '.join(missing)}")


def check_connectors(host: Host) -> Check:
    """The connected screens, and the card the kiosk's KMSDRM opens (the first with one)."""
    every = drm_cards.connectors(host.path(str(drm_cards.DRM_CLASS)))
    screens = [connector for connector in every if connector.status == "connected"]
    if screens:
        first = screens[0]
        return Check("display", OK, f"{', '.join(c.name for c in screens)} connected "
                                    f"({len(every) - len(screens)} other connectors empty); "
                                    f"the kiosk opens card{first.card} ({first.name}): "
                                    f"{drm_cards.INDEX_VARIABLE}={first.card}")
    if every:
        names = ", ".join(connector.name for connector in every)
        return not_here(host, "display", f"no display connected ({names} empty): check the "
                                         "HDMI cable or the DSI ribbon (the kiosk looks again "
                                         "every 5 s under systemd)",
                        "no display connected")
    return not_here(host, "display", f"no DRM display device: {no_display_driver(host)}",
                    "no DRM display device (/sys/class/drm)")


def no_display_driver(host: Host) -> str:
    """What to do when the kernel has no DRM display device, by what ``config.txt`` loads:
    the KMS driver's line to add, to move out of another model's section, to uncomment or to put
    in the fake-KMS one's place; with the line there, what else keeps the driver from starting."""
    kms = boot_config.KMS_OVERLAY
    boot = boot_settings(host)
    if boot is None:
        return (f"dtoverlay={kms} must be in {boot_config.CONFIG_TXT[0]} (the Bookworm default); "
                "reboot")
    loaded = boot_config.display_overlays(boot.text, host.pi_model())
    driver = next((turn for turn in loaded if turn.what[0].startswith(kms)), None)
    if driver:
        return (f"{boot.where(driver.line)} has {driver.text}, yet the driver did not start: "
                "reboot if the line is newer than this boot; else dmesg | grep -i vc4 says why")
    if loaded:
        return (f"{boot.where(loaded[0].line)}: {loaded[0].text} is the old fake-KMS driver: "
                f"make it dtoverlay={kms}; reboot")
    elsewhere = next((turn for turn in boot_config.display_overlays(boot.text)
                      if turn.what[0].startswith(kms)), None)
    if elsewhere:
        return (f"{boot.where(elsewhere.line)}: {elsewhere.text} is in a section this "
                f"{host.pi_model()} does not read: move it under [all]; reboot")
    hidden = boot_config.commented_out(boot.text, kms)
    if hidden:
        return f"{boot.where(hidden)}: remove the # before dtoverlay={kms}; reboot"
    return f"dtoverlay={kms} is not in {boot.path} (the Bookworm default): add it; reboot"


def check_rotation(host: Host, config: Config) -> Check:
    """The picture and the touch turned once, by ``[display] rotation`` alone: no touchscreen
    also turned in ``config.txt``, no old rotation key that KMS ignores."""
    boot = boot_settings(host)
    if boot is None:
        return Check("rotation", SKIP, "no config.txt here (a Pi's boot partition has it)")
    text, rotation = boot.text, config.display.rotation
    ignored = boot_config.ignored_rotations(text)
    if ignored:
        return Check("rotation", FIX, f"{boot.where(ignored[0].line)}: {ignored[0].text} turns "
                                      "nothing under KMS: remove it and turn the picture with "
                                      "[display] rotation = 90, 180 or 270 in the settings")
    touch = boot_config.touch_turns(text)
    if touch and rotation:
        return Check("rotation", FIX, f"touch turned twice: {boot.where(touch[0].line)} "
                                      f"({', '.join(touch[0].what)}) and [display] rotation = "
                                      f"{rotation}: remove those parameters, [display] rotation "
                                      "turns the picture and the touch together")
    if touch:
        return Check("rotation", OK, f"the touchscreen is turned by {boot.where(touch[0].line)} "
                                     f"({', '.join(touch[0].what)}) and the picture is not: right "
                                     "only for a touch panel mounted turned on its screen")
    return Check("rotation", OK, f"[display] rotation = {rotation} turns the picture and the "
                                 f"touch together; {boot.path} turns neither")
