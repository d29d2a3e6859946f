"""Island edits: each goes through the island validator; rejected edits change nothing."""

from __future__ import annotations

import pytest

from sheetgen.games.captains_curse.islands.generate import generate_island
from sheetgen.games.captains_curse.studio.edit import Edit, EditRejected, apply_edit


@pytest.fixture(scope="module")
def data():
    return generate_island(7).data


def _two_symbols(data):
    a = data["spaces"][0]
    b = next(s for s in data["spaces"] if s["symbol"] != a["symbol"])
    return a, b


def test_changing_one_symbol_breaks_the_counts_and_is_rejected_with_r2(data):
    a, b = _two_symbols(data)
    with pytest.raises(EditRejected, match=r"R2"):
        apply_edit(data, Edit("set_symbol", space=a["id"], symbol=b["symbol"]))
    assert data["spaces"][0]["symbol"] == a["symbol"]  # unchanged


def test_a_swap_keeps_the_counts_and_is_accepted(data):
    a, b = _two_symbols(data)
    new = apply_edit(data, Edit("swap_symbols", space=a["id"], other=b["id"],
                                symbol=b["symbol"]))
    by_id = {s["id"]: s["symbol"] for s in new["spaces"]}
    assert by_id[a["id"]] == b["symbol"] and by_id[b["id"]] == a["symbol"]
    assert data["spaces"][0]["symbol"] == a["symbol"]  # the old version is untouched


def test_swap_with_a_space_of_another_symbol_is_refused(data):
    a, b = _two_symbols(data)
    other_symbol = next(x for x in data["symbols"] if x not in (a["symbol"], b["symbol"]))
    with pytest.raises(EditRejected, match="swap with a space of that symbol"):
        apply_edit(data, Edit("swap_symbols", space=a["id"], other=b["id"], symbol=other_symbol))


@pytest.mark.parametrize("edit, message", [
    (Edit("rename", text="   "), "cannot be empty"),
    (Edit("rename", text="x" * 41), "at most 40"),
    (Edit("set_place", space="s01", text="a\x07b"), "cannot be printed"),
    (Edit("set_place", space="nope", text="Cove"), "no space 'nope'"),
    (Edit("set_symbol", space="s01", symbol="kraken"), "not one of this island's symbols"),
])
def test_bad_edits_are_explained(data, edit, message):
    with pytest.raises(EditRejected, match=message):
        apply_edit(data, edit)


def test_names_are_tidied_and_a_blank_place_removes_the_name(data):
    new = apply_edit(data, Edit("rename", text="  Isle   of  Bones "))
    assert new["name"] == "Isle of Bones"
    named = next(s for s in data["spaces"] if s.get("place"))
    cleared = apply_edit(data, Edit("set_place", space=named["id"], text=""))
    assert "place" not in next(s for s in cleared["spaces"] if s["id"] == named["id"])


@pytest.mark.parametrize("raw", [None, [], {"kind": "explode"}, {"kind": "rename", "text": 5}])
def test_malformed_requests_are_rejected_not_crashed(raw):
    with pytest.raises(EditRejected):
        Edit.from_json(raw)
