"""``companion wiring``: writes the files it lists; bad input is one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

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


@pytest.mark.slow
def test_a_drawing_for_n_players_wires_players_1_to_n_whatever_order_the_file_lists_them(
        tmp_path, capsys):
    """A game of two seats players 1 and 2: a box wired from a drawing of the file's first two
    pads (players 3 and 1) could not start one."""
    mine = tmp_path / "mine.toml"
    mine.write_text("[[gpio.pads]]\nplayer = 3\nN = 4\nE = 17\nS = 27\nW = 22\n"
                    "[[gpio.pads]]\nplayer = 1\nN = 5\nE = 6\nS = 13\nW = 26\n"
                    "[[gpio.pads]]\nplayer = 2\nN = 12\nE = 16\nS = 20\nW = 21\n")
    status, _, _ = run(capsys, "--config", str(mine), "--players", "2", "--out",
                       str(tmp_path / "w"))
    svg = (tmp_path / "w" / "gpio-2-players.svg").read_text()
    assert status == 0 and "P1 N" in svg and "P2 W" in svg and "P3" not in svg
    assert "pads of players 1 and 2" in svg


@pytest.mark.slow
def test_pads_that_never_play_are_drawn_with_config_check_s_line_on_stderr(tmp_path, capsys):
    """Player 4's pad with no pad for player 3 (nor keyboard pads) is drawn as the file has it,
    and the maker reads what ``config --check`` says of it, where it was drawn without a word
    as one of 3 players on GPIO."""
    mine = tmp_path / "mine.toml"
    mine.write_text("[keyboard]\nenabled = false\n"
                    "[[gpio.pads]]\nplayer = 1\nN = 4\nE = 17\nS = 27\nW = 22\n"
                    "[[gpio.pads]]\nplayer = 2\nN = 5\nE = 6\nS = 13\nW = 26\n"
                    "[[gpio.pads]]\nplayer = 4\nN = 12\nE = 16\nS = 20\nW = 21\n")
    assert cli.main(["config", "--check", str(mine)]) == 0
    checked = capsys.readouterr().out.splitlines()[0]
    status, _, err = run(capsys, "--config", str(mine), "--out", str(tmp_path / "w"))
    never = "the pads of player 4 never play: player 3 has no pad, and players sit in turn " \
            "from player 1"
    assert checked == f"{mine}: ok, but {never}"
    assert status == 0 and err == f"companion: note: {mine}: {never}\n"
    assert "P4 N" in (tmp_path / "w" / "gpio-3-players.svg").read_text()


@pytest.mark.slow
def test_a_folder_drawn_again_for_fewer_players_loses_the_diagrams_of_the_first_drawing(
        tmp_path, capsys):
    """A 4-player diagram left beside the 2-player one would be followed by a maker."""
    out = tmp_path / "w"
    run(capsys, "--shipped-map", "--players", "4", "--out", str(out))
    status, listed, err = run(capsys, "--shipped-map", "--players", "2", "--out", str(out))
    assert status == 0
    assert err == (f"companion: note: removed from {out} what an earlier run drew and this one "
                   "does not: gpio-4-players.png, gpio-4-players.svg\n")
    assert sorted(listed.split()) == sorted(str(p) for p in out.iterdir())
    assert (out / "gpio-2-players.png").exists() and not (out / "gpio-4-players.png").exists()


@pytest.mark.slow
def test_a_folder_drawn_again_keeps_every_file_the_command_did_not_write(tmp_path, capsys):
    out, elsewhere = tmp_path / "w", tmp_path / "outside.txt"
    out.mkdir()
    (out / "notes.txt").write_text("my notes")
    (out / "BOM.md").write_text("my own parts list")
    (out / "gpio-6-players.svg").write_text("my annotated copy")   # a diagram's name, not listed
    elsewhere.write_text("not in the folder")
    bom = ("--bom", str(tmp_path / "parts.md"))
    run(capsys, "--shipped-map", "--players", "4", "--out", str(out), *bom)
    with (out / ".companion-wiring").open("a") as listing:   # a list edited to point out
        listing.write("../outside.txt\n")
    status, _, err = run(capsys, "--shipped-map", "--players", "2", "--out", str(out), *bom)
    assert status == 0 and "notes.txt" not in err and "BOM.md" not in err
    assert (out / "notes.txt").read_text() == "my notes"
    assert (out / "BOM.md").read_text() == "my own parts list"
    assert (out / "gpio-6-players.svg").read_text() == "my annotated copy"
    assert f"{out} also holds gpio-6-players.svg, not drawn now and not on its list" in err
    assert elsewhere.exists()


def test_without_somewhere_to_write_it_says_so_in_one_line(capsys):
    status, _, err = run(capsys)
    assert status == 2 and err.count("\n") == 1 and "--out DIR" in err


def test_more_players_than_pads_is_one_line(tmp_path, capsys):
    status, _, err = run(capsys, "--shipped-map", "--players", "2,8", "--out", str(tmp_path))
    assert status == 2 and err == ("companion wiring: --players 8: default config has 6 GPIO pads, "
                                   "so draw 2 to 6 players (see companion wiring --help)\n")


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
    assert status == 2 and err == (f"companion: --out {blocker / 'w'} cannot be made: {blocker} "
                                   "is a file, not a folder\n")
    status, _, err = run(capsys, "--shipped-map", "--out", str(blocker))
    assert status == 2 and err == f"companion: --out {blocker} is a file, not a folder\n"


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


def test_the_readme_names_the_builds_the_parts_list_has(tmp_path, capsys):
    status, _, _ = run(capsys, "--out", str(tmp_path / "w"))
    readme = (tmp_path / "w" / "README.md").read_text()
    parts = (tmp_path / "w" / "BOM.md").read_text()
    assert status == 0
    assert "for 2 to 6 players on GPIO and 4 or 6 on the serial controller" in readme
    assert "up to 4 players" in parts and "up to 6 players" in parts


@pytest.mark.slow
def test_out_with_bom_elsewhere_links_the_parts_list_where_it_was_written(tmp_path, capsys):
    status, _, _ = run(capsys, "--out", str(tmp_path / "w"), "--bom", str(tmp_path / "parts.md"))
    assert status == 0 and not (tmp_path / "w" / "BOM.md").exists()
    assert "](../parts.md)" in (tmp_path / "w" / "README.md").read_text()


def fewest_players():
    """The fewest players a game takes, from the games' own counts (2)."""
    from companion.games.hat.rules import MIN_PLAYERS_WITH_TWO_GIFTS
    from companion.games.movie import rules as movie
    from companion.scenes.notnot import setup as not_not

    return min(not_not.MIN_PLAYERS, movie.MIN_PLAYERS, MIN_PLAYERS_WITH_TWO_GIFTS)


