"""Caches of pygame fonts, emptied at every ``pygame.quit()``: it frees every font opened
before, and one used after it crashes the process (a segmentation fault, no exception).

A module that keeps fonts (or pictures made with them) passes its cache's ``clear`` to
:func:`forget_at_quit` each time it opens a font (a cache miss, never a drawing's hit);
pygame calls what is registered at the next quit only (it forgets its list then), and the
cache emptied by a quit opens its next font anew, which registers the hook again.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

#: What empties each cache of fonts, in the order given.
_forgetters: list[Callable[[], None]] = []
#: Whether :func:`_forget_all` is registered for the next ``pygame.quit()``.
_hooked: list[bool] = []


def forget_at_quit(forget: Callable[[], None]) -> None:
    """Have ``forget`` called at the next ``pygame.quit()`` (and at every one after, as long
    as this is called again after each)."""
    if forget not in _forgetters:
        _forgetters.append(forget)
    if not _hooked:
        pygame.register_quit(_forget_all)
        _hooked.append(True)


def _forget_all() -> None:
    _hooked.clear()
    for forget in _forgetters:
        forget()
