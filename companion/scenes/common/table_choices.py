"""The table's choices of colour-blind mode and the voice: read at start, switched on the set-up
menu, saved in the state folder, and the voice started or stopped to match.

Switched on from the menu, the voice's clips are made in a worker thread
(:func:`companion.audio.voice.prepare`) that posts the voice back to the loop
(``ctx.services.in_loop``): the menu answers at once and says ``preparing voice...``
until it is ready. A press meanwhile switches it off as asked, and the voice the
worker then brings back is dropped.

The settings file's ``[display] colour_blind`` and ``[sound] voice`` are the defaults; the
choices saved from the menu (``preferences.json`` in the state folder) win over them.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from companion.audio.voice import Voice, learn_names, prepare
from companion.scenes.core import Context
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
    players = max(ctx.services.players_with_pads, VOICE_PLAYERS)
    ctx.services.voice, notice = Voice.start(voice_folder(ctx), players)
    return notice or unheard(ctx)


def unheard(ctx: Context) -> str:
    """The notice when the voice is on but no sound is heard ("" when it is)."""
    why = ctx.services.sounds.silent_why
    return f"the voice is silent: {why}" if why else ""


def prepare_voice(ctx: Context) -> None:
    """Switch the voice on without waiting for its clips: until the worker posts them back, the
    voice is one that is still preparing (silent)."""
    pending = Voice({}, preparing=True)
    ctx.services.voice = pending

    def ready(voice: Voice | None, notice: str) -> None:   # in the loop's thread
        if ctx.services.voice is not pending:   # switched off (or on afresh) meanwhile
            return
        ctx.services.voice = voice
        notice = notice or unheard(ctx)
        if notice:
            ctx.services.notify(notice)

    players = max(ctx.services.players_with_pads, VOICE_PLAYERS)
    prepare(voice_folder(ctx), players,
            lambda voice, notice: ctx.services.in_loop(lambda: ready(voice, notice)))


def voice_learns_names(ctx: Context) -> None:
    """With the voice on, render the call-outs of the table's names in a worker; each is said
    once its clip is made (the seat's number until then)."""
    voice, names = ctx.services.voice, sorted(set(ctx.session.setup.names.values()))
    if voice is None or not names:
        return

    def learnt(clips: dict[str, Path]) -> None:   # in the loop's thread
        if ctx.services.voice is not None:   # the voice of now (it may have been remade)
            ctx.services.voice.clips.update(clips)

    learn_names(voice_folder(ctx), names,
                lambda clips: ctx.services.in_loop(lambda: learnt(clips)))


def start_choices(ctx: Context, defaults: Preferences) -> list[str]:
    """Read the saved choices over ``defaults`` and start the voice if on; the notices to show."""
    ctx.session.preferences, problem = load_preferences(state_dir(ctx.services.state_dir), defaults)
    return [line for line in (problem, sync_voice(ctx)) if line]


def switch(ctx: Context, name: str) -> None:
    """Flip choice ``name`` (``"colour_blind"`` or ``"voice"``), save it, and tell the table any
    problem in one notice."""
    chosen = ctx.session.preferences
    ctx.session.preferences = replace(chosen, **{name: not getattr(chosen, name)})
    problem = save_preferences(state_dir(ctx.services.state_dir), ctx.session.preferences)
    if name == "voice" and ctx.session.preferences.voice:
        prepare_voice(ctx)
    elif name == "voice":
        ctx.services.voice = None
    if problem:
        ctx.services.notify(problem)


def on_off(value: bool) -> str:
    """``on`` or ``off``, as a menu item says it."""
    return "on" if value else "off"


def voice_state(ctx: Context) -> str:
    """The voice as its menu item says it: ``off``, ``preparing voice...`` or ``on``."""
    voice = ctx.services.voice
    if ctx.session.preferences.voice and voice is not None and voice.preparing:
        return "preparing voice..."
    return on_off(ctx.session.preferences.voice)
