"""The kiosk as a Pi boots it: real systemd, KMSDRM on a DRM device, evdev and udev under the
unit's sandbox, GPIO edges from a kernel GPIO chip through gpiozero and lgpio.

The tests run in file order on one machine (``conftest.pi``): install, reboot, then
each check as a table or a maker meets it. Nothing asserts a timing figure: every
wait polls for a state with a generous deadline (software emulation is slow).
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

from conftest import BREAKS, DROP_IN, breaks_asked
from hands import PADS, PULL
from machine import Machine, MachineError, Result

COMPANION = "/opt/companion/venv/bin/companion"
DATABASE = "/var/lib/companion/companion.sqlite3"
SOURCE = "/mnt/source"
#: The palette's background (companion/display/palette.py BACKGROUND).
BACKGROUND = (18, 18, 24)
SIDES = ("N", "E", "S", "W")


# -- what the guest says ------------------------------------------------------------------
def journal(pi: Machine) -> list[str]:
    """The kiosk's journal lines of this boot."""
    return pi.run("journalctl -u companion -b -o cat --no-pager").out.splitlines()


def last_words(pi: Machine, lines: int = 60) -> str:
    """The last ``lines`` of :func:`journal_all` (systemd's lines say why a kiosk restarted: a
    watchdog timeout, a signal, an exit code), without ALSA's complaints that the machine has
    no sound card: what a failure shows."""
    kept = [line for line in journal_all(pi) if "ALSA lib " not in line]
    return "\n".join(kept[-lines:])


def journal_all(pi: Machine) -> list[str]:
    """The kiosk's journal lines of this boot, systemd's about it included, with their times."""
    return pi.run("journalctl -u companion -b --no-pager", check=False).out.splitlines()


def count(pi: Machine, line: str) -> int:
    return sum(1 for entry in journal(pi) if entry == line)


def wait_line(pi: Machine, pattern: str, after: int = 0, timeout: float = 240) -> str:
    """The first journal line matching ``pattern`` (a regex) past the first ``after`` matches."""
    deadline = time.monotonic() + timeout
    while True:
        found = [entry for entry in journal(pi) if re.fullmatch(pattern, entry)]
        if len(found) > after:
            return found[after]
        if time.monotonic() > deadline:
            raise MachineError(f"no journal line {pattern!r} within {timeout} s; "
                               f"last lines:\n{last_words(pi)}")
        time.sleep(1)


def scenes(pi: Machine) -> list[str]:
    return [entry.split("scene: ", 1)[1] for entry in journal(pi)
            if entry.startswith("INFO companion.kiosk.loop: scene: ")]


def wait_scene(pi: Machine, name: str, timeout: float = 240) -> None:
    """Wait until the kiosk's current scene (the last it logged) is ``name``."""
    deadline = time.monotonic() + timeout
    while (scenes(pi) or [None])[-1] != name:
        if time.monotonic() > deadline:
            raise MachineError(f"the kiosk never reached {name}: {scenes(pi)[-8:]}; "
                               f"its last lines:\n{last_words(pi)}")
        time.sleep(1)


def unit(pi: Machine, *properties: str, service: str = "companion") -> dict[str, str]:
    """The ``properties`` of the unit ``service`` as ``systemctl show`` says them."""
    out = pi.run(f"systemctl show {service} {' '.join('-p ' + p for p in properties)}").out
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def watchdog_s(pi: Machine) -> float:
    """The unit's watchdog period in the guest, in seconds (the box's drop-in sets it):
    ``systemctl show`` writes it as a timespan, e.g. ``1min``, ``10s`` or ``1min 30s``."""
    scale = {"min": 60.0, "s": 1.0, "ms": 0.001, "us": 1e-6}
    span = unit(pi, "WatchdogUSec")["WatchdogUSec"]
    return sum(float(number) * scale[suffix]
               for number, suffix in re.findall(r"(\d+)(min|ms|us|s)", span))


def wait_active(pi: Machine, timeout: float = 300) -> str:
    """Wait until the unit is active (Type=notify: READY=1 came); its main PID."""
    pi.wait_for("test \"$(systemctl show companion -p ActiveState --value)\" = active",
                "companion.service active", timeout=timeout)
    return unit(pi, "MainPID")["MainPID"]


def saved_round(pi: Machine, index: int = -1) -> tuple[int, dict] | None:
    """(how many rounds are saved, the saved round at ``index``: 0 the first, -1 the newest),
    from the state database; ``None`` while it cannot be read or holds no such round."""
    script = (f"import sqlite3, json; d = sqlite3.connect('file:{DATABASE}?mode=ro', uri=True); "
              "n = d.execute('SELECT count(*) FROM rounds').fetchone()[0]; "
              f"i = {index} if {index} >= 0 else n + {index}; "
              "r = d.execute('SELECT record FROM rounds ORDER BY game_id, n LIMIT 1 OFFSET ?', "
              "(max(i, 0),)).fetchone(); print(json.dumps([n, r[0] if r and i >= 0 else None]))")
    result = pi.run(f"python3 -c \"{script}\"", check=False)
    if result.code != 0:
        return None
    n, record = json.loads(result.out)
    return n, json.loads(record) if record else {}


