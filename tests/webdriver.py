"""A tiny W3C WebDriver client over urllib for Debian's chromium and chromedriver: start a
headless browser, open a page, run a script, size the window, take a screenshot. No selenium.
"""

from __future__ import annotations

import base64
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

from web_games import get, post_json

#: Flags that let Chromium run headless as root in a container, talking to nobody else.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-proxy-server",
                  "--disable-dev-shm-usage", "--hide-scrollbars"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def missing() -> str | None:
    """What is missing to drive a browser here, or ``None``."""
    for program in ("chromium", "chromedriver"):
        if shutil.which(program) is None:
            return f"{program} is not installed (apt-get install chromium chromium-driver)"
    return None


#: How many times :meth:`Browser.open` looks, 0.1 s apart, for the page's viewport.
VIEWPORT_TRIES = 50


class Browser:
    """A headless Chromium driven by chromedriver; use as a context manager."""

    def __init__(self, timeout_s: float = 90.0) -> None:
        #: The viewport asked for last (``None``: none asked for).
        self.asked: tuple[int, int] | None = None
        self.profile = tempfile.mkdtemp(prefix="companion-chromium-")
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.driver = subprocess.Popen(["chromedriver", f"--port={port}"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                if get(f"{self.base}/status", timeout=5)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.close()
                raise RuntimeError("chromedriver did not answer")
            time.sleep(0.1)
        options = {"binary": shutil.which("chromium"),
                   "args": [*CHROMIUM_FLAGS, f"--user-data-dir={self.profile}"]}
        answer = post_json(f"{self.base}/session", {"capabilities": {"alwaysMatch": {
            "browserName": "chrome", "goog:chromeOptions": options}}}, timeout=timeout_s)
        if "sessionId" not in answer.get("value", {}):
            self.close()
            raise RuntimeError(f"no browser session: {answer}")
        self.session = f"{self.base}/session/{answer['value']['sessionId']}"

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def command(self, path: str, body: dict | None = None, method: str = "POST") -> object:
        answer = post_json(f"{self.session}/{path}", body or {}, method=method, timeout=60)
        value = answer.get("value")
        if isinstance(value, dict) and "error" in value:
            raise RuntimeError(f"{path}: {value['error']}: {value.get('message', '')[:300]}")
        return value

    def open(self, url: str) -> None:
        """Load ``url``, and wait until its page is laid out at the viewport asked for last
        (:meth:`viewport`) and its fonts are loaded. A busy CI run once measured the history
        page in its wide layout at a 360 px viewport (its table's head shown, which only a
        viewport of 600 px or more shows), and passed on each run after: the new page's
        viewport had not taken the window's size yet."""
        self.command("url", {"url": url})
        for _ in range(VIEWPORT_TRIES):
            if self.asked is None or self.inner() == list(self.asked):
                break
            time.sleep(0.1)
        self.run("return document.fonts.ready.then(() => true);")

    def inner(self) -> object:
        """The page's viewport, ``[width, height]``."""
        return self.run("return [window.innerWidth, window.innerHeight];")

    def run(self, script: str, *args: object) -> object:
        """The value of the function body ``script`` run in the page."""
        return self.command("execute/sync", {"script": script, "args": list(args)})

    def viewport(self, width: int, height: int) -> tuple[int, int]:
        """Size the window so the page's viewport is ``width`` x ``height``; the size got."""
        self.command("window/rect", {"width": width, "height": height})
        for _ in range(3):
            inner = self.run("return [window.innerWidth, window.innerHeight];")
            assert isinstance(inner, list)
            if inner == [width, height]:
                break
            self.command("window/rect", {"width": 2 * width - inner[0],
                                         "height": 2 * height - inner[1]})
        got = self.run("return [window.innerWidth, window.innerHeight];")
        assert isinstance(got, list)
        self.asked = (width, height)
        return got[0], got[1]

    def screenshot(self, path: Path) -> Path:
        data = self.command("screenshot", method="GET")
        assert isinstance(data, str)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self) -> None:
        if getattr(self, "session", None):
            try:
                post_json(self.session, {}, method="DELETE", timeout=30)
            except OSError:
                pass
            self.session = ""
        self.driver.terminate()
        try:
            self.driver.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.driver.kill()
            self.driver.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def required() -> bool:
    """Whether a missing browser fails the test instead of skipping it (CI says so)."""
    return os.environ.get("COMPANION_BROWSER_REQUIRED") == "1"
