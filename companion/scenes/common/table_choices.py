"""The table's choices of colour-blind mode and the voice: read at start, switched on the set-up
menu, saved in the state folder, and the voice started or stopped to match.

The settings file's ``[display] colour_blind`` and ``[sound] voice`` are the defaults; the
choices saved from the menu (``preferences.json`` in the state folder) win over them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.audio.voice import Voice
from companion.scenes.context import Context
from companion.storage.location import state_dir
from companion.storage.preferences import Preferences, load_preferences, save_preferences

#: The voice's clip cache, inside the state folder.
VOICE_FOLDER = "voice-clips"
#: Clips are made for this many players at least (the set-up menu offers up to twelve).
VOICE_PLAYERS = 12


def voice_folder(ctx: Context) -> Path:
    """Where the voice's clips are cached for this kiosk."""
    return state_dir(ctx.services.state_dir) / VOICE_FOLDER


def sync_voice(ctx: Context) -> str:
    """Start the voice if the table wants it (rendering missing clips), else stop it; returns a
    one-line notice when it cannot speak ("" otherwise)."""
    if not ctx.session.preferences.voice:
        ctx.services.voice = None
        return ""
    players = max(ctx.services.pads, VOICE_PLAYERS)
    ctx.services.voice, notice = Voice.start(voice_folder(ctx), players)
    return notice


def start_choices(ctx: Context, defaults: Preferences) -> list[str]:
    """Read the saved choices over ``defaults`` and start the voice if on; the notices to show."""
    ctx.session.preferences, problem = load_preferences(state_dir(ctx.services.state_dir), defaults)
    return [line for line in (problem, sync_voice(ctx)) if line]


def switch(ctx: Context, name: str) -> None:
    """Flip choice ``name`` (``"colour_blind"`` or ``"voice"``), save it, and tell the table any
    problem in one notice."""
    chosen = ctx.session.preferences
    ctx.session.preferences = replace(chosen, **{name: not getattr(chosen, name)})
    problems = [save_preferences(state_dir(ctx.services.state_dir), ctx.session.preferences)]
    if name == "voice":
        problems.append(sync_voice(ctx))
    for problem in filter(None, problems):
        ctx.services.notify(problem)


def on_off(value: bool) -> str:
    """``on`` or ``off``, as a menu item says it."""
    return "on" if value else "off"