def saved_rounds(pi: Machine) -> int:
    found = saved_round(pi)
    return found[0] if found else 0


def screen(pi: Machine, shots: Path, name: str) -> dict[tuple[int, int, int], int]:
    """Dump the screen to ``shots/name.png``; how many pixels of each colour it shows."""
    import pygame  # the host's pygame reads the PNG
    surface = pygame.image.load(str(pi.screendump(shots / f"{name}.png")))
    colours: dict[tuple[int, int, int], int] = {}
    step = 4   # every 4th pixel of every 4th row: plenty for colour counts
    for y in range(0, surface.get_height(), step):
        for x in range(0, surface.get_width(), step):
            colour = tuple(surface.get_at((x, y)))[:3]
            colours[colour] = colours.get(colour, 0) + 1   # type: ignore[index]
    return colours  # type: ignore[return-value]


def shows_the_kiosk(colours: dict[tuple[int, int, int], int]) -> bool:
    """Mostly the kiosk's background, and more than one other colour drawn on it (text)."""
    total = sum(colours.values())
    return colours.get(BACKGROUND, 0) > total / 3 and len(colours) > 8


# -- the table's hands on the pads ---------------------------------------------------------
def pulls(pi: Machine, steps: list[tuple[int, str]]) -> list[int]:
    """Write each (line, "pull-down" | "pull-up") in one guest process, as fast as it can;
    the guest's CLOCK_MONOTONIC (ns) before the first write and after each one."""
    script = ("import sys, time, json\n"
              f"steps = {steps!r}\n"
              "files = {n: open('" + PULL + "'.format(n), 'w') for n, _ in steps}\n"
              "stamps = [time.monotonic_ns()]\n"
              "for n, value in steps:\n"
              "    files[n].write(value); files[n].flush(); stamps.append(time.monotonic_ns())\n"
              "print(json.dumps(stamps))\n")
    return json.loads(pi.run("python3 -", stdin=script.encode()).out)


def tap(pi: Machine, player: int, side: str) -> None:
    line = PADS[player][side]
    pulls(pi, [(line, "pull-down")])
    time.sleep(0.3)
    pulls(pi, [(line, "pull-up")])


def release_all(pi: Machine) -> None:
    pulls(pi, [(line, "pull-up") for pad in PADS.values() for line in pad.values()])


#: tests/vm/hands.py in the guest, run by the installed product's Python.
HANDS = "/root/hands.py"
GUEST_PYTHON = "/opt/companion/venv/bin/python"


def on_next_round(pi: Machine, seen: int, rounds: int, plan: list) -> dict:
    """The guest's hands (tests/vm/hands.py) wait for the rounds opened after the first
    ``seen``, confirming deals with P1's E, and play the first of the next ``rounds`` that
    suits ``plan``; what they did (``case`` is None when no round suited)."""
    pi.put(HANDS, (Path(__file__).parent / "hands.py").read_bytes())
    said = pi.run(f"{GUEST_PYTHON} {HANDS} {seen} {rounds} '{json.dumps(plan)}'", timeout=900)
    return json.loads(said.out.strip().splitlines()[-1])


def play_until(pi: Machine, plan: list, rounds: int = 12,
               shot: Path | None = None) -> tuple[dict, list[int]]:
    """Play rounds until one suits ``plan`` (steps ``[player, "valid" | "wrong", index, value]``,
    tests/vm/hands.py), then do its pulls at once; the round's saved record and the guest's
    stamps around the pulls. ``shot``: dump the screen there while the verdict shows.

    A round the plan does not suit is left to close by itself (nobody taps)."""
    opened = count_rounds_opened(pi)
    while rounds > 0:
        played = on_next_round(pi, opened, rounds, plan)
        if played["case"] is None:
            break
        opened += played["skipped"] + 1
        rounds -= played["skipped"] + 1
        if shot is not None and not dump_verdict(pi, shot):
            print(f"no frame of the verdict was caught for {shot.name}")
        release_all(pi)
        deadline = time.monotonic() + 240
        while saved_rounds(pi) <= played["saved"]:
            if (scenes(pi) or [None])[-1] == "tie-choice":
                tap(pi, 1, "E")
            if time.monotonic() > deadline:
                raise MachineError(f"the round was never saved: {scenes(pi)[-8:]}; "
                                   f"the kiosk's last lines:\n{last_words(pi)}")
            time.sleep(1)
        record = saved_round(pi, played["saved"])[1]   # type: ignore[index]
        if record["taps"]:
            return record, played["stamps"]
        # the pulls landed just after the round closed by its clock (no tap): play the next

    raise MachineError("no round suited the test")


