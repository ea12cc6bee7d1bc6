"""``companion web``: the read-only live scoreboard page beside the kiosk (:mod:`companion.web`).

Serves the state folder's games on ``--host``:``--port`` (default all addresses, port 8080)
until stopped: the game in progress, updated live as rounds are saved, the finished games and
the other two games' score sheets. It only reads the state database. Its first line says the
address it serves (``--port 0`` picks a free port); serving every address, its second says the one
phones on this machine's network open.
"""

from __future__ import annotations

import argparse
import logging

from companion.config.web_page import DEFAULT_PORT, lan_page_address
from companion.errors import StateError
from companion.storage.location import not_a_folder, state_dir
from companion.tools.argtypes import whole_number
from companion.web.serving import server

NAME = "web"
HELP = "serve the read-only live scoreboard page on the local network"
#: The port served unless ``--port`` says.
PORT = DEFAULT_PORT
#: ``--host`` values that listen on every address (the LAN's among them).
EVERY_ADDRESS = ("0.0.0.0", "::")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state-dir", metavar="DIR",
                        help="the state folder (default: as for companion history)")
    parser.add_argument("--host", default="0.0.0.0",
                        help="the address to listen on (default 0.0.0.0: every address)")
    parser.add_argument("--port", type=whole_number(0, 65535, "port"), default=PORT,
                        help=f"the port (default {PORT}; 0: any free port)")


def run(args: argparse.Namespace) -> int:
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    logging.getLogger("waitress").setLevel(logging.WARNING)   # not each phone that left
    folder = state_dir(args.state_dir)
    problem = not_a_folder(folder)   # a folder not made yet is waited for; a file never is one
    if problem:
        raise StateError(problem)
    serving = server(folder, args.host, args.port)
    print(f"companion web: serving {page_address(args.host, serving.effective_port)} "
          f"(state folder {folder}{'' if folder.exists() else ', not made yet'})", flush=True)
    for_phones = lan_page_address(serving.effective_port) if args.host in EVERY_ADDRESS else None
    if for_phones:
        print(f"companion web: phones on this network open {for_phones}", flush=True)
    serving.run()
    return 0


def page_address(host: str, port: int) -> str:
    """The address a browser opens for a server on ``host`` and ``port``: ``localhost`` for
    every address, an IPv6 address in brackets."""
    host = "localhost" if host in EVERY_ADDRESS else host
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"
