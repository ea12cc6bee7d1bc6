"""Serving the scoreboard with Waitress: one thread per open live page, and a few for pages.

:func:`server` binds the address at once (so a taken port is one clear line before anything
else) and gives the server, whose ``effective_port`` says the port it got (``0`` asks for any
free one); :meth:`run` serves until the process is stopped.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from waitress.server import create_server

from companion.errors import CompanionError
from companion.web.app import MAX_LIVE, create_app
from companion.web.watcher import SaveWatcher

#: Threads for the pages beside those the live pages hold.
PAGE_THREADS = 8


def server(folder: Path, host: str, port: int, watcher: SaveWatcher | None = None) -> Any:
    """A Waitress server for the state folder ``folder`` bound to ``host``:``port``, its
    watcher started."""
    watcher = (watcher or SaveWatcher(folder)).start()
    app = create_app(folder, watcher)
    try:
        return create_server(app, host=host, port=port, threads=MAX_LIVE + PAGE_THREADS,
                             ident="companion", channel_timeout=60,
                             # reads on while a response streams: a live page that went is
                             # seen gone at once (app.LOOK_S), its place given back
                             channel_request_lookahead=1,
                             clear_untrusted_proxy_headers=True)
    except OSError as error:
        watcher.stop()
        raise CompanionError(f"cannot serve on {host}:{port}: {error.strerror or error}") from None
    except ValueError:   # Waitress: a host that is no address and no name it can look up
        watcher.stop()
        raise CompanionError(f"cannot serve on {host}:{port}: --host {host!r} is not an "
                             "address of this machine nor a name it can look up") from None