def dump_verdict(pi: Machine, shot: Path, kind: str = "win", tries: int = 20) -> bool:
    """Dump the screen to ``shot`` until a frame shows the banner of a ``kind`` verdict (it
    stays 1.8 s: a journal poll for the verdict scene can miss it); whether one did."""
    from companion.display.palette import VERDICT
    for _ in range(tries):
        if screen(pi, shot.parent, shot.stem).get(VERDICT[kind], 0) > 500:
            return True
    return False


def count_rounds_opened(pi: Machine) -> int:
    return sum(1 for entry in journal(pi) if "round open: " in entry)


# -- 0. install, as a maker does --------------------------------------------------------------
def test_install_sh_installs_the_kiosk_and_its_page_on_plain_debian_a_rerun_changes_nothing(pi):
    pi.run(f"mkdir -p {SOURCE} && mount -o ro /dev/vdb {SOURCE}")
    offline = "PIP_NO_INDEX=1 PIP_FIND_LINKS=/opt/wheels"
    first = pi.run(f"{offline} {SOURCE}/systemd/install.sh --plain-debian --web", timeout=900)
    assert "enabled companion.service" in first.out
    assert "enabled companion-web.service" in first.out
    second = pi.run(f"{offline} {SOURCE}/systemd/install.sh --plain-debian --web", timeout=900)
    assert "already installed; nothing changed" in second.out
    pi.run(f"echo '/dev/vdb {SOURCE} ext4 ro,nofail 0 0' >> /etc/fstab")
    for name in breaks_asked():
        print(f"broken on purpose: {name}: {pi.run(BREAKS[name]).out}")
    pi.reboot()


# -- 1. boot to game ------------------------------------------------------------------------
def test_the_unit_starts_at_boot_on_tty1_with_its_sandbox_and_says_ready_after_the_first_frame(pi):
    pid = wait_active(pi)
    installed = pi.run("cmp /etc/systemd/system/companion.service "
                       f"{SOURCE}/systemd/companion.service", check=False)
    assert installed.code == 0, "the installed unit is not the repo's"
    drop_ins = [path for path in unit(pi, "DropInPaths")["DropInPaths"].split()
                if path != DROP_IN]   # a break's own drop-in (COMPANION_VM_BREAK)
    assert drop_ins == ["/etc/systemd/system/companion.service.d/pi-in-a-box.conf"]
    assert pi.run(f"readlink /proc/{pid}/fd/0").out.strip() == "/dev/tty1"
    lines = journal(pi)
    first_frame = lines.index("INFO companion.kiosk.loop: scene: title")
    ready = next(i for i, entry in enumerate(lines)
                 if entry.startswith("Started companion.service"))
    assert first_frame < ready, "READY=1 came before the first frame"
    assert unit(pi, "NRestarts")["NRestarts"] == "0"


def test_the_screen_shows_the_title_from_the_kiosks_own_scanout(pi, shots):
    deadline = time.monotonic() + 120
    while not shows_the_kiosk(colours := screen(pi, shots, "title")):
        assert time.monotonic() < deadline, f"not the kiosk on screen: {len(colours)} colours"
        time.sleep(3)
    # The framebuffer on the CRTC is the kiosk's, and QEMU shows exactly its pixels ...
    said = pi.run("drm-scanout /tmp/scanout.png").out
    assert re.search(r"allocated-by (companion|python3)", said), said
    dump = shots / "title.png"
    assert same_pixels(dump, pi.fetch("/tmp/scanout.png", shots / "title-scanout.png")) > 0.999
    # ... which are the title screen the same code draws offscreen at the same size.
    pi.run(f"rm -rf /tmp/reference && COMPANION_STATE_DIR=/tmp/reference-state {COMPANION} demo "
           "--headless --snapshots /tmp/reference --size 1280x800 --players 2 --speed 50",
           timeout=900)
    reference = pi.fetch("/tmp/reference/title.png", shots / "title-reference.png")
    assert same_pixels(dump, reference) > 0.98


def same_pixels(one: Path, other: Path) -> float:
    """The fraction of pixels two pictures of the same size share exactly."""
    import pygame
    a, b = (pygame.image.tostring(pygame.image.load(str(path)), "RGB") for path in (one, other))
    assert len(a) == len(b), (one, other)
    pixels = len(a) // 3
    same = sum(1 for i in range(0, len(a), 3) if a[i:i + 3] == b[i:i + 3])
    return same / pixels


