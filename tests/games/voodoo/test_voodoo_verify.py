"""`sheetgen voodoo verify`: the bundled Sea of Souls keeps every documented band
(docs/voodoo.md), and the board it replaced does not, so the bands tell the two apart."""

from __future__ import annotations

import json

import pytest

from sheetgen.cli import main
from sheetgen.games.voodoo.verify import (
    BOOK_SEED,
    DEFAULT_PLAN,
    Plan,
    bundled_verdict,
    first_design_text,
)

FIRST_BOARD = first_design_text()
"""The board as first printed: Stars showing west too, a lunar track of a start and eight."""


@pytest.mark.slow  # 420 games of the documented plan (unless the rulebook's build played them)
def test_the_bundled_sea_of_souls_keeps_every_band():
    """The documented plan (240 + 60 + 120 games, seed 1), as `sheetgen voodoo verify` plays
    it. These are the very games the rulebook's chapter on the board prints
    (`bundled_verdict`: `verify_board(None, DEFAULT_PLAN, 1)`, kept in sheetgen's cache
    until a Voodoo or engine source or the board changes), so the suite, which also builds
    that rulebook, plays them once, not twice; the verdict is the same whatever `--jobs`."""
    assert BOOK_SEED == 1
    data = bundled_verdict()
    lines = [f"{c['name']}: {c['ok']} {c['measured']} [{c['band']}]" for c in data["checks"]]
    assert data["ok"] and all(c["ok"] for c in data["checks"]), "\n".join(lines)
    assert {c["name"] for c in data["checks"]} == {
        "rounds", "both ends", "seats", "start spaces", "planner beats greedy",
        "greedy beats random", "cursed pirates"}
    assert (data["figures"]["table"]["games"], data["figures"]["skill"]["games"],
            data["figures"]["cursed"]["games"]) == (DEFAULT_PLAN.table, DEFAULT_PLAN.skill,
                                                    DEFAULT_PLAN.cursed)


@pytest.mark.slow  # the table lineup at half scale
def test_the_first_board_fails_and_says_why(runner, tmp_path):
    path = tmp_path / "first.yaml"
    path.write_text(FIRST_BOARD)
    result = runner.invoke(main, ["voodoo", "verify", str(path), "--lineup", "table",
                                  "--scale", "0.5", "--json", "--jobs", "2"])
    assert result.exit_code == 1, result.output
    checks = {c["name"]: c for c in json.loads(result.stdout)["checks"]}
    assert not checks["both ends"]["ok"] and "lunar 0.0%" in checks["both ends"]["measured"]


def test_verify_prints_its_bands_and_reads_boards_like_every_command(runner, tmp_path):
    result = runner.invoke(main, ["voodoo", "verify", "--lineup", "cursed", "--scale",
                                  "0.2", "-q"])
    assert result.exit_code == 0, result.output
    assert "every band holds" in result.output and "cursed pirates" in result.output
    bad = tmp_path / "b.yaml"
    bad.write_text(FIRST_BOARD.replace("lunar_track: 9", "lunar_track: 1"))
    result = runner.invoke(main, ["voodoo", "verify", str(bad)])
    assert result.exit_code == 2 and f"{bad}:" in result.output
    assert "Traceback" not in result.output


def test_a_plan_scales():
    assert DEFAULT_PLAN.scaled(0.5) == Plan(120, 30, 60)
    assert DEFAULT_PLAN.scaled(0.01) == Plan(8, 8, 8)


@pytest.mark.parametrize("scale", ["0", "abc"])
def test_bad_options_are_clean_errors(runner, scale):
    result = runner.invoke(main, ["voodoo", "verify", "--scale", scale])
    assert result.exit_code == 2 and "Traceback" not in result.output
