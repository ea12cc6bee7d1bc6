"""One thin module per ``companion`` subcommand (found by :func:`discover`).

Each defines ``NAME``, ``HELP``, ``add_arguments(parser)`` and ``run(args) -> int``.

- play: ``run`` (the kiosk), ``demo`` (simulated players on the real kiosk).
- rules: ``judge`` (the rules oracle), ``simulate`` (whole games in virtual
  time), ``movie_rating``.
- records: ``history``, ``score_sheet``, ``players``.
- hardware: ``config``, ``doctor``, ``buttons``, ``wiring``, ``firmware_sim``.
- ``bench``: runs one of :mod:`companion.tools.benchmarks`.
"""

import importlib
import pkgutil
import types


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