# -- 2. keyboard and touch through evdev and udev -------------------------------------------
def test_keys_from_the_machines_keyboard_move_the_menus(pi):
    pi.key("down")
    pi.key("ret")
    wait_scene(pi, "movie-setup")
    pi.key("esc")
    wait_scene(pi, "title")


def test_the_kiosk_on_the_console_reads_its_input_devices_under_the_sandbox(pi):
    """Its input doorbell watches the machine's input devices (the unit lets it read them, as
    SDL does): a key or a touch wakes the kiosk at once, where it would wait for its timers."""
    lines = [line for line in journal(pi) if "input doorbell" in line]
    watching = [line for line in lines if "input doorbell: watching" in line]
    assert watching and "event" in watching[-1], lines
    assert not [line for line in lines if "cannot read" in line], lines


def test_a_usb_keyboard_plugged_in_after_boot_works(pi):
    pi.plug_input("usb-kbd", "hotkbd")
    pi.wait_for("grep -q 'QEMU USB Keyboard' /proc/bus/input/devices", "the USB keyboard appears")
    before = len(scenes(pi))
    deadline = time.monotonic() + 120
    while len(scenes(pi)) == before:   # the kiosk hears of it through udev's netlink monitor
        assert time.monotonic() < deadline, "keys on the hot-plugged keyboard never arrived"
        pi.key_on_display("ret")
        time.sleep(3)
    pi.key_on_display("esc")
    wait_scene(pi, "title")
    pi.device_del("hotkbd")


def test_a_touch_tablet_plugged_in_after_boot_selects_a_menu_item(pi, shots):
    pi.plug_input("usb-tablet", "touch")
    pi.wait_for("grep -q 'QEMU USB Tablet' /proc/bus/input/devices", "the USB tablet appears")
    for _ in range(3):   # a touch made before the tablet is the kiosk's may be lost: again
        pi.touch(640, 380)   # the title's second item at 1280x800 (title.png)
        try:
            wait_scene(pi, "movie-setup", timeout=60)
            break
        except MachineError:
            continue
    assert (scenes(pi) or [None])[-1] == "movie-setup", f"a touch did nothing: {scenes(pi)}"
    screen(pi, shots, "touched")
    # The kiosk is not led back to the title here: the next check restarts it. After a touch
    # from QEMU's usb-tablet (SDL 2.26 takes it as a mouse, not as a touchscreen) the next key
    # on the machine's keyboard went unseen in 3 of 3 runs of these checks in order, and in 0
    # of 2 with the tablet touched on its own; a second press was seen. Not explained yet.
    pi.device_del("touch")


# -- 3. GPIO pads on a kernel GPIO chip -------------------------------------------------------
def test_gpio_pads_start_a_game_from_the_title(pi, shots):
    pi.run("systemctl restart companion")
    wait_active(pi)
    wait_scene(pi, "title")
    tap(pi, 1, "E")            # Not Not
    wait_scene(pi, "setup")
    tap(pi, 1, "N")            # wraps round to the last item, Back to the title
    tap(pi, 1, "N")            # Start, just above it
    tap(pi, 1, "E")            # P1 starts, and deals
    wait_scene(pi, "deal")
    screen(pi, shots, "deal")


def test_gpio_a_valid_tap_wins_and_a_wrong_tap_costs_a_card(pi, shots):
    wrong_then_valid = [[2, "wrong", 0, "pull-down"], [1, "valid", 0, "pull-down"]]
    record, stamps = play_until(pi, wrong_then_valid, shot=shots / "verdict-gpio.png")
    assert [w["player"] for w in record["winners"]] == [1], record
    assert record["penalties"] == [2]
    taps = {tap["player"]: tap for tap in record["taps"]}
    assert taps[2]["verdict"] == "wrong" and taps[1]["verdict"] == "win"


def test_gpio_two_pulls_microseconds_apart_are_ordered_by_their_kernel_stamps(pi):
    # P2 first, P1 just after, each on a wrong card: neither closes the round, so both taps
    # are the round's however far apart a busy guest makes the two edges (a valid tap first
    # would close it one tie window later, 1 ms, and a slow second write misses it).
    two_wrong_taps = [[2, "wrong", 0, "pull-down"], [1, "wrong", -1, "pull-down"]]
    record, stamps = play_until(pi, two_wrong_taps, rounds=20)
    assert sorted({t["player"] for t in record["taps"]}) == [1, 2], (record, stamps)
    first, second = (next(t for t in record["taps"] if t["player"] == p) for p in (2, 1))
    gap_us = second["t_us"] - first["t_us"]
    print(f"kernel stamps {gap_us} us apart; the guest's clock: "
          f"{(stamps[1] - stamps[0]) / 1000:.0f} us to the first write, "
          f"{(stamps[2] - stamps[1]) / 1000:.0f} us to the second")
    # P2's edge was made before P1's: its stamp is earlier, and the two are no further
    # apart than the guest's clock says the writes were (the stamps are CLOCK_MONOTONIC).
    assert 0 < gap_us <= (stamps[2] - stamps[0]) / 1000