def test_a_table_fewer_than_any_game_takes_is_refused_naming_the_range(tmp_path, capsys):
    fewest = fewest_players()
    for asked in (f"{fewest - 1}", f"2,{fewest - 1}", "0"):
        status, out, err = run(capsys, "--shipped-map", "--players", asked,
                               "--out", str(tmp_path / "w"))
        count = asked.split(",")[-1]
        assert status == 2 and out == "" and err == (
            f"companion wiring: --players {count}: every game needs at least {fewest} players, "
            f"so draw {fewest} to 6 players (see companion wiring --help)\n"), asked
    assert not (tmp_path / "w").exists()
    # a map with fewer pads than any game takes: asking for a count says to leave it out
    one = tmp_path / "one.toml"
    one.write_text("[gpio]\npads = [{ N = 4, E = 17, S = 27, W = 22 }]\n")
    status, _, err = run(capsys, "--config", str(one), "--players", "1", "--out", str(tmp_path))
    assert status == 2 and err.count("\n") == 1 and "leave out --players" in err


#: Box-drawing characters, by the neighbours each one joins.
JOINS_UP, JOINS_DOWN = set("│└┘├┤┴┼"), set("│┌┐├┤┬┼")
JOINS_LEFT, JOINS_RIGHT = set("─┐┘┤┬┴┼"), set("─┌└├┬┴┼")


def columns(line):
    """``{column: character}`` of ``line`` as a monospace terminal lays it out: wide (East Asian
    wide or full-width) characters take two columns, combining marks none, the rest one (box
    drawing characters too)."""
    import unicodedata

    laid, column = {}, 0
    for char in line:
        if unicodedata.combining(char):
            continue
        laid[column] = char
        column += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return laid


