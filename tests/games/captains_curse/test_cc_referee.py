"""`sheetgen captains-curse play` as the referee of a paper game: labels as on the referee
print, well-formed dice only, help, undo, quit and Ctrl-D keeping the log, the die decision
in two steps when doubles can be spent."""

from __future__ import annotations

import json
import re

import click
import pytest
from cc_helpers import ISLANDS

from sheetgen.cli import main
from sheetgen.games.captains_curse.cli import play as referee
from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.labels import letters, line_labels, space_labels
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.state import GameState, Loot, Place, Roll

ROOMY = str(ISLANDS / "roomy.yaml")
KEY = re.compile(r"^\s+\[\s*([0-9A-Z]+)\]")


@pytest.mark.parametrize("text, roll", [("3 5", Roll(3, 5)), ("3,5", Roll(3, 5)),
                                        (" 6 / 1 ", Roll(6, 1)), ("35", None), ("3.5", None),
                                        ("-1 3", None), ("3 5 6", None), ("0 4", None),
                                        ("3", None), ("", None)])
def test_only_well_formed_dice_are_read(text, roll):
    assert referee.parse_dice(text) == roll


def test_labels():
    assert [letters(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["A", "B", "Z", "AA", "AB",
                                                              "AZ", "BA"]
    isl = load_island(ROOMY)
    assert space_labels(isl)[:3] == ["1", "2", "3"]
    assert len(set(line_labels(isl))) == len(isl.sink_lines)


class Driver:
    """Answers the prompts from what the referee printed: the first option shown, typed
    dice "3 5", and any scripted answers first."""

    def __init__(self, monkeypatch, script=()):
        self.lines: list[str] = []
        self.script = list(script)
        self.option_counts: list[int] = []
        echo = click.echo

        def fake_echo(message=None, *args, **kwargs):
            self.lines.append("" if message is None else str(message))
            echo(message, *args, **kwargs)

        def fake_prompt(text, **kwargs):
            if self.script:
                return self.script.pop(0)
            if text.startswith("dice"):
                return "3 5"
            keys = []
            for line in reversed(self.lines):
                m = KEY.match(line)
                if not m:
                    if keys:
                        break
                    continue
                keys.append(m.group(1))
            self.option_counts.append(len(keys))
            return keys[-1]

        monkeypatch.setattr(referee.click, "echo", fake_echo)
        monkeypatch.setattr(referee.click, "prompt", fake_prompt)


def test_a_whole_paper_game_with_labels_and_a_log(runner, monkeypatch, tmp_path):
    Driver(monkeypatch)
    log = tmp_path / "game.json"
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--dice", "--log", str(log)])
    assert result.exit_code == 0, result.output[-2000:]
    out = result.stdout
    assert "game over" in out and "loot one space:" in out
    isl = load_island(ROOMY)
    # Loot and sink choices are keyed by the printed labels, never by the file's ids.
    keys = re.findall(r"^\s+\[\s*([0-9A-Z]+)\] (?:[a-z]+ |sinks)", out, re.M)
    assert keys and set(keys) <= set(space_labels(isl)) | set(line_labels(isl))
    assert not any(space.id in out.split() for space in isl.spaces if not space.id.isdigit())
    assert runner.invoke(main, ["captains-curse", "replay", str(log)]).exit_code == 0


def test_undo_takes_back_the_last_decision_and_keeps_seeded_dice(runner, monkeypatch):
    Driver(monkeypatch, ["1", "undo", "1"])
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--seed", "4"],
                           input="")
    # After the script the driver plays on to the end.
    assert result.exit_code == 0, result.output[-2000:]
    out = result.stdout
    first_turn = out.split("--- turn 2 ---")[0]
    assert first_turn.count("your die decision:") == 2
    assert "undone: " in first_turn
    assert first_turn.count("rolled white") == 1  # the same dice, not a new roll


def test_help_and_quit_write_the_log_so_far(runner, tmp_path):
    log = tmp_path / "part.json"
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--seed", "2", "--log",
                                  str(log)], input="?\n1\n")
    # Input ends at the loot prompt: like Ctrl-D, the game stops and the log is kept.
    assert result.exit_code == 130, result.output[-2000:]
    assert "undo (the last decision)" in result.stdout
    data = json.loads(log.read_text())
    assert data["result"] is None and data["turns"] == []
    replay = runner.invoke(main, ["captains-curse", "replay", str(log)])
    assert replay.exit_code == 0 and "stopped unfinished" in replay.stdout


