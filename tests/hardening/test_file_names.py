"""A file name the file system refuses outright (over 255 bytes), given on the command line:
a clean error, not an OSError traceback (found by probing around the fuzz campaign,
tests/hardening/test_fuzz.py)."""

from __future__ import annotations

import pytest
from helpers.hardening import clean_error

LONG = "a" * 300
LONG_NAME_COMMANDS = {
    "validate": ["validate", LONG + ".yaml"],
    "render": ["render", LONG + ".yaml"],
    "render -o": ["render", "l.yaml", "-o", LONG + ".pdf"],
    "black-dice simulate": ["black-dice", "simulate", LONG + ".yaml", "-n", "2"],
    "voodoo board": ["voodoo", "board", LONG + ".yaml"],
    "shipwrecked score": ["shipwrecked", "score", LONG],
    "captains-curse replay": ["captains-curse", "replay", LONG + ".json"],
    "swashbuckle check": ["swashbuckle", "check", LONG + ".yaml"],
}


@pytest.mark.parametrize("args", LONG_NAME_COMMANDS.values(), ids=LONG_NAME_COMMANDS.keys())
def test_a_file_name_too_long_on_the_command_line(sheetgen, tmp_path, args):
    """A 300-character file name used to be an OSError traceback in `validate`, `render -o`
    and `black-dice simulate` (found by the fuzz campaign's probes)."""
    (tmp_path / "l.yaml").write_text("elements: [{type: rect, w: 10, h: 10}]\n")
    result = sheetgen(*args)
    clean_error(result)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["l.yaml"]  # nothing written
