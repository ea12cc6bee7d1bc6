"""The phone page during a tie's choice: the kiosk saves the tied round as the choice's
countdown would settle it (a power cut keeps the cards the table saw taken), but a spectator
reads that the tied player is still choosing, and the card chosen once it is. The state
folder is the one a real kiosk wrote, its loop driven on the tests' clock to the moment; the
test holds the folder's lock meanwhile, as the running kiosk does (the kiosk's run: this
process, in this boot)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from fault_cases import write_raw
from kiosk_helpers import game_of, in_scene, kiosk, step_until, tap
from test_owner_holder import HOLDS_THE_FOLDER
from test_scenes_flow import CHOOSING, tie_on_one_card
from companion.storage import owner, process_run
from companion.web.app import create_app
from companion.web.watcher import SaveWatcher

pytest.importorskip("flask")


def text_of(html: str) -> str:
    """The words of a page, tags and extra spaces dropped."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def live_page(folder) -> str:
    """The words of the live page of ``folder``, as a phone opening it now reads them."""
    return text_of(create_app(folder, SaveWatcher(folder)).test_client().get("/live").text)


def card_on(app, side) -> str:
    """The face of the card on ``side`` of the kiosk's table now."""
    return game_of(app).table[side].face


@pytest.fixture
def choosing(tmp_path):
    """A kiosk (holding its state folder, as ``companion run`` does) at a tie on one card
    between P1 and P2 of three, its prompt on screen: P1 took the card, P2 is asked."""
    lock = owner.take(tmp_path, "the kiosk")
    app = kiosk("setup", players=3, state_dir=tmp_path, pace=CHOOSING)
    side = tie_on_one_card(app)
    app.step()                                        # the prompt is on screen: saved
    assert app.scene.name == "tie-choice" and app.scene.choosers == [2]
    yield app, side, lock
    app.screen.close()
    lock.release()


def test_a_tie_still_being_chosen_says_who_is_choosing_not_the_card_the_countdown_would_give(
        tmp_path, choosing):
    app, side, _ = choosing
    default = app.scene.still_free()[0]
    shown = live_page(tmp_path)
    assert "TIE P1 P2" in shown and "P2 is choosing a card" in shown
    assert f"P1 takes {card_on(app, side)} from {side.value}" in shown
    assert "P2 takes" not in shown and f"{default.value}: P2" not in shown


def scores_on_page(folder) -> list[tuple[str, str, str]]:
    """The page's score table: (player, cards, last round's change) of each row."""
    page = create_app(folder, SaveWatcher(folder)).test_client().get("/live").text
    table = page[page.index('<table class="scores">'):]
    return [(text_of(name).strip(), cards, change) for name, cards, change in re.findall(
        r'<th scope="row">(.*?)</th>\s*<td>(.*?)</td><td>(.*?)</td>', table, re.S)]


def test_the_scores_wait_for_the_choice_as_the_kiosks_strip_does(tmp_path, choosing):
    """The phone said P1 and P2 had a card more while the kiosk's strip still showed the scores
    before the round: for the choice's 5 s the two disagreed (the regression tester)."""
    app, side, _ = choosing
    assert scores_on_page(tmp_path) == [("P1", "0", ""), ("P2", "0", ""), ("P3", "0", "")]
    app.post(tap(2, app.scene.still_free()[-1].value))
    step_until(app, in_scene(app, "verdict"))
    app.step()                                        # the verdict is on screen: saved
    assert scores_on_page(tmp_path) == [("P1", "1", "+1"), ("P2", "1", "+1"), ("P3", "0", "")]


def test_a_tie_once_chosen_says_the_card_chosen(tmp_path, choosing):
    app, side, _ = choosing
    other = app.scene.still_free()[-1]                # not the default the round was saved with
    face = card_on(app, other)
    app.post(tap(2, other.value))
    step_until(app, in_scene(app, "verdict"))
    app.step()                                        # the verdict is on screen: saved
    shown = live_page(tmp_path)
    assert "choosing" not in shown
    assert f"P2 takes {face} from {other.value}, tied on {side.value}" \
        in shown and f"{other.value}: P2" in shown