#: The shipped settings' debounce time (companion/config/default.toml ``gpio.debounce_ms``).
DEBOUNCE_NS = 10_000_000


def longest_opening(stamps: list[int]) -> int:
    """The longest the switch can have stayed open between two closing pulls of a bounce train
    (pull-down, pull-up, ...; ``stamps``: the guest's clock before the first write and after
    each): from before a pull-up's write to after the next pull-down's."""
    return max(stamps[i + 2] - stamps[i] for i in range(1, len(stamps) - 2, 2))


def test_gpio_a_bounce_train_is_one_press(pi):
    bouncing = [[1, "valid", 0, value] for _ in range(5) for value in ("pull-down", "pull-up")]
    for _ in range(3):
        record, stamps = play_until(pi, [*bouncing, [1, "valid", 0, "pull-down"]])
        if longest_opening(stamps) < DEBOUNCE_NS:   # a bounce train by the debounce rule
            assert [tap["player"] for tap in record["taps"]] == [1], (record, stamps)
            return
        # the guest was held up between two writes for longer than the debounce time: those
        # were two presses by the rule, so this train proves nothing; play it again
        print(f"a bounce train open for up to {longest_opening(stamps) / 1e6:.1f} ms: again")
    raise AssertionError("the guest never wrote a bounce train within the debounce time")


# -- 4. the serial controller over a USB-serial adapter ------------------------------------------
SERIAL_ONLY = '[gpio]\npads = []\n[serial]\nenabled = true\nboard = "nano"\n'
SYNCED = (r"INFO companion\.kiosk\.loop: "
          r"serial controller /dev/companion-buttons: connected, clock synced")


def test_the_serial_controller_on_an_ftdi_adapter_syncs_plays_a_round_and_comes_back(pi, shots):
    from companion.boards.avr import NANO
    from companion.commands.judge import answer, parse_case
    from companion.games.notnot.sides import Side
    from companion.simulation.firmware_sim.live import SimulatedController

    controller = SimulatedController(NANO)   # the real firmware in simavr, on a host pty
    pty = os.path.realpath(controller.path)
    assert pi.qmp is not None
    pi.qmp.command("chardev-add", id="controller",
                   backend={"type": "serial", "data": {"device": pty}})
    pi.run("cp /etc/companion/config.toml /root/config.toml.good")
    try:
        pi.device_add("usb-serial", "ftdi", bus="xhci.0", chardev="controller")
        named = pi.wait_for("test -L /dev/companion-buttons && readlink -f /dev/companion-buttons",
                            "the udev rule names it")
        assert named.out.strip().startswith("/dev/ttyUSB")
        pi.put("/etc/companion/config.toml", SERIAL_ONLY.encode())
        pi.run("systemctl restart companion")
        wait_active(pi)
        wait_line(pi, SYNCED)
        wait_scene(pi, "title")

        def press(side: str) -> None:
            controller.press(1, Side(side))
            time.sleep(1)

        press("E")
        wait_scene(pi, "setup")
        press("N")                   # wraps round to the last item, Back to the title
        press("N")                   # Start, just above it
        press("E")
        time.sleep(3)
        if scenes(pi)[-1] == "setup":
            press("E")               # Start asks first while a kept game is offered
        wait_scene(pi, "deal")
        saved = saved_rounds(pi)          # the rounds of earlier games; this game's come after
        before = count_rounds_opened(pi)
        for _ in range(12):
            opened = count_rounds_opened(pi)
            while count_rounds_opened(pi) == opened:
                if (scenes(pi) or [None])[-1] == "deal":
                    press("E")
                time.sleep(2)
            opens = [e for e in journal(pi) if "round open: " in e]
            played = len(opens) - before   # this game's round number, as its record gives it
            valid = json.loads(answer(*parse_case(opens[-1].split("round open: ", 1)[1])))["valid"]
            if not valid:
                continue   # nothing may be tapped (NOTHING, say): it closes and is saved untapped
            press(valid[0])
            deadline = time.monotonic() + 240
            while saved_rounds(pi) < saved + played:
                assert time.monotonic() < deadline, f"round {played} was never saved:\n" \
                                                    f"{last_words(pi)}"
                time.sleep(2)
            record = saved_round(pi, saved + played - 1)[1]   # type: ignore[index]
            assert record["n"] == played, record
            if record["taps"]:
                break
            # the press reached the kiosk after the round had closed by its clock: the next
        else:
            raise AssertionError("no round of 12 was tapped in time")
        screen(pi, shots, "verdict-serial")
        assert [w["player"] for w in record["winners"]] == [1], record
        assert record["margin_step_us"] is None or record["margin_step_us"] <= 20

        pi.device_del("ftdi")        # the adapter pulled out
        wait_line(pi, r"INFO companion\.kiosk\.loop: .*waiting for it")
        time.sleep(5)                # the frame that says so, drawn in software, reaches the CRTC
        screen(pi, shots, "controller-unplugged")
        synced = sum(1 for entry in journal(pi) if re.fullmatch(SYNCED, entry))
        pi.device_add("usb-serial", "ftdi", bus="xhci.0", chardev="controller")
        wait_line(pi, SYNCED, after=synced)
    finally:
        for step in (lambda: pi.device_del("ftdi"),
                     lambda: pi.qmp and pi.qmp.command("chardev-remove", id="controller")):
            try:
                step()
                time.sleep(3)
            except MachineError:
                pass   # already gone
        controller.close()
        pi.run("cp /root/config.toml.good /etc/companion/config.toml && "
               "systemctl restart companion", check=False)
    wait_active(pi)


