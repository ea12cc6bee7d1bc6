#!/usr/bin/env bash
# Install the companion kiosk on Raspberry Pi OS Lite (Bookworm), or remove it.
#
#   sudo ./systemd/install.sh                 install or update; enable at boot
#   sudo ./systemd/install.sh --uninstall     remove it (keeps config and game history)
#   sudo ./systemd/install.sh --uninstall --purge   ... and the config and history too
#   sudo ./systemd/install.sh --plain-debian  on plain Debian Bookworm (no Raspberry Pi archive)
#   sudo ./systemd/install.sh --web           ... and the live scoreboard page (companion-web)
#   ./systemd/install.sh --root DIR [...]     write into DIR as if it were /, for tests
#
# Idempotent: a second run changes nothing. What it does (docs/KIOSK.md):
#   - refuses, before changing anything, where apt knows no python3-lgpio (a system
#     without the Raspberry Pi archive: not Raspberry Pi OS), unless --plain-debian;
#   - apt: python3-venv and Debian's python3-pygame (built with KMSDRM), the EGL and
#     Mesa libraries KMSDRM draws with, python3-lgpio, python3-gpiozero, python3-serial,
#     espeak-ng (the voice of the spoken call-outs);
#     gpiozero and lgpio are upgraded if stale (a Pi 5 needs their gpiochip fix);
#   - /etc/modules-load.d/companion.conf: the serial and sound drivers load at boot,
#     before the kiosk starts (its device list is fixed when it starts);
#   - the system user `companion` in the groups gpio video render input dialout audio;
#   - the program in /opt/companion/src, owned by root, run by the venv /opt/companion/venv
#     (made by /usr/bin/python3 with --system-site-packages: it sees Debian's pygame and lgpio);
#   - /etc/companion/config.toml from `companion config --print-default`, if missing;
#   - the unit /etc/systemd/system/companion.service, enabled (getty@tty1 disabled:
#     the kiosk owns tty1), and the udev rule /etc/udev/rules.d/99-companion-buttons.rules.
#
# --web (off unless given): also python3-flask, python3-waitress and python3-qrcode, and
# the unit /etc/systemd/system/companion-web.service, enabled: the read-only scoreboard
# page on port 8080 (docs/WEB.md). Without --web nothing of it is installed; --uninstall
# removes the unit if it is there.
#
# --plain-debian (Debian Bookworm without the Raspberry Pi archive: a PC, a VM, the
# Pi in a box of tests/vm): the same install, but lgpio and gpiozero 2.x come from
# the Python package index into the venv (pip's own settings apply: PIP_INDEX_URL,
# PIP_FIND_LINKS, PIP_NO_INDEX), and what Raspberry Pi OS's raspberrypi-sys-mods
# gives a Pi is added: the group gpio and the udev rule that lets it open
# /dev/gpiochip* (/etc/udev/rules.d/99-companion-gpio.rules). A Raspberry Pi OS
# install (no switch) is unchanged.
#
# The seam for tests: every command that changes the host outside the files
# this script writes (apt-get, useradd, usermod, userdel, systemctl, udevadm,
# modprobe) goes through `host`. With --root DIR, `host` prints the command
# instead of running it, and all files are written below DIR. apt-cache only
# reads, so the Raspberry Pi archive is checked with --root too.
set -euo pipefail
umask 022

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=""
ACTION=install
PURGE=no
PLAIN_DEBIAN=no
WEB=no

ACCOUNT=companion
DEVICE_GROUPS=(gpio video render input dialout audio)
#: Debian's python3 (the one python3-pygame and python3-lgpio are built for), never PATH's.
PYTHON=/usr/bin/python3
#: KMSDRM draws through EGL with a Mesa driver; python3-pygame does not pull them in.
EGL_PACKAGES=(libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri)
APT_PACKAGES=(python3-venv python3-pygame python3-lgpio python3-gpiozero python3-serial espeak-ng
              "${EGL_PACKAGES[@]}")
