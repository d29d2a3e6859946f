"""Issue 10, 'tracebacks instead of errors': every class the fuzz campaign found, as a
regression test. Each input must give exit status 2 and `file:line:column: message`."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable

import pytest
import yaml
from helpers.hardening import ISLAND, SHEET, clean_error


def _write(tmp_path, files: dict[str, str | bytes | Callable[[], str]]) -> None:
    for name, text in files.items():
        path = tmp_path / name
        if callable(text):
            text = text()
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")


def _island_with(poly) -> Callable[[], str]:
    """The bundled island with its first space's polygon replaced, made when a test writes
    it (parsing the island at import cost every collection, in every xdist worker, about
    two seconds of CPU); made once, for both commands."""

    @functools.cache
    def text() -> str:
        data = yaml.safe_load(ISLAND.read_text())
        data["spaces"][0]["polygon"] = poly
        return yaml.safe_dump(data)

    return text


MAP = ("elements: [{type: captains_curse.island_map, island: i.yaml, x: 0, y: 0, "
       "w: 100, h: 100}]\n")

LAYOUT_CASES = {
    "control character in text": (
        {"l.yaml": 'elements:\n  - {type: text, text: "a\x01"}\n'},
        "l.yaml:2:26: the file contains a control character (#x01)"),
    "control character in a comment": (
        {"l.yaml": "elements: []\n# \x07\n"}, "l.yaml:2:3: the file contains a control"),
    "1000 nested brackets": (
        {"l.yaml": "vars: {a: " + "[" * 1000 + "]" * 1000 + "}\n"},
        "over the limit yaml_depth = 100"),
    "3000-term expression": (
        {"l.yaml": "vars: {a: '${" + "+".join(["1"] * 3000) + "}'}\n"},
        "over the limit expression_depth"),
    "a component that uses itself": (
        {"l.yaml": "components:\n  c: {elements: [{type: use, component: c}]}\n"
                   "elements: [{type: use, component: c}]\n"},
        "l.yaml:2:18: component 'c' places itself: c -> c"),
    "components that use each other": (
        {"l.yaml": "components:\n  a: {elements: [{type: use, component: b}]}\n"
                   "  b: {elements: [{type: use, component: a}]}\n"
                   "elements: [{type: use, component: a}]\n"},
        "places itself: "),
    "a component named by an expression that uses itself": (
        {"l.yaml": "vars: {n: c}\ncomponents:\n  c: {elements: [{type: use, component: "
                   "'${n}'}]}\nelements: [{type: use, component: c}]\n"},
        "over the limit nesting = 64"),
    "200 nested groups": (
        {"l.yaml": "elements:\n" + "".join("  " * (i + 1) + "- type: group\n" + "  " * (i + 2)
                                           + "elements:\n" for i in range(200))
                   + "  " * 201 + "- {type: rect, w: 1, h: 1}\n"},
        "over the limit yaml_depth"),
    "CSV row with an extra column": (
        {"l.yaml": "data: d.csv\nelements: [{type: text, text: '${name}'}]\n",
         "d.csv": "name\nanne,extra\n"},
        "d.csv:2:1: this row has 2 cells but the header names 1 columns"),
    "CSV header naming a column twice": (
        {"l.yaml": "data: d.csv\nelements: [{type: text, text: '${name}'}]\n",
         "d.csv": "rank,name,name\na,b,c\n"},
        "d.csv:1:6: the header names the column 'name' twice"),
    "a data field that is a number": (
        {"l.yaml": "data: [{5: x}]\nelements: []\n"}, "l.yaml:1:9: data field names"),
    "a 400-digit number": (
        {"l.yaml": f"elements: [{{type: rect, w: {'9' * 400}, h: 1}}]\n"},
        "rect.w: the length 999999999999...999999 is too large"),
    "2**1024 as a length": (
        {"l.yaml": "elements: [{type: rect, w: '${2**1024}', h: 1}]\n"}, "is too large"),
    "10.0**400": (
        {"l.yaml": "elements: [{type: rect, w: '${10.0**400}', h: 1}]\n"},
        "a number in '${10.0**400}' is too large"),
    "'%d' % -inf": (
        {"l.yaml": "elements: [{type: text, text: \"${'%d' % -1e400}\"}]\n"}, "is too large"),
    "range(10**19)": (
        {"l.yaml": "elements: [{type: text, text: '${len(range(10**19))}'}]\n"},
        "over the limit expression_items"),
    "floor(inf)": (
        {"l.yaml": "elements: [{type: text, text: '${floor(1e400)}'}]\n"}, "is too large"),
    "seed: abc on an island element": (
        {"l.yaml": "elements: [{type: captains_curse.island_map, w: 100, h: 100, "
                   "seed: abc}]\n"},
        "l.yaml:1:12: the island seed must be a whole number"),
    "a data field named seed": (
        {"l.yaml": "data: [{seed: abc}]\nelements: [{type: captains_curse.island_text}]\n"},
        "the island seed must be a whole number from 0, not 'abc'"),
    "island_map with h: 0": (
        {"l.yaml": MAP.replace("h: 100", "h: 0"), "i.yaml": ISLAND.read_text()},
        "the map box needs a width and a height above zero"),
    "a style named 5": (
        {"l.yaml": "styles: {5: {fill: red}}\nelements: [{type: rect, w: 1, h: 1, "
                   "style: '5'}]\n"},
        "l.yaml:1:10: a style name must be a word, not the int 5"),
    "a variable named 5": (
        {"l.yaml": "vars: {5: 1}\nelements: []\n"}, "a variable name must be a word"),
    "a 300-character name in extends": (
        {"l.yaml": f"extends: {'a' * 300}.yaml\n"},
        "l.yaml:1:10: the layout file name is too long"),
    "a 300-character name in include": (
        {"l.yaml": f"include: [{'a' * 300}.yaml]\n"}, "the layout file name is too long"),
    "an island polygon of 2 points": (
        {"l.yaml": MAP, "i.yaml": _island_with([[0, 0], [1, 1]])},
        "spaces[0].polygon needs at least 3 points"),
    "a bow-tie island polygon": (
        {"l.yaml": MAP, "i.yaml": _island_with([[0, 0], [10, 10], [10, 0], [0, 10]])},
        "the polygon crosses itself or encloses no area"),
    "a NaN island polygon": (
        {"l.yaml": MAP, "i.yaml": _island_with([[0, 0], [float("nan"), 1], [3, 0]])},
        "each a finite number"),
    "an infinite length": (
        {"l.yaml": "elements: [{type: rect, w: .inf, h: 1}]\n"}, "the length inf is too large"),
    "a NaN length": ({"l.yaml": "elements: [{type: rect, w: .nan, h: 1}]\n"},
                     "rect.w: nan is not a number"),
    "an infinite computed length": (
        {"l.yaml": "elements: [{type: rect, w: 1, h: 1, x: '${1e308 * 10}'}]\n"},
        "rect.x: the length inf is too large"),
    "an infinite number": (
        {"l.yaml": "elements: [{type: group, rotate: .inf, elements: []}]\n"},
        "group.rotate: expected a number between"),
    "a NaN from an expression": (
        {"l.yaml": "elements: [{type: circle, cx: 1, cy: 1, r: \"${float('nan')}\"}]\n"},
        "circle.r: nan is not a number"),
    "an empty layout file": ({"l.yaml": ""}, "l.yaml: the layout file is empty"),
    "a layout of only comments": ({"l.yaml": "# nothing\n"}, "the layout file is empty"),
    "an empty included file": (
        {"l.yaml": "include: [e.yaml]\nelements: []\n", "e.yaml": ""},
        "l.yaml:1:11: the layout file is empty"),
    "a Python tag on a list": (
        {"l.yaml": "elements: !!python/list [1]\n"},
        "l.yaml:1:11: unsupported YAML tag '!!python/list'"),
    "a Python tag on a mapping": (
        {"l.yaml": "page: !!python/object:os.system {}\n"},
        "unsupported YAML tag '!!python/object:os.system'"),
    "a Python tag on a scalar": (
        {"l.yaml": "name: !!python/name:os.system\n"}, "unsupported YAML tag"),
    "a local tag on a mapping": ({"l.yaml": "page: !mine {size: a4}\n"},
                                 "unsupported YAML tag '!mine'"),
    "a binary scalar": ({"l.yaml": "name: !!binary aGk=\n"}, "unsupported YAML tag '!!binary'"),
    "an alias that contains itself": ({"l.yaml": "vars: {a: &a [1, *a]}\n"},
                                      "this alias refers to a value that contains it"),
}


@pytest.mark.parametrize("files, expected", LAYOUT_CASES.values(), ids=LAYOUT_CASES.keys())
@pytest.mark.parametrize("command", ["validate", "render"])
def test_bad_layout_is_a_clean_error(sheetgen, tmp_path, files, expected, command):
    _write(tmp_path, files)
    args = [command, "l.yaml"] + (["-o", "out.pdf", "-q"] if command == "render" else [])
    clean_error(sheetgen(*args), expected)
    assert not (tmp_path / "out.pdf").exists()


def test_control_character_in_island_sheet_and_log(sheetgen, tmp_path):
    _write(tmp_path, {"i.yaml": ISLAND.read_text().replace("name:", "name:\x02", 1),
                      "s.yaml": SHEET.read_text() + "\x03\n"})
    clean_error(sheetgen("captains-curse", "island", "verify", "i.yaml", "-n", "16"),
                "i.yaml:4:6: the file contains a control character (#x02)")
    clean_error(sheetgen("swashbuckle", "check", "s.yaml"), "s.yaml:")
    log = tmp_path / "log.json"
    log.write_text('{"format": "captains-curse-log/1", "island": "\x04"}')
    clean_error(sheetgen("captains-curse", "replay", "log.json"), "log.json:1:")


def test_four_hundred_digit_island_coordinate(sheetgen, tmp_path):
    text = ISLAND.read_text().replace("polygon: [[", "polygon: [[" + "9" * 400 + ", 1], [", 1)
    _write(tmp_path, {"i.yaml": text})
    clean_error(sheetgen("captains-curse", "island", "verify", "i.yaml", "-n", "16"),
                "polygon must be a list of [x, y] points, each a finite number")


@pytest.mark.parametrize("card", ["5", "[a]", "''", "../../etc/passwd", "a" * 300])
def test_bad_card_in_a_sheet(sheetgen, tmp_path, card):
    _write(tmp_path, {"s.yaml": SHEET.read_text().replace("card: swashbuckle", f"card: {card}")})
    clean_error(sheetgen("swashbuckle", "check", "s.yaml"), "s.yaml:3:7: ")


@pytest.mark.parametrize("column", ['"x"', '["x", 5, 4, 3, 2, 1]', "[1, 2, 3]"])
def test_bad_ruleset_column_in_a_replayed_log(sheetgen, tmp_path, column):
    result = sheetgen("captains-curse", "simulate", str(ISLAND), "-n", "1", "--log-dir", "logs")
    assert result.exit_code == 0, result.output
    log = json.loads((tmp_path / "logs" / "game-00000.json").read_text())
    log["ruleset"]["columns"][0] = json.loads(column)
    (tmp_path / "bad.json").write_text(json.dumps(log))
    err = clean_error(sheetgen("captains-curse", "replay", "bad.json"),
                      "columns[0] must be a permutation")
    assert all(len(line) < 140 for line in err.splitlines())  # a one-line file is cut short


def test_validate_fails_wherever_render_fails(sheetgen, tmp_path):
    """An infinite or NaN value used to pass validate and then crash in reportlab (or write
    '-nan' into the PDF): validate draws every page into a recording, so it catches both."""
    for body in ("elements: [{type: rect, w: .inf, h: 1}]\n",
                 "elements: [{type: rect, h: 1, w: \"${float('nan')}\"}]\n",
                 "vars: {s: 1.0e300}\nelements: [{type: group, scale: '${s}', elements: []}]\n"):
        _write(tmp_path, {"l.yaml": body})
        clean_error(sheetgen("validate", "l.yaml"))
        clean_error(sheetgen("render", "l.yaml", "-o", "o.pdf"))
        assert not (tmp_path / "o.pdf").exists()


def test_a_drawing_that_is_not_finite_is_caught_before_the_pdf(write_layout):
    """The last line of defence: whatever an element computes, a NaN or infinity that
    reaches the drawing is an error at the element, never '-nan' in a PDF."""
    from sheetgen.errors import SheetgenError
    from sheetgen.layout.document import load_layout
    from sheetgen.render.compose import _check_finite
    from sheetgen.render.recording import RecordingCanvas

    layout = load_layout(write_layout("elements: [{type: rect, w: 1, h: 1}]\n"))
    rec = RecordingCanvas()
    rec.path([("M", 0.0, 0.0), ("L", float("nan"), 1.0)], fill=(0, 0, 0))
    with pytest.raises(SheetgenError) as info:
        _check_finite(rec, layout.elements[0])
    assert "not a finite number" in info.value.message and info.value.position.line == 1
    ok = RecordingCanvas()
    ok.path([("M", 0.0, 0.0), ("L", 1.0, 1.0)], fill=(0, 0, 0))
    _check_finite(ok, layout.elements[0])


@pytest.mark.parametrize("sailors", ["0", "1001", "99999999999999999999999"])
def test_shipwrecked_counts_file_bounds_sailors(sheetgen, tmp_path, sailors):
    """A counts file's `sailors` has the bound of --sailors (it was unbounded)."""
    (tmp_path / "end.yaml").write_text("islands:\n  - {black: 6, white: 4}\n"
                                       f"ocean: {{black: 9, white: 7}}\nsailors: {sailors}\n")
    clean_error(sheetgen("shipwrecked", "score", str(tmp_path / "end.yaml")),
                "end.yaml:4:10: sailors must be 1 to 1000 dice per crew")


def test_tile_margin_too_wide_is_blamed_on_the_margin(sheetgen, tmp_path):
    """A margin that fills the tile sheet was reported as an overlap fault."""
    _write(tmp_path, {"l.yaml": "page: {size: a2}\ntile: {paper: a4, overlap: 10mm, "
                                "margin: 150mm}\nelements: []\n"})
    clean_error(sheetgen("validate", "l.yaml"), "l.yaml:2:42: tile.margin leaves no room")


@pytest.mark.parametrize("section", ["actions", "pirates", "objects"])
@pytest.mark.parametrize("value", ["null", "5", "{a: 1}"])
def test_voodoo_card_file_section_not_a_list(tmp_path, section, value):
    """Found by the fuzz campaign: `actions: null` was a TypeError traceback."""
    from sheetgen.errors import SheetgenError
    from sheetgen.games.voodoo.cards import CARDS_FILE, load_cards

    text = yaml.safe_load(CARDS_FILE.read_text())
    text[section] = yaml.safe_load(value)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(text, sort_keys=False))
    with pytest.raises(SheetgenError, match=f"'{section}' must be a list") as err:
        load_cards(path)
    assert err.value.position is not None and err.value.position.line > 1
