"""The shape stored JSON must have before code reads it: which values are objects, lists,
text, whole numbers, numbers or true/false.

Data damaged on disk fails here, with the path of its first wrong value (``table.N``,
``taps[2].t_us``; "it" for the whole); code that reads
data which passed may index and iterate it freely, so a ``TypeError`` after the check is a
bug in ``companion``, never reported as damaged data.

A shape is a type (``str``, ``int``, ``float``, ``bool``; an ``int`` is never a ``bool``, a
``float`` may be written as a whole number), a ``dict`` of field names to shapes (a JSON
object with at least those fields), a one-item ``list`` (a JSON list of that shape),
:class:`Each` (an object of any keys, each value of one shape), :class:`OrNone` and
:class:`MayLack` (a field that may be missing).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: How a problem names each type.
TYPE_NAMES: dict[type, str] = {
    str: "text", int: "a whole number", float: "a number", bool: "true or false"}


@dataclass(frozen=True)
class Each:
    """A JSON object whose every value has the shape ``value``."""

    value: object


@dataclass(frozen=True)
class OrNone:
    """``null``, or a value of the shape ``shape``."""

    shape: object


@dataclass(frozen=True)
class MayLack:
    """A field of an object that may be missing; when there, of the shape ``shape``."""

    shape: object


def shape_problem(value: object, shape: object, where: str = "") -> str | None:
    """What is wrong with the shape of ``value`` (found at the path ``where``), or ``None``.
    A value that :func:`fits` is passed at once; only a wrong one is looked at again to name
    its first wrong value (every kept round is checked as it is read: thousands at the end
    screen's entry)."""
    return None if fits(value, shape) else _problem(value, shape, where)


def fits(value: object, shape: object) -> bool:
    """Whether ``value`` has the shape ``shape``, without naming what is wrong (no path is
    made along the way)."""
    if isinstance(shape, type):
        if isinstance(value, bool):
            return shape is bool
        return isinstance(value, (int, float) if shape is float else shape)
    if isinstance(shape, dict):
        if not isinstance(value, dict):
            return False
        for name, inner in shape.items():
            if isinstance(inner, MayLack):
                if name not in value:
                    continue
                inner = inner.shape
            if name not in value or not fits(value[name], inner):
                return False
        return True
    if isinstance(shape, list):
        return isinstance(value, list) and all(fits(item, shape[0]) for item in value)
    if isinstance(shape, OrNone):
        return value is None or fits(value, shape.shape)
    if isinstance(shape, Each):
        return isinstance(value, dict) and all(fits(item, shape.value)
                                               for item in value.values())
    raise AssertionError(f"{shape!r} is not a shape")


def _problem(value: object, shape: object, where: str) -> str | None:
    """:func:`shape_problem`'s search for the first wrong value, path by path."""
    if isinstance(shape, OrNone):
        return None if value is None else _problem(value, shape.shape, where)
    if isinstance(shape, Each):
        if not isinstance(value, dict):
            return f"{where or 'it'} is not an object"
        return first(_problem(item, shape.value, field(where, key))
                     for key, item in value.items())
    if isinstance(shape, list):
        if not isinstance(value, list):
            return f"{where or 'it'} is not a list"
        return first(_problem(item, shape[0], f"{where}[{index}]")
                     for index, item in enumerate(value))
    if isinstance(shape, dict):
        return fields_problem(value, shape, where)
    assert shape in TYPE_NAMES, f"{shape!r} is not a shape"
    return type_problem(value, shape, where)


def fields_problem(value: object, fields: dict[str, object], where: str) -> str | None:
    """What is wrong with the object ``value`` and its ``fields``, or ``None``."""
    if not isinstance(value, dict):
        return f"{where or 'it'} is not an object"
    for name, shape in fields.items():
        if isinstance(shape, MayLack):
            if name not in value:
                continue
            shape = shape.shape
        if name not in value:
            return f"{field(where, name)} is missing"
        problem = _problem(value[name], shape, field(where, name))
        if problem:
            return problem
    return None


def type_problem(value: object, kind: type, where: str) -> str | None:
    """What is wrong with the plain ``value`` meant to be of ``kind``, or ``None``."""
    allowed: tuple[type, ...] = (int, float) if kind is float else (kind,)
    if isinstance(value, bool) and kind is not bool or not isinstance(value, allowed):
        return f"{where or 'it'} is not {TYPE_NAMES[kind]}"
    return None


def field(where: str, name: str) -> str:
    """The path of the field ``name`` of the object at ``where``."""
    return f"{where}.{name}" if where else name


def first(problems: Iterable[str | None]) -> str | None:
    """The first of ``problems`` that is one."""
    return next((problem for problem in problems if problem), None)
