"""Fuzzing every input kind through the real CLI: bundled layouts (and the CSV data one of
them reads), Captain's Curse islands and game logs, Swashbuckle sheets and matches, the
Voodoo board and card texts, Shipwrecked! final counts and Black Dice quests
(`black-dice-quest/1`), mutated as text (control characters, brackets, tags, aliases, huge
numbers...) and as data (any value replaced by a hostile one, or removed).

Whatever the mutant, the command must end with exit status 0 (or the command's own verdict
status, e.g. 1 for "this sheet has mistakes"), or 2 with `error: file:line:col: ...` naming
the mutated file; never a traceback, never a partial output file, and within a few seconds.

The suite runs a small campaign (the same cases every run, well under a minute on 2 cores).
`SHEETGEN_FUZZ=N` runs N fresh random cases per input kind instead:

    SHEETGEN_FUZZ=500 .venv/bin/python -m pytest tests/hardening/test_fuzz.py
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from helpers.hardening import ISLAND, REPO, value_paths
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.layout.source import _C_DIFFERS

pytestmark = pytest.mark.slow  # the fuzz campaign: hundreds of mutants through the CLI

LONG_RUN = int(os.environ.get("SHEETGEN_FUZZ", "0"))
SECONDS_PER_RUN = 20.0  # a mutant must be answered within this, whatever it holds
GAMES = REPO / "sheetgen" / "games"


def _settings(ci_examples: int):
    return settings(max_examples=LONG_RUN or ci_examples, derandomize=not LONG_RUN,
                    deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


NASTY_TEXT = [
    "\x00", "\x01", "\x07", "\x1b", "\x7f", "\ufffe", "\u2028", "[", "]", "{", "}", ":", ": ",
    "- ", "&a ", "*a", "*b", "!!python/object:os.system ", "!!python/list ", "!!binary ",
    "!tag ", "<<: ", "<<: *a", "'", '"', "#", "\n", "\n  ", "\t", "${", "}", "${1/0}",
    "${2**1024}", "${[0]*10**9}", "${nope}", "9" * 400, ".nan", ".inf", "-.inf", "1e400",
    "../", "/etc/passwd", "../" * 6 + "etc/passwd", "\\", "%", "@", "`", "|", ">", "~",
    "null", "true", "0x1F", "0o777", "2001-01-01", "=", "?", ",", "a" * 300, "—", "😀",
    "[" * 1000, "0", "-1",
]
NASTY_VALUES: list[Any] = [
    None, True, False, 0, -1, 1.5, 10 ** 400, -10 ** 400, 1e308, float("inf"), float("-inf"),
    float("nan"), "", " ", "x" * 300, [], {}, [[[]]], {"a": {"b": None}}, [None] * 5,
    {5: "five"}, "${nope}", "${1/0}", "${2**1024}", "${10.0**400}", "${range(10**19)}",
    "${[i for i in range(10**6)]}", "${join('x', range(10**6))}", "${format(1, '99999999')}",
    "${'%d' % -1e400}", "${floor(1e400)}", "${ {'a': 1} }", "${[1, 2]}", "${x.y.z}",
    "/etc/passwd", "../../../../etc/passwd", "\x01", "12mn", "#zzz", "-5mm", "1e400mm",
    "abc", "captains_curse.island_map", "use", "group", "repeat", "a4", "skull", "x", 5,
    [1, 2], 10 ** 6, "a" * 300 + ".yaml",
]


# ------------------------------------------------------------------ mutations

def _paths(value: Any) -> list[tuple]:
    return value_paths(value)


def _replace(tree: Any, path: tuple, new: Any, delete: bool) -> Any:
    if not path:
        return new
    parent = tree
    for key in path[:-1]:
        parent = parent[key]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return tree


# Mutants are made with libyaml where it reads and writes what PyYAML's Python code does
# (the campaign's 24-80 cases per kind come out byte-identical either way); making them in
# pure Python took four fifths of the campaign's CPU, more than running the CLI on them.
_C_LOADER = getattr(yaml, "CSafeLoader", None)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _load(text: str) -> Any:
    """`yaml.safe_load(text)`: by libyaml where the two parsers agree (text without what
    `_C_DIFFERS` finds nor a `?`, which parse_yaml checks in libyaml's plain scalars, read
    without a fault), else by PyYAML's Python loader."""
    if _C_LOADER is not None and "?" not in text and not _C_DIFFERS.search(text):
        try:
            return yaml.load(text, Loader=_C_LOADER)  # noqa: S506 - the safe loader in C
        except (yaml.YAMLError, ValueError, RecursionError):
            pass  # the Python loader's own verdict on a faulty text
    return yaml.safe_load(text)