def test_a_tie_left_by_a_kiosk_that_stopped_is_the_round_as_it_was_kept(tmp_path, choosing):
    """The power went during the choice: the page shows the cards the table saw taken (the
    round as saved), not a choice nobody is making any more."""
    app, side, lock = choosing
    default = app.scene.still_free()[0]
    lock.release()                                    # the kiosk's end lets its lock go
    shown = live_page(tmp_path)
    assert "choosing" not in shown and "The kiosk is not running" in shown
    assert f"P2 takes {card_on(app, default)} from {default.value}, tied on {side.value}" \
        in shown and f"{default.value}: P2" in shown


def the_round_as_kept(app, side) -> str:
    """What the page says of the tied round as the kiosk kept it: P2 took the card the choice's
    countdown gives (the first still free), which the page rings."""
    default = app.scene.still_free()[0]
    return f"P2 takes {card_on(app, default)} from {default.value}, tied on {side.value}"


@pytest.fixture
def held_by_another_run(tmp_path):
    """The state folder held by another process (a kiosk started again after the power went
    mid-choice): a child that takes the folder's lock and holds it until the test ends."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDS_THE_FOLDER, str(tmp_path)],
                              stdout=subprocess.PIPE, text=True)
    yield holder
    holder.kill()
    holder.wait()
    if holder.stdout is not None:
        holder.stdout.close()


def test_a_tie_left_by_a_kiosk_killed_then_started_again_is_the_round_as_it_was_kept(
        tmp_path, choosing, held_by_another_run):
    """kill -9 mid-choice, then the kiosk is started again (another pid holds the folder): the
    new kiosk asks nobody to choose; the round stands as saved, the kiosk in play."""
    app, side, lock = choosing
    lock.release()                                    # the kiosk's end lets its lock go
    assert held_by_another_run.stdout.readline() == "held\n"
    assert owner.holder(tmp_path) == f"the kiosk (pid {held_by_another_run.pid})"
    shown = live_page(tmp_path)
    assert "choosing" not in shown and "The kiosk is not running" not in shown
    assert the_round_as_kept(app, side) in shown


def test_a_tie_left_before_a_reboot_is_not_taken_as_chosen_by_a_kiosk_with_the_same_pid(
        tmp_path, choosing, monkeypatch):
    """The power went mid-choice; at boot the kiosk came back with the very pid it had (and a
    clock that may be earlier): the mark was left in another boot, so nobody is choosing."""
    app, side, lock = choosing
    lock.release()                                    # the power cut
    another_boot = tmp_path / "boot_id"
    another_boot.write_text("00000000-0000-4000-8000-000000000000\n")
    monkeypatch.setattr(process_run, "BOOT_ID_FILE", another_boot)
    process_run.boot_id.cache_clear()                 # this page runs in the new boot
    try:
        again = owner.take(tmp_path, "the kiosk")     # this process: the same pid as before
        assert again is not None
        shown = live_page(tmp_path)
        again.release()
    finally:
        process_run.boot_id.cache_clear()
    assert "choosing" not in shown and "The kiosk is not running" not in shown
    assert the_round_as_kept(app, side) in shown


@pytest.mark.parametrize("run, says", [
    ({"pid": "7", "boot": None}, "choosing_kiosk.pid is not a whole number"),
    ({"pid": 7, "boot": 42}, "choosing_kiosk.boot is not text"),
    ({"pid": 7}, "choosing_kiosk.boot is missing"),
    ("the kiosk", "choosing_kiosk is not an object"),
])
def test_a_kept_tie_whose_kiosk_run_does_not_read_is_said_damaged(tmp_path, choosing, run, says):
    app, _, _ = choosing
    write_raw(tmp_path, "UPDATE rounds SET record = json_set(record, '$.choosing_kiosk', "
                        "json(?))", (json.dumps(run),))
    shown = live_page(tmp_path)
    under_way = game_of(app).round_no + 1             # the tied round, saved as it would settle
    assert f"does not read: round {under_way}: {says}" in shown
