"""`sheetgen.layout.source`: the one YAML reader; the game loaders build on these options."""

from __future__ import annotations

import pytest

from sheetgen.errors import Position, SheetgenError
from sheetgen.layout import source
from sheetgen.layout.source import Mapping, parse_yaml, plain_with_positions


def test_plain_with_positions_maps_every_path():
    tree = parse_yaml("a:\n  - x: 1\n    y: [2, 3]\nb: {c: d}\n", "f.yaml")
    data, positions = plain_with_positions(tree, key_marker="<key>")
    assert data == {"a": [{"x": 1, "y": [2, 3]}], "b": {"c": "d"}}
    assert type(data) is dict and type(data["a"]) is list and type(data["b"]) is dict
    assert positions[()] == Position("f.yaml", 1, 1)
    assert positions[("a", 0, "x")] == Position("f.yaml", 2, 8)
    assert positions[("a", 0, "y", 1)] == Position("f.yaml", 3, 12)
    assert positions[("b", "c", "<key>")] == Position("f.yaml", 4, 5)
    assert positions[("b", "c")] == Position("f.yaml", 4, 8)
    assert ("a", "<key>") in positions and ("a", 0, "<key>") not in positions


def test_plain_with_positions_of_a_scalar_or_plain_data():
    assert plain_with_positions(parse_yaml("hello\n")) == ("hello", {})
    assert plain_with_positions({"a": [1]}) == ({"a": [1]}, {})


def test_empty_document():
    empty = parse_yaml("# only a comment\n", "e.yaml")
    assert isinstance(empty, Mapping) and not empty and empty.pos == Position("e.yaml", 1, 1)
    assert parse_yaml("", "e.yaml", empty=None) is None


def test_json_fallback_accepts_json_that_is_not_yaml():
    text = '{\n\t"a": [1, {"b": 2}]\n}\n'
    with pytest.raises(SheetgenError, match="YAML syntax error"):
        parse_yaml(text, "t.json")
    tree = parse_yaml(text, "t.json", json_fallback=True)
    data, positions = plain_with_positions(tree)
    assert data == {"a": [1, {"b": 2}]}
    # a raw tab in JSON is whitespace: read as a space, every value keeps its line and column
    assert positions[("a", 1, "b")] == Position("t.json", 2, 17)
    with pytest.raises(SheetgenError, match="YAML syntax error") as err:
        parse_yaml("format: x\nname: [unclosed\n", "t.json", json_fallback=True)
    assert err.value.position == Position("t.json", 2, 7)


def _read(text: str) -> tuple:
    """What `parse_yaml` makes of `text`: the data and every position, or the error."""
    try:
        data, positions = plain_with_positions(parse_yaml(text, "q.yaml"), key_marker="<key>")
    except SheetgenError as err:
        return ("error", err.format())
    return (data, positions)


# Texts where libyaml and PyYAML's Python parser read `?` (or `|#`) apart; each must read
# as the Python loader reads it, whichever parser `parse_yaml` uses.
PARSERS_DIFFER = ["[a?b]\n", "k: [why? not]\n", "{k: why?}\n", "[a ?]\n", "? a#}", "- ? a1{",
                  "k: |#\n  text\n", "k: >-#\n  text\n"]
# `?` that is no indicator for either parser, as in Voodoo's card texts: libyaml reads them.
READ_IN_C = ['t: "Hit by a broadside? Take one."\n', "t: Hit by a broadside? Take one.\n",
             "q: 'a?b'\n", "[\"x?\", y]\n", "k: v # who?\n", "k: [a, {b: c}]\nq: why?\n"]
PARSERS_AGREE = [*READ_IN_C, "- &a? b\n", "base: &b {x: 1}\nk:\n  <<: *b\n  y: 2\n",
                 "k: !!str 5\nd: 2001-01-01\n", "{a: 1, a: 2}\n", "- [1, {a: b}]\n- c: d\n",
                 "[a, b]\n---\n[c]\n", "k: = \n", "? [a]\n: b\n"]


@pytest.mark.parametrize("text", PARSERS_DIFFER + PARSERS_AGREE)
def test_the_c_parser_reads_only_what_the_python_one_reads_alike(monkeypatch, text):
    fast = _read(text)
    monkeypatch.setattr(source, "_read_fast", _python_only)
    assert fast == _read(text)


@pytest.mark.parametrize("text", READ_IN_C)
def test_a_question_mark_in_text_keeps_the_c_parser(text):
    source._read_fast(text, "q.yaml", source._MAPPING)  # raises _NotFast if it were refused


def test_voodoo_card_texts_are_read_by_the_c_parser():
    """cards.yaml asks "Hit by a broadside?": read in Python it took 15 times as long."""
    from sheetgen.games.voodoo.cards import CARDS_FILE

    source._read_fast(CARDS_FILE.read_text(), str(CARDS_FILE), source._MAPPING)


def _python_only(*args: object) -> None:
    raise source._NotFast


def test_the_event_reader_builds_what_the_composer_builds():
    """`_Events` builds the tree straight from libyaml's events; on every bundled YAML file
    it reads, the data and every position are the composer's and `_Builder`'s."""
    from pathlib import Path

    root = Path(source.__file__).resolve().parents[2]
    files = sorted([*root.glob("layouts/**/*.yaml"), *root.glob("sheetgen/games/**/*.yaml")])
    assert len(files) > 30
    for path in files:
        text = path.read_text()
        events = plain_with_positions(source._Events(source._FastLoader(text), str(path))
                                      .document()[0], key_marker="<key>")
        loader = source._FastLoader(text)
        node = loader.get_single_node()
        built = plain_with_positions(source._Builder(loader, str(path)).build(node),
                                     key_marker="<key>")
        assert repr(events) == repr(built), path