def _dump(tree: Any, as_json: bool) -> str | None:
    try:
        if as_json:
            return json.dumps(tree)
        # A bare scalar is written by the Python emitter, which ends it with "...".
        dumper = _DUMPER if isinstance(tree, (dict, list)) else yaml.SafeDumper
        return yaml.dump(tree, Dumper=dumper, sort_keys=False, allow_unicode=True, width=200)
    except (ValueError, yaml.YAMLError, RecursionError):
        return None


@st.composite
def mutated(draw, text: str, as_json: bool = False) -> str:
    """`text` after one to three mutations, as text or as data."""
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["insert", "delete", "line", "data", "data", "data", "data"]))
        if how == "insert":
            at = draw(st.integers(0, len(text)))
            piece = draw(st.sampled_from(NASTY_TEXT) | st.text(max_size=8))
            text = text[:at] + piece + text[at:]
        elif how == "delete":
            at = draw(st.integers(0, max(0, len(text) - 1)))
            text = text[:at] + text[at + draw(st.integers(1, 40)):]
        elif how == "line":
            lines = text.splitlines(keepends=True) or [""]
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[j])
            text = "".join(lines)
        else:
            try:
                tree = json.loads(text) if as_json else _load(text)
            except (ValueError, yaml.YAMLError, RecursionError):
                continue
            path = draw(st.sampled_from(_paths(tree)))
            delete = bool(path) and draw(st.booleans())
            tree = _replace(tree, path, draw(st.sampled_from(NASTY_VALUES)), delete)
            text = _dump(tree, as_json) or text
    return text


@st.composite
def mutated_csv(draw, text: str) -> str:
    """A CSV after one to three mutations: cells, extra or missing columns, odd bytes."""
    rows = [line.split(",") for line in text.splitlines()]
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["cell", "extra", "drop", "insert"]))
        r = draw(st.integers(0, len(rows) - 1))
        if how == "cell" and rows[r]:
            c = draw(st.integers(0, len(rows[r]) - 1))
            rows[r][c] = draw(st.sampled_from([str(v) for v in NASTY_VALUES] + NASTY_TEXT))
        elif how == "extra":
            rows[r].append(draw(st.sampled_from(["x", "", "1e400", "\x01"])))
        elif how == "drop" and rows[r]:
            rows[r].pop()
        else:
            rows.insert(r, [draw(st.text(max_size=10))])
    return "\n".join(",".join(row) for row in rows) + "\n"


# ------------------------------------------------------------------ running the CLI

POSITIONED = re.compile(r"^error: (?P<file>[^\n]*?):(?P<line>\d+):(?P<col>\d+): \S", re.M)
# A fault of the whole file has no line to point at: it names the file alone.
WHOLE_FILE = ("is empty", "not valid UTF-8", "is not a file", "too large", "file name")


