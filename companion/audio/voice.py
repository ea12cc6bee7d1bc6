"""Spoken call-outs: "Player two!", "Tie!", "Wrong, player three", "Tie! Choose a free card" as
tied players are asked to choose, and at a level-up the rule card and the new level ("Not Not!
Now Normal", "Arrow! Now Hard", "Liar! Now Extreme").

A speech engine (``espeak-ng``, a Debian package on Raspberry Pi OS; ``espeak`` will do) renders
every phrase once into a cache of WAV clips when the voice is switched on (at start, or on the
set-up menu: there in a worker thread, :func:`prepare`, so the menu answers at once); clips
already in the cache are kept, named by a hash of their words. A verdict then
only *queues* its clip to be played after the frame is on screen (the loop's ``after_frame``
work), so speech never sits between a button's edge and the verdict. Without an engine (or
without an audio device) the voice is silent, and says so once in a notice.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pygame

from companion.errors import CompanionError
from companion.games.notnot.cards import LEVEL_OF_RULE_CARD
from companion.games.notnot.record import RoundRecord
from companion.games.notnot.verdict import Verdict
from companion.games.notnot.words import NO_NAMES, SeatNames

log = logging.getLogger(__name__)

#: Engines tried, in order.
ENGINES = ("espeak-ng", "espeak")
#: Speaking speed (words a minute): quick, as a call at a reflex game must be.
WORDS_PER_MINUTE = 190
#: The longest one clip may take to render, in seconds.
RENDER_TIMEOUT_S = 10
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                "ten", "eleven", "twelve")
NO_ENGINE = "the voice is silent: install espeak-ng"
#: The notice when the clips cannot be made (the journal says why).
NO_CLIPS = "the voice is silent: its clips could not be made"
#: The name of the threads that render clips (:func:`prepare`).
WORKER_NAME = "voice-clips"
#: One rendering at a time: two workers never write the same clip.
_RENDERING = threading.Lock()


class VoiceError(CompanionError):
    """The clips could not be made; the message is one line saying why."""


def spoken_player(player: int) -> str:
    """``player two``: a guest's seat, said."""
    word = NUMBER_WORDS[player] if 0 <= player < len(NUMBER_WORDS) else str(player)
    return f"player {word}"


#: The clip said when tied players are to choose another card (the tie choice opens).
CHOOSE = "choose"


def phrases(players: int) -> dict[str, str]:
    """Every call-out for a table of ``players``, by clip name."""
    said = {"tie": "Tie!", CHOOSE: "Tie! Choose a free card"}
    for player in range(1, players + 1):
        said[f"win-{player}"] = f"{spoken_player(player).capitalize()}!"
        said[f"wrong-{player}"] = f"Wrong, {spoken_player(player)}"
    for card, level in LEVEL_OF_RULE_CARD.items():
        said[f"level-{level.value}"] = f"{card.title()}! Now {level.value.capitalize()}"
    return said


def name_phrases(names: Iterable[str]) -> dict[str, str]:
    """The call-outs of named players ("Ana!", "Wrong, Ana"), by clip name."""
    said = {}
    for name in names:
        said[f"win-{name}"] = f"{name}!"
        said[f"wrong-{name}"] = f"Wrong, {name}"
    return said


def callout(record: RoundRecord, seat_names: SeatNames = NO_NAMES) -> str | None:
    """The clip for a round's verdict: a winner's name (a guest's number), a tie, else the
    first wrong player."""
    if len(record.winners) == 1:
        return f"win-{seat_names.get(record.winners[0].player, record.winners[0].player)}"
    if record.winners:
        return "tie"
    wrong = record.players_with(Verdict.WRONG)
    return f"wrong-{seat_names.get(wrong[0], wrong[0])}" if wrong else None


def find_engine() -> str | None:
    """The path of the first speech engine installed, or ``None``."""
    return next((path for path in map(shutil.which, ENGINES) if path), None)


def clip_path(folder: Path, name: str, words: str) -> Path:
    """Where the clip ``name`` saying ``words`` is cached (new words, new file): a file of
    ``folder`` whatever the name holds (a player's name may hold ``/`` or start with ``.``),
    named by its letters and digits and a digest of the whole."""
    digest = hashlib.sha1(f"{WORDS_PER_MINUTE}:{name}:{words}".encode()).hexdigest()[:10]
    readable = "".join(c if c.isascii() and (c.isalnum() or c == "-") else "_" for c in name)
    return folder / f"{readable[:40]}-{digest}.wav"


def render(engine: str, words: str, path: Path) -> None:
    """Have ``engine`` say ``words`` into the WAV file ``path``; a VoiceError if it cannot."""
    spare = path.with_suffix(".part")
    try:   # the words on its input, never its command line (a name may start with "-")
        subprocess.run([engine, "-s", str(WORDS_PER_MINUTE), "-w", str(spare), "--stdin"],
                       input=words.encode(), check=True, capture_output=True,
                       timeout=RENDER_TIMEOUT_S)
        os.replace(spare, path)
    except (OSError, subprocess.SubprocessError) as error:
        spare.unlink(missing_ok=True)
        raise VoiceError(f"voice: {Path(engine).name} could not say {words!r}: "
                         f"{type(error).__name__}") from None