#: Upgraded even when installed: gpiozero 2.0.1 and old lgpio look for a Pi 5's
#: header on gpiochip4, which kernels from 6.6.45 call gpiochip0.
UPGRADE_PACKAGES=(python3-gpiozero python3-lgpio)
#: --web: what companion web serves with, and the kiosk draws the page's QR code with.
WEB_PACKAGES=(python3-flask python3-waitress python3-qrcode)
#: Only the Raspberry Pi archive has this package: without it, this is not Raspberry Pi OS.
PI_ARCHIVE_PACKAGE=python3-lgpio
#: --plain-debian: the Raspberry Pi archive's packages, taken from the Python package index.
PIP_PACKAGES=('lgpio>=0.2.2' 'gpiozero>=2.0.1')
PREFIX=/opt/companion
VENV=$PREFIX/venv
STATE_DIR=/var/lib/companion
CONFIG_DIR=/etc/companion
UNIT=/etc/systemd/system/companion.service
WEB_UNIT=/etc/systemd/system/companion-web.service
RULE=/etc/udev/rules.d/99-companion-buttons.rules
GPIO_RULE=/etc/udev/rules.d/99-companion-gpio.rules
MODULES=/etc/modules-load.d/companion.conf

say() { echo "install.sh: $*"; }
fail() { echo "install.sh: $*" >&2; exit 2; }

usage() {
    sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --root)
            [ $# -ge 2 ] && [ -n "$2" ] || fail "--root needs a folder: --root DIR"
            # realpath: //, /. and /tmp/.. all mean the live system, as / does.
            ROOT=$(mkdir -p -- "$2" && realpath -e -- "$2") || fail "--root $2: cannot make or enter that folder"
            shift 2 ;;
        --uninstall) ACTION=uninstall; shift ;;
        --purge) PURGE=yes; shift ;;
        --plain-debian) PLAIN_DEBIAN=yes; shift ;;
        --web) WEB=yes; shift ;;
        -h|--help) usage; exit 0 ;;
        *) fail "unknown option '$1' (see --help)" ;;
    esac
done
[ "$PURGE" = no ] || [ "$ACTION" = uninstall ] || fail "--purge goes with --uninstall"
if [ "$PLAIN_DEBIAN" = yes ]; then
    # Debian has no python3-lgpio, and its python3-gpiozero (1.6) is too old: pip brings both.
    APT_PACKAGES=(python3-venv python3-pygame python3-serial espeak-ng "${EGL_PACKAGES[@]}")
fi
[ "$WEB" = no ] || APT_PACKAGES+=("${WEB_PACKAGES[@]}")
[ "$ROOT" != / ] || ROOT=""
if [ -z "$ROOT" ] && [ "$(id -u)" -ne 0 ]; then
    fail "run as root (sudo $0), or give --root DIR to write into a scratch folder"
fi

# host CMD...: run a command that changes the host; with --root, only say it.
# The words as a shell reads them back, each quoted only where it must be: a
# printed command pastes as it would run ('lgpio>=0.2.2' is no redirection).
shell_words() {
    local word words=()
    for word in "$@"; do
        if [[ $word =~ ^[A-Za-z0-9_./:=,@%+-]+$ ]]; then
            words+=("$word")
        else
            words+=("'${word//\'/\'\\\'\'}'")
        fi
    done
    echo "${words[*]}"
}

host() {
    if [ -n "$ROOT" ]; then
        say "not run (scratch root): $(shell_words "$@")"
    else
        "$@"
    fi
}

CHANGED=0
changed() { CHANGED=$((CHANGED + 1)); say "$*"; }

# put_file SOURCE TARGET MODE: copy when the target is missing or differs. True if copied.
put_file() {
    local target=$ROOT$2
    if [ -f "$target" ] && cmp -s "$1" "$target"; then
        return 1
    fi
    install -D -m "$3" "$1" "$target"
    changed "wrote $2"
}

