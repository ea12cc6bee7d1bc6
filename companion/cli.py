"""The ``companion`` command line: finds the subcommands and runs one.

Each module in :mod:`companion.commands` is one subcommand. It defines
``NAME`` (the word typed after ``companion``: the module's name with ``-`` for
``_``), ``HELP`` (one line), ``add_arguments(parser)`` and ``run(args) -> int``.
Adding a subcommand means adding a module; nothing here changes. Only the
module of the subcommand typed is imported (a subcommand's imports, pygame
among them, cost most of a second on a Pi); ``companion --help`` and a
mistyped subcommand import them all, to list them.

Every mistake on the command line is one line naming the command and the
help that explains it: ``companion SUBCOMMAND --help`` for a subcommand's
options (unknown ones included, and a :class:`~companion.commands.argtypes.UsageError`
its ``run`` raises), ``companion --help`` for the rest.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import pkgutil
import sys
import types
from typing import NoReturn

from companion import __version__, commands
from companion.commands.argtypes import UsageError
from companion.errors import CompanionError
from companion.kiosk.logs import configure as configure_logging

log = logging.getLogger("companion")


def discover(package: types.ModuleType) -> list[types.ModuleType]:
    """Import every module of ``package`` that defines ``NAME``, sorted by name."""
    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        if hasattr(module, "NAME"):
            found.append(module)
    return sorted(found, key=lambda m: m.NAME)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, naming the command and the option.

    ``commands`` holds the parser of each subcommand, by name.
    """

    commands: dict[str, Parser]

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def parse(parser: Parser, argv: list[str] | None) -> argparse.Namespace:
    """``argv`` parsed; options nobody knows are refused by the subcommand they follow."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        owner = parser.commands.get(getattr(args, "command", None) or "", parser)
        owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    return args


def typed_command(argv: list[str]) -> str | None:
    """The subcommand ``argv`` names: its first word that is not an option (``None``: none)."""
    return next((word for word in argv if not word.startswith("-")), None)


def command_module(name: str | None) -> types.ModuleType | None:
    """The subcommand module named ``name`` (``firmware-sim`` is ``commands/firmware_sim.py``),
    imported; ``None`` when no subcommand has that name."""
    if not name or not name.replace("-", "").isalnum():
        return None
    modules = {info.name for info in pkgutil.iter_modules(commands.__path__)}
    module_name = name.replace("-", "_")
    if module_name.startswith("_") or module_name not in modules:
        return None
    module = importlib.import_module(f"{commands.__name__}.{module_name}")
    return module if getattr(module, "NAME", None) == name else None


def build_parser(command: str | None = None) -> Parser:
    """The command line's parser: with the subcommand ``command`` alone when it is one (only its
    module is imported), else with every subcommand (to list them in help and errors)."""
    parser = Parser(
        prog="companion",
        description="Dice roller and judge for Not Not, and bookkeeper for two other Not games.",
    )
    parser.add_argument("--version", action="version", version=f"companion {__version__}")
    parser.add_argument("--debug", action="store_true", help="log details, show tracebacks")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parser.commands = {}
    typed = command_module(command)
    for module in [typed] if typed is not None else discover(commands):
        child = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(child)
        child.set_defaults(run=module.run)
        parser.commands[module.NAME] = child
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(typed_command(argv))
    args = parse(parser, argv)
    configure_logging(args.debug)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return int(args.run(args) or 0)
    except UsageError as error:
        print(f"companion {args.command}: {error} (see companion {args.command} --help)",
              file=sys.stderr)
        return 2
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as error:  # the last line of defence: one line, never a traceback
        if args.debug:
            raise
        log.debug("internal error", exc_info=True)
        print(f"companion: internal error: {type(error).__name__}: {error} "
              "(run with --debug for details)", file=sys.stderr)
        return 3
