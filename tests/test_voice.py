"""Spoken call-outs: clips rendered once by espeak-ng into a cache, a verdict queueing
its clip to play after the frame, silence with one notice without an engine."""

import shutil

import pygame
import pytest

from kiosk_helpers import kiosk, now, step_until, tap
from test_scenes_flow import to_round
from companion.audio.voice import NO_ENGINE, Voice, callout, name_phrases, phrases
from companion.scenes.common.table_choices import voice_folder
from companion.storage.preferences import Preferences, save_preferences
from round_records import round_record

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                  reason="espeak-ng is not installed (CI installs it)")


@pytest.fixture(autouse=True)
def _no_leftover_display():
    yield
    pygame.display.quit()


def test_the_call_outs_name_the_player_the_tie_the_wrong_tap_and_the_new_level():
    said = phrases(3)
    assert (said["win-2"], said["tie"], said["wrong-3"], said["level-normal"]) == (
        "Player two!", "Tie!", "Wrong, player three", "Not Not! Now Normal")


def test_a_verdict_calls_its_winner_a_tie_or_the_first_wrong_player():
    win = round_record([(2, "N", 300, "win")], [(2, "RED", "N")])
    tie = round_record([(1, "N", 300, "tie"), (3, "N", 500, "tie")],
                       [(1, "RED", "N"), (3, "BLUE", "E")])
    wrong = round_record([(3, "E", 200, "wrong"), (2, "W", 400, "wrong")])
    assert [callout(r) for r in (win, tie, wrong)] == ["win-2", "tie", "wrong-3"]
    assert callout(round_record()) is None


def test_tied_players_asked_to_choose_hear_the_prompt_as_it_opens(tmp_path):
    """The voice said nothing for the 5 s of a tie choice: a player who cannot read the
    prompt lost the choice to the default card (a player who listens)."""
    from test_scenes_flow import tie_on_one_card

    app = kiosk("setup", players=3)
    played = []
    clips = {name: tmp_path / f"{name}.wav" for name in phrases(3)}
    app.ctx.services.voice = Voice(clips, play=lambda path: played.append(
        (path, app.scene.name, app.scene.dirty)))
    tie_on_one_card(app)
    step_until(app, lambda: played)
    assert played == [(clips["choose"], "tie-choice", False)]   # once the prompt is shown
    assert phrases(3)["choose"] == "Tie! Choose a free card"


def test_the_verdict_of_a_tie_choice_cuts_its_prompt_short_one_phrase_at_a_time(tmp_path):
    """The verdict's "Tie!" started over "Tie! Choose a free card" when the choice was made
    within the prompt's 1.8 s (a regression tester)."""
    from test_scenes_flow import tie_on_one_card

    app = kiosk("setup", players=3)
    events = []

    class Clip:
        def __init__(self, path):
            self.path = path
            events.append(("play", path.stem))

        def stop(self):
            events.append(("stop", self.path.stem))

    clips = {name: tmp_path / f"{name}.wav" for name in phrases(3)}
    app.ctx.services.voice = Voice(clips, play=Clip)
    side = tie_on_one_card(app)
    step_until(app, lambda: events)
    free = next(s for s in app.scene.free if s != side)
    app.post(tap(2, free.value))                          # P2 chooses at once
    step_until(app, lambda: len(events) >= 3)
    assert events == [("play", "choose"), ("stop", "choose"), ("play", "tie")]


def test_without_a_speech_engine_the_voice_is_silent_with_one_notice(tmp_path, monkeypatch):
    monkeypatch.setattr("companion.audio.voice.find_engine", lambda: None)
    assert Voice.start(tmp_path, 4) == (None, NO_ENGINE)


@pytest.mark.slow
@needs_espeak
def test_the_clip_cache_is_built_once(tmp_path):
    voice, notice = Voice.start(tmp_path, 4)
    assert notice == "" and voice is not None
    assert set(voice.clips) == set(phrases(4))
    assert all(path.stat().st_size > 1000 and path.read_bytes()[:4] == b"RIFF"
               for path in voice.clips.values())
    stamps = {path: path.stat().st_mtime_ns for path in voice.clips.values()}
    again, _ = Voice.start(tmp_path, 4)
    assert {path: path.stat().st_mtime_ns for path in again.clips.values()} == stamps