# -- 6. power cut ---------------------------------------------------------------------------
def test_a_power_cut_mid_game_offers_resume_at_the_right_round_and_level(pi, shots):
    n, record = saved_round(pi)   # type: ignore[misc]
    # the level the game goes on at: a rule card in the round's refill raised it
    level = next((item["level"] for item in reversed(record["dealt"]) if item["what"] == "rule"),
                 record["level"])
    pi.kill()                    # the plug pulled: no shutdown
    pi.boot()
    wait_active(pi)
    wait_scene(pi, "title")
    tap(pi, 1, "E")
    wait_scene(pi, "setup")
    screen(pi, shots, "resume-offered")
    tap(pi, 1, "E")              # the first item: Resume the game in progress
    line = wait_line(pi, r"INFO companion\.scenes\.notnot\.flow: resuming game \d+ at round .*")
    assert line.endswith(f"at round {record['n'] + 1}, {level}"), line
    wait_scene(pi, "deal")
    kept = record["n"]
    record, _ = play_until(pi, [[1, "valid", 0, "pull-down"]])
    # the game went on from the kept round: every round saved since is numbered after it
    assert record["n"] == kept + saved_rounds(pi) - n


# -- 5. the watchdog, and a mistake in the settings --------------------------------------------
def test_a_kiosk_that_stops_is_restarted_by_the_watchdog(pi):
    pid = wait_active(pi)
    restarts = int(unit(pi, "NRestarts")["NRestarts"])
    pi.run(f"kill -STOP {pid}")
    pi.wait_for(f"test \"$(systemctl show companion -p MainPID --value)\" != {pid} && "
                "test \"$(systemctl show companion -p ActiveState --value)\" = active",
                "a new kiosk after the watchdog", timeout=300)
    assert int(unit(pi, "NRestarts")["NRestarts"]) == restarts + 1
    assert any("Watchdog timeout" in entry for entry in journal_all(pi))




def test_a_mistake_in_the_settings_is_shown_on_screen_and_the_unit_keeps_running(pi, shots):
    pi.run("cp /etc/companion/config.toml /root/config.toml.good && "
           "printf '[gpio]\\ntie_window_us = \"soon\"\\n' >> /etc/companion/config.toml")
    try:
        pi.run("systemctl restart companion")
        wait_active(pi)
        wait_scene(pi, "failsafe")
        colours = screen(pi, shots, "config-mistake")
        assert shows_the_kiosk(colours)
        time.sleep(watchdog_s(pi) + 15)   # a whole watchdog period, and more
        assert unit(pi, "ActiveState")["ActiveState"] == "active"
    finally:
        pi.run("cp /root/config.toml.good /etc/companion/config.toml && "
               "systemctl restart companion")
    wait_active(pi)


# -- 9. the phone page under its own unit ---------------------------------------------------
#: The phone page as the guest itself reaches it (companion-web.service, its port).
PAGE = "http://127.0.0.1:8080"
#: Run in the guest by Debian's python3: the page at ``PAGE + argv[1]``, printed whole; for the
#: live events (``/events``), the first data message only (the stream never ends).
READ_PAGE = f"""
import sys, urllib.request
with urllib.request.urlopen("{PAGE}" + sys.argv[1], timeout=120) as page:
    if sys.argv[1] == "/events":
        print(next(line for line in page if line.startswith(b"data: "))[6:].decode().strip())
    else:
        print(page.read().decode())
"""


