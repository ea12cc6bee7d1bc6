"""The file list is the architecture: a few modules at the top, every package says what it owns,
and the rules cores stay pure."""

from __future__ import annotations

import pytest
import ast
from pathlib import Path

import companion

ROOT = Path(companion.__file__).resolve().parent

#: Packages whose modules must not do I/O, read a clock or use global random state.
PURE = ("games/notnot", "games/movie", "games/hat")
#: Imports a pure module may not make.
IMPURE = {"os", "time", "pygame", "sqlite3", "gpiozero", "serial", "subprocess", "threading",
          "socket", "logging", "pathlib", "shutil", "tempfile", "datetime"}
#: Modules in a pure package that are its named adapter to a data file.
PURE_ADAPTERS = {"games/notnot/data_file.py"}


def packages() -> list[Path]:
    return sorted(p.parent for p in ROOT.rglob("__init__.py") if "__pycache__" not in p.parts)


def test_at_most_five_modules_sit_at_the_top_of_the_package():
    top = sorted(p.name for p in ROOT.glob("*.py"))
    assert len(top) <= 5, top


def test_every_module_says_what_it_owns_in_a_docstring():
    bare = [str(p.relative_to(ROOT.parent)) for p in ROOT.rglob("*.py")
            if "__pycache__" not in p.parts and not ast.get_docstring(ast.parse(p.read_text()))]
    assert bare == []


def test_the_rules_cores_do_no_io_read_no_clock_and_keep_no_global_random_state():
    offenders = []
    for folder in PURE:
        for path in (ROOT / folder).glob("*.py"):
            if str(path.relative_to(ROOT)) in PURE_ADAPTERS:
                continue
            tree = ast.parse(path.read_text())
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                for name in names:
                    top = name.split(".")[0]
                    if top in IMPURE or (top == "companion" and not name.startswith(
                            ("companion.games", "companion.errors"))):
                        offenders.append(f"{path.relative_to(ROOT)} imports {name}")
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and isinstance(node.func.value, ast.Name) and node.func.value.id == "random"
                        and node.func.attr != "Random"):
                    offenders.append(f"{path.relative_to(ROOT)} calls random.{node.func.attr}")
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open":
                    offenders.append(f"{path.relative_to(ROOT)} opens a file")
    assert offenders == []


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``companion`` that ``path`` imports anywhere in it (type-checking
    imports and imports inside functions count: a circle of names is a circle)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules
                      else node.module for alias in node.names}
    return {name for name in found if name in modules} - {module_name(path)}


def import_graph() -> dict[str, set[str]]:
    paths = [p for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts]
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) for p in paths}


def circle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports from ``start`` back to ``start``, or ``None``."""
    trail, seen = [start], set()

    def walk(module: str) -> bool:
        for target in sorted(graph[module]):
            if target == start:
                return True
            if target not in seen:
                seen.add(target)
                trail.append(target)
                if walk(target):
                    return True
                trail.pop()
        return False

    return [*trail, start] if walk(start) else None


@pytest.mark.slow
def test_no_module_imports_itself_back_through_a_circle_of_imports():
    graph = import_graph()
    circles = {module: circle for module in graph
               if (circle := circle_through(graph, module)) is not None}
    assert circles == {}, "\n".join(" -> ".join(circle) for circle in circles.values())


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circle_through(graph, "a") == ["a", "b", "c", "a"]
    assert circle_through(graph, "d") is None


#: The layers of ``companion``, lowest first: a module may import its own layer and the ones
#: below it, never one above. Packages in one layer do not need each other.
LAYERS = (
    {"errors"},
    {"games"},
    {"boards"},
    {"config"},
    {"audio", "storage", "inputs"},
    {"display"},
    {"scenes"},
    {"kiosk"},
    {"simulation"},
    {"web"},
    {"tools"},
    {"commands"},
    {"cli", "__main__"},
)


def layer_of(module: str) -> int:
    """The layer of ``companion.<package>...`` (the package ``companion`` itself: the lowest)."""
    parts = module.split(".")
    if len(parts) == 1:
        return 0
    return next(number for number, layer in enumerate(LAYERS) if parts[1] in layer)


def test_every_package_of_companion_has_a_layer():
    packages = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    modules = {p.stem for p in ROOT.glob("*.py")} - {"__init__"}
    assert packages | modules == set().union(*LAYERS)


@pytest.mark.slow
def test_no_import_points_up_the_layers():
    upward = sorted(f"{module} imports {target}"
                    for module, targets in import_graph().items() for target in targets
                    if layer_of(target) > layer_of(module))
    assert upward == []


def test_the_session_keeps_what_the_table_chose_and_no_game():
    from dataclasses import fields

    from companion.scenes.session import Session

    assert {field.name for field in fields(Session)} == {"setup", "preferences"}


@pytest.mark.slow
def test_no_command_imports_another_command():
    def command(module: str) -> bool:
        return module.startswith("companion.commands.")

    crossing = sorted(f"{module} imports {target}"
                      for module, targets in import_graph().items() if command(module)
                      for target in targets if command(target))
    assert crossing == []
