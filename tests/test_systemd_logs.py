"""Logging: levelled lines on stderr; under systemd with the priority journald keeps."""

import io
import logging
import os

import pytest

from companion.kiosk.logs import configure, priority, writes_to_journal


@pytest.fixture(autouse=True)
def restore_root_logger():
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def journal_env(stream) -> dict:
    info = os.fstat(stream.fileno())
    return {"JOURNAL_STREAM": f"{info.st_dev}:{info.st_ino}"}


def test_on_a_terminal_a_line_says_its_level_and_where_it_comes_from():
    out = io.StringIO()
    configure(stream=out, environ={})
    logging.getLogger("companion.inputs").warning("pad 2 %s stuck", "N")
    assert out.getvalue() == "WARNING companion.inputs: pad 2 N stuck\n"


def test_under_systemd_every_line_carries_its_syslog_priority(tmp_path):
    with open(tmp_path / "journal", "w+") as stream:
        configure(stream=stream, environ=journal_env(stream))
        logging.getLogger("companion.x").error("two\nlines")
        logging.getLogger("companion.x").info("fine")
        stream.seek(0)
        assert stream.read() == "<3>ERROR companion.x: two\n<3>lines\n<6>INFO companion.x: fine\n"


def test_a_journal_stream_meant_for_another_file_is_not_ours(tmp_path):
    with open(tmp_path / "a", "w") as mine, open(tmp_path / "b", "w") as other:
        assert writes_to_journal(mine, journal_env(other)) is False
        assert writes_to_journal(mine, journal_env(mine)) is True
    assert writes_to_journal(io.StringIO(), {"JOURNAL_STREAM": "1:2"}) is False


def test_debug_shows_details_and_the_default_does_not():
    out = io.StringIO()
    configure(stream=out, environ={})
    logging.getLogger("companion").debug("hidden")
    configure(debug=True, stream=out, environ={})
    logging.getLogger("companion").debug("shown")
    assert out.getvalue() == "DEBUG companion: shown\n"


@pytest.mark.parametrize("level, expected", [(logging.DEBUG, 7), (logging.INFO, 6), (logging.WARNING, 4),
                                             (logging.ERROR, 3), (logging.CRITICAL, 2), (25, 6), (5, 7)])
def test_each_level_maps_to_its_syslog_priority(level, expected):
    assert priority(level) == expected