def read_page(pi: Machine, path: str, check: bool = True) -> Result:
    """The page at ``path`` as the guest reads it from the page's unit (``/events``: its
    first data message)."""
    return pi.run(f"python3 - {path}", stdin=READ_PAGE.encode(), check=check)


def wait_kiosk_on_page(pi: Machine, running: bool, timeout: float = 120) -> dict:
    """Read the page's events until their first message says ``"kiosk": running`` (its
    watcher looks at the kiosk's lock each poll); that message."""
    deadline = time.monotonic() + timeout
    while True:
        read = read_page(pi, "/events", check=False)
        said = json.loads(read.out) if read.code == 0 else read.err
        if isinstance(said, dict) and said["kiosk"] is running:
            return said
        if time.monotonic() > deadline:
            raise MachineError(f"the page's events never said \"kiosk\": {running} within "
                               f"{timeout} s: {said}")
        time.sleep(2)


KIOSK_STOPPED = "The kiosk is not running"


def test_the_phone_page_under_its_unit_sees_the_kiosk_running_and_stopped(pi):
    """The page's unit (User=companion, PrivateUsers=yes, ProtectProc=invisible, the state
    folder read-only) reads the kiosk's lock on the state folder from /proc/locks: its events
    say the kiosk runs, stopped, and runs again; /live says an unfinished game's kiosk stopped."""
    wait_active(pi)
    web = unit(pi, "ActiveState", "NRestarts", service="companion-web")
    assert web == {"ActiveState": "active", "NRestarts": "0"}, web
    said = wait_kiosk_on_page(pi, True)
    assert said["problem"] is None and said["state"] == "playing", \
        f"the page does not read an unfinished game: {said}"
    assert KIOSK_STOPPED not in read_page(pi, "/live").out
    titles = sum(1 for entry in journal(pi) if entry == "INFO companion.kiosk.loop: scene: title")
    pi.run("systemctl stop companion")
    try:
        wait_kiosk_on_page(pi, False)
        assert KIOSK_STOPPED in read_page(pi, "/live").out
    finally:
        pi.run("systemctl start companion", check=False)
    wait_active(pi)
    wait_line(pi, r"INFO companion\.kiosk\.loop: scene: title", after=titles)
    wait_kiosk_on_page(pi, True)
    assert KIOSK_STOPPED not in read_page(pi, "/live").out
    assert unit(pi, "NRestarts", service="companion-web")["NRestarts"] == "0"


# -- 7, 8 and the maker's commands -----------------------------------------------------------
def test_doctor_answers_every_check_in_the_vm(pi):
    result = pi.run(f"{COMPANION} doctor --json", check=False)
    report = json.loads(result.out)
    print(json.dumps(report, indent=1))
    for check in report["checks"]:
        assert check["status"] in ("ok", "n/a", "fix") and check["text"], check
    by_name = {check["name"]: check for check in report["checks"]}
    for name in ("video", "egl", "display", "input", "gpio", "state", "service"):
        assert by_name[name]["status"] == "ok", by_name[name]


def test_the_frame_budget_is_measured_on_the_screen_itself_under_kmsdrm(pi):
    """``companion bench frames --on-screen`` as a maker runs it on a Pi, the kiosk stopped:
    every play frame drawn fullscreen on KMSDRM at the screen's own size, each rotation, against
    a blit flipped to the same screen (the figures mean nothing under emulation; the path
    does: it is the one that gives a Pi's own figures)."""
    pi.run("systemctl stop companion")
    try:
        done = pi.run(f"cd /tmp && {COMPANION} bench frames --on-screen --rounds 1 --json "
                      "2>/tmp/frames.log", timeout=1500, check=False)
        lines = done.out.strip().splitlines()
        assert lines, pi.run("tail -5 /tmp/frames.log").out
        report = json.loads(lines[-1])
        print({key: report[key] for key in ("driver", "stack", "worst_p99_to_blit")})
        assert report["on_screen"] is True and report["driver"] == "KMSDRM"
        (size,) = report["sizes"].values()
        assert size["blit_floor_ms"] > 0
        assert set(size["rotations"]) == {"0", "90", "180", "270"}
        for kinds in size["rotations"].values():
            assert {"tumble", "countdown"} <= set(kinds), kinds
        assert done.code == (0 if report["met"] else 1)
    finally:
        pi.run("systemctl start companion", check=False)
    wait_active(pi)


def test_the_wiring_check_run_while_the_kiosk_holds_the_pins_says_so_in_one_line(pi):
    """A maker who runs ``companion buttons`` with the service up meets lgpio's own "GPIO
    busy" from the kernel's GPIO chip: one line naming the pin and what to stop."""
    wait_active(pi)
    done = pi.run(f"timeout 120 {COMPANION} buttons", check=False)
    print(done.out, done.err)
    assert done.code == 2
    assert done.err.count("\n") == 1 and done.err.startswith("companion: cannot open player 1")
    assert "busy" in done.err and "sudo systemctl stop companion" in done.err
    assert unit(pi, "ActiveState")["ActiveState"] == "active"


