"""The island file text written directly (islands/filetext.py) against PyYAML's emitter.

`island_yaml` must give the characters `yaml.safe_dump(..., sort_keys=False,
default_flow_style=None, allow_unicode=True, width=100)` gives for any data: `dump` writes
the shapes it knows and declines the rest (PyYAML then writes them). Checked on generated
islands and on random data of island-like shapes: strings PyYAML must quote, long flow
sequences it wraps at column 100, long plain strings it may fold, floats of every kind,
shared lists, mappings it writes in flow style.
"""

import io

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.captains_curse.islands.filetext import dump, island_yaml
from sheetgen.games.captains_curse.islands.generate import generate_island
from sheetgen.games.captains_curse.islands.params import DEFAULT_PARAMS, SINK_PLANS


def pyyaml(data):
    out = io.StringIO()
    yaml.safe_dump(data, out, sort_keys=False, default_flow_style=None, allow_unicode=True,
                   width=100)
    return out.getvalue()


def _same_text(data):
    """`dump` writes what PyYAML writes or declines; `island_yaml` always writes it."""
    expected = pyyaml(data)
    text = dump(data)
    assert text is None or text == expected
    assert island_yaml(data) == expected


def test_generated_islands_are_written_directly_as_pyyaml_writes_them():
    for seed, difficulty in [(0, "easy"), (3, "normal"), (11, "hard")]:
        data = generate_island(seed, DEFAULT_PARAMS, SINK_PLANS[difficulty]).data
        text = dump(data)
        assert text is not None, "an island file should not need PyYAML"
        assert text == pyyaml(data)


# Scalars as islands hold them (plain words, rounded floats, small ints, booleans), then
# the kinds PyYAML quotes, folds or spells otherwise (numbers, booleans and nulls as text,
# indicators, leading/trailing spaces, line breaks, non-ASCII, long phrases, odd floats).
plain = st.one_of(st.sampled_from(["s01", "L12", "Isle of Blackmoor", "Dead Man's Cove", "rum",
                                   "captains-curse-island/1", "x" * 30, "Île d'Été"]),
                  st.floats(-400, 400).map(lambda v: round(v, 2)), st.integers(-99, 999),
                  st.booleans(), st.none())
odd_text = st.one_of(
    st.sampled_from(["yes", "No", "null", "~", "12", "1.5", "0x1F", "- x", "a: b", "#c", "[x]",
                     "x,y", "'q'", "", " lead", "trail ", "two\nlines", "x" * 130,
                     "word " * 25, "ÿ\u2028", "\ufeffbom", "?", "&a", "*b", "!t"]),
    st.text(alphabet="ab :,-'#\n\"[]{}é", max_size=12))
odd = st.one_of(odd_text, st.integers(-10**20, 10**20),
                st.floats(allow_nan=True, allow_infinity=True))

KEYS = st.sampled_from(["id", "polygon", "ring", "place"])


def document(scalar, key):
    """Island-shaped data: a mapping of scalars, flow lists, block lists of mappings (and,
    now and then, shapes PyYAML writes otherwise: flow mappings, nested mappings)."""
    flow = st.lists(scalar, max_size=40)
    leaf = st.one_of(scalar, flow)
    item = st.dictionaries(key, st.one_of(flow, flow, scalar, st.lists(flow, max_size=4)),
                           max_size=6)
    block = st.lists(st.one_of(item, item, item, leaf), max_size=5)
    value = st.one_of(scalar, flow, block, block, block, st.dictionaries(key, leaf, max_size=2))
    return st.dictionaries(key, value, max_size=6)


@settings(max_examples=120, deadline=None)
@given(document(plain, KEYS))
def test_island_like_data_is_written_as_pyyaml_writes_it(data):
    _same_text(data)


@settings(max_examples=120, deadline=None)
@given(document(st.one_of(plain, plain, plain, odd), st.one_of(KEYS, KEYS, KEYS, odd_text)))
def test_odd_data_is_written_as_pyyaml_writes_it_or_declined(data):
    _same_text(data)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(["s01", "s17", "Skull Rock", "Dead Man's Cove " * 3]),
                min_size=1, max_size=60), st.integers(0, 6))
def test_long_flow_sequences_wrap_where_pyyaml_wraps_them(items, depth):
    data = {"sink_lines": [{"id": "L01", "region": items, "ends": [[], items[:depth]],
                            "path": [[1.5, 2.25]]}], "symbols": list(items)}
    assert island_yaml(data) == pyyaml(data)
    if all(" " not in s for s in items):
        assert dump(data) is not None  # wrapping is written directly, not declined


def test_shared_lists_and_flow_mappings_are_left_to_pyyaml():
    pair = [1.0, 2.0]
    shared = {"spaces": [{"id": "s01", "polygon": [pair, pair]}]}
    assert dump(shared) is None and "&id001" in island_yaml(shared)
    flat = {"format": "x", "seed": 3}
    assert dump(flat) is None and island_yaml(flat) == pyyaml(flat) == "{format: x, seed: 3}\n"


ODD_TEXT = ["yes", "No", "null", "~", "12", "1.5", "0x1F", "- x", "a: b", "a:b", "#c", "c #d",
            "[x]", "x,y", "'q'", "q'", '"q"', "", " lead", "trail ", "two\nlines", "x" * 130,
            "word " * 25, "ÿ\u2028", "\ufeffbom", "?", "?x", "&a", "*b", "!t", "%p", "@a",
            "`b", "|", ">", "=", "<<", "-", "--- x", "...", "Île d'Été", "\t tab", "a\x07b"]


def test_each_odd_string_in_every_place_is_written_as_pyyaml_writes_it():
    written = 0
    for s in ODD_TEXT:
        for data in ({"name": s, "symbols": ["rum"]}, {"symbols": [s, "rum"]},
                     {"spaces": [{"id": s, "polygon": [[1.0, 2.5]]}, s]}, {s: [1, 2]}):
            assert island_yaml(data) == pyyaml(data), (s, data)
            written += dump(data) is not None
    assert written >= 20  # those PyYAML writes plain are written directly ("q'", "a:b", ...)