@pytest.mark.slow
@needs_espeak
def test_a_verdict_queues_its_clip_to_play_after_the_frame(tmp_path):
    save_preferences(tmp_path, Preferences(voice=True))
    app = kiosk("setup", state_dir=tmp_path)
    assert app.ctx.services.voice is not None and voice_folder(app.ctx).is_dir()
    played = []

    def play(path):  # what the loop has shown when the clip starts
        played.append((path, app.scene.name, app.scene.dirty, app.last_flip_ns))
    app.ctx.services.voice._play = play
    round_ = to_round(app)
    edge = now()
    app.post(tap(2, round_.ruling.valid[0].value, edge))
    step_until(app, lambda: played)
    (path, scene, dirty, flip), = played
    assert path == app.ctx.services.voice.clips["win-2"]
    assert scene == "verdict" and not dirty and flip > edge  # the verdict was on screen first


def test_clips_that_cannot_be_made_leave_a_short_notice_and_the_reason_in_the_journal(
        tmp_path, monkeypatch, caplog):
    from companion.audio import voice

    def refuse(engine, words, path):
        raise voice.VoiceError(f"voice: espeak-ng could not say {words!r}: TimeoutExpired")
    monkeypatch.setattr(voice, "render", refuse)
    assert Voice.start(tmp_path, 2, engine="/usr/bin/espeak-ng") == (None, voice.NO_CLIPS)
    assert "\n" not in voice.NO_CLIPS and "TimeoutExpired" in caplog.text


def test_a_named_player_is_called_by_name_and_a_guest_by_seat():
    assert name_phrases(["Ana"]) == {"win-Ana": "Ana!", "wrong-Ana": "Wrong, Ana"}
    win = round_record([(2, "N", 300, "win")], [(2, "RED", "N")])
    wrong = round_record([(3, "E", 200, "wrong")])
    assert callout(win, {2: "Ana"}) == "win-Ana" and callout(wrong, {2: "Ana"}) == "wrong-3"


def test_a_name_whose_clip_is_not_made_yet_is_said_by_its_seat_number(tmp_path):
    queued = []
    voice = Voice({"win-2": tmp_path / "two.wav"}, play=lambda path: None)
    voice.speak_now = queued.append
    after_frame: list = []
    voice.say("win-Ana", after_frame, instead="win-2")
    for work in after_frame:
        work()
    assert queued == [tmp_path / "two.wav"]


def test_a_tables_names_are_rendered_into_clips_in_a_worker(tmp_path, monkeypatch):
    import threading

    from companion.audio.voice import learn_names

    said = []

    def render(engine, words, path):
        said.append(words)
        path.write_bytes(b"RIFF")
    monkeypatch.setattr("companion.audio.voice.find_engine", lambda: "espeak-ng")
    monkeypatch.setattr("companion.audio.voice.render", render)
    made, done = {}, threading.Event()
    learn_names(tmp_path, ["Ana"], lambda clips: (made.update(clips), done.set()))
    assert done.wait(30)
    assert set(made) == {"win-Ana", "wrong-Ana"} and sorted(said) == ["Ana!", "Wrong, Ana"]


@pytest.mark.slow
@needs_espeak
def test_any_name_a_player_may_have_is_said_from_a_clip_of_the_clip_folder(tmp_path):
    """A name holding "/" pointed its clip into a folder that did not exist, and one starting
    with "-" was read by espeak-ng as an option: the render failed, and with it every name's
    clips (a code reviewer)."""
    import threading

    from companion.audio.voice import learn_names

    names = ["Ann", "A/B", "-q", "../x", "Ana Marí", "Bob"]
    made, done = {}, threading.Event()
    learn_names(tmp_path, names, lambda clips: (made.update(clips), done.set()))
    assert done.wait(120)
    assert set(made) == {f"{kind}-{name}" for name in names for kind in ("win", "wrong")}
    assert all(path.parent == tmp_path and path.read_bytes()[:4] == b"RIFF" and
               path.stat().st_size > 1000 for path in made.values())
    assert len(set(made.values())) == len(made) and not list(tmp_path.glob("*.part"))


def test_a_name_whose_clip_cannot_be_made_leaves_the_others_names_said(tmp_path, monkeypatch,
                                                                        caplog):
    import threading

    from companion.audio import voice

    def render(engine, words, path):
        if "Bo" in words:
            raise voice.VoiceError(f"voice: espeak-ng could not say {words!r}: TimeoutExpired")
        path.write_bytes(b"RIFF")
    monkeypatch.setattr(voice, "find_engine", lambda: "espeak-ng")
    monkeypatch.setattr(voice, "render", render)
    made, done = {}, threading.Event()
    voice.learn_names(tmp_path, ["Ana", "Bo", "Cy"], lambda clips: (made.update(clips),
                                                                    done.set()))
    assert done.wait(30)
    assert set(made) == {"win-Ana", "wrong-Ana", "win-Cy", "wrong-Cy"}
    assert "could not say 'Bo!'" in caplog.text