def test_buttons_and_the_clock_check_answer_on_the_kernel_gpio_chip(pi):
    pi.run("systemctl stop companion")
    try:
        pi.run(f"(timeout 200 {COMPANION} doctor --clock-check > /tmp/clock.log 2>&1 &)")
        time.sleep(20)
        deadline = time.monotonic() + 180
        while "clock" not in pi.run("cat /tmp/clock.log").out.lower() or \
                pi.run("pgrep -f 'doctor --clock-chec[k]'", check=False).code == 0:
            tap(pi, 1, "S")
            assert time.monotonic() < deadline, pi.run("cat /tmp/clock.log").out
            time.sleep(3)
        clock = pi.run("cat /tmp/clock.log").out
        print(clock)
        assert "CLOCK_MONOTONIC" in clock
        pi.run(f"(timeout 200 {COMPANION} buttons > /tmp/buttons.log 2>&1 &)")
        time.sleep(20)
        deadline = time.monotonic() + 180
        while "27" not in pi.run("cat /tmp/buttons.log").out.split("not pressed")[0]:
            tap(pi, 1, "S")
            assert time.monotonic() < deadline, pi.run("cat /tmp/buttons.log").out
            time.sleep(3)
        print(pi.run("cat /tmp/buttons.log").out)
    finally:
        pi.run("pkill -f 'companion buttons'; systemctl start companion", check=False)


#: Run in the guest by the product's Python: gpiozero #1189 (under lgpio, closing one input
#: stops another's events) on the kernel's GPIO chip. The shipped pads are opened on lgpio and
#: a button pressed (``alone``); another input is opened and closed on the same chip and a pad
#: button pressed (``after_another_closed``); every pad is closed and opened again, on the same
#: pin factory and on a new one, and a button pressed each time. Prints what the pads posted.
REOPEN_SCRIPT = """
import json, time
from gpiozero import Button
from gpiozero.pins.lgpio import LGPIOFactory
from companion.config.settings import default_text, parse
from companion.inputs.gpio import open_gpio

def pull(line, value):
    with open("{pull}".format(line), "w") as handle:
        handle.write(value)

def heard(posted, line):
    del posted[:]
    pull(line, "pull-down"); time.sleep(1); pull(line, "pull-up"); time.sleep(1)
    return [repr(event) for event in posted]

settings, posted, found = parse(default_text()).gpio, [], {{}}
pads = open_gpio(settings, posted.append)
found["alone"] = heard(posted, 4)
other = Button(18, pin_factory=pads.factory)
try:
    other.close()
except Exception as error:
    found["closing_another"] = repr(error)
found["after_another_closed"] = heard(posted, 17)
pads.close()
time.sleep(1)
pads = open_gpio(settings, posted.append)
found["reopened"] = heard(posted, 10)
pads.close()
time.sleep(1)
pads = open_gpio(settings, posted.append, pin_factory=LGPIOFactory())
found["reopened_on_a_new_factory"] = heard(posted, 9)
pads.close()
print(json.dumps(found))
""".format(pull=PULL)


def test_gpio_pads_closed_and_opened_again_hear_presses_on_the_kernel_chip(pi):
    """Reopening is all pads or none: closing one input while the others stay open deafens them
    under lgpio (gpiozero #1189; printed, not asserted: it is lgpio's, and the product never
    does it); closing every pad and opening them all again hears presses."""
    pi.run("systemctl stop companion")
    try:
        release_all(pi)
        found = json.loads(pi.run(f"{GUEST_PYTHON} -", stdin=REOPEN_SCRIPT.encode()).out
                           .strip().splitlines()[-1])
        print(f"gpiozero #1189 on the kernel's GPIO chip: {found}")
        expected = {"alone": "player=1, side=<Side.N", "reopened": "player=2, side=<Side.N",
                    "reopened_on_a_new_factory": "player=2, side=<Side.E"}
        for part, tap in expected.items():
            assert any(event.startswith(f"Tap({tap}") for event in found[part]), (part, found)
    finally:
        pi.run("systemctl start companion", check=False)


def test_the_kiosks_and_the_pages_security_exposure_measured_in_the_vm_is_at_most_1_0(pi):
    for service in ("companion.service", "companion-web.service"):
        out = pi.run(f"systemd-analyze security {service} --no-pager", check=False).out
        exposure = re.search(rf"Overall exposure level for {re.escape(service)}: ([0-9.]+)", out)
        assert exposure, out
        print(exposure.group(0))
        assert float(exposure.group(1)) <= 1.0, exposure.group(0)
