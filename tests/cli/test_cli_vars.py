"""`sheetgen vars LAYOUT` shows what `--set` can change, and `--set` is checked against it."""

from __future__ import annotations

import json

import pytest

from sheetgen.cli import main
from sheetgen.layout.bundled import bundled_layouts


def test_vars_lists_the_switches_with_the_layouts_own_help(runner):
    result = runner.invoke(main, ["vars", "swashbuckle/scorecard"])
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("show_par "))
    assert "bool" in line and "false" in line and "par line" in line
    # the entries of a mapping, with the dotted name --set takes
    assert any(ln.startswith("points.succession4 ") and "four in a row" in ln
               for ln in result.stdout.splitlines())
    assert any(ln.startswith("par ") and "computed" in ln for ln in result.stdout.splitlines())


def test_vars_json_gives_one_object_per_variable(runner):
    result = runner.invoke(main, ["vars", "captains-curse/island-sheet", "--json"])
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    island = next(r for r in rows if r["name"] == "island")
    assert island["kind"] == "any" and "island file" in island["help"]


@pytest.mark.parametrize("name", sorted(bundled_layouts()))
def test_every_bundled_layout_lists_its_variables(runner, name):
    result = runner.invoke(main, ["vars", name])
    assert result.exit_code == 0, result.output


def test_a_wrong_kind_is_refused_with_the_switch_named(runner, tmp_path):
    out = tmp_path / "card.pdf"
    result = runner.invoke(main, ["render", "swashbuckle/scorecard", "--set", "par=true",
                                  "-o", str(out)])
    assert result.exit_code == 2
    assert "'par' is a mapping" in result.stderr and "show_par" in result.stderr
    assert "scorecard.yaml:" in result.stderr and not out.exists()


@pytest.mark.parametrize("setting, expected", [
    ("show_par=1", "is a flag"),
    ("matches=six", "is a number"),
    ("matches=true", "is a number"),
    ("points.succesion4=35", "did you mean 'succession4'"),
    ("points.full_boat.x=1", "not a mapping"),
    ("nosuch=1", "no variable 'nosuch'"),
])
def test_bad_settings_are_located_errors(runner, setting, expected):
    result = runner.invoke(main, ["validate", "swashbuckle/scorecard", "--set", setting])
    assert result.exit_code == 2
    assert expected in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("setting", ["show_par=true", "matches=4", "points.succession4=35",
                                     "x0=6.5"])
def test_good_settings_pass(runner, setting):
    result = runner.invoke(main, ["validate", "swashbuckle/scorecard", "--set", setting])
    assert result.exit_code == 0, result.output


def test_a_null_default_takes_anything(runner, write_layout):
    path = write_layout("""
        vars:
          thing: null   # anything at all
          size: 5.5
        elements:
          - {type: text, x: 10, y: 10, w: 50, h: 10, text: "hello"}
        """)
    for setting in ("thing=words", "thing=3", "thing=[1, 2]", "size=6"):
        result = runner.invoke(main, ["validate", str(path), "--set", setting])
        assert result.exit_code == 0, (setting, result.output)
