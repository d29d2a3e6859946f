"""Issue 28, findings 9 and 14: every game data file kind swept systematically. Each value of
a bundled sample (every key, every list item, at any depth) is replaced in turn by each of a
few values of the wrong type or size, or removed, and the file is loaded as the commands
load it: the loader must accept it or raise a SheetgenError that points into the file, never
another exception (the fuzz campaign in test_fuzz.py samples the same space at random
through the CLI; this walks all of it, in-process, in seconds)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from helpers.hardening import ISLAND, REPO, SHEET, value_paths

from sheetgen.errors import SheetgenError

pytestmark = pytest.mark.slow  # every value of every game data file through the CLI

GAMES = REPO / "sheetgen" / "games"
REMOVED = object()
# libyaml's emitter writes the mutants: the same text as `yaml.safe_dump` (compared on all
# 2,397 mutants of the sweep), in a tenth of the time the pure-Python one took (it was 40%
# of the test's CPU).
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Mutants:
    """The YAML text of a sample's mutants. The sample is represented as YAML nodes once; a
    mutant is those nodes with the nodes on one path copied and the last one replaced (or
    removed), written by the emitter: the text `yaml.dump` wrote for the mutated tree (compared
    on all 2,397 mutants), without representing the untouched values again for each one (the
    Python representer was a quarter of the test's CPU)."""

    def __init__(self, tree: Any) -> None:
        self.root = self._represent(tree)

    @staticmethod
    def _represent(value: Any) -> yaml.Node:
        dumper = _DUMPER(None, default_flow_style=False, sort_keys=False, width=200)
        return dumper.represent_data(value)

    def text(self, path: tuple, new: Any) -> str:
        node = self._replaced(self.root, path, new)
        return yaml.serialize(node, Dumper=_DUMPER, width=200)

    def _replaced(self, node: yaml.Node, path: tuple, new: Any) -> yaml.Node:
        items = list(node.value)
        if isinstance(node, yaml.MappingNode):
            at = next(i for i, (key, _) in enumerate(items) if key.value == str(path[0]))
            key, child = items[at]
        else:
            at, key, child = path[0], None, items[path[0]]
        if len(path) > 1:
            child = self._replaced(child, path[1:], new)
        elif new is not REMOVED:
            child = self._represent(new)
        if len(path) == 1 and new is REMOVED:
            del items[at]
        else:
            items[at] = (key, child) if key is not None else child
        return type(node)(node.tag, items, node.start_mark, node.end_mark, node.flow_style)


def _wrong(value: Any) -> list[Any]:
    """Values of another type (or an absurd size) than `value`, and its removal."""
    if isinstance(value, bool):
        return [5, "x", None, REMOVED]
    if isinstance(value, (int, float)):
        return ["x", [1], None, -1, 10 ** 30, REMOVED]
    if isinstance(value, str):
        return [5, [1], {"a": 1}, None, "x" * 3000, REMOVED]
    if isinstance(value, list):
        return [5, "x", {"a": 1}, None, [None], REMOVED]
    if isinstance(value, dict):
        return [5, "x", [1], None, REMOVED]
    return [5, "x", [1], {"a": 1}, REMOVED]


def _paths(value: Any) -> list[tuple]:
    return [p for p in value_paths(value) if p]


def _shapes(tree: Any) -> list[tuple]:
    """One path per shape: list indices count as one (`spaces[*].symbol` is tried at its
    first and last item), every key of every mapping is kept."""
    seen: dict[tuple, list[tuple]] = {}
    for path in _paths(tree):
        shape = tuple("*" if isinstance(step, int) else step for step in path)
        seen.setdefault(shape, []).append(path)
    out = []
    for paths in seen.values():
        out += [paths[0]] if len(paths) < 3 else [paths[0], paths[-1]]
    return out


def _replaced(tree: Any, path: tuple, new: Any) -> Any:
    tree = json.loads(json.dumps(tree, default=str))  # a deep copy with string keys
    node = tree
    for step in path[:-1]:
        node = node[step if isinstance(node, list) else str(step)]
    last = path[-1] if isinstance(node, list) else str(path[-1])
    if new is REMOVED:
        del node[last]
    else:
        node[last] = new
    return tree


def _log_sample(tmp_path: Path, game: str) -> Path | None:
    """A game log of `game` written by its own engine (None until the game writes logs)."""
    from click.testing import CliRunner

    from sheetgen.cli import main

    folder = tmp_path / f"logs-{game}"
    args = {"captains-curse": ["captains-curse", "simulate", str(ISLAND)],
            "voodoo": ["voodoo", "simulate"], "black-dice": ["black-dice", "simulate",
                                                              "treasure", "--players", "2"],
            "shipwrecked": ["shipwrecked", "simulate"]}[game]
    result = CliRunner().invoke(main, [*args, "-n", "1", "--seed", "3", "--log-dir",
                                       str(folder)])
    logs = sorted(folder.glob("*.json")) if folder.is_dir() else []
    if result.exit_code != 0 or not logs:
        return None
    return logs[0]


def _kinds(tmp_path: Path) -> dict[str, tuple[Path, Callable[[Path], Any]]]:
    from sheetgen.games.black_dice.quest import QUESTS_DIR, load_quest
    from sheetgen.games.shipwrecked.countsfile import load_counts
    from sheetgen.games.swashbuckle.card import CARDS_DIR, load_card
    from sheetgen.games.swashbuckle.sheet import load_sheet
    from sheetgen.games.voodoo.board import BOARD_FILE, load_board
    from sheetgen.games.voodoo.cards import CARDS_FILE, load_cards

    counts = tmp_path / "counts.yaml"
    counts.write_text("islands:\n  - {black: 6, white: 4}\n  - {black: 3, white: 5}\n"
                      "ocean: {black: 9, white: 7}\nsailors: 30\n")
    kinds: dict[str, tuple[Path, Callable[[Path], Any]]] = {
        f"quest {q.stem}": (q, load_quest) for q in sorted(QUESTS_DIR.glob("*.yaml"))}
    kinds.update({
        "voodoo board": (BOARD_FILE, load_board),
        "voodoo cards": (CARDS_FILE, load_cards),
        "shipwrecked counts": (counts, load_counts),
        "swashbuckle sheet": (SHEET, load_sheet),
        "swashbuckle card": (CARDS_DIR / "swashbuckle.yaml", load_card),
    })
    return kinds


def _sweep(sample: Path, load: Callable[[Path], Any], work: Path,
           most: int | None = None) -> tuple[int, list[str]]:
    """Load every mutant; with `most`, only the `most` shallowest shapes and three wrong
    values each (a log is replayed whole, seconds a mutant on a busy machine)."""
    text = sample.read_text()
    as_json = sample.suffix == ".json"
    tree = json.loads(text) if as_json else yaml.safe_load(text)
    target = work / sample.name
    if not as_json:
        mutants = _Mutants(json.loads(json.dumps(tree, default=str)))  # as `_replaced` copies
    faults, runs = [], 0
    shapes = _shapes(tree)
    if most is not None:
        shapes = sorted(shapes, key=len)[:most]
    for path in shapes:
        node = tree
        for step in path:
            node = node[step]
        values = _wrong(node)
        if most is not None:
            values = [values[0], None, REMOVED]
        for new in values:
            target.write_text(json.dumps(_replaced(tree, path, new)) if as_json
                              else mutants.text(path, new))
            runs += 1
            try:
                load(target)
            except SheetgenError as err:
                message = err.format()
                if len(message) > 2000:
                    faults.append(f"{path} = {str(new)[:40]!r}: a {len(message)}-character "
                                  f"message")
            except Exception as err:  # noqa: BLE001 - what this test looks for
                faults.append(f"{path} = {str(new)[:40]!r}: {type(err).__name__}: "
                              f"{str(err)[:120]}")
    return runs, faults


def test_every_value_of_every_game_data_file(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    total, report = 0, []
    for kind, (sample, load) in _kinds(tmp_path).items():
        copy = work / kind.replace(" ", "-")
        copy.mkdir()
        if kind == "swashbuckle sheet":  # the sheet names its card beside it
            for p in sample.parent.glob("*.yaml"):
                (copy / p.name).write_text(p.read_text())
        runs, faults = _sweep(sample, load, copy)
        total += runs
        report += [f"{kind}: {f}" for f in faults]
    assert total > 2000
    assert not report, f"{len(report)} mutants crashed a loader:\n" + "\n".join(report[:40])


@pytest.mark.parametrize("game", ["captains-curse", "voodoo", "black-dice", "shipwrecked"])
def test_every_value_of_a_game_log(tmp_path, game):
    """Logs, including the new engine-contract logs, read back as `replay` reads them."""
    from click.testing import CliRunner

    from sheetgen.cli import main

    sample = _log_sample(tmp_path, game)
    if sample is None:
        pytest.skip(f"{game} writes no game logs yet")
    work = tmp_path / "work"
    work.mkdir()

    def replay(path: Path) -> None:
        result = CliRunner().invoke(main, [game, "replay", str(path)], catch_exceptions=True)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        if result.exit_code == 2 and ":" not in result.stderr.split("\n")[0]:
            raise SheetgenError(result.stderr)
        if len(result.output) > 4000:
            raise SheetgenError("x" * 3000)  # reported as an overlong message

    runs, faults = _sweep(sample, replay, work, most=30)
    assert runs > 30
    assert not faults, f"{len(faults)} mutants crashed replay:\n" + "\n".join(faults[:40])