def build_cache(folder: Path, players: int, engine: str,
                said: dict[str, str] | None = None, each_alone: bool = False
                ) -> dict[str, Path]:
    """Every phrase for ``players`` (or the phrases ``said``) rendered into ``folder`` (missing
    clips only); by clip name. ``each_alone``: a clip that cannot be made is left out (the
    journal says why) and the others are made; else it is a VoiceError."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise VoiceError(f"voice: cannot make the clip folder {folder}: {error.strerror}") from None
    clips = {}
    for name, words in (phrases(players) if said is None else said).items():
        path = clip_path(folder, name, words)
        if not path.exists():
            try:
                render(engine, words, path)
            except VoiceError as error:
                if not each_alone:
                    raise
                log.warning("%s", error)
                continue
        clips[name] = path
    return clips


def play_on_mixer(path: Path) -> pygame.mixer.Sound | None:
    """Play the WAV at ``path`` on pygame's mixer, if it is running (else nothing); the sound
    playing (its ``stop()`` stops it, and only it, wherever it still plays)."""
    if not pygame.mixer.get_init():
        return None
    sound = pygame.mixer.Sound(str(path))
    sound.play()
    return sound


class Voice:
    """The rendered clips, and the queueing of one to be spoken after the frame: one phrase at
    a time (a clip cuts the one still being said short: "Tie! Choose a free card", then the
    verdict's "Tie!" as soon as the choice is made)."""

    def __init__(self, clips: dict[str, Path],
                 play: Callable[[Path], Any] = play_on_mixer, preparing: bool = False) -> None:
        self.clips = clips
        self._play = play
        #: Its clips are still being made (:func:`prepare`): it says nothing yet.
        self.preparing = preparing
        #: The clip said last (``None``: none): its ``stop()`` cuts it short when the next starts.
        self.speaking: Any = None

    @classmethod
    def start(cls, folder: Path, players: int,
              engine: str | None = None) -> tuple[Voice | None, str]:
        """The voice with its clips cached in ``folder``, or ``(None, a one-line notice)`` (the
        journal says why the clips could not be made)."""
        engine = engine or find_engine()
        if engine is None:
            return None, NO_ENGINE
        try:
            return cls(build_cache(folder, players, engine)), ""
        except VoiceError as error:
            log.warning("%s", error)
            return None, NO_CLIPS

    def say(self, name: str | None, after_frame: list[Callable[[], None]],
            instead: str | None = None) -> None:
        """Queue clip ``name`` (``None``: nothing to say) to be played once the frame is shown;
        clip ``instead`` when ``name`` has none yet (a name still being rendered)."""
        path = (self.clips.get(name) if name else None) or (
            self.clips.get(instead) if instead else None)
        if path is not None:
            after_frame.append(lambda: self.speak_now(path))

    def speak_now(self, path: Path) -> None:
        """Play one clip (the loop calls this after the frame), the one still being said cut
        short; a failing device stays silent."""
        try:
            if self.speaking is not None:
                self.speaking.stop()
            self.speaking = self._play(path)
        except pygame.error as error:
            log.info("voice: cannot play %s: %s", path.name, error)


def learn_names(folder: Path, names: Iterable[str],
                done: Callable[[dict[str, Path]], None]) -> None:
    """Render the call-outs of ``names`` (:func:`name_phrases`) in a worker thread of its own,
    one rendering at a time; ``done(clips)`` is called from that thread with the clips made
    (none without an engine or when they cannot be made: the seat numbers are said instead)."""
    def work() -> None:
        engine, clips = find_engine(), {}
        try:
            if engine is not None:
                with _RENDERING:
                    clips = build_cache(folder, 0, engine, name_phrases(names),
                                        each_alone=True)
        except Exception:  # noqa: BLE001  (the numbers are said instead, never a dead voice)
            log.exception("voice: making the names' clips failed")
        done(clips)
    threading.Thread(target=work, name=WORKER_NAME, daemon=True).start()


def prepare(folder: Path, players: int, done: Callable[[Voice | None, str], None]) -> None:
    """Make the voice as :meth:`Voice.start` does, in a worker thread of its own (one rendering
    at a time); ``done(voice, notice)`` is called from that thread once it is made."""
    def work() -> None:
        try:
            with _RENDERING:
                voice, notice = Voice.start(folder, players)
        except Exception:  # the voice stays silent, never "preparing" for good
            log.exception("voice: making the clips failed")
            voice, notice = None, NO_CLIPS
        done(voice, notice)
    threading.Thread(target=work, name=WORKER_NAME, daemon=True).start()