# remove PATH: delete a file or folder below the root, if it is there.
remove() {
    if [ -e "$ROOT$1" ] || [ -L "$ROOT$1" ]; then
        rm -rf -- "$ROOT$1"
        changed "removed $1"
    fi
}

live() { [ -z "$ROOT" ]; }

# Refuse before changing anything where the Raspberry Pi archive is missing:
# a half install (the unit without lgpio) would only restart forever.
require_pi_archive() {
    command -v apt-cache >/dev/null || fail "no apt-cache here: the kiosk installs on Raspberry Pi OS only"
    [ -x "$PYTHON" ] || fail "no $PYTHON: install Debian's python3 (apt-get install python3)"
    if ! apt-cache show --no-all-versions "$PI_ARCHIVE_PACKAGE" >/dev/null 2>&1; then
        fail "apt knows no $PI_ARCHIVE_PACKAGE, which only the Raspberry Pi archive has: this is not" \
            "Raspberry Pi OS (Bookworm); nothing was changed. On Raspberry Pi OS run" \
            "'sudo apt-get update' first."
    fi
}

# The installed version of each package given, one "name version" a line.
versions() {
    dpkg-query -W -f '${Package} ${Version}\n' "$@" 2>/dev/null || true
}

upgrade_packages() {
    local before
    [ "$PLAIN_DEBIAN" = no ] || return 0
    if ! live; then
        host apt-get install -y --only-upgrade "${UPGRADE_PACKAGES[@]}"
        return
    fi
    before=$(versions "${UPGRADE_PACKAGES[@]}")
    apt-get install -y -qq --only-upgrade "${UPGRADE_PACKAGES[@]}" >/dev/null
    if [ "$(versions "${UPGRADE_PACKAGES[@]}")" != "$before" ]; then
        changed "upgraded ${UPGRADE_PACKAGES[*]}"
    fi
}

install_packages() {
    local missing=() package
    if ! live; then
        host apt-get update -qq
        host apt-get install -y --no-install-recommends "${APT_PACKAGES[@]}"
        upgrade_packages
        return
    fi
    for package in "${APT_PACKAGES[@]}"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        apt-get update -qq
        apt-get install -y --no-install-recommends "${missing[@]}"
        changed "installed ${missing[*]}"
    fi
    upgrade_packages
}

# The display (drm), serial (usbserial, cdc_acm) and sound (snd) drivers load at boot, before
# the kiosk: DeviceAllow=char-ttyUSB and friends only name drivers already loaded.
load_drivers_at_boot() {
    if put_file "$SRC/systemd/companion-modules.conf" "$MODULES" 644; then
        host modprobe -a $(grep -v '^#' "$SRC/systemd/companion-modules.conf")
    fi
}