class Campaign:
    """Runs mutants through the CLI in a scratch copy of the bundled inputs and checks each
    outcome; counts what it saw so a run can report it."""

    def __init__(self, root: Path):
        self.root = root
        self.runs = 0
        self.errors = 0
        self.seconds = 0.0

    def run(self, args: list[str], mutant: Path, ok: tuple[int, ...] = (0,),
            output: Path | None = None) -> None:
        from sheetgen.cli import main

        if output is not None and output.exists():
            output.unlink()
        before = set(output.parent.iterdir()) if output is not None else set()
        old = Path.cwd()
        os.chdir(self.root)
        start = time.perf_counter()
        try:
            result = CliRunner().invoke(main, args, catch_exceptions=True)
        finally:
            os.chdir(old)
        took = time.perf_counter() - start
        self.runs += 1
        self.seconds += took
        described = f"sheetgen {' '.join(args)} on a mutant of {mutant.name}"
        assert took < SECONDS_PER_RUN, f"{described} took {took:.1f} s"
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"{described} raised") from result.exception
        err = result.stderr
        assert "Traceback" not in err, err
        assert result.exit_code in (*ok, 2), (described, result.exit_code, result.output)
        if result.exit_code == 2:
            self.errors += 1
            assert "\nerror: " in "\n" + err, (described, err)  # progress lines may come first
            found = POSITIONED.search(err)
            if found is None:
                first = err[err.find("error: "):].splitlines()[0]
                assert mutant.name in first and any(w in err for w in WHOLE_FILE), \
                    (described, "an error without file:line:col", err)
            else:
                assert int(found["line"]) >= 1 and int(found["col"]) >= 1, err
        if output is not None:
            leftovers = set(output.parent.iterdir()) - before - {output}
            assert not leftovers, (described, "left", leftovers)
            if result.exit_code == 0:
                data = output.read_bytes()
                assert data.startswith(b"%PDF") and data.rstrip().endswith(b"%%EOF"), described
            else:
                assert not output.exists(), (described, "left a partial", output)


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Campaign:
    """A scratch copy of the bundled layouts and game data; one file at a time is replaced by
    a mutant and restored afterwards."""
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(REPO / "layouts", root / "layouts")
    for game, rel in [("voodoo", "data/sea_of_souls.yaml"), ("voodoo", "data/cards.yaml")]:
        (root / game).mkdir(exist_ok=True)
        shutil.copy(GAMES / game / rel, root / game / Path(rel).name)
    (root / "black_dice").mkdir()
    for quest in (GAMES / "black_dice" / "quests").glob("*.yaml"):
        shutil.copy(quest, root / "black_dice" / quest.name)
    (root / "shipwrecked").mkdir()
    (root / "shipwrecked" / "end.yaml").write_text(
        "islands:\n  - {black: 6, white: 4}\n  - {black: 3, white: 5}\n"
        "ocean: {black: 9, white: 7}\nsailors: 30\n")
    (root / "out").mkdir()
    return Campaign(root)


@pytest.fixture(scope="module", autouse=True)
def _no_island_generation():
    """A layout whose island field was mutated away would generate and verify an island
    from a seed (seconds each): the fuzz tests draw the roomy island instead."""
    from sheetgen.games.captains_curse.island import island_to_dict, load_island
    from sheetgen.games.captains_curse.sheet import elements

    data = island_to_dict(load_island(ISLAND))
    saved = elements._island_from_seed
    elements._island_from_seed = lambda seed, difficulty: (data, f"seed {seed}")
    yield
    elements._island_from_seed = saved


class _Mutant:
    """`with _Mutant(path, text):` the file holds `text`, then its original bytes again."""

    def __init__(self, path: Path, text: str):
        self.path, self.text = path, text

    def __enter__(self) -> Path:
        self.original = self.path.read_bytes()
        self.path.write_text(self.text, encoding="utf-8", errors="surrogatepass")
        return self.path

    def __exit__(self, *exc) -> None:
        self.path.write_bytes(self.original)


LAYOUTS = sorted(str(p.relative_to(REPO / "layouts")) for p in (REPO / "layouts").rglob("*.yaml")
                 if not ({"islands", "rulesets", "examples"} & set(p.parts)))


# ------------------------------------------------------------------ the campaigns

@_settings(80)
@given(data=st.data())
def test_fuzz_layouts(campaign, data):
    """validate, then (one mutant in four) render: what validate accepts must render."""
    rel = data.draw(st.sampled_from(LAYOUTS))
    path = campaign.root / "layouts" / rel
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        out = campaign.root / "out" / "x.pdf"
        if data.draw(st.integers(0, 3)) == 0:
            campaign.run(["render", str(path), "-o", str(out)], path, output=out)
        else:
            campaign.run(["validate", str(path)], path)


@_settings(24)
@given(data=st.data())
def test_fuzz_csv_data(campaign, data):
    path = campaign.root / "layouts" / "examples" / "crew.csv"
    layout = campaign.root / "layouts" / "examples" / "card_backs.yaml"
    with _Mutant(path, data.draw(mutated_csv(path.read_text()))):
        campaign.run(["validate", str(layout)], path)


