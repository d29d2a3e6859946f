"""Issue 28, finding 8: every place a layout can name a file goes through the one access
check (sheetgen.access). The element fields and providers are asked of the registry, so an
element or provider added later is walked too: each field that can hold text and each
provider that takes a value is given the name of a secret file outside the layout's folder
(absolute and `../`), and an audit hook watches every `open` of the process: the secret file
must never be opened, and its content never shown."""

from __future__ import annotations

import inspect
import os
import sys
from pathlib import Path

import pytest
from helpers.hardening import clean_error

SECRET = "password: hunter2\n"
_watch: dict[str, object] = {"folder": None, "opened": []}


def _audit(event: str, args: tuple) -> None:
    folder = _watch["folder"]
    if folder is None or event != "open" or not args:
        return
    name = args[0]
    if isinstance(name, bytes):
        name = os.fsdecode(name)
    if isinstance(name, (str, os.PathLike)):
        try:
            real = os.path.realpath(name)
        except (OSError, ValueError):
            return
        if real.startswith(str(folder)):
            _watch["opened"].append(real)


sys.addaudithook(_audit)  # audit hooks cannot be removed: it acts only while `folder` is set


@pytest.fixture
def secret_folder(tmp_path):
    outside = (tmp_path / "outside").resolve()
    outside.mkdir()
    for name in ("secret.yaml", "secret.csv", "secret.png", "secret.svg", "secret.json"):
        (outside / name).write_text(SECRET)
    (tmp_path / "work").mkdir()
    _watch["folder"], _watch["opened"] = outside, []
    yield outside
    _watch["folder"] = None


def _filler(kind) -> object:
    """A value the kind accepts, for required fields other than the one under test."""
    from sheetgen.layout.params import Choice

    if isinstance(kind, Choice):
        return kind.options[0]
    for candidate in ("20mm", 10, "x", [[0, 0], [10, 10]], "#000000", True, []):
        try:
            kind.convert(candidate, "mm")
        except (ValueError, TypeError):
            continue
        return candidate
    return "x"


def _takes_text(kind) -> bool:
    try:
        kind.convert("../outside/secret.yaml", "mm")
    except (ValueError, TypeError):
        return False
    return True


def _element_cases() -> list[tuple[str, str, bool]]:
    from sheetgen.layout.elements.base import ELEMENT_TYPES, load_game_elements
    from sheetgen.layout.params import FileName

    load_game_elements()
    cases = []
    for type_name, cls in sorted(ELEMENT_TYPES.items()):
        for key, param in cls.params.items():
            if _takes_text(param.kind):
                cases.append((type_name, key, isinstance(param.kind, FileName)))
    return cases


def _layout(type_name: str, key: str, ref: str) -> str:
    import yaml

    from sheetgen.layout.elements.base import ELEMENT_TYPES

    cls = ELEMENT_TYPES[type_name]
    element = {"type": type_name}
    for name, param in cls.params.items():
        if param.required and name != key:
            element[name] = _filler(param.kind)
    element[key] = ref
    return yaml.safe_dump({"page": {"size": "a4"}, "elements": [element]})


def _refs(outside: Path, key: str) -> list[str]:
    suffix = {"src": ".png"}.get(key, ".yaml")
    return [str(outside / f"secret{suffix}"), f"../outside/secret{suffix}"]


def test_file_fields_are_declared_as_file_names():
    """The fields known to name files use the FileName kind (checked in Element.resolve);
    the island map also takes island data, so it keeps its own call of the same check."""
    declared = {(t, k) for t, k, is_file in _element_cases() if is_file}
    assert {("image", "src"), ("voodoo.board", "board"), ("voodoo.sea", "board")} <= declared


def test_no_element_field_opens_a_file_outside_the_layout(sheetgen, tmp_path,
                                                          secret_folder):
    cases = _element_cases()
    assert len(cases) >= 15  # the registry was walked, not an empty list
    refused = 0
    for type_name, key, is_file in cases:
        for ref in _refs(secret_folder, key)[: 2 if is_file else 1]:
            (tmp_path / "work" / "l.yaml").write_text(_layout(type_name, key, ref))
            result = sheetgen("render", "work/l.yaml", "-o", "work/out.pdf")
            shown = result.output + (result.stderr or "")
            assert "hunter2" not in shown, (type_name, key, shown)
            assert "Traceback" not in shown, (type_name, key, shown)
            assert not _watch["opened"], (type_name, key, _watch["opened"])
            if is_file:
                clean_error(result, "is outside the folders this file may read")
                refused += 1
    assert refused >= 6


def _provider_cases() -> list[tuple[str, str]]:
    import importlib

    from sheetgen import registry

    cases = []
    for game in registry.games().values():
        if not game.providers:
            continue
        for key, function in importlib.import_module(game.providers).PROVIDERS.items():
            if inspect.signature(function).parameters:
                cases.append((game.id, key))
    return cases


def test_no_provider_opens_a_file_outside_the_layout(sheetgen, tmp_path, secret_folder):
    cases = _provider_cases()
    assert ("black_dice", "quest") in cases and ("swashbuckle", "par") in cases
    for game, key in cases:
        for ref in _refs(secret_folder, ""):
            text = (f"vars:\n  v: \"${{provide('{game}.{key}', '{ref}')}}\"\n"
                    "elements:\n  - {type: text, x: 10, y: 10, w: 100, h: 10, "
                    "text: '${v}'}\n")
            (tmp_path / "work" / "l.yaml").write_text(text)
            result = sheetgen("render", "work/l.yaml", "-o", "work/out.pdf")
            err = clean_error(result, "outside the folders")
            assert "hunter2" not in err, err
            assert not _watch["opened"], (game, key, _watch["opened"])


def test_a_provider_may_read_a_file_beside_the_layout(sheetgen, tmp_path):
    from sheetgen.games.black_dice.quest import QUESTS_DIR

    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "mine.yaml").write_text((QUESTS_DIR / "kraken.yaml").read_text())
    (tmp_path / "work" / "l.yaml").write_text(
        "vars:\n  q: \"${provide('black_dice.quest', 'mine.yaml')}\"\n"
        "elements:\n  - {type: text, x: 10, y: 10, w: 100, h: 10, text: '${q.name}'}\n")
    result = sheetgen("render", "work/l.yaml", "-o", "work/out.pdf")
    assert result.exit_code == 0, result.output


def test_a_quest_named_on_the_command_line_may_lie_anywhere(sheetgen, tmp_path):
    from sheetgen.games.black_dice.quest import QUESTS_DIR

    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "q.yaml").write_text((QUESTS_DIR / "armada.yaml").read_text())
    result = sheetgen("render", "black_dice/quest_tile", "--set", "quest=elsewhere/q.yaml",
                      "-o", "out.pdf")
    assert result.exit_code == 0, result.output
