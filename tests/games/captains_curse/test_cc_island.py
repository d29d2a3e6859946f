"""Island files: loading, round trip, and every validation fault with file:line:column."""

from __future__ import annotations

import json

import pytest
import yaml
from cc_helpers import tiny_island_dict

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.island import (
    island_from_dict,
    island_to_dict,
    load_island,
    sinkable_lines,
    validate_island,
)
from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET, Ruleset, load_ruleset


def test_hand_made_islands_load_and_validate(island, ruleset):
    validate_island(island, ruleset)  # R2, R3, R11, R12
    assert len(island.spaces) == 36
    assert island.ring_mask
    assert all(sinkable_lines(island))


def test_round_trip(island):
    assert island_from_dict(island_to_dict(island)) == island
    again = island_from_dict(json.loads(json.dumps(island_to_dict(island))))
    assert again == island


def test_json_loads_like_yaml(island, tmp_path):
    path = tmp_path / "island.json"
    path.write_text(json.dumps(island_to_dict(island)))
    assert load_island(path) == island


def test_cramped_is_cramped(roomy, cramped):
    def cheapest(isl):
        return min(len(line.region) for line in isl.sink_lines)
    assert cheapest(roomy) == 1 and cheapest(cramped) == 2
    assert len(cramped.sink_lines) < len(roomy.sink_lines)


def write(tmp_path, data, name="bad.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


def fault(tmp_path, data, rules=None) -> SheetgenError:
    path = write(tmp_path, data)
    with pytest.raises(SheetgenError) as err:
        validate_island(load_island(path), rules or Ruleset(symbol_counts=(2,) * 6))
    return err.value


def line_of(path, needle: str) -> int:
    for n, text in enumerate(path.read_text().splitlines(), start=1):
        if needle in text:
            return n
    raise AssertionError(needle)


def test_wrong_symbol_count_r2(tmp_path):
    data = tiny_island_dict()
    data["spaces"][0]["symbol"] = "b"
    err = fault(tmp_path, data)
    assert "R2" in err.message and "'a'" in err.message
    assert err.position.line > 0


def test_unknown_space_id_points_at_it(tmp_path):
    data = tiny_island_dict()
    data["sink_lines"][3]["region"] = ["b1x"]
    path = write(tmp_path, data)
    with pytest.raises(SheetgenError) as err:
        load_island(path)
    assert "unknown space id 'b1x'" in err.value.message
    assert err.value.position.line == line_of(path, "- b1x")
    assert "did you mean" in err.value.hint


def test_unknown_symbol_and_key(tmp_path):
    data = tiny_island_dict()
    data["spaces"][2]["symbol"] = "bb"
    with pytest.raises(SheetgenError, match="not one of the symbols"):
        load_island(write(tmp_path, data))
    data = tiny_island_dict()
    data["spaces"][2]["rign"] = True
    with pytest.raises(SheetgenError, match="unknown key 'rign'") as err:
        load_island(write(tmp_path, data))
    assert "ring" in err.value.hint


def test_duplicate_ids(tmp_path):
    data = tiny_island_dict()
    data["spaces"][1]["id"] = "a1"
    with pytest.raises(SheetgenError, match="already used"):
        load_island(write(tmp_path, data))


def test_non_laminar_regions_r12(tmp_path):
    data = tiny_island_dict()
    data["sink_lines"].append({"id": "Lx", "region": ["a1", "d2"], "ends": [[], []]})
    err = fault(tmp_path, data)
    assert "laminar" in err.message and "R12" in err.message
    assert "Lring" in err.message and "Lx" in err.message


def test_space_no_line_can_sink_r12(tmp_path):
    data = tiny_island_dict()
    data["sink_lines"] = [ln for ln in data["sink_lines"] if ln["id"] != "Ld2"]
    err = fault(tmp_path, data)
    assert "d2" in err.message and "R12" in err.message


def test_empty_ring_r3(tmp_path):
    data = tiny_island_dict()
    for space in data["spaces"]:
        space["ring"] = False
    err = fault(tmp_path, data)
    assert "R3" in err.message


def test_end_that_can_never_become_wet_r11(tmp_path):
    data = tiny_island_dict()
    data["sink_lines"].append({"id": "Lz", "region": ["e2"], "ends": [["f2"], []]})
    data["sink_lines"] = [ln for ln in data["sink_lines"] if ln["id"] not in ("Le2", "Lf2", "Lw")]
    data["sink_lines"].append({"id": "Lf", "region": ["f2"], "ends": [[], ["e2"]]})
    path = write(tmp_path, data)
    with pytest.raises(SheetgenError) as err:
        validate_island(load_island(path), Ruleset(symbol_counts=(2,) * 6))
    assert "never become wet" in err.value.message and "R11" in err.value.message
    assert err.value.position.line > 0


def test_malformed_yaml_points_at_the_fault(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("format: captains-curse-island/1\nname: [unclosed\n")
    with pytest.raises(SheetgenError) as err:
        load_island(path)
    assert err.value.position.line >= 2


def test_missing_file():
    with pytest.raises(SheetgenError, match="no such file"):
        load_island("/nonexistent/island.yaml")


def test_wrong_format(tmp_path):
    data = tiny_island_dict()
    data["format"] = "captains-curse-island/2"
    with pytest.raises(SheetgenError, match="unknown island format"):
        load_island(write(tmp_path, data))


def test_ruleset_file(tmp_path):
    path = tmp_path / "rules.yaml"
    path.write_text("format: captains-curse-ruleset/1\ngoal: 75\nsymbol_counts: 2\n"
                    "unfinished_columns_score: false\n")
    rules = load_ruleset(path)
    assert rules.goal == 75 and rules.symbol_counts == (2,) * 6
    assert not rules.unfinished_columns_score and rules.spent_doubles_count_as_circled
    path.write_text("columns: [[1, 2, 3, 4, 5, 5], [1,2,3,4,5,6], [1,2,3,4,5,6], "
                    "[1,2,3,4,5,6], [1,2,3,4,5,6], [1,2,3,4,5,6]]\n")
    with pytest.raises(SheetgenError, match=r"columns\[0\]") as err:
        load_ruleset(path)
    assert err.value.position.line == 1
    path.write_text("gaol: 70\n")
    with pytest.raises(SheetgenError, match="unknown key 'gaol'"):
        load_ruleset(path)


def test_bundled_default_ruleset_is_the_spec():
    from pathlib import Path
    path = Path(__file__).resolve().parents[3] / "layouts/captains_curse/rulesets/default.yaml"
    assert load_ruleset(path) == DEFAULT_RULESET
