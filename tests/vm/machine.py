"""The Pi in a box from the host's side: one QEMU virtual machine and the ways to drive it.

:class:`Machine` boots the image that ``build-image.sh`` made (Debian's kernel,
real systemd, a gpio-sim chip as gpiochip0, a virtio GPU on one display),
on a qcow2 overlay so that a power cut (:meth:`Machine.kill`) and a boot again
keep the disk as it was at that instant. The host drives it the way a table does:

- :meth:`run`: a shell command in the guest as root, through QEMU's guest agent
  (``guest-exec``), with its exit code and output;
- :meth:`key`: a key pressed on the machine's own PS/2 keyboard (QMP ``send-key``);
- :meth:`screendump`: the display's scanout as QEMU shows it (QMP ``screendump``),
  never a frame the program saved itself;
- :meth:`device_add` / :meth:`device_del`: hot-plug (a USB keyboard, a touch tablet,
  an FTDI USB-serial adapter on a host chardev);
- :meth:`press` / :meth:`release`: a GPIO line pulled down and up, as a button to
  ground does, in the gpio-sim chip's sysfs.

Nothing here waits on wall-clock speed for a verdict: every wait polls for a
state, with a generous deadline (software emulation is slow and varies).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

#: The display QEMU shows: virtio-gpu with one 1280x800 head.
DISPLAY_SIZE = (1280, 800)
#: QEMU's most capable emulated CPU (lgpio's wheel needs more than the default model), less
#: AVX2: under QEMU 7.2's emulation of it, Mesa's llvmpipe JIT crashes the kiosk in set_mode.
CPU = "max,avx2=off"
#: The display device's id: hot-plugged input devices are bound to its console.
DISPLAY = "gpu"
#: Where the guest's gpio-sim chip exposes each line's simulated pull.
SIM_LINE = "/sys/devices/platform/gpio-sim.0/gpiochip0/sim_gpio{}/pull"


class MachineError(RuntimeError):
    """The VM did not do what was asked within its deadline."""


@dataclass(frozen=True)
class Result:
    """A command's exit code and output in the guest."""

    code: int
    out: str
    err: str

    def check(self, what: str) -> str:
        if self.code != 0:
            raise MachineError(f"{what}: exit {self.code}\n{self.out}\n{self.err}")
        return self.out


class JsonChannel:
    """A JSON-lines conversation on a unix socket (QMP and the guest agent both speak it)."""

    def __init__(self, path: Path, timeout: float) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(str(path))
        self.buffer = b""

    def send(self, message: dict) -> None:
        self.sock.sendall(json.dumps(message).encode() + b"\n")

    def receive(self) -> dict:
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise MachineError("the VM closed its socket")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line) if line.strip() else self.receive()

    def close(self) -> None:
        self.sock.close()


class Qmp:
    """QEMU's machine protocol: commands to the emulator itself."""

    def __init__(self, path: Path) -> None:
        self.channel = JsonChannel(path, timeout=60)
        self.channel.receive()                      # the greeting
        self.command("qmp_capabilities")

    def command(self, name: str, **arguments: object) -> object:
        self.channel.send({"execute": name, "arguments": arguments})
        while True:
            reply = self.channel.receive()
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise MachineError(f"QMP {name}: {reply['error'].get('desc')}")
            # an asynchronous event (DEVICE_DELETED, ...): not the answer


