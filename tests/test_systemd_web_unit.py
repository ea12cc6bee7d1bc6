"""The scoreboard page's systemd unit: valid, hardened like the kiosk's but for the network,
and the kiosk's unit still denies every address."""

import re
import sys
from pathlib import Path

from test_systemd_unit import SECURITY_LIMIT, analyze, needs_systemd_analyze, settings, values

SYSTEMD = Path(__file__).resolve().parent.parent / "systemd"
WEB_UNIT = SYSTEMD / "companion-web.service"
KIOSK_UNIT = SYSTEMD / "companion.service"
INSTALLED_PROGRAM = "/opt/companion/venv/bin/companion"


@needs_systemd_analyze
def test_the_web_unit_passes_systemd_analyze_verify_without_a_word(tmp_path):
    copy = tmp_path / "companion-web.service"
    copy.write_text(WEB_UNIT.read_text().replace(INSTALLED_PROGRAM, sys.executable))
    result = analyze("verify", str(copy), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout + result.stderr == "", "verify warned: " + result.stdout + result.stderr


@needs_systemd_analyze
def test_the_web_unit_is_rated_as_the_kiosks_at_most_1_0_exposed(tmp_path):
    result = analyze("security", "--offline=yes", str(WEB_UNIT), cwd=tmp_path)
    match = re.search(r"Overall exposure level for companion-web\.service: (\d+\.\d+)",
                      result.stdout)
    assert match, result.stdout + result.stderr
    print(f"systemd-analyze security --offline=yes companion-web.service: {match.group(1)}")
    assert float(match.group(1)) <= SECURITY_LIMIT


def test_the_kiosk_still_reaches_no_address():
    assert values("IPAddressDeny", KIOSK_UNIT) == ["any"]
    assert values("IPAddressAllow", KIOSK_UNIT) == []


def test_the_page_answers_only_this_machine_the_link_and_the_private_lan():
    assert values("IPAddressDeny", WEB_UNIT) == ["any"]
    [allowed] = values("IPAddressAllow", WEB_UNIT)
    assert set(allowed.split()) == {"localhost", "link-local", "10.0.0.0/8", "172.16.0.0/12",
                                    "192.168.0.0/16", "fc00::/7"}


def test_the_page_serves_the_configured_port_and_reads_the_state_folder_only():
    [command] = values("ExecStart", WEB_UNIT)
    assert command == f"{INSTALLED_PROGRAM} web --port ${{COMPANION_WEB_PORT}}"
    assert "COMPANION_WEB_PORT=8080" in values("Environment", WEB_UNIT)
    assert values("EnvironmentFile", WEB_UNIT) == ["-/etc/companion/web.env"]
    assert values("ProtectSystem", WEB_UNIT) == ["strict"]
    assert values("ReadOnlyPaths", WEB_UNIT) == ["/var/lib/companion"]
    assert values("ReadWritePaths", WEB_UNIT) == values("StateDirectory", WEB_UNIT) == []
    assert values("PrivateDevices", WEB_UNIT) == ["yes"] and values("DeviceAllow", WEB_UNIT) == []
    assert values("CapabilityBoundingSet", WEB_UNIT) == [""]


def test_the_hardening_the_kiosk_has_the_page_has_too():
    relaxed_for_the_page = {"RestrictAddressFamilies", "IPAddressDeny", "DevicePolicy",
                            "DeviceAllow", "TTYPath", "TTYReset", "TTYVHangup",
                            "TTYVTDisallocate", "StandardInput"}
    hardening = KIOSK_UNIT.read_text().split("# --- Hardening", 1)[1]
    keys = {k for _, k, _ in settings(hardening)} - relaxed_for_the_page
    for key in keys:
        assert values(key, WEB_UNIT) == values(key, KIOSK_UNIT), key
