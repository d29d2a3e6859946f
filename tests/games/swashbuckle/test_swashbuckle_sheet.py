"""The filled-sheet checker and the multi-player match rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.match import load_match
from sheetgen.games.swashbuckle.sheet import load_sheet, sheet_from_text

EXAMPLES = Path(__file__).resolve().parents[3] / "layouts" / "swashbuckle" / "examples"

# Crow's Nest 2+4+6+8+10+... chosen per test; the bilge boxes below add to 130.
BILGE = """  three_alike: 20
  four_alike: 0
  aces_high: 0
  full_boat: 25
  succession_4: 30
  succession_5: 0
  pieces_of_8: 0
  flotsam: 22
  piracy: 0
  swashbuckle: 33
"""


def sheet(upper: dict[str, int], extra: str = "", bilge: str = BILGE) -> str:
    lines = ["player: Tester", "boxes:"]
    lines += [f"  {k}: {v}" for k, v in upper.items()]
    return "\n".join(lines) + "\n" + bilge + extra


UPPER_67 = {"ones": 2, "twos": 6, "threes": 9, "fours": 12, "fives": 20, "sixes": 18}  # 67
UPPER_68 = {**UPPER_67, "ones": 3}                                                    # 68


def test_blimey_bonus_needs_more_than_67() -> None:
    at_67 = sheet_from_text(sheet(UPPER_67, bilge=BILGE.replace("33", "50")))
    at_68 = sheet_from_text(sheet(UPPER_68, bilge=BILGE.replace("33", "50")))
    assert at_67.derived["crows_nest_subtotal"] == 67
    assert at_67.derived["blimey_bonus"] == 0
    assert at_68.derived["blimey_bonus"] == 45
    assert at_68.derived["crows_nest_tally"] == 113


def test_written_bonus_at_67_is_reported_with_the_reason() -> None:
    text = sheet(UPPER_67, "crows_nest_subtotal: 67\nblimey_bonus: 45\n",
                 bilge=BILGE.replace("33", "50"))
    report = sheet_from_text(text, "s.yaml")
    assert [str(f) for f in report.findings] == [
        "s.yaml:20:15: blimey_bonus: says 45, should be 0 (subtotal 67 is not higher than 67)"
    ]


def test_impossible_box_value_is_reported_at_its_line() -> None:
    report = sheet_from_text(sheet(UPPER_68), "s.yaml")
    # Swashbuckle holds 50 or 0, not 33 (line 18 of the generated sheet).
    assert len(report.findings) == 1
    found = report.findings[0]
    assert found.field == "swashbuckle"
    assert (found.position.line, found.position.column) == (18, 16)
    assert "33 is not a score Swashbuckle can hold" in found.message


def test_dice_are_rescored() -> None:
    bilge = BILGE.replace("three_alike: 20", "three_alike: {score: 20, dice: [4, 4, 4, 2, 5]}")
    report = sheet_from_text(sheet(UPPER_68, bilge=bilge.replace("33", "50")), "s.yaml")
    assert [f.message for f in report.findings] == [
        "says 20, but 4 4 4 2 5 score 19 in 3 Alike"
    ]


def test_tallies_total_and_moniker() -> None:
    extra = ("swashbuckle_bonus: 2\nsmooth_sailing: 10\npillaged: -12\nhornswaggle: 15\n"
             "bilge_tally: 200\ntotal_plunder: 313\nmoniker: First Mate\n")
    report = sheet_from_text(sheet(UPPER_68, extra, bilge=BILGE.replace("33", "50")), "s.yaml")
    d = report.derived
    # bilge boxes 147 + 2 x 50 bonus - 12 pillaged - 15 hornswaggle; zeros forfeit sailing
    assert d["swashbuckle_bonus_tally"] == 100
    assert d["smooth_sailing"] == 0
    assert d["bilge_tally"] == 147 + 100 - 12 - 15
    assert d["total_plunder"] == 220 + 113
    assert d["moniker"] == "First Mate"
    fields = [f.field for f in report.findings]
    assert fields == ["smooth_sailing", "bilge_tally", "total_plunder"]


def test_swashbuckle_bonus_without_a_scored_swashbuckle() -> None:
    report = sheet_from_text(sheet(UPPER_68, "swashbuckle_bonus: 1\n",
                                   bilge=BILGE.replace("33", "0")), "s.yaml")
    assert report.findings[0].field == "swashbuckle_bonus"
    assert report.derived["swashbuckle_bonus_tally"] == 0


def test_empty_box_is_a_finding_and_unknown_box_an_error() -> None:
    report = sheet_from_text(sheet({k: v for k, v in UPPER_68.items() if k != "ones"}))
    assert "ones: is empty" in str(report.findings[0])
    with pytest.raises(SheetgenError, match="unknown key 'sixs'") as err:
        sheet_from_text(sheet({**UPPER_68, "sixs": 3}), "s.yaml")
    assert err.value.position.line == 9
    assert "sixes" in err.value.hint


def test_bad_die_is_an_error_with_position() -> None:
    bilge = BILGE.replace("three_alike: 20", "three_alike: {score: 20, dice: [4, 4, 4, 2, 7]}")
    with pytest.raises(SheetgenError, match="a die shows 1 to 6") as err:
        sheet_from_text(sheet(UPPER_68, bilge=bilge), "s.yaml")
    assert err.value.position.line == 9


def test_examples_check_clean_and_disputed_one_does_not() -> None:
    assert load_sheet(EXAMPLES / "sunnyseas.yaml").ok
    assert load_sheet(EXAMPLES / "butterbreath.yaml").ok
    disputed = load_sheet(EXAMPLES / "disputed.yaml")
    assert [f.field for f in disputed.findings] == [
        "fours", "three_alike", "blimey_bonus", "crows_nest_tally", "swashbuckle_bonus",
        "swashbuckle_bonus_tally", "smooth_sailing", "bilge_tally", "total_plunder", "moniker",
    ]
    assert disputed.derived["total_plunder"] == 265


def test_match_example_standings() -> None:
    match = load_match(EXAMPLES / "match.yaml")
    assert match.ok
    assert [(s.place, s.player, s.total) for s in match.standings] == [
        (1, "Butterbreath", 313), (2, "Sunnyseas", 289)]


def _match(tmp_path: Path, a_extra: str, b_extra: str, a_piracy: str, b_piracy: str) -> Path:
    def write(name: str, piracy: str, extra: str) -> None:
        bilge = BILGE.replace("33", "50").replace("piracy: 0", f"piracy: {piracy}")
        text = sheet(UPPER_68, extra, bilge=bilge).replace("Tester", name)
        (tmp_path / f"{name}.yaml").write_text(text)

    write("Ann", a_piracy, a_extra)
    write("Bob", b_piracy, b_extra)
    (tmp_path / "m.yaml").write_text("sheets: [Ann.yaml, Bob.yaml]\n")
    return tmp_path / "m.yaml"


def test_piracy_must_match_the_targets_pillaged(tmp_path: Path) -> None:
    good = _match(tmp_path, "", "pillaged: 17\npillaged_by: Ann\n",
                  "{score: 17, target: Bob}", "0")
    assert load_match(good).ok
    bad = _match(tmp_path, "", "pillaged: 16\n", "{score: 17, target: Bob}", "0")
    messages = [f.message for f in load_match(bad).all_findings]
    assert messages == ["Bob records 16 pillaged, but Ann's Piracy took 17"]


def test_piracy_target_and_curse_must_be_players(tmp_path: Path) -> None:
    path = _match(tmp_path, "curse: Ann\n", "", "{score: 17, target: Bobb}", "0")
    messages = [f.message for f in load_match(path).all_findings]
    assert "target 'Bobb' is not another player of this match; did you mean 'Bob'?" in messages
    assert "Ann cursed 'Ann', who is not another player here" in messages


def test_only_one_captain(tmp_path: Path) -> None:
    big = BILGE.replace("33", "50").replace("aces_high: 0", "aces_high: 35").replace(
        "succession_5: 0", "succession_5: 40").replace("four_alike: 0", "four_alike: 28")
    for name, flotsam in (("Ann", 22), ("Bob", 20)):
        text = sheet(UPPER_68, bilge=big.replace("flotsam: 22", f"flotsam: {flotsam}"))
        (tmp_path / f"{name}.yaml").write_text(text.replace("Tester", name))
    (tmp_path / "m.yaml").write_text("sheets: [Ann.yaml, Bob.yaml]\n")
    match = load_match(tmp_path / "m.yaml")
    assert [(s.player, s.moniker) for s in match.standings] == [
        ("Ann", "Captain"), ("Bob", "First Mate")]
