"""`sheetgen voodoo simulate | replay` with the engine: the same figures whatever --jobs,
logs written while playing that replay, corrupted logs named by move and rule (exit 1),
bad files and options located (exit 2)."""

from __future__ import annotations

import json

import pytest
from helpers.hardening import clean_error

from sheetgen.cli import main
from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.simulate import (
    Run,
    lineup,
    log_name,
    play_games,
    summarize,
)

BOARD = default_board()


def test_the_same_games_whatever_jobs():
    run = Run(None, lineup(["greedy", "random"], cursed=1, rotate=True))
    one = play_games(run, 6, seed=5, jobs=1)
    two = play_games(run, 6, seed=5, jobs=2)
    assert one == two
    assert summarize(one, BOARD, run.lineup) == summarize(two, BOARD, run.lineup)
    assert play_games(run, 6, seed=6) != one


def test_simulate_prints_the_same_figures_whatever_jobs(runner):
    args = ["voodoo", "simulate", "-n", "4", "--players", "greedy,random", "--cursed", "1",
            "--seed", "3", "--json"]
    one = runner.invoke(main, [*args, "--jobs", "1"])
    two = runner.invoke(main, [*args, "--jobs", "2"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["games"] == 4 and len(data["seats"]) == 3
    assert data["ends"]["shore"]["n"] == 4 and data["kinds"]["cursed"]["n"] == 4
    text = runner.invoke(main, args[:-1])
    assert text.exit_code == 0 and "win share by starting harbour space" in text.stdout
    assert "Cursed Pirates against players" in text.stdout


@pytest.fixture(scope="module")
def logs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("logs")
    run = Run(None, lineup(["greedy", "planner"], cursed=1, options={"rollouts": 1}),
              str(folder))
    games = play_games(run, 3, seed=11)
    return folder, games


def test_logs_are_written_while_playing_and_replay(logs, runner):
    folder, games = logs
    assert sorted(p.name for p in folder.iterdir()) == [log_name(i) for i in range(3)]
    for i, game in enumerate(games):
        data = json.loads((folder / log_name(i)).read_text())
        assert data["format"] == "voodoo-log/1" and data["seats"] == ["greedy", "planner",
                                                                      "cursed"]
        assert data["result"]["winners"] == list(game.winners)
        result = runner.invoke(main, ["voodoo", "replay", str(folder / log_name(i))])
        assert result.exit_code == 0, result.output
        assert "moves legal, result matches" in result.output


def _corrupt(logs, tmp_path, change):
    folder, _ = logs
    data = json.loads((folder / log_name(0)).read_text())
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data, indent=1))
    return path


def test_an_illegal_move_is_named_with_its_rule(logs, tmp_path, runner):
    folder, _ = logs
    data = json.loads((folder / log_name(0)).read_text())
    first_card = next(i for i, m in enumerate(data["moves"]) if m.startswith("card "))
    path = _corrupt(logs, tmp_path, lambda d: d["moves"].__setitem__(first_card, "card Zap"))
    result = runner.invoke(main, ["voodoo", "replay", str(path)])
    assert result.exit_code == 1
    assert f"move {first_card} 'card Zap'" in result.output and "(V" in result.output


def test_a_card_played_two_rounds_running_is_refused(logs, tmp_path, runner):
    """A seat plays again, the next round, the Action card it played the round before
    (V7). Which seat made which move is read from the engine as the log is followed."""
    from sheetgen.engine.gamelog import read_log
    from sheetgen.games.voodoo.gamelog import LOG_FORMAT, _new_state
    from sheetgen.games.voodoo.moves import Move

    folder, _ = logs
    log = read_log(folder / log_name(0), LOG_FORMAT)
    state, played = _new_state(log), {}
    for i, text in enumerate(log.moves):
        seat = state.to_move()
        if text.startswith("card ") and seat is not None and seat >= 0:
            played.setdefault(seat, []).append(i)
            if len(played[seat]) == 2:
                break
        state.push(Move.parse(text))
    first, second = played[seat]
    assert log.moves[first] != log.moves[second]
    path = _corrupt(logs, tmp_path, lambda d: d["moves"].__setitem__(second,
                                                                     log.moves[first]))
    result = runner.invoke(main, ["voodoo", "replay", str(path)])
    assert result.exit_code == 1, result.output
    assert f"move {second} '{log.moves[first]}'" in result.output and "(V7)" in result.output


@pytest.mark.parametrize("change, message", [
    (lambda d: d.__setitem__("moves", d["moves"][:10]), "ends before the game does"),
    (lambda d: d["result"].__setitem__("winners", [9]), "result winners is [9]"),
    (lambda d: d["moves"].append("end W"), "already over"),
])
def test_a_log_that_does_not_hold_is_a_fault(logs, tmp_path, runner, change, message):
    result = runner.invoke(main, ["voodoo", "replay", str(_corrupt(logs, tmp_path, change))])
    assert result.exit_code == 1 and message in result.output, result.output


@pytest.mark.parametrize("change, message", [
    (lambda d: d.__setitem__("format", "voodoo-log/9"), "unknown log format"),
    (lambda d: d["moves"].__setitem__(3, 7), "moves[3] must be a string"),
    (lambda d: d["setup"].__setitem__("board", d["setup"]["board"].replace(
        "lunar_track: 6", "lunar_track: 99")), "the log's board is not a valid board"),
    (lambda d: d["setup"].pop("board"), "setup.board"),
    (lambda d: d.__setitem__("seed", None), "no seed"),
    (lambda d: d.__setitem__("seats", []), "0 seats"),
    (lambda d: d["moves"].__setitem__(2, "   "), "moves[2]"),
])
def test_a_bad_log_file_is_a_located_error(logs, tmp_path, runner, change, message):
    path = _corrupt(logs, tmp_path, change)
    clean_error(runner.invoke(main, ["voodoo", "replay", str(path)]), message, f"{path}")


def test_a_file_that_is_no_log_is_a_located_error(tmp_path, runner):
    path = tmp_path / "x.json"
    path.write_text('{"format": "voodoo-log/1", "game": "voodoo",\n "seats": [}')
    clean_error(runner.invoke(main, ["voodoo", "replay", str(path)]), f"{path}:2:")


def test_simulate_options_are_checked(runner, tmp_path):
    clean_error(runner.invoke(main, ["voodoo", "simulate", "--players", "grredy"]),
                "did you mean 'greedy'")
    clean_error(runner.invoke(main, ["voodoo", "simulate", "--players", "greedy," * 5,
                                     "--cursed", "1"]), "1 to 5")
    bad = tmp_path / "b.yaml"
    bad.write_text(BOARD.name)
    clean_error(runner.invoke(main, ["voodoo", "simulate", "--board", str(bad)]), f"{bad}")
