"""Game logs: engine games replay cleanly; tampered logs fail at the right turn and rule."""

from __future__ import annotations

import copy
import json

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.gamelog import (
    make_log,
    replay,
    replay_file,
    write_log,
)
from sheetgen.games.captains_curse.simulate import game_seed, play_game_turns


@pytest.fixture(scope="module")
def logs(request):
    from cc_helpers import ISLANDS

    from sheetgen.games.captains_curse.island import load_island
    from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
    out = []
    for name in ("roomy", "cramped"):
        island = load_island(ISLANDS / f"{name}.yaml")
        for policy in ("random", "greedy", "expert"):
            for i in range(3):
                seed = game_seed(42, i)
                result, turns = play_game_turns(island, DEFAULT_RULESET, policy, seed)
                out.append(make_log(island, DEFAULT_RULESET, seed, policy, turns, result))
    return out


def test_engine_games_replay_ok(logs):
    for log in logs:
        report = replay(log)
        assert report.ok, report.describe()
        assert report.result.to_dict() == log["result"]
        assert report.turns_checked == len(log["turns"])


def test_write_and_replay_file(logs, tmp_path):
    path = tmp_path / "game.json"
    write_log(path, logs[0])
    assert json.loads(path.read_text())["format"] == "captains-curse-log/1"
    assert replay_file(path).ok


def tampered(log, turn_index, **changes):
    log = copy.deepcopy(log)
    log["turns"][turn_index].update(changes)
    return log


def first_turn(log, pred):
    for i, turn in enumerate(log["turns"]):
        if pred(turn):
            return i
    pytest.skip("no such turn in this log")


def test_wrong_score_is_reported(logs):
    log = copy.deepcopy(logs[3])
    log["result"]["score"] += 1
    report = replay(log)
    assert not report.ok and report.turn is None and "score" in report.fault


def test_illegal_column_reports_turn_and_rule(logs):
    log = logs[4]
    i = first_turn(log, lambda t: t["take"] != "pass" and t["modify"] is None)
    turn = log["turns"][i]
    bad = tampered(log, i, column=(turn["column"] + 1) % 6)
    report = replay(bad)
    assert not report.ok and report.turn == i + 1
    assert "R" in report.fault  # names the rule


def test_sink_where_none_is_owed(logs):
    log = logs[4]
    i = first_turn(log, lambda t: t["take"] == "white")
    report = replay(tampered(log, i, sink=log["island"]["sink_lines"][0]["id"]))
    assert not report.ok and report.turn == i + 1 and "R9" in report.fault


def test_missing_owed_sink(logs):
    log = logs[4]
    i = first_turn(log, lambda t: t["sink"] is not None)
    report = replay(tampered(log, i, sink=None))
    assert not report.ok and report.turn == i + 1 and "R9" in report.fault


def test_wrong_doubles_circled(logs):
    log = logs[4]
    i = first_turn(log, lambda t: t["doubles_circled"] is not None)
    report = replay(tampered(log, i, doubles_circled=None))
    assert not report.ok and report.turn == i + 1 and "R8" in report.fault


def test_truncated_and_overlong_logs(logs):
    log = copy.deepcopy(logs[5])
    log["turns"] = log["turns"][:-1]
    report = replay(log)
    assert not report.ok and "ends before" in report.fault
    log = copy.deepcopy(logs[5])
    log["turns"].append(copy.deepcopy(log["turns"][-1]))
    report = replay(log)
    assert not report.ok and "already over" in report.fault


def test_spec_style_modify_without_spend_is_accepted(logs):
    for log in logs:
        for i, turn in enumerate(log["turns"]):
            if turn["modify"] is not None:
                stripped = copy.deepcopy(log)
                del stripped["turns"][i]["modify"]["spend"]
                assert replay(stripped).ok
                return
    pytest.skip("no modification in these logs")


def test_malformed_log_is_a_sheetgen_error(tmp_path):
    path = tmp_path / "log.json"
    path.write_text('{"format": "captains-curse-log/1", "turns": []}')
    with pytest.raises(SheetgenError, match="island"):
        replay_file(path)
    path.write_text('{"format": "chess-pgn", "island": {}, "turns": [], "result": {}}')
    with pytest.raises(SheetgenError, match="unknown log format"):
        replay_file(path)


def test_unwritable_log_is_a_sheetgen_error(logs, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SheetgenError, match="cannot write"):
        write_log(blocker / "game.json", logs[0])
