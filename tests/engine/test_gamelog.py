"""The game-log family: write while playing, read with located errors, replay naming the
first illegal move; and the shared replay command."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from sheetgen.cli.engine_options import replay_command, simulate_options
from sheetgen.engine.contract import play
from sheetgen.engine.dicenim import DiceNim, RandomPlayer, TakeMost, parse_move
from sheetgen.engine.gamelog import (
    MoveRecorder,
    log_format,
    make_log,
    read_log,
    replay,
    write_log,
)
from sheetgen.engine.rng import dice_stream, policy_stream
from sheetgen.errors import SheetgenError

FORMAT = log_format("dice_nim")


def new_state(log):
    return DiceNim(log.setup["stones"])


def played_log(seed=4, stones=9):
    recorder = MoveRecorder()
    outcome = play(DiceNim(stones), [TakeMost(), RandomPlayer()], dice_stream(seed), recorder,
                   player_rng=policy_stream(seed))
    return make_log("dice_nim", seats=["most", "random"], seed=seed, setup={"stones": stones},
                    moves=recorder.moves, result=outcome)


def test_a_log_written_while_playing_replays_clean(tmp_path):
    path = tmp_path / "game.json"
    write_log(path, played_log())
    log = read_log(path, FORMAT)
    report = replay(log, new_state, parse_move)
    assert report.ok and report.moves_checked == len(log.moves)
    assert report.describe().startswith("ok:")
    assert json.loads(path.read_text())["format"] == "dice-nim-log/1"


def test_replay_names_the_first_illegal_move_its_index_and_rule():
    log = played_log()
    log.moves[3] = "take 9"
    report = replay(log, new_state, parse_move)
    assert not report.ok
    assert (report.index, report.move, report.rule) == (3, "take 9", "DN3")


def test_replay_faults_at_the_end():
    log = played_log()
    whole = list(log.moves)
    log.moves = whole[:-1]
    assert "ends before the game" in replay(log, new_state, parse_move).message
    log.moves = whole + ["roll 1"]
    report = replay(log, new_state, parse_move)
    assert report.index == len(whole) and "already over" in report.message
    log.moves = whole
    log.result = dict(log.result, winners=[9])
    assert "result winners" in replay(log, new_state, parse_move).message
    log.result = None
    assert "no result" in replay(log, new_state, parse_move).message
    log.moves = whole[:2]
    assert replay(log, new_state, parse_move).ok  # an unfinished game, checked so far


def test_read_log_points_at_the_fault(tmp_path):
    path = tmp_path / "bad.json"
    good = played_log().to_dict()
    path.write_text(json.dumps(dict(good, moves=["roll 1", 7]), indent=1))
    with pytest.raises(SheetgenError) as err:
        read_log(path, FORMAT)
    assert err.value.position.line > 1 and "moves[1] must be a string" in err.value.message
    path.write_text(json.dumps(dict(good, mooves=[]), indent=1))
    with pytest.raises(SheetgenError) as err:
        read_log(path, FORMAT)
    assert "unknown key 'mooves'" in err.value.message and "moves" in err.value.hint
    path.write_text(json.dumps(good, indent=1))
    with pytest.raises(SheetgenError) as err:
        read_log(path, "other-log/1")
    assert err.value.position.line == 2 and err.value.hint == "expected 'other-log/1'"


def test_a_move_that_does_not_parse_is_a_located_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(dict(played_log().to_dict(), moves=["roll 1", "jump"]),
                               indent=1))
    with pytest.raises(SheetgenError) as err:
        replay(read_log(path, FORMAT), new_state, parse_move)
    assert "moves[1] 'jump' is not a move" in err.value.message and err.value.position.line


def test_the_shared_replay_command_exits_1_at_a_fault(tmp_path):
    command = replay_command(FORMAT, lambda p: replay(read_log(p, FORMAT), new_state,
                                                      parse_move))
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    log = played_log()
    write_log(good, log)
    log.moves[1] = "take 8"
    write_log(bad, log)
    runner = CliRunner()
    assert runner.invoke(command, [str(good)]).exit_code == 0
    result = runner.invoke(command, [str(bad)])
    assert result.exit_code == 1 and "fault: move 1 'take 8'" in result.output


def test_simulate_options_give_the_shared_names():
    @click.command()
    @simulate_options(games=50)
    def simulate(**kwargs):
        click.echo(json.dumps(kwargs, sort_keys=True))

    out = CliRunner().invoke(simulate, ["-n", "7", "--jobs", "2", "--scheduler", "local",
                                        "--json"])
    assert json.loads(out.output) == {"as_json": True, "jobs": 2, "log_dir": None,
                                      "n_games": 7, "scheduler": "local", "seed": 1}