make_account() {
    local wanted=() group
    if [ "$PLAIN_DEBIAN" = yes ]; then
        if ! live; then
            host groupadd --system --force gpio
        elif ! getent group gpio >/dev/null; then
            groupadd --system gpio
            changed "created the group gpio (Raspberry Pi OS has it)"
        fi
    fi
    if ! live; then
        host useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "companion kiosk" "$ACCOUNT"
        host usermod --append --groups "$(IFS=,; echo "${DEVICE_GROUPS[*]}")" "$ACCOUNT"
        return
    fi
    if ! id "$ACCOUNT" >/dev/null 2>&1; then
        useradd --system --user-group --home-dir "$STATE_DIR" --no-create-home \
            --shell /usr/sbin/nologin --comment "companion kiosk" "$ACCOUNT"
        changed "created the user $ACCOUNT"
    fi
    for group in "${DEVICE_GROUPS[@]}"; do
        if ! getent group "$group" >/dev/null; then
            say "warning: no group '$group' on this system; $ACCOUNT cannot use its devices"
        elif ! id -nG "$ACCOUNT" | tr ' ' '\n' | grep -qx "$group"; then
            wanted+=("$group")
        fi
    done
    if [ ${#wanted[@]} -gt 0 ]; then
        usermod --append --groups "$(IFS=,; echo "${wanted[*]}")" "$ACCOUNT"
        changed "added $ACCOUNT to ${wanted[*]}"
    fi
}

# The fingerprint of the program files this checkout would install.
source_fingerprint() {
    (cd "$SRC" && find companion docs -type f ! -path '*/__pycache__/*' ! -name '*.py[co]' \
        | LC_ALL=C sort | while IFS= read -r file; do sha256sum -- "$file"; done | sha256sum | cut -d' ' -f1)
}

install_program() {
    local python=$ROOT$VENV/bin/python site fingerprint
    if [ ! -x "$python" ]; then
        "$PYTHON" -m venv --system-site-packages --without-pip "$ROOT$VENV"
        changed "made the venv $VENV (with Debian's site packages)"
    fi
    [ "$PLAIN_DEBIAN" = no ] || install_pip_packages "$python"
    fingerprint=$(source_fingerprint)
    if [ "$(cat "$ROOT$PREFIX/installed-fingerprint" 2>/dev/null)" != "$fingerprint" ]; then
        rm -rf -- "$ROOT$PREFIX/src"
        mkdir -p "$ROOT$PREFIX/src"
        # Owned by whoever installs (root), never by the checkout's owner: the pi
        # user must not be able to change the code that the service runs.
        tar -C "$SRC" --exclude=__pycache__ --exclude='*.py[co]' -cf - companion docs \
            | tar -C "$ROOT$PREFIX/src" --no-same-owner --no-same-permissions -xf -
        "$python" -m compileall -q "$ROOT$PREFIX/src/companion" >/dev/null
        site=$("$python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
        echo "$PREFIX/src" > "$site/companion.pth"
        printf '#!%s\nimport sys\nfrom companion.cli import main\nsys.exit(main())\n' "$VENV/bin/python" \
            > "$ROOT$VENV/bin/companion"
        chmod 755 "$ROOT$VENV/bin/companion"
        echo "$fingerprint" > "$ROOT$PREFIX/installed-fingerprint"
        changed "installed the program into $PREFIX/src (fingerprint ${fingerprint:0:12})"
    fi
}

# --plain-debian: lgpio and gpiozero 2.x into the venv from the Python package index.
install_pip_packages() {
    local python=$1
    if ! live; then
        host "$VENV/bin/python" -m pip install "${PIP_PACKAGES[@]}"
        return
    fi
    if "$python" - "${PIP_PACKAGES[@]}" <<'PY' 2>/dev/null; then
import sys
from importlib.metadata import version
wanted = {"lgpio": (0, 2, 2), "gpiozero": (2, 0, 1)}
def parts(text): return tuple(int(p) for p in text.split(".")[:3] if p.isdigit())
sys.exit(0 if all(parts(version(n)) >= v for n, v in wanted.items()) else 1)
PY
        return 0
    fi
    if [ ! -x "$ROOT$VENV/bin/pip" ]; then
        "$python" -m ensurepip --default-pip >/dev/null || fail "the venv $VENV cannot get pip" \
            "(apt-get install python3-venv)"
    fi
    "$python" -m pip install --quiet --disable-pip-version-check "${PIP_PACKAGES[@]}" \
        || fail "pip could not install ${PIP_PACKAGES[*]} into $VENV (no network? PIP_FIND_LINKS=DIR" \
            "with their wheels, and PIP_NO_INDEX=1, install them offline)"
    changed "installed ${PIP_PACKAGES[*]} into $VENV from the Python package index"
}

write_default_config() {
    local config=$ROOT$CONFIG_DIR/config.toml text
    [ ! -e "$config" ] || return 0
    if text=$(PYTHONPATH="$ROOT$PREFIX/src${PYTHONPATH:+:$PYTHONPATH}" "$ROOT$VENV/bin/python" -m companion config --print-default 2>&1); then
        mkdir -p "$ROOT$CONFIG_DIR"
        printf '%s\n' "$text" > "$config"
        chmod 644 "$config"
        changed "wrote $CONFIG_DIR/config.toml (the defaults; edit it to taste)"
    else
        say "warning: 'companion config --print-default' failed, so $CONFIG_DIR/config.toml was not written" \
            "and the built-in defaults apply: ${text##*$'\n'}"
    fi
}

install_units() {
    if put_file "$SRC/systemd/99-companion-buttons.rules" "$RULE" 644; then
        host udevadm control --reload-rules
        host udevadm trigger --subsystem-match=tty --subsystem-match=usb-serial --action=add
    fi
    if [ "$PLAIN_DEBIAN" = yes ] && put_file "$SRC/systemd/99-companion-gpio.rules" "$GPIO_RULE" 644; then
        host udevadm control --reload-rules
        host udevadm trigger --subsystem-match=gpio --action=add
    fi
    if put_file "$SRC/systemd/companion.service" "$UNIT" 644; then
        host systemctl daemon-reload
    fi
    if ! live || ! systemctl is-enabled --quiet companion.service; then
        host systemctl enable companion.service
        if live; then changed "enabled companion.service"; fi
    fi
    [ "$WEB" = no ] || install_web_unit
    # The kiosk owns tty1: no login prompt there (ssh and tty2..6 still work).
    if ! live || systemctl is-enabled --quiet getty@tty1.service; then
        host systemctl disable getty@tty1.service
        if live; then changed "disabled getty@tty1.service (the kiosk owns tty1)"; fi
    fi
}

# --web: the scoreboard page's unit, enabled (it starts at the next boot).
install_web_unit() {
    if put_file "$SRC/systemd/companion-web.service" "$WEB_UNIT" 644; then
        host systemctl daemon-reload
    fi
    if ! live || ! systemctl is-enabled --quiet companion-web.service; then
        host systemctl enable companion-web.service
        if live; then changed "enabled companion-web.service (the page on port 8080)"; fi
    fi
}

uninstall() {
    if [ -e "$ROOT$WEB_UNIT" ]; then
        host systemctl disable --now companion-web.service
        remove "$WEB_UNIT"
    fi
    if ! live || systemctl cat companion.service >/dev/null 2>&1; then
        host systemctl disable --now companion.service
    fi
    local had_unit=no had_rule=no
    [ -e "$ROOT$UNIT" ] && had_unit=yes
    [ -e "$ROOT$RULE" ] && had_rule=yes
    remove "$UNIT"
    remove "$RULE"
    remove "$GPIO_RULE"
    remove "$MODULES"
    [ "$had_unit" = no ] || host systemctl daemon-reload
    [ "$had_rule" = no ] || host udevadm control --reload-rules
    if ! live || ! systemctl is-enabled --quiet getty@tty1.service; then
        host systemctl enable getty@tty1.service
    fi
    remove "$PREFIX"
    if ! live || id "$ACCOUNT" >/dev/null 2>&1; then
        host userdel "$ACCOUNT"
    fi
    if [ "$PURGE" = yes ]; then
        remove "$CONFIG_DIR"
        remove "$STATE_DIR"
    else
        for kept in "$CONFIG_DIR" "$STATE_DIR"; do
            [ ! -e "$ROOT$kept" ] || say "kept $kept (remove it with --uninstall --purge)"
        done
    fi
}

if [ "$ACTION" = install ]; then
    [ "$PLAIN_DEBIAN" = yes ] || require_pi_archive
    install_packages
    load_drivers_at_boot
    make_account
    install_program
    write_default_config
    install_units
    if [ "$CHANGED" -eq 0 ]; then
        say "already installed; nothing changed"
    elif live; then
        say "done: the kiosk starts at the next boot (or now: sudo systemctl start companion)"
    fi
else
    uninstall
    [ "$CHANGED" -gt 0 ] || say "nothing to remove"
fi
