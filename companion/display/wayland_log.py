"""libwayland's own lines where no Wayland desktop can be reached: into our log, not stderr.

With ``SDL_VIDEODRIVER`` unset, SDL tries its Wayland driver before KMSDRM and its offscreen
fallback. Without ``XDG_RUNTIME_DIR`` (an SSH login, a text console, a systemd service)
libwayland cannot find a desktop's socket and writes ``error: XDG_RUNTIME_DIR is invalid or not
set in the environment.`` to stderr, ahead of our own line about the display. Only in that
case, :func:`log_wayland_lines_where_unreachable` gives libwayland a log handler that writes its
lines to our log at DEBUG; where a Wayland desktop may be reached, libwayland keeps its stderr.
"""

from __future__ import annotations

import ctypes
import logging
import os
from collections.abc import Mapping

log = logging.getLogger(__name__)

#: The library SDL loads for its Wayland driver (the same one is shared with ours once loaded).
LIBRARY = "libwayland-client.so.0"
#: ``void handler(const char *format, va_list args)``: the ``va_list`` arrives as a pointer.
HANDLER = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_void_p)


def wayland_unreachable(environ: Mapping[str, str]) -> bool:
    """Whether libwayland cannot find a desktop to connect to, as it decides: no
    ``WAYLAND_SOCKET``, and neither an absolute ``XDG_RUNTIME_DIR`` nor an absolute
    ``WAYLAND_DISPLAY``."""
    return not (environ.get("WAYLAND_SOCKET")
                or environ.get("XDG_RUNTIME_DIR", "").startswith("/")
                or environ.get("WAYLAND_DISPLAY", "").startswith("/"))


def log_line(text: bytes | None, _args: int | None) -> None:
    """Write libwayland's line ``text`` (its format, unformatted) to our log at DEBUG."""
    log.debug("libwayland: %s", (text or b"").decode(errors="replace").strip())


#: The handler given to libwayland, kept for as long as the library may call it.
_HANDLER = HANDLER(log_line)


def log_wayland_lines_where_unreachable(environ: Mapping[str, str] = os.environ) -> bool:
    """Before SDL opens its video, when SDL will choose the driver itself and libwayland cannot
    reach a desktop, send libwayland's lines to our log. Whether it did (``False`` also when
    libwayland is not installed: then SDL cannot try Wayland either)."""
    if environ.get("SDL_VIDEODRIVER") or not wayland_unreachable(environ):
        return False
    try:
        library = ctypes.CDLL(LIBRARY)
    except OSError:
        return False
    library.wl_log_set_handler_client(_HANDLER)
    return True