class Agent:
    """QEMU's guest agent: commands run inside the guest."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.channel: JsonChannel | None = None

    def connect(self, deadline: float) -> None:
        """Wait until the agent answers a sync (the guest has booted that far)."""
        while True:
            try:
                self.channel = JsonChannel(self.path, timeout=5)
                token = int(time.monotonic() * 1000) % 2**31
                self.channel.send({"execute": "guest-sync", "arguments": {"id": token}})
                while self.channel.receive().get("return") != token:
                    pass
                self.channel.sock.settimeout(60)
                return
            except (OSError, MachineError, ValueError):
                if self.channel:
                    self.channel.close()
                    self.channel = None
                if time.monotonic() > deadline:
                    raise MachineError("the guest agent never answered") from None
                time.sleep(2)

    def command(self, name: str, **arguments: object) -> object:
        assert self.channel is not None, "connect() first"
        self.channel.send({"execute": name, "arguments": arguments})
        reply = self.channel.receive()
        if "error" in reply:
            raise MachineError(f"guest agent {name}: {reply['error'].get('desc')}")
        return reply.get("return")


class Machine:
    """One boot of the Pi in a box (see the module docstring)."""

    def __init__(self, image_dir: Path, work: Path, memory_mb: int = 1536,
                 extra_drives: list[Path] | None = None) -> None:
        self.image_dir = image_dir.resolve()
        self.work = work.resolve()
        #: Read-only disks after the root one (/dev/vdb, ...).
        self.extra_drives = [path.resolve() for path in extra_drives or []]
        self.memory_mb = memory_mb
        self.process: subprocess.Popen | None = None
        self.qmp: Qmp | None = None
        self.agent = Agent(work / "agent.sock")
        self.boots = 0
        self.disk = work / "disk.qcow2"

    # -- power ----------------------------------------------------------------
    def new_disk(self) -> None:
        """A fresh overlay on the built image: the SD card as flashed."""
        self.disk.unlink(missing_ok=True)
        subprocess.run(["qemu-img", "create", "-q", "-f", "qcow2", "-F", "raw", "-b",
                        str(self.image_dir / "rootfs.img"), str(self.disk)], check=True)

    def command_line(self) -> list[str]:
        w = self.work
        width, height = DISPLAY_SIZE
        return [
            "qemu-system-x86_64", "-accel", "tcg,thread=multi", "-cpu", CPU, "-smp", "2",
            "-m", str(self.memory_mb), "-machine", "pc", "-no-reboot",
            "-kernel", str(self.image_dir / "vmlinuz"),
            "-initrd", str(self.image_dir / "initrd.img"),
            "-append", "root=/dev/vda rw console=ttyS0,115200 systemd.show_status=0 quiet "
                       "loglevel=4 net.ifnames=0",
            "-drive", f"file={self.disk},if=virtio,format=qcow2,cache=writeback",
            *[arg for path in self.extra_drives
              for arg in ("-drive", f"file={path},if=virtio,format=raw,readonly=on")],
            "-vga", "none", "-device", f"virtio-gpu-pci,id={DISPLAY},xres={width},yres={height}",
            "-display", "none",
            "-device", "qemu-xhci,id=xhci",
            "-nic", "none",
            "-serial", f"file:{w / f'console-{self.boots}.log'}",
            "-qmp", f"unix:{w / 'qmp.sock'},server=on,wait=off",
            "-chardev", f"socket,id=agent,path={w / 'agent.sock'},server=on,wait=off",
            "-device", "virtio-serial-pci",
            "-device", "virtserialport,chardev=agent,name=org.qemu.guest_agent.0",
        ]

    def boot(self, timeout: float = 600) -> None:
        """Power on and wait until the guest agent answers."""
        if not self.disk.exists():
            self.new_disk()
        for name in ("qmp.sock", "agent.sock"):
            (self.work / name).unlink(missing_ok=True)
        self.boots += 1
        log = open(self.work / f"qemu-{self.boots}.log", "wb")
        # A process group of its own (killed whole by kill()), but not a session: a session
        # leader that opens a host tty (the serial controller's pty) makes it its
        # controlling terminal, and dies of SIGHUP when the controller goes away.
        self.process = subprocess.Popen(self.command_line(), stdout=log, stderr=subprocess.STDOUT,
                                        process_group=0)
        deadline = time.monotonic() + timeout
        while not (self.work / "qmp.sock").exists():
            if self.process.poll() is not None:
                said = (self.work / f"qemu-{self.boots}.log").read_text()
                raise MachineError(f"QEMU exited: {said}")
            if time.monotonic() > deadline:
                raise MachineError("QEMU never opened its monitor")
            time.sleep(0.2)
        self.qmp = Qmp(self.work / "qmp.sock")
        self.agent.connect(deadline)

    def kill(self) -> None:
        """Pull the plug: QEMU killed, no shutdown, the disk as it was at that instant."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(30)
        self.process = self.qmp = None
        if self.agent.channel:
            self.agent.channel.close()
            self.agent.channel = None

    def reboot(self, timeout: float = 600) -> None:
        """A clean reboot: systemd shuts down (the guest powers off: -no-reboot), then power on."""
        self.agent.command("guest-exec", path="/bin/systemctl", arg=["poweroff"])
        assert self.process is not None
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise MachineError("the guest did not power off") from None
        self.kill()
        self.boot(timeout)

    # -- commands in the guest ------------------------------------------------
    def run(self, command: str, timeout: float = 300, check: bool = True,
            stdin: bytes | None = None) -> Result:
        """``sh -c command`` in the guest as root; ``check``: raise unless it exits 0."""
        arguments: dict = {"path": "/bin/sh", "arg": ["-c", command], "capture-output": True}
        if stdin is not None:
            arguments["input-data"] = base64.b64encode(stdin).decode()
        try:
            pid = self.agent.command("guest-exec", **arguments)["pid"]  # type: ignore[index]
        except (OSError, MachineError):
            if not check:
                return Result(-1, "", "the guest agent is gone")
            raise
        deadline = time.monotonic() + timeout
        while True:
            status = self.agent.command("guest-exec-status", pid=pid)
            assert isinstance(status, dict)
            if status.get("exited"):
                result = Result(status.get("exitcode", -1), decoded(status, "out-data"),
                                decoded(status, "err-data"))
                if check:
                    result.check(command)
                return result
            if time.monotonic() > deadline:
                raise MachineError(f"{command}: still running after {timeout} s")
            time.sleep(0.3)

    def put(self, path: str, data: bytes) -> None:
        """Write a file in the guest."""
        self.run(f"mkdir -p \"$(dirname '{path}')\" && cat > '{path}'", stdin=data)

    def fetch(self, path: str, to: Path) -> Path:
        """Copy a file out of the guest to ``to``."""
        to.write_bytes(base64.b64decode(self.run(f"base64 -w0 '{path}'").out))
        return to

    def wait_for(self, command: str, what: str, timeout: float = 300, every: float = 2) -> Result:
        """Run ``command`` until it exits 0; its last result."""
        deadline = time.monotonic() + timeout
        while True:
            result = self.run(command, check=False, timeout=max(30, timeout))
            if result.code == 0:
                return result
            if time.monotonic() > deadline:
                raise MachineError(f"{what}: not within {timeout} s ({result.out}{result.err})")
            time.sleep(every)

    # -- the table's hands ----------------------------------------------------
    def key(self, *names: str, hold_ms: int = 100) -> None:
        """Press (and release) keys on the machine's keyboard, by QEMU's names ('down', 'ret')."""
        assert self.qmp is not None
        keys = [{"type": "qcode", "data": name} for name in names]
        self.qmp.command("send-key", keys=keys, **{"hold-time": hold_ms})

    def key_on_display(self, name: str) -> None:
        """Press and release one key on the keyboard bound to the display (a hot-plugged one,
        :meth:`plug_input`), not the machine's own PS/2 keyboard."""
        assert self.qmp is not None
        for down in (True, False):
            self.qmp.command("input-send-event", device=DISPLAY, events=[
                {"type": "key", "data": {"down": down, "key": {"type": "qcode", "data": name}}}])
            time.sleep(0.1)

    def touch(self, x: int, y: int) -> None:
        """Touch the screen at pixel (``x``, ``y``) with the absolute pointer bound to the
        display (a hot-plugged usb-tablet, :meth:`plug_input`).

        The tablet reports 0..32767 on each axis, and SDL 2.26's evdev input takes an
        absolute pointer's values as pixels, unscaled (a touchscreen's it scales): so the
        pixel itself is sent."""
        assert self.qmp is not None
        position = [{"type": "abs", "data": {"axis": "x", "value": x}},
                    {"type": "abs", "data": {"axis": "y", "value": y}}]
        self.qmp.command("input-send-event", device=DISPLAY, events=position)
        for down in (True, False):
            time.sleep(0.1)
            self.qmp.command("input-send-event", device=DISPLAY, events=[
                {"type": "btn", "data": {"down": down, "button": "left"}}])

    def screendump(self, path: Path) -> Path:
        """The display's scanout as QEMU shows it, as a PNG file."""
        assert self.qmp is not None
        path.unlink(missing_ok=True)
        self.qmp.command("screendump", filename=str(path), format="png")
        deadline = time.monotonic() + 30
        while not path.exists() or path.stat().st_size == 0:
            if time.monotonic() > deadline:
                raise MachineError("screendump wrote nothing")
            time.sleep(0.1)
        return path

    def plug_input(self, driver: str, id: str) -> None:
        """Hot-plug a USB input device (usb-kbd, usb-tablet) bound to the display's console, so
        that :meth:`key_on_display` and :meth:`touch` reach it and nothing else."""
        self.device_add(driver, id, bus="xhci.0", display=DISPLAY)

    def device_add(self, driver: str, id: str, **properties: object) -> None:
        assert self.qmp is not None
        self.qmp.command("device_add", driver=driver, id=id, **properties)

    def device_del(self, id: str) -> None:
        assert self.qmp is not None
        self.qmp.command("device_del", id=id)

    def chardev_add_pty(self, id: str) -> str:
        """A host pty as a character device for the guest; its host path."""
        assert self.qmp is not None
        reply = self.qmp.command("chardev-add", id=id,
                                 backend={"type": "pty", "data": {}})
        assert isinstance(reply, dict)
        return str(reply["pty"])

    def press(self, *lines: int) -> None:
        """Pull GPIO lines to ground, all in one guest command (microseconds apart)."""
        self.run(" && ".join(f"echo pull-down > {SIM_LINE.format(n)}" for n in lines))

    def release(self, *lines: int) -> None:
        """Let GPIO lines go back up (the pull-up)."""
        self.run(" && ".join(f"echo pull-up > {SIM_LINE.format(n)}" for n in lines))


def decoded(status: dict, stream: str) -> str:
    """A guest-exec stream's text (the agent sends it in base64)."""
    return base64.b64decode(status.get(stream, "")).decode(errors="replace")


def have_tools() -> list[str]:
    """The host commands the Pi in a box needs that are missing."""
    return [tool for tool in ("qemu-system-x86_64", "qemu-img") if shutil.which(tool) is None]
