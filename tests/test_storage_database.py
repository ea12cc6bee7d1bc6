"""The state database: crash-safe settings, migrations in order, clear errors."""

import sqlite3

import pytest

from companion.errors import CompanionError
from companion.storage.database import FILENAME, Database
from companion.storage.location import state_dir
from companion.storage.schema import MIGRATIONS, Migration


def test_the_database_runs_in_wal_mode_with_full_sync(tmp_path):
    with Database.in_folder(tmp_path) as db:
        assert db.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert db.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert db.connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert (tmp_path / FILENAME).is_file()


def test_a_new_database_is_migrated_to_the_newest_schema(tmp_path):
    with Database.in_folder(tmp_path) as db:
        assert db.version == len(MIGRATIONS)
        tables = {r[0] for r in db.connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"games", "rounds"} <= tables
        assert db.integrity_check() == "ok"


def test_migrations_are_applied_in_order_and_only_once(tmp_path):
    first = Migration(1, "a", ("CREATE TABLE a (x)",))
    second = Migration(2, "b", ("INSERT INTO a VALUES (1)",))
    with Database(tmp_path / "x.sqlite3", migrations=[first]) as db:
        assert db.version == 1
    with Database(tmp_path / "x.sqlite3", migrations=[first, second]) as db:
        assert db.version == 2
    with Database(tmp_path / "x.sqlite3", migrations=[first, second]) as db:
        assert db.connection.execute("SELECT count(*) FROM a").fetchone()[0] == 1


def test_a_failing_migration_leaves_the_schema_where_it_was(tmp_path):
    first = Migration(1, "a", ("CREATE TABLE a (x)",))
    broken = Migration(2, "b", ("CREATE TABLE b (y)", "THIS IS NOT SQL"))
    Database(tmp_path / "x.sqlite3", migrations=[first]).close()
    with pytest.raises(CompanionError, match="x.sqlite3"):
        Database(tmp_path / "x.sqlite3", migrations=[first, broken])
    with Database(tmp_path / "x.sqlite3", migrations=[first]) as db:
        assert db.version == 1
        assert db.connection.execute("SELECT name FROM sqlite_master WHERE name = 'b'").fetchone() is None


def test_migrations_out_of_order_are_refused(tmp_path):
    with pytest.raises(ValueError, match="in order"):
        Database(tmp_path / "x.sqlite3", migrations=[Migration(2, "b", ()), Migration(1, "a", ())])


def test_a_database_from_a_newer_companion_is_refused_with_its_name(tmp_path):
    path = tmp_path / FILENAME
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    with pytest.raises(CompanionError, match=r"companion.sqlite3 has schema version \d+, newer"):
        Database.in_folder(tmp_path)


def test_a_file_that_is_no_database_gives_one_clear_error_saying_what_to_do(tmp_path):
    (tmp_path / FILENAME).write_bytes(b"this is a shopping list, not SQLite " * 100)
    with pytest.raises(CompanionError, match="is not a usable companion state database: .*"
                                             "keep a copy, then move it aside and a new one is "
                                             "made; see docs/KIOSK.md"):
        Database.in_folder(tmp_path)


def test_a_state_folder_that_cannot_be_made_gives_one_clear_error(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(CompanionError, match="cannot open the state database"):
        Database.in_folder(tmp_path / "file" / "state")


def test_a_transaction_is_committed_whole_or_not_at_all(tmp_path):
    with Database(tmp_path / "x.sqlite3", migrations=[Migration(1, "a", ("CREATE TABLE a (x)",))]) as db:
        with pytest.raises(RuntimeError):
            with db.transaction() as c:
                c.execute("INSERT INTO a VALUES (1)")
                raise RuntimeError("power cut")
        with db.transaction() as c:
            c.execute("INSERT INTO a VALUES (2)")
        assert db.connection.execute("SELECT x FROM a").fetchall() == [(2,)]


def test_the_state_dir_option_wins_over_the_environment(tmp_path):
    env = {"COMPANION_STATE_DIR": "/from/env", "STATE_DIRECTORY": "/from/systemd"}
    assert state_dir(tmp_path, env) == tmp_path


def test_companion_state_dir_wins_over_systemds_state_directory():
    assert str(state_dir(None, {"COMPANION_STATE_DIR": "/a", "STATE_DIRECTORY": "/b"})) == "/a"


def test_systemds_state_directory_is_used_under_the_service():
    assert str(state_dir(None, {"STATE_DIRECTORY": "/var/lib/companion:/var/lib/other"})) == "/var/lib/companion"


def test_an_installed_kiosks_folder_comes_before_the_users_own(tmp_path):
    system = tmp_path / "var-lib-companion"
    system.mkdir()
    assert state_dir(None, {}, system_dir=system) == system


def test_the_state_dir_help_names_every_place_in_the_order_they_are_tried(capsys):
    from companion.cli import main

    with pytest.raises(SystemExit):
        main(["history", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    places = ["$COMPANION_STATE_DIR", "$STATE_DIRECTORY", "/var/lib/companion",
              "$XDG_STATE_HOME/companion", "~/.local/state/companion"]
    assert sorted(places, key=said.index) == places


def test_a_laptop_keeps_state_under_xdg_state_home(tmp_path):
    found = state_dir(None, {"XDG_STATE_HOME": str(tmp_path)}, system_dir=tmp_path / "absent")
    assert found == tmp_path / "companion"


def test_a_database_it_may_not_write_is_named_as_such_not_as_damaged(tmp_path, monkeypatch):
    path = tmp_path / FILENAME
    Database(path, migrations=MIGRATIONS[:3]).close()   # the next migration must write
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda p, **kw: connect(f"file:{p}?mode=ro", uri=True, **kw))
    with pytest.raises(CompanionError, match=r"companion\.sqlite3 is read-only"):
        Database.in_folder(tmp_path)


def test_a_reader_sees_a_database_migrated_meanwhile_before_or_after_never_halfway(
        tmp_path, monkeypatch):
    """The web page reads the file while the kiosk creates it: the version and the tables are
    read in one snapshot, so a migration in between is not taken for a changed version."""
    Database(tmp_path / FILENAME, migrations=MIGRATIONS[:5]).close()
    read_version = Database.version.fget

    def version_then_a_kiosk_migrates(self):
        version = read_version(self)
        monkeypatch.setattr(Database, "version", property(read_version))
        Database(tmp_path / FILENAME).close()   # another program brings it to the newest
        return version

    monkeypatch.setattr(Database, "version", property(version_then_a_kiosk_migrates))
    with Database.for_reading(tmp_path) as reader:   # not refused
        assert reader.version in (5, len(MIGRATIONS))   # as it lay when opened, or migrated
