"""`sheetgen shipwrecked simulate` and `replay`: the length law, the first player's edge,
reproducibility whatever --jobs, logs and their replay."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from sheetgen.cli import main
from sheetgen.games.shipwrecked import simulate
from sheetgen.games.shipwrecked.batch import play_batch
from sheetgen.games.shipwrecked.rules import GrabModel


def test_exact_length_law():
    assert simulate.length_median() == 16
    ks = np.arange(3, 400)
    pmf = np.array([simulate.length_pmf(int(k)) for k in ks])
    assert abs(pmf.sum() - 1) < 1e-12
    assert abs((ks * pmf).sum() - 18) < 1e-9


def test_game_length_follows_the_negative_binomial():
    """Chi-square goodness of fit of 20,000 simulated games (fixed seed) against the exact
    law of the rolls until the third doubles; the same test rejects lengths drawn from a
    slightly different law (doubles 1 in 5.5), so it can tell."""
    rolls = np.concatenate([play_batch(5000, seed, ("spread", "deny")).rolls
                            for seed in range(4)])
    fit = simulate.length_fit(rolls)
    assert fit["dof"] > 30
    assert fit["p_value"] > 0.001, fit
    assert abs(rolls.mean() - 18) < 0.3
    wrong = np.random.default_rng(1).negative_binomial(3, 1 / 5.5, size=20000) + 3
    assert simulate.length_fit(wrong)["p_value"] < 1e-6


def test_identical_policies_give_the_first_player_about_half():
    fig = simulate.run(["greedy", "spread"], 3000, 4, GrabModel())
    pooled = fig["first_player"]["pooled"]
    assert pooled["n"] > 5800
    assert abs(pooled["rate"] - 0.5) < 0.025, pooled
    for row in fig["first_player"]["by_policy"].values():
        assert abs(row["rate"] - 0.5) < 0.04, row


def test_figures_add_up():
    fig = simulate.run(["concentrate", "spread", "greedy"], 200, 2, GrabModel())
    assert fig["games"] == 9 * 200
    assert sum(fig["decided_by"].values()) == fig["games"]
    for m in fig["matches"]:
        assert m["a_wins"]["wins"] + m["b_wins"]["wins"] + m["draws"] == m["games"] == 400
        assert m["a_wins"]["low"] <= m["a_wins"]["rate"] <= m["a_wins"]["high"]
    assert [row["policy"] for row in fig["standings"]][0] == fig["best"]
    assert 0 < fig["draws"]["islands_empty"] <= fig["draws"]["islands_level"] < 1


def _simulate(*args: str) -> str:
    result = CliRunner().invoke(main, ["shipwrecked", "simulate", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_same_figures_by_seed_and_whatever_jobs():
    args = ["-n", "1500", "--policies", "greedy,deny", "--json"]
    one = _simulate(*args, "--seed", "9", "--jobs", "1")
    two = _simulate(*args, "--seed", "9", "--jobs", "2")
    other = _simulate(*args, "--seed", "10", "--jobs", "1")
    assert one == two
    assert one != other
    assert json.loads(one)["games"] == 6000


def test_simulate_text_and_options(tmp_path: Path):
    out = _simulate("-n", "50", "--policies", "spread,contest", "--speed", "2:1",
                    "--wrong-grab", "0.1")
    assert "negative binomial" in out and "spread" in out
    assert "seat 0 makes 66.7% of the grabs" in out
    bad = CliRunner().invoke(main, ["shipwrecked", "simulate", "--policies", "sprad"])
    assert bad.exit_code == 2 and "spread" in bad.output
    bad = CliRunner().invoke(main, ["shipwrecked", "simulate", "--speed", "0:1"])
    assert bad.exit_code == 2 and "--speed" in bad.output


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("logs")
    _simulate("-n", "3", "--policies", "greedy,deny", "--log-dir", str(folder),
              "--speed", "1.5:1")
    return folder


def test_logs_are_written_and_replay(logs: Path):
    files = sorted(logs.glob("*.json"))
    assert [f.name for f in files][:2] == ["deny-vs-deny-00000.json", "deny-vs-deny-00001.json"]
    assert len(files) == 12
    log = json.loads(files[0].read_text())
    assert log["format"] == "shipwrecked-log/1" and log["setup"]["grab"]["speed"] == [1.5, 1]
    assert log["moves"][:1] == ["splash B1"] and log["moves"][60:62] == ["to 1", "to 1"]
    for f in files:
        result = CliRunner().invoke(main, ["shipwrecked", "replay", str(f)])
        assert result.exit_code == 0, result.output
        assert "moves legal, result matches" in result.output


def test_replay_names_the_first_illegal_move_and_its_rule(logs: Path, tmp_path: Path):
    log = json.loads((logs / "greedy-vs-deny-00001.json").read_text())
    index = [i for i, m in enumerate(log["moves"]) if m.startswith("roll")][3]
    log["moves"][index + 1] = "to 2"  # an island where a grab belongs
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    result = CliRunner().invoke(main, ["shipwrecked", "replay", str(bad)])
    assert result.exit_code == 1
    assert f"move {index + 1} 'to 2'" in result.output and "(SW-ORDER)" in result.output


def test_replay_catches_a_changed_result(logs: Path, tmp_path: Path):
    log = json.loads((logs / "deny-vs-greedy-00002.json").read_text())
    log["result"]["winners"] = [1 - log["result"]["winners"][0]] if log["result"]["winners"] \
        else [0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(log))
    result = CliRunner().invoke(main, ["shipwrecked", "replay", str(bad)])
    assert result.exit_code == 1 and "result winners" in result.output


@pytest.mark.parametrize("text, where", [
    ('{"format": "shipwrecked-log/1", "game": "shipwrecked", "seats": [],\n'
     ' "moves": ["to 1", 7], "result": null}', ":2:"),
    ('{"format": "shipwrecked-log/1", "game": "shipwrecked", "seats": [],\n'
     ' "moves": [], "result": null, "setup": {"islands": "five"}}', ":2:"),
    ('{"format": "shipwrecked-log/1", "game": "shipwrecked", "seats": [],\n'
     ' "moves": ["swim 3"], "result": null}', ":2:"),
    ('{"format": "black-dice-log/1", "game": "shipwrecked", "seats": [],\n'
     ' "moves": [], "result": null}', ":1:"),
    ('{"format": "shipwrecked-log/1", "game": ', ":1:"),
])
def test_a_corrupted_log_is_a_located_error(tmp_path: Path, text: str, where: str):
    bad = tmp_path / "corrupt.json"
    bad.write_text(text)
    result = CliRunner().invoke(main, ["shipwrecked", "replay", str(bad)])
    assert result.exit_code == 2, result.output
    assert f"corrupt.json{where}" in result.output and "Traceback" not in result.output
