"""Black Dice game logs (`black-dice-log/1`): written by `simulate --log-dir` while playing,
re-checked move by move and settlement by settlement by `sheetgen black-dice replay`."""

from __future__ import annotations

import json

import pytest

from sheetgen.cli import main
from sheetgen.engine.rng import SplitMix64
from sheetgen.errors import SheetgenError
from sheetgen.games.black_dice.game import GameState, new_game
from sheetgen.games.black_dice.gamelog import replay_file
from sheetgen.games.black_dice.moves import Add, Roll, parse_move
from sheetgen.games.black_dice.quest import BUNDLED, load_quest
from sheetgen.games.black_dice.simulate import play_game


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    """Logs of a few games of every bundled quest, two and four players."""
    folder = tmp_path_factory.mktemp("logs")
    from sheetgen.games.black_dice.simulate import simulate

    for quest_id in BUNDLED:
        for players in (2, 4):
            simulate(load_quest(quest_id), players, 2, seed=9, log_dir=folder)
    return folder


def _load(path):
    return json.loads(path.read_text())


def _write(tmp_path, data, name="game.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1))
    return path


def test_every_simulated_game_replays(logs, runner):
    paths = sorted(logs.glob("*.json"))
    assert len(paths) == len(BUNDLED) * 2 * 2
    for path in paths:
        report = replay_file(path)
        assert report.ok, (path.name, report.describe())
        data = _load(path)
        assert data["format"] == "black-dice-log/1" and data["events"]
        assert data["result"] == report.outcome.to_dict()
    result = runner.invoke(main, ["black-dice", "replay", str(paths[0])])
    assert result.exit_code == 0 and "ok:" in result.stdout


def test_a_log_holds_every_roll_move_and_settlement(logs):
    data = _load(logs / "kraken-2p-000000.json")
    moves = [parse_move(m) for m in data["moves"]]
    origins = {m.origin for m in moves if isinstance(m, Roll)}
    assert {"captain", "black", "turn"} <= origins
    assert data["moves"][0].startswith("deal ")
    assert any(isinstance(m, Add) for m in moves)
    rounds = [e["settlement"]["round"] for e in data["events"]]
    assert rounds == list(range(1, len(rounds) + 1))
    # the settlement is logged right after the move that completed the round
    assert all(data["moves"][e["after"]].startswith(("add", "pass", "roll", "draw"))
               for e in data["events"])


def test_the_log_is_the_game_played(logs):
    """The log written while playing gives the same result as the game's own summary."""
    g = play_game(load_quest("armada"), 3, 77, log_path=logs / "armada-once.json")
    data = _load(logs / "armada-once.json")
    assert data["result"]["termination"] == g.outcome
    assert data["result"]["scores"] == [float(x) for x in g.gold]


def _first(data, prefix):
    return next(i for i, m in enumerate(data["moves"]) if m.startswith(prefix))


def test_an_illegal_move_is_rejected_at_its_place(logs, tmp_path, runner):
    data = _load(logs / "treasure-2p-000001.json")
    i = _first(data, "add ")
    state = GameState(load_quest("treasure"), 2)
    for text in data["moves"][:i]:
        state.push(parse_move(text))
    bad = next(f for f in range(1, 7) if f not in state.counted())
    data["moves"][i] = f"add {bad}"
    path = _write(tmp_path, data)
    report = replay_file(path)
    assert not report.ok and report.index == i and report.rule == "BD-TURN"
    result = runner.invoke(main, ["black-dice", "replay", str(path)])
    assert result.exit_code == 1 and f"move {i} 'add {bad}'" in result.stdout


def test_a_short_roll_is_rejected_at_its_place(logs, tmp_path):
    data = _load(logs / "dutchman-4p-000000.json")
    i = next(i for i, m in enumerate(data["moves"]) if m.startswith("roll turn")
             and len(m.split()) > 3)
    data["moves"][i] = " ".join(data["moves"][i].split()[:-1])
    report = replay_file(_write(tmp_path, data))
    assert not report.ok and report.index == i and report.rule == "BD-TURN"


def test_a_changed_settlement_is_rejected_at_the_move_that_made_it(logs, tmp_path):
    data = _load(logs / "kraken-4p-000001.json")
    event = data["events"][1]
    event["settlement"]["captain"] = (event["settlement"]["captain"] or 0) + 1
    report = replay_file(_write(tmp_path, data))
    assert not report.ok and report.index == event["after"] and report.rule == "BD-HALVES"
    data = _load(logs / "kraken-4p-000001.json")
    line = next(ln for ln in data["events"][0]["settlement"]["lines"] if ln["status"] ==
                "failed")
    line["status"] = "completed"
    report = replay_file(_write(tmp_path, data, "status.json"))
    assert not report.ok and report.index == data["events"][0]["after"]
    assert report.rule == "BD-ORDER"


def test_a_changed_die_is_caught_where_the_game_parts_from_the_log(logs, tmp_path):
    """A different die is still a legal roll; the replay stops at the first move or
    settlement that the changed dice no longer allow."""
    data = _load(logs / "treasure-4p-000000.json")
    i = _first(data, "roll black")
    faces = data["moves"][i].split()
    faces[2] = str(faces[2] == "1" and 2 or 1)
    data["moves"][i] = " ".join(faces)
    report = replay_file(_write(tmp_path, data))
    assert not report.ok and report.index is not None and report.index > i


def test_a_wrong_result_is_named(logs, tmp_path):
    data = _load(logs / "armada-2p-000000.json")
    data["result"]["scores"][0] += 3
    report = replay_file(_write(tmp_path, data))
    assert not report.ok and "scores" in report.describe()


@pytest.mark.parametrize("change, where", [
    (lambda d: d.update(moves=d["moves"] + [7]), "moves"),
    (lambda d: d["setup"]["quest"]["fields"]["map"].update(reward=["treasure"]), "reward"),
    (lambda d: d["setup"].update(players=5), "players"),
    (lambda d: d.update(bogus=1), "bogus"),
])
def test_bad_log_files_are_located_errors(logs, tmp_path, runner, change, where):
    data = _load(logs / "treasure-2p-000000.json")
    change(data)
    path = _write(tmp_path, data)
    with pytest.raises(SheetgenError) as err:
        replay_file(path)
    assert err.value.position is not None and err.value.position.line > 1
    result = runner.invoke(main, ["black-dice", "replay", str(path)])
    assert result.exit_code == 2 and "game.json:" in result.stderr
    assert "Traceback" not in result.output


def test_not_a_move_is_a_located_error(logs, tmp_path, runner):
    data = _load(logs / "treasure-2p-000000.json")
    data["moves"][5] = "hoist the colours"
    path = _write(tmp_path, data)
    result = runner.invoke(main, ["black-dice", "replay", str(path)])
    assert result.exit_code == 2 and "moves[5]" in result.stderr
    path.write_text("{ not json")
    result = runner.invoke(main, ["black-dice", "replay", str(path)])
    assert result.exit_code == 2 and "game.json:1:" in result.stderr


def test_pop_takes_back_moves_dice_included():
    state = new_game(load_quest("dutchman"), 3, SplitMix64(4))
    before = (list(state.rolled), state.turn, len(state.history))
    move = state.legal_moves()[0]
    state.push(move)
    assert state.pop() == move
    assert (list(state.rolled), state.turn, len(state.history)) == before
