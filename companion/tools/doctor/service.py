"""The doctor's checks of the kiosk's service: its unit and user below the root, the
settings file it reads, and whether systemd runs it."""

from __future__ import annotations

import argparse
import os
import pwd
import shlex
from pathlib import Path

from companion.config import settings as settings_file
from companion.config.reading import named_path
from companion.config.settings import Config
from companion.kiosk.startup import keyboard_keys, load_settings
from companion.tools.doctor.host import FIX, OK, SKIP, Check, Host, not_here, read_text

SERVICE = "companion.service"
SERVICE_USER = "companion"


def check_settings(path: str | Path | None,
                   named_by: str = "") -> tuple[Check, Config, bool]:
    """The settings check of the file at ``path`` (``named_by``: what named it, as
    :func:`companion.config.reading.named_path` says), the settings the kiosk would use, and
    whether they are the defaults it offers instead of a file with mistakes."""
    config, problem = load_settings(path, named_by)
    if problem is None:
        refused = keyboard_keys(config)[1]
        if refused:
            return Check("settings", FIX, f"{refused}: name that key differently in [keyboard] "
                                          "(the kiosk plays on with the menu keys only)"), \
                config, False
        return Check("settings", OK, f"{config.source}"), config, False
    more = f" (and {len(problem.detail) - 1} more)" if len(problem.detail) > 1 else ""
    empty = path is not None and os.fspath(path) == ""   # the line says to name a file
    fix = "" if empty else f" fix it (companion config --check {shlex.quote(str(path))});"
    return Check("settings", FIX, f"{problem.detail[0]}{more}:{fix} the kiosk shows this and "
                                  "offers the defaults"), config, True


#: Where systemd looks for a system unit and its drop-ins, the first found first (systemd.unit(5)).
UNIT_FOLDERS = ("/etc/systemd/system", "/run/systemd/system", "/usr/local/lib/systemd/system",
                "/usr/lib/systemd/system", "/lib/systemd/system")
#: Where a system unit's ``StateDirectory=`` names its folders, and what its ``%S`` stands for.
SYSTEMD_STATE_ROOT = "/var/lib"


def service_user_entry(host: Host) -> tuple[int, str] | None:
    """The kiosk's user's id and home folder on the system checked (below ``--root``: from its
    ``/etc/passwd``); ``None`` when there is no such user."""
    if host.live:
        try:
            entry = pwd.getpwnam(SERVICE_USER)
        except KeyError:
            return None
        return entry.pw_uid, entry.pw_dir
    for line in host.read("/etc/passwd").splitlines():
        fields = line.split(":")
        if len(fields) > 5 and fields[0] == SERVICE_USER and fields[2].isdigit():
            return int(fields[2]), fields[5]
    return None


def service_user_id(host: Host) -> int | None:
    """The kiosk's user's id on the system checked (below ``--root``: its ``/etc/passwd``)."""
    entry = service_user_entry(host)
    return None if entry is None else entry[0]


def service_settings_path(host: Host, unit: dict[str, list[str]] | None) -> Path | None:
    """The settings file the kiosk's service below the root reads, in
    :func:`companion.config.settings.find`'s order as the service sees it: its unit's
    ``COMPANION_CONFIG``, else its user's ``~/.config/companion/config.toml``, else
    ``/etc/companion/config.toml`` (``None``: neither is there, the defaults)."""
    environment = {name: value for name, _, value in
                   (word.partition("=") for word in (unit or {}).get("Environment", []))}
    if environment.get("COMPANION_CONFIG"):
        return host.path(environment["COMPANION_CONFIG"])
    user = service_user_entry(host)
    places = [host.path(f"{user[1]}/.config/companion/config.toml")] if user else []
    places.append(host.path(str(settings_file.SYSTEM_FILE)))
    return next((path for path in places if path.exists() or path.is_symlink()), None)


def settings_to_check(args: argparse.Namespace, host: Host) -> tuple[str | Path | None, str, str]:
    """The settings file the doctor checks, what named it, and a note for its line: the file
    asked for (``--config``, ``$COMPANION_CONFIG``); else, with the kiosk's service installed
    (or below ``--root``), the file the service reads, noting the caller's own file when that
    is another (the kiosk never reads it); else the file this user's commands read."""
    if args.config is not None or os.environ.get("COMPANION_CONFIG") or \
            (host.live and unit_settings(host) is None):
        return *named_path(args.config, "COMPANION_CONFIG", settings_file.find), ""
    path = service_settings_path(host, unit_settings(host))
    own = settings_file.find() if host.live else None
    if own is None or path is not None and own.resolve() == path.resolve():
        return path, "", f" (what {SERVICE} reads)"
    return path, "", (f" (what {SERVICE} reads; your own {own} is read only by the commands "
                      f"you run, never by the kiosk: edit {path or settings_file.SYSTEM_FILE} "
                      "for the kiosk)")


def unit_settings(host: Host) -> dict[str, list[str]] | None:
    """companion.service below the root, its drop-ins applied: its ``StateDirectory=`` entries
    (``"StateDirectory"``) and its ``Environment=`` assignments (``"Environment"``, ``NAME=value``,
    the last one of a name last); ``None`` when it is not installed there."""
    unit = next((host.path(f"{folder}/{SERVICE}") for folder in UNIT_FOLDERS
                 if host.path(f"{folder}/{SERVICE}").is_file()), None)
    if unit is None:
        return None
    drop_ins: dict[str, Path] = {}
    for folder in reversed(UNIT_FOLDERS):   # a drop-in's name in an earlier folder wins
        for path in host.path(f"{folder}/{SERVICE}.d").glob("*.conf"):
            drop_ins[path.name] = path
    found: dict[str, list[str]] = {"StateDirectory": [], "Environment": []}
    for path in [unit, *(drop_ins[name] for name in sorted(drop_ins))]:
        section = ""
        for line in read_text(path).splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line
            key, sep, value = line.partition("=")
            if section != "[Service]" or not sep or key.strip() not in found:
                continue
            try:
                words = shlex.split(value) if key.strip() == "Environment" else value.split()
            except ValueError:   # an unclosed quote: systemd ignores the line too
                continue
            found[key.strip()] = found[key.strip()] + words if words else []   # empty: reset
    return found


def service_state(host: Host) -> dict[str, str] | None:
    """The service's systemd properties, or ``None`` where there is no systemctl to ask."""
    if not host.live:
        return None
    code, out = host.run(["systemctl", "show", SERVICE, "-p", "LoadState", "-p", "ActiveState",
                          "-p", "SubState", "-p", "UnitFileState", "-p", "StatusText",
                          "-p", "NRestarts"])
    if code != 0:
        return None
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def check_service(host: Host, state: dict[str, str] | None) -> Check:
    if state is None:
        return Check("service", SKIP, "no systemd to ask" + ("" if host.live else " (with --root)"))
    if state.get("LoadState") != "loaded":
        return not_here(host, "service", "companion.service is not installed: "
                                         "sudo ./systemd/install.sh",
                        "companion.service is not installed")
    found = (f"{state.get('ActiveState')} ({state.get('SubState')}), {state.get('UnitFileState')}, "
             f"restarts: {state.get('NRestarts', '?')}")
    if state.get("StatusText"):
        found += f", says: {state['StatusText']}"
    if state.get("ActiveState") != "active":
        return Check("service", FIX, f"{found}: journalctl -u companion -b says why; "
                                     "sudo systemctl restart companion")
    if state.get("UnitFileState") != "enabled":
        return Check("service", FIX, f"{found}: it will not start at boot; "
                                     "sudo systemctl enable companion")
    return Check("service", OK, found)
