"""An output option never writes over a state file: ``replay 1 1 --png companion.sqlite3``
made the database a picture, and every command then found no history in the folder."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from fault_cases import outcome

from companion.storage.database import FILENAME
from companion.storage.owner import LOCK_FILE


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A state folder with one game of named thinking bots and its latest saves in its log, as
    a kiosk killed mid-game leaves it, and a copy of its database elsewhere under another
    name."""
    made = tmp_path_factory.mktemp("outputs")
    assert outcome(["simulate", "--games", "1", "--names", "Ana,Bo,Cy", "--state-dir",
                    str(made / "made")]).code == 0
    (made / "backup.db").write_bytes((made / "made" / FILENAME).read_bytes())
    writer = sqlite3.connect(made / "made" / FILENAME, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("UPDATE games SET state = state")
    shutil.copytree(made / "made", made / "state")   # while its writer holds it open
    writer.close()
    assert (made / "state" / f"{FILENAME}-wal").stat().st_size > 0
    return made / "state"


WRITERS = [("replay", "1", "1", "--png"), ("players", "profile", "Ana", "--png"),
           ("wiring", "--shipped-map", "--bom")]


def argv(command: tuple[str, ...], path: Path, folder: Path) -> list[str]:
    """``command`` writing to ``path``, reading ``folder`` (wiring reads no state folder)."""
    return [*command, str(path)] + ([] if command[0] == "wiring" else ["--state-dir", str(folder)])
TARGETS = [(FILENAME, "a state database"), (f"{FILENAME}-wal", "a state database's write-ahead"),
           (LOCK_FILE, "a state folder's lock"), ("../backup.db", "an SQLite database")]


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: " ".join(c[:2]))
@pytest.mark.parametrize("target, kind", TARGETS, ids=[t for t, _ in TARGETS])
def test_an_output_option_naming_a_state_file_is_refused_and_leaves_it_as_it_was(
        folder: Path, command: tuple[str, ...], target: str, kind: str) -> None:
    path = folder / target
    before = path.read_bytes()
    said = outcome(argv(command, path, folder))
    lines = [line for line in said.err.splitlines() if line.startswith("companion")]
    assert said.code == 2 and said.clear and len(lines) == 1, said
    prog = "companion players profile" if command[0] == "players" else f"companion {command[0]}"
    assert lines[0].startswith(f"{prog}: argument {command[-1]}: {path}: that is {kind}")
    assert ", never written over: name another file" in lines[0]
    assert path.read_bytes() == before


@pytest.mark.parametrize("command", WRITERS, ids=lambda c: " ".join(c[:2]))
def test_an_output_option_naming_another_file_writes_it(folder: Path, tmp_path: Path,
                                                       command: tuple[str, ...]) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"an older picture")
    said = outcome(argv(command, path, folder))
    assert said.code == 0, said
    assert path.read_bytes() != b"an older picture"
