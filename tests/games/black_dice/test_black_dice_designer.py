"""The designer's path end to end, on a quest of the tests' own: `quest new`, editing the
file, `simulate --players 2-4`, `verify --band` and `verify --tune`; the enemy printed as
written with its chosen icon; docs/black-dice.md naming every key and code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sheetgen.cli import main
from sheetgen.games.black_dice.balance import variants
from sheetgen.games.black_dice.providers import enemy_of
from sheetgen.games.black_dice.quest import (
    EFFECTS,
    PENALTIES,
    REWARDS,
    RULE_KEYS,
    TOP_KEYS,
    load_quest,
    quest_to_dict,
)

DOCS = Path(__file__).resolve().parents[3] / "docs" / "black-dice.md"


@pytest.fixture
def serpent(tmp_path, runner) -> Path:
    """The tests' own quest: the Kraken tile copied by `quest new`, then edited by hand (a
    new enemy with a chosen icon, a lighter flag penalty, two knobs to tune)."""
    path = tmp_path / "serpent.yaml"
    result = runner.invoke(main, ["black-dice", "quest", "new", "--from", "kraken", "-o",
                                  str(path)])
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert text.startswith("#") and "# Reward codes" in text
    text = text.replace('name: "The Hunt for the Kraken"', 'name: "The Sea Serpent"')
    text = text.replace("enemy: kraken ", "enemy: The Sea Serpent of Tortuga ")
    text = text.replace("# enemy_icon: kraken ", "enemy_icon: whirlpool ")
    text = text.replace("flag:   {reward: [enemy_damage], penalty: [{ship_damage: 2}]}",
                        "flag:   {reward: [enemy_damage], penalty: [{ship_damage: 1}]}")
    text = text.replace('penalties: {"flag.ship_damage": [1, 2, 3]}',
                        'penalties: {"flag.ship_damage": [1, 2]}\n'
                        '  blocked_at_start: [[flag], [flag, swords]]')
    path.write_text(text)
    return path


def test_quest_new_writes_a_file_that_reads_back_as_the_quest(tmp_path, runner):
    for source in ("treasure", "kraken", "armada", "dutchman"):
        path = tmp_path / f"{source}-copy.yaml"
        result = runner.invoke(main, ["black-dice", "quest", "new", "--from", source, "-o",
                                      str(path)])
        assert result.exit_code == 0, result.output
        mine, theirs = quest_to_dict(load_quest(path)), quest_to_dict(load_quest(source))
        assert mine.pop("id") == f"{source}-copy"
        theirs.pop("id")
        mine.pop("tune", None)
        assert mine == theirs
    result = runner.invoke(main, ["black-dice", "quest", "new", "-o", str(path)])
    assert result.exit_code == 2 and "exists" in result.stderr


def test_the_serpent_quest_as_edited(serpent):
    q = load_quest(serpent)
    assert q.name == "The Sea Serpent" and q.enemy == "The Sea Serpent of Tortuga"
    assert enemy_of(q) == ("whirlpool", "The Sea Serpent of Tortuga")
    assert q.field(6).penalties[0].amount == 1
    assert len(variants(q)) == 4


def test_an_unknown_enemy_icon_is_a_located_error(serpent, runner):
    text = serpent.read_text().replace("enemy_icon: whirlpool", "enemy_icon: sea-dragonn")
    serpent.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "sea-dragonn" in row)
    result = runner.invoke(main, ["black-dice", "simulate", str(serpent), "-n", "2"])
    assert result.exit_code == 2 and f"serpent.yaml:{line}:" in result.stderr


def test_simulate_a_range_of_player_counts(serpent, runner):
    result = runner.invoke(main, ["black-dice", "simulate", str(serpent), "--players", "2-4",
                                  "-n", "6", "--seed", "3"])
    assert result.exit_code == 0, result.output
    for count in (2, 3, 4):
        assert f"serpent: 6 games, {count} players" in result.stdout
    table = result.stdout.split("crew win rate by player count")[1].splitlines()
    assert [row.split()[0] for row in table[2:5]] == ["2", "3", "4"]
    result = runner.invoke(main, ["black-dice", "simulate", str(serpent), "--players", "2,4",
                                  "-n", "4", "--json"])
    data = json.loads(result.stdout)
    assert [b["players"] for b in data["by_players"]] == [2, 4]
    result = runner.invoke(main, ["black-dice", "simulate", str(serpent), "--players", "1-3"])
    assert result.exit_code == 2 and "2 to 4 players" in result.stderr


def test_verify_passes_a_wide_band_and_fails_a_narrow_one(serpent, runner):
    args = ["black-dice", "verify", str(serpent), "-n", "12", "--players", "2-3"]
    wide = runner.invoke(main, [*args, "--band", "0-100"])
    assert wide.exit_code == 0, wide.output
    assert "verified" in wide.stdout and wide.stdout.count("inside") >= 2
    narrow = runner.invoke(main, [*args, "--band", "49-51"])
    assert narrow.exit_code == 1 and "NOT verified" in narrow.stdout
    bad = runner.invoke(main, [*args, "--band", "60-40"])
    assert bad.exit_code == 2


def test_verify_tune_lists_the_variants_in_the_band(serpent, runner):
    args = ["black-dice", "verify", str(serpent), "-n", "8", "--players", "3", "--tune"]
    wide = runner.invoke(main, [*args, "--band", "0-100"])
    assert wide.exit_code == 0, wide.output
    assert "4 of 4 variants inside the band" in wide.stdout
    assert "flag ship_damage 2" in wide.stdout and "blocked at start: swords, flag" in \
        wide.stdout
    none = runner.invoke(main, [*args, "--band", "49-51"])
    assert none.exit_code == 1 and "0 of 4 variants" in none.stdout


def test_jobs_change_no_figure(serpent, runner):
    outputs = []
    for jobs in ("1", "2"):
        result = runner.invoke(main, ["black-dice", "verify", str(serpent), "-n", "10",
                                      "--players", "2-3", "--band", "0-100", "--tune",
                                      "--jobs", jobs])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
        result = runner.invoke(main, ["black-dice", "simulate", str(serpent), "-n", "10",
                                      "--players", "2-4", "--json", "--jobs", jobs])
        outputs.append(result.stdout)
    assert outputs[0] == outputs[2] and outputs[1] == outputs[3]


def test_docs_name_every_key_and_code():
    text = DOCS.read_text()
    for key in (*TOP_KEYS, *RULE_KEYS, "gold_pool", "blocked_at_start", "penalties"):
        assert re.search(rf"`{key}`", text), key
    for code in (*REWARDS, *PENALTIES):
        assert re.search(rf"\| `{code}(: N)?` \| (reward|penalty) \|", text), code
        assert code in EFFECTS
