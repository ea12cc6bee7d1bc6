"""One generated tone per verdict; silent where there is no audio device.

Tones are built from sine waves in memory (no sound files, nothing
copyrighted): a rising pair for a win, a falling buzz for a wrong tap, two
quick equal notes for a tie, a low click for too early, a soft chime for
"nobody may tap"; and a short blip at each tap (counted, wrong, too early),
and a rising arpeggio for a level-up.
If the mixer cannot start, every ``play`` does nothing; where SDL would play through ALSA and
the kernel lists no sound card, the mixer is not started at all (libasound would only write its
own lines to stderr). ``device`` names the ALSA device (``[sound] device``): SDL's ALSA driver
opens what ``AUDIODEV`` names.
"""

from __future__ import annotations

import array
import logging
import math
import os

import pygame

from companion.audio.cards import CARDS, alsa_without_card

log = logging.getLogger(__name__)

RATE = 22050
#: Notes of each verdict's tone: (frequency Hz, duration s) in order.
TONES: dict[str, tuple[tuple[float, float], ...]] = {
    "win": ((660.0, 0.08), (990.0, 0.14)),
    "tie": ((740.0, 0.07), (0.0, 0.03), (740.0, 0.07)),
    "wrong": ((220.0, 0.09), (165.0, 0.18)),
    "early": ((140.0, 0.06),),
    "nobody": ((523.0, 0.10), (659.0, 0.10)),
    "none": ((330.0, 0.15),),
    "roll": ((880.0, 0.02),),
    "level-up": ((523.0, 0.08), (659.0, 0.08), (784.0, 0.08), (1047.0, 0.16)),
    "tap-counted": ((1320.0, 0.03),),
    "tap-wrong": ((185.0, 0.06),),
    "tap-early": ((300.0, 0.03), (0.0, 0.02), (300.0, 0.03)),
}


def samples(notes: tuple[tuple[float, float], ...], volume: float = 0.35) -> array.array:
    """16-bit mono samples of ``notes`` (a frequency of 0 is a rest), with short fades."""
    out = array.array("h")
    for freq, seconds in notes:
        n = int(RATE * seconds)
        fade = max(1, min(n // 4, int(RATE * 0.01)))
        for i in range(n):
            envelope = min(1.0, i / fade, (n - i) / fade)
            value = math.sin(2 * math.pi * freq * i / RATE) if freq else 0.0
            out.append(int(32767 * volume * envelope * value))
    return out


class Sounds:
    """The verdict tones, ready to play on ALSA device ``device`` (``""``: the default);
    silent if the mixer is unavailable."""

    def __init__(self, enabled: bool = True, device: str = "") -> None:
        self._tones: dict[str, pygame.mixer.Sound] = {}
        #: Why nothing is heard, in players' words ("" when the tones play).
        self.silent_why = "this kiosk plays no sound"
        if not enabled:
            return
        if device:
            os.environ["AUDIODEV"] = device
        if alsa_without_card():
            log.info("no sound: %s lists no sound card, so the table plays silent", CARDS)
            self.silent_why = "there is no sound card here (companion doctor says more)"
            return
        try:
            pygame.mixer.init(frequency=RATE, size=-16, channels=1)
            init = pygame.mixer.get_init()
            channels = init[2] if init else 1
            for name, notes in TONES.items():
                mono = samples(notes)
                data = mono if channels == 1 else array.array(
                    "h", (v for v in mono for _ in range(channels)))
                self._tones[name] = pygame.mixer.Sound(buffer=data.tobytes())
            self.silent_why = ""
        except pygame.error as error:
            log.info("no sound%s: %s", f" on {device}" if device else "", error)
            self._tones = {}
            self.silent_why = f"no sound device{f' {device}' if device else ''} plays " \
                              "(companion doctor says why)"

    @property
    def audible(self) -> bool:
        """Whether tones will actually be played."""
        return bool(self._tones)

    def play(self, name: str) -> None:
        """Start the tone ``name`` (a verdict kind, ``"roll"`` or ``"tap-"`` and what a tap
        counts for) without waiting for it."""
        tone = self._tones.get(name)
        if tone is not None:
            tone.play()