def test_quit_after_some_turns_keeps_them(runner, monkeypatch, tmp_path):
    driver = Driver(monkeypatch)
    quit_at = {"n": 0}
    prompt = referee.click.prompt

    def quitting_prompt(text, **kwargs):
        if text.startswith("dice"):
            quit_at["n"] += 1
            if quit_at["n"] == 4:
                return "quit"
        return prompt(text, **kwargs)

    monkeypatch.setattr(referee.click, "prompt", quitting_prompt)
    log = tmp_path / "part.json"
    result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--dice", "--log", str(log)])
    assert result.exit_code == 0, result.output[-2000:]
    assert len(json.loads(log.read_text())["turns"]) == 3
    assert driver.lines
    assert runner.invoke(main, ["captains-curse", "replay", str(log)]).exit_code == 0


def test_die_decision_with_doubles_to_spend_comes_in_two_steps(monkeypatch):
    state = GameState(load_island(ROOMY), Ruleset())
    state.push(Roll(3, 3))  # circles doubles 3
    first = state.legal_moves()[0]
    state.push(first)
    while not isinstance(state.legal_moves()[0], Roll):
        state.push(state.legal_moves()[0])
    state.push(Roll(2, 5))
    legal = state.legal_moves()
    plain = [m for m in legal if m.modify is None]
    assert any(m.modify for m in legal)
    shown: list[str] = []
    answers = iter([str(len(plain) + 1), "back", str(len(plain) + 1), "1"])
    monkeypatch.setattr(referee.click, "echo", lambda m=None, **k: shown.append(str(m)))
    monkeypatch.setattr(referee.click, "prompt", lambda text, **k: next(answers))
    move = referee.TerminalReferee(state).choose_place(legal)
    assert isinstance(move, Place) and move.modify is not None and move.modify.spend == 3
    lists = " ".join(shown).split("your die decision:")
    first_list = [s for s in shown[:len(plain) + 2] if s.lstrip().startswith("[")]
    assert len(first_list) == len(plain) + 1 < len(legal)
    assert len(lists) == 3  # "back" went to the first step once
    assert not isinstance(move, Loot)


def test_seeded_games_repeat(runner, monkeypatch):
    outputs = []
    for _ in range(2):
        with monkeypatch.context() as m:
            Driver(m)
            result = runner.invoke(main, ["captains-curse", "play", ROOMY, "--seed", "9"])
        assert result.exit_code == 0, result.output[-2000:]
        outputs.append(result.stdout)
    assert outputs[0] == outputs[1] and "game over" in outputs[0]


def test_referee_print_shows_the_labels(runner, tmp_path):
    from pypdf import PdfReader

    texts = {}
    for ids in ("false", "true"):
        out = tmp_path / f"{ids}.pdf"
        result = runner.invoke(main, ["render", "captains_curse/island_sheet", "--set",
                                      f"island={ROOMY}", "--set", f"ids={ids}", "-o", str(out),
                                      "-q"])
        assert result.exit_code == 0, result.output
        texts[ids] = PdfReader(str(out)).pages[0].extract_text()
    isl = load_island(ROOMY)
    words = texts["true"].split()
    for label in line_labels(isl) + space_labels(isl):
        assert label in words, label
    assert "AA" not in texts["false"].split()
    assert len(words) >= len(texts["false"].split()) + len(isl.spaces) + len(isl.sink_lines)