@_settings(24)
@given(data=st.data())
def test_fuzz_set_values(campaign, data):
    layout = campaign.root / "layouts" / "swashbuckle" / "scorecard.yaml"
    keys = list(yaml.safe_load(layout.read_text()).get("vars", {})) or ["x"]
    key = data.draw(st.sampled_from(keys))
    value = data.draw(st.sampled_from([str(v) for v in NASTY_VALUES] + NASTY_TEXT)
                      | st.text(max_size=30))
    campaign.run(["validate", str(layout), "--set", f"{key}={value}"], layout)


@_settings(24)
@given(data=st.data())
def test_fuzz_islands(campaign, data):
    rel = data.draw(st.sampled_from(["roomy.yaml", "cramped.yaml"]))
    path = campaign.root / "layouts" / "captains_curse" / "islands" / rel
    layout = campaign.root / "layouts" / "captains_curse" / "island_sheet.yaml"
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        campaign.run(["validate", str(layout), "--set", f"island={path}"], path)


@_settings(24)
@given(data=st.data())
def test_fuzz_swashbuckle_sheets_and_matches(campaign, data):
    folder = campaign.root / "layouts" / "swashbuckle" / "examples"
    name = data.draw(st.sampled_from(sorted(p.name for p in folder.iterdir())))
    path = folder / name
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        if name == "match.yaml":
            campaign.run(["swashbuckle", "score", str(path)], path, ok=(0, 1))
        else:
            campaign.run(["swashbuckle", "check", str(path)], path, ok=(0, 1))


@pytest.fixture(scope="module")
def game_log(campaign) -> Path:
    from sheetgen.games.captains_curse.gamelog import make_log, write_log
    from sheetgen.games.captains_curse.island import load_island
    from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
    from sheetgen.games.captains_curse.simulate import play_game_turns

    island = load_island(ISLAND)
    game, turns = play_game_turns(island, DEFAULT_RULESET, "greedy", 11)
    path = campaign.root / "game.json"
    write_log(path, make_log(island, DEFAULT_RULESET, 11, "greedy", turns, game))
    return path


@_settings(24)
@given(data=st.data())
def test_fuzz_game_logs(campaign, game_log, data):
    with _Mutant(game_log, data.draw(mutated(game_log.read_text(), as_json=True))):
        campaign.run(["captains-curse", "replay", str(game_log)], game_log, ok=(0, 1))


@_settings(24)
@given(data=st.data())
def test_fuzz_voodoo_board(campaign, data):
    path = campaign.root / "voodoo" / "sea_of_souls.yaml"
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        campaign.run(["voodoo", "board", str(path)], path)


@_settings(24)
@given(data=st.data())
def test_fuzz_voodoo_cards(campaign, data):
    """The card texts have no command of their own: load them as the pad does."""
    from sheetgen.errors import SheetgenError
    from sheetgen.games.voodoo.cards import load_cards

    path = campaign.root / "voodoo" / "cards.yaml"
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        try:
            load_cards(path)
        except SheetgenError as err:
            text = err.format()
            assert text.startswith("error: ") and str(path) in text, text


@_settings(24)
@given(data=st.data())
def test_fuzz_shipwrecked_counts(campaign, data):
    path = campaign.root / "shipwrecked" / "end.yaml"
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        campaign.run(["shipwrecked", "score", str(path)], path)


@_settings(24)
@given(data=st.data())
def test_fuzz_black_dice_quests(campaign, data):
    folder = campaign.root / "black_dice"
    path = folder / data.draw(st.sampled_from(sorted(p.name for p in folder.iterdir())))
    with _Mutant(path, data.draw(mutated(path.read_text()))):
        campaign.run(["black-dice", "simulate", str(path), "-n", "3", "--players", "2"], path)


def test_fuzz_campaign_figures(campaign, capsys):
    """Last in the module: print how many mutants ran and how long they took (-s shows it)."""
    with capsys.disabled():
        print(f"\nfuzz: {campaign.runs} CLI runs, {campaign.errors} clean errors, "
              f"{campaign.seconds:.1f} s in the CLI")
