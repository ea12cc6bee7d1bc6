"""What stopped ``companion run`` from starting normally, and what to do about it: the kiosk
shows it on the failsafe (:mod:`companion.scenes.common.failsafe`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class StartProblem:
    """What stopped the kiosk from starting normally, and what to do about it."""

    #: A few words: "The settings file has a mistake".
    title: str
    #: The problems, one a line, as the program found them.
    detail: tuple[str, ...]
    #: What the person at the box can do: "Fix FILE, then: sudo systemctl restart companion".
    todo: str
    #: What E/Enter/a touch does instead ("play with the default settings"), or "" for nothing.
    fallback: str = ""
    #: The one-line notice shown over the game once the table plays on with the fallback.
    notice: str = ""
    #: Whether W/Backspace quits instead (the problem is a question: the fallback, or quit?).
    can_quit: bool = False

    def summary(self) -> str:
        """One line for logs and ``systemctl status``."""
        return f"{self.title}: {'; '.join(self.detail)}"
