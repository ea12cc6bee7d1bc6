"""The doctor's sound check: a card for the tones and the voice, the ``[sound] device`` that
names one, and a short tone played on it."""

from __future__ import annotations

from companion.audio.cards import card_ids
from companion.config.settings import Config
from companion.tools.doctor.host import FIX, OK, Check, Host, not_here


def sound_cards(host: Host) -> list[str]:
    """The ALSA cards' ids in ``/proc/asound/cards`` (``vc4hdmi0``, ``Headphones``, ``Device``)."""
    return card_ids(host.read("/proc/asound/cards"))


def check_sound(host: Host, config: Config, service_running: bool = False) -> Check:
    """A sound card for the tones and the voice, a ``[sound] device`` that names one, and (on
    this machine itself) a short tone played on it."""
    cards, device = sound_cards(host), config.sound.device or "default"
    if not cards:
        jack = ("a Pi 5 has no headphone jack; use" if host.pi_model().startswith(
            "Raspberry Pi 5") else "is audio off (dtparam=audio=on in config.txt)? use the "
            "headphone jack,")
        return not_here(host, "sound", f"no sound card, so no tones and no voice: {jack} the "
                                       "screen's speakers over HDMI, a USB speaker or an I2S "
                                       "amplifier (hardware/BOM.md)", "no sound card")
    named = card_named(device, cards)
    if named is not None and named not in cards:
        return Check("sound", FIX, f"[sound] device = {device} names card {named}, which is not "
                                   f"here (cards: {', '.join(cards)})")
    if device.startswith("hw:") and named is not None and named.startswith("vc4hdmi"):
        return Check("sound", FIX, f"[sound] device = {device}: HDMI refuses plain samples on "
                                   f"hw:, use \"sysdefault:CARD={named}\"")
    found = f"tones and voice play on {device} (cards: {', '.join(cards)})"
    if not host.live:
        return Check("sound", OK, found)
    played, why_not = host.play_tone(config.sound.device)
    if played:
        return Check("sound", OK, f"{found}: a short tone just played there; no tone heard: "
                                  "check the volume and the cable, or name another device")
    busy = " (the kiosk may hold it: sudo systemctl stop companion, then ask again)"
    return Check("sound", FIX, f"no tone on {device}: {why_not}{busy if service_running else ''}"
                               f"; aplay -L lists the devices (cards: {', '.join(cards)})")


def card_named(device: str, cards: list[str]) -> str | None:
    """The card an ALSA ``device`` name opens: ``CARD=id``, or a number (``hw:1,0``) in
    ``cards``' order; ``None``: the device does not say (``default``)."""
    if "CARD=" in device:
        return device.partition("CARD=")[2].partition(",")[0]
    number = device.partition(":")[2].partition(",")[0]
    if number.isdigit():
        return cards[int(number)] if int(number) < len(cards) else f"number {number}"
    return None
