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


def test_simulate_prints_the_same_figures_whatever_jobs(runner):
    """The default path (a chunk of games a call through engine.runner) over one process or
    two: the printed table is the same to the character."""
    args = ["captains-curse", "simulate", ROOMY, "--policy", "greedy", "-n", "300",
            "--seed", "4"]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    two = runner.invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0, one.output + two.output
    assert one.stdout == two.stdout and "300 games" in one.stdout


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


def test_play_rejects_ill_formed_dice_and_bad_choices(runner):
    answers = "9 9\n35\n3.5\n-1 3\n3 5\n99\nx\n1\nquit\n"
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--dice", "--hint", "greedy"],
                           input=answers)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.stdout
    assert out.count("two dice from 1 to 6") == 4  # 9 9, 35, 3.5 and -1 3 refused
    assert "rolled white 3, black 5" in out
    assert "enter a number" in out
    assert "hint (greedy)" in out
    assert "stopped after 0 turn(s)" in out