def loose_junctions(block):
    """Every box-drawing junction of the code block's lines that does not meet the line it
    joins above, below, left or right: ``(line, column, character)``."""
    grid = [columns(line) for line in block]
    loose = []
    for row, laid in enumerate(grid):
        above = grid[row - 1] if row else {}
        below = grid[row + 1] if row + 1 < len(grid) else {}
        for column, char in laid.items():
            if ((char in JOINS_UP and above.get(column) not in JOINS_DOWN)
                    or (char in JOINS_DOWN and below.get(column) not in JOINS_UP)
                    or (char in JOINS_LEFT - {"─"} and laid.get(column - 1) not in JOINS_RIGHT)
                    or (char in JOINS_RIGHT - {"─"} and laid.get(column + 1) not in JOINS_LEFT)):
                loose.append((block[row], column, char))
    return loose


def code_blocks(markdown):
    """The lines of each fenced code block of ``markdown``."""
    blocks, block = [], None
    for line in markdown.splitlines():
        if line.startswith("```"):
            if block is not None:
                blocks.append(block)
            block = [] if block is None else None
        elif block is not None:
            block.append(line)
    return blocks


def test_the_junction_check_finds_lines_a_column_apart():
    assert loose_junctions(["  a ─┐", "      ├─ b", "  c ─┘"]) == [
        ("  a ─┐", 5, "┐"), ("      ├─ b", 6, "├"), ("  c ─┘", 5, "┘")]
    assert loose_junctions(["  a ─┐", "     ├─ b", "  c ─┘"]) == []
    # a wide character takes two columns: the corner after it is one column further on
    assert loose_junctions(["  漢─┐", "     ├─ b", "  c ─┘"]) == []


def test_the_wiring_guides_lines_join_in_a_monospace_font(tmp_path, capsys):
    from companion.config import settings as config

    pads = len(config.load(None).gpio.pads)
    pull_down = tmp_path / "pull-down.toml"   # its pads return to 3V3, not GND
    pull_down.write_text("[gpio]\npull_up = false\n"
                         "pads = [{ N = 4, E = 17, S = 27, W = 22 }, { N = 5, E = 6, S = 13, W = 26 }]\n")
    runs = [["--shipped-map", "--players", str(count)]
            for count in range(fewest_players(), pads + 1)]
    runs.append(["--config", str(pull_down)])
    for number, argv in enumerate(runs):
        out = tmp_path / f"w{number}"
        status, _, _ = run(capsys, *argv, "--out", str(out))
        assert status == 0, argv
        blocks = code_blocks((out / "README.md").read_text())
        sketches = [block for block in blocks if any(char in JOINS_UP | JOINS_DOWN
                                                     for line in block for char in line)]
        common = "3V3" if "--config" in argv else "GND"
        assert any(line.startswith(f"  {common} ─┬") for block in sketches for line in block), argv
        assert [loose_junctions(block) for block in blocks] == [[]] * len(blocks), argv
    committed = Path(__file__).resolve().parent.parent / "wiring" / "README.md"
    assert all(loose_junctions(block) == [] for block in code_blocks(committed.read_text()))


def test_a_map_whose_gpio_is_switched_off_is_drawn_with_a_note_that_the_kiosk_does_not_read_it(
        tmp_path, capsys):
    settings = tmp_path / "serial-only.toml"
    settings.write_text("[gpio]\nenabled = false\n")
    status, _, err = run(capsys, "--config", str(settings), "--players", "2",
                         "--out", str(tmp_path / "w"))
    assert status == 0 and err == (f"companion: note: {settings} has [gpio] enabled = false: the "
                                   "header diagrams show its GPIO pin map, which the kiosk does "
                                   "not read now\n")


@pytest.mark.slow
def test_the_i2s_amplifier_is_refused_beside_every_pad_its_overlay_holds_a_pin_of(tmp_path, capsys):
    """The guide named GPIO21 only; the overlay holds GPIO20 too, which the settings and
    doctor refuse beside i2s = true (a maker)."""
    status, _, err = run(capsys, "--shipped-map", "--players", "6", "--out", str(tmp_path))
    guide = (tmp_path / "README.md").read_text()
    assert status == 0 and err == ""
    assert "**Not with this pin map:** GPIO20 (pin 38) is P5 S; GPIO21 (pin 40) is P5 W." in guide
