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
options (unknown ones included, and a :class:`~companion.tools.argtypes.UsageError`
its ``run`` raises), ``companion --help`` for the rest.

Every other way a command cannot go on is one ``companion: ...`` line on standard error too,
never a traceback: a :class:`~companion.errors.CompanionError`; a file system error (a name
longer than 255 characters, no permission); standard output full or unwritable (flushed before
the command ends, so it is said rather than lost at exit); a standard stream closed before
``companion`` started; a character the output's encoding has not (written as ``\\xe9``).
``--state-dir`` is resolved here once (``~`` and ``~user``), so every command gets the same folder.
pygame's greeting is kept off standard output, which carries only what the command prints.
"""

from __future__ import annotations

import argparse
import importlib
import io
import logging
import os
import pkgutil
import sys
import types
from collections.abc import Iterator
from typing import Any, NoReturn

from companion import __version__, commands
from companion.commands import discover
from companion.errors import CompanionError, OutputError, StreamError
from companion.kiosk.logs import configure as configure_logging
from companion.storage.location import os_error_line, state_dir
from companion.tools.argtypes import UsageError

log = logging.getLogger("companion")
#: pygame prints a greeting on standard output when imported, unless this is set.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


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


class _Output(io.FileIO):
    """Standard output's file descriptor, whose write errors say they are standard output's."""

    def write(self, data: Any) -> int:
        try:
            return super().write(data)
        except BrokenPipeError:
            raise
        except OSError as error:
            raise OutputError(error.errno, error.strerror) from None


class Closed:
    """Stands in for a standard stream that was closed before ``companion`` started: using it
    is a :class:`StreamError` naming it (flushing and closing it, as Python does at exit, is
    nothing)."""

    def __init__(self, name: str, what: str) -> None:
        self.name, self.what = name, what

    def __getattr__(self, attribute: str) -> object:
        raise StreamError(f"{self.name} is closed: {self.what}")

    def __iter__(self) -> Iterator[str]:
        raise StreamError(f"{self.name} is closed: {self.what}")

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


def adopt_streams() -> None:
    """Standard input and output as the command line needs them: a closed one is a
    :class:`Closed`; the process's own standard output raises :class:`OutputError` when it
    cannot be written, and writes what its encoding has not as ``\\xe9``, not an error."""
    if sys.stdin is None:
        sys.stdin = Closed("standard input",
                           "there is nothing to read (give the command a file or a pipe: "
                           "companion judge < cases.jsonl)")
    if sys.stdout is None:
        sys.stdout = Closed("standard output",
                            "there is nowhere to print (give the command a file, a pipe or "
                            "> /dev/null)")
    out = sys.stdout
    if out is not sys.__stdout__ or not isinstance(out, io.TextIOWrapper) \
            or isinstance(getattr(out.buffer, "raw", None), _Output):
        return
    try:
        raw = _Output(out.fileno(), "w", closefd=False)
    except (OSError, ValueError):
        return
    out.flush()
    utf = out.encoding.lower().replace("-", "") in ("utf8", "utf_8")
    unbuffered = isinstance(out.buffer, io.RawIOBase)   # python -u, PYTHONUNBUFFERED
    sys.stdout = io.TextIOWrapper(
        raw if unbuffered else io.BufferedWriter(raw), encoding=out.encoding,
        errors=out.errors if utf else "backslashreplace", line_buffering=out.line_buffering,
        write_through=out.write_through)


def silence_stdout() -> None:
    """After standard output failed: what is left in its buffer goes nowhere, so Python's flush
    at exit does not fail a second time with a traceback."""
    sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - open until the process ends


def resolve_state_dir(args: argparse.Namespace) -> None:
    """``--state-dir`` with its ``~`` or ``~user`` expanded, once, for every command; an empty
    one (an unset ``$DIR`` in a script) is refused, never read as "the usual folder"."""
    if isinstance(getattr(args, "state_dir", None), str):
        args.state_dir = str(state_dir(args.state_dir))


def main(argv: list[str] | None = None) -> int:
    adopt_streams()
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(typed_command(argv))
    args = parse(parser, argv)
    configure_logging(args.debug)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        resolve_state_dir(args)
        code = int(args.run(args) or 0)
        sys.stdout.flush()   # a full standard output is said here, not lost at exit
        return code
    except UsageError as error:
        print(f"companion {args.command}: {error} (see companion {args.command} --help)",
              file=sys.stderr)
        return 2
    except OutputError as error:
        silence_stdout()
        print(f"companion: {error}", file=sys.stderr)
        return 2
    except CompanionError as error:
        print(f"companion: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        silence_stdout()
        return 0
    except OSError as error:
        if args.debug:
            raise
        print(f"companion: {os_error_line(error)}", file=sys.stderr)
        return 2
    except Exception as error:  # the last line of defence: one line, never a traceback
        if args.debug:
            raise
        log.debug("internal error", exc_info=True)
        print(f"companion: internal error: {type(error).__name__}: {error} "
              "(run with --debug for details)", file=sys.stderr)
        return 3
