"""``companion wiring``: writes the files it lists; bad input is one line and exit status 2."""

from __future__ import annotations

import pytest
from companion import cli


def run(capsys, *args):
    status = cli.main(["wiring", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.slow
def test_it_writes_every_file_it_lists(tmp_path, capsys):
    status, out, err = run(capsys, "--shipped-map", "--players", "4", "--out", str(tmp_path / "w"))
    assert status == 0 and err == ""
    listed = sorted(out.split())
    assert listed == sorted(str(p) for p in (tmp_path / "w").iterdir())
    assert str(tmp_path / "w" / "gpio-4-players.png") in listed
    assert not (tmp_path / "w" / "gpio-2-players.png").exists()


@pytest.mark.slow
def test_a_users_config_is_drawn(tmp_path, capsys):
    mine = tmp_path / "mine.toml"
    mine.write_text("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22 }, { N = 5, E = 6, S = 13, W = 26 }]\n")
    status, out, _ = run(capsys, "--config", str(mine), "--out", str(tmp_path / "w"))
    assert status == 0
    svg = (tmp_path / "w" / "gpio-2-players.svg").read_text()
    assert "P2 W" in svg and "P3 N" not in svg and str(mine) in svg


def test_without_somewhere_to_write_it_says_so_in_one_line(capsys):
    status, _, err = run(capsys)
    assert status == 2 and err.count("\n") == 1 and "--out DIR" in err


def test_more_players_than_pads_is_one_line(tmp_path, capsys):
    status, _, err = run(capsys, "--shipped-map", "--players", "2,8", "--out", str(tmp_path))
    assert status == 2 and err == ("companion wiring: --players 8: default config has 6 GPIO pads, "
                                   "so draw 1 to 6 players (see companion wiring --help)\n")


def test_a_count_that_is_not_a_number_is_one_line(tmp_path, capsys):
    status, _, err = run(capsys, "--shipped-map", "--players", "four", "--out", str(tmp_path))
    assert status == 2 and err.count("\n") == 1 and "'four' is not a whole number" in err


def test_a_missing_config_is_one_line(tmp_path, capsys):
    status, _, err = run(capsys, "--config", str(tmp_path / "nope.toml"), "--out", str(tmp_path))
    assert status == 2 and err == f"companion: config file not found: {tmp_path / 'nope.toml'}\n"


def test_a_bad_config_names_the_key(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[gpio]\npads = [{ N = 0, E = 17, S = 27, W = 22 }]\n")
    status, _, err = run(capsys, "--config", str(bad), "--out", str(tmp_path / "w"))
    assert status == 2 and "gpio.pads[1].N = 0" in err and "ID EEPROM" in err
    assert not (tmp_path / "w").exists()


@pytest.mark.slow
def test_an_output_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    status, _, err = run(capsys, "--shipped-map", "--out", str(blocker / "w"))
    assert status == 2 and err.count("\n") == 1 and f"cannot write the wiring files to {blocker / 'w'}" in err


def test_the_parts_list_alone_needs_no_out_folder(tmp_path, capsys):
    status, out, _ = run(capsys, "--bom", str(tmp_path / "BOM.md"))
    assert status == 0 and out == f"{tmp_path / 'BOM.md'}\n"
    assert (tmp_path / "BOM.md").read_text().startswith("# Parts list")


@pytest.mark.slow
def test_out_writes_the_parts_list_beside_the_diagrams_and_a_readme_for_users(tmp_path, capsys):
    status, out, _ = run(capsys, "--out", str(tmp_path / "w"))
    assert status == 0 and str(tmp_path / "w" / "BOM.md") in out.split()
    assert (tmp_path / "w" / "BOM.md").read_text().startswith("# Parts list")
    readme = (tmp_path / "w" / "README.md").read_text()
    assert "](BOM.md)" in readme
    assert "--shipped-map" not in readme and "hardware/BOM.md" not in readme
    assert "hardware/BOM.md" not in (tmp_path / "w" / "BOM.md").read_text()


@pytest.mark.slow
def test_out_with_bom_elsewhere_links_the_parts_list_where_it_was_written(tmp_path, capsys):
    status, _, _ = run(capsys, "--out", str(tmp_path / "w"), "--bom", str(tmp_path / "parts.md"))
    assert status == 0 and not (tmp_path / "w" / "BOM.md").exists()
    assert "](../parts.md)" in (tmp_path / "w" / "README.md").read_text()
