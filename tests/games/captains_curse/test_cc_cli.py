"""`sheetgen play | simulate | replay` through click's runner."""

from __future__ import annotations

import json

from cc_helpers import ISLANDS

from sheetgen.cli import main

ROOMY = str(ISLANDS / "roomy.yaml")
CRAMPED = str(ISLANDS / "cramped.yaml")


def test_simulate_json(runner):
    result = runner.invoke(main, ["captains-curse", "simulate", CRAMPED, "--policy", "greedy",
                                  "-n", "50", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("games", "wins", "win_rate", "win_rate_ci", "mean_score", "median_score",
                "titles", "lost_to_sinking"):
        assert key in data
    assert data["games"] == 50 and len(data["win_rate_ci"]) == 2
    again = runner.invoke(main, ["captains-curse", "simulate", CRAMPED, "--policy", "greedy",
                                 "-n", "50", "--seed", "3", "--json", "--jobs", "2"])
    assert json.loads(again.stdout) == data


def test_simulate_table_and_logs_then_replay(runner, tmp_path):
    result = runner.invoke(main, ["captains-curse", "simulate", ROOMY, "--policy", "random",
                                  "-n", "3", "--log-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "wins" in result.stdout and "95% CI" in result.stdout
    logs = sorted(tmp_path.glob("*.json"))
    assert len(logs) == 3
    ok = runner.invoke(main, ["captains-curse", "replay", str(logs[0])])
    assert ok.exit_code == 0 and "ok" in ok.stdout
    data = json.loads(logs[1].read_text())
    data["result"]["score"] += 5
    logs[1].write_text(json.dumps(data))
    bad = runner.invoke(main, ["captains-curse", "replay", str(logs[1])])
    assert bad.exit_code == 1 and "fault" in bad.stdout and "score" in bad.stdout


def test_bad_island_exits_2_without_traceback(runner, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("format: captains-curse-island/1\nname: X\nsymbols: [a]\n"
                    "spaces: []\nsink_lines: []\n")
    result = runner.invoke(main, ["captains-curse", "simulate", str(path), "-n", "5"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "symbols" in result.stderr
    missing = runner.invoke(main, ["captains-curse", "replay", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr


def test_play_with_typed_dice_referees_a_game(runner, tmp_path):
    """Always choose option 1 and type the same dice; the game must finish legally."""
    answers = "\n".join(["3 5", "1", "1", "1"] * 150) + "\n"
    log = tmp_path / "game.json"
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--dice", "--log", str(log)],
                           input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    assert "game over" in result.stdout
    assert runner.invoke(main, ["captains-curse", "replay", str(log)]).exit_code == 0


def test_play_rejects_illegal_input(runner):
    answers = "9 9\n3 5\n99\nx\n1\n1\n" + "\n".join(["3 5", "1", "1", "1"] * 150) + "\n"
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--dice", "--hint", "greedy"],
                           input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    assert "two dice from 1 to 6" in result.stdout
    assert "enter a number" in result.stdout
    assert "hint (greedy)" in result.stdout


def test_play_with_seeded_dice(runner):
    answers = "\n".join(["1"] * 400) + "\n"
    first = runner.invoke(main, ["captains-curse", "play", CRAMPED, "--seed", "9"], input=answers)
    second = runner.invoke(main, ["captains-curse", "play", CRAMPED, "--seed", "9"], input=answers)
    assert first.exit_code == 0, first.output[-2000:]
    assert first.stdout == second.stdout
