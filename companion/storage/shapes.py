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
    """What is wrong with the shape of ``value`` (found at the path ``where``), or ``None``."""
    if isinstance(shape, OrNone):
        return None if value is None else shape_problem(value, shape.shape, where)
    if isinstance(shape, Each):
        if not isinstance(value, dict):
            return f"{where or 'it'} is not an object"
        return first(shape_problem(item, shape.value, field(where, key))
                     for key, item in value.items())
    if isinstance(shape, list):
        if not isinstance(value, list):
            return f"{where or 'it'} is not a list"
        return first(shape_problem(item, shape[0], f"{where}[{index}]")
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
        problem = shape_problem(value[name], shape, field(where, name))
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
