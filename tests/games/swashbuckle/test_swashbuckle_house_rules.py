"""Match rules the source states once and the optional rules 1-6 as card options: each tested
on small sheets and matches built from the sheet helpers."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_swashbuckle_sheet import BILGE, UPPER_67, UPPER_68, sheet

from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.card import default_card, load_card, parse_option_args
from sheetgen.games.swashbuckle.match import load_match
from sheetgen.games.swashbuckle.sheet import sheet_from_text


def _write(tmp_path: Path, name: str, piracy: str = "0", extra: str = "",
           bilge: str | None = None) -> None:
    bilge = (bilge or BILGE.replace("33", "50")).replace("piracy: 0", f"piracy: {piracy}")
    (tmp_path / f"{name}.yaml").write_text(sheet(UPPER_68, extra, bilge=bilge).replace(
        "Tester", name))


def _match(tmp_path: Path, names: list[str], options: str = "") -> Path:
    text = f"sheets: [{', '.join(n + '.yaml' for n in names)}]\n"
    if options:
        text += f"options: {{{options}}}\n"
    (tmp_path / "m.yaml").write_text(text)
    return tmp_path / "m.yaml"


def test_a_player_is_pillaged_only_once(tmp_path: Path) -> None:
    """Source: "A player may only pillage or be pillaged one time." Two pirates both naming
    Carl for 19, Carl recording one 19, was accepted before."""
    _write(tmp_path, "Ann", "{score: 19, target: Carl}")
    _write(tmp_path, "Bob", "{score: 19, target: Carl}")
    _write(tmp_path, "Carl", extra="pillaged: 19\n")
    messages = [f.message for f in load_match(_match(tmp_path, ["Ann", "Bob", "Carl"]))
                .all_findings]
    assert messages == ["Bob pillages Carl, who was already pillaged by Ann; a player may be "
                        "pillaged only once"]


BIG = BILGE.replace("33", "50").replace("aces_high: 0", "aces_high: 35").replace(
    "succession_5: 0", "succession_5: 40").replace("four_alike: 0", "four_alike: 28")


def _captains(tmp_path: Path, extras: dict[str, str], uppers: dict[str, dict] | None = None,
              flotsam: dict[str, int] | None = None) -> list[tuple[str, str | None]]:
    for name, extra in extras.items():
        upper = (uppers or {}).get(name, UPPER_68)
        bilge = BIG.replace("flotsam: 22", f"flotsam: {(flotsam or {}).get(name, 22)}")
        text = sheet(upper, extra, bilge=bilge).replace("Tester", name)
        (tmp_path / f"{name}.yaml").write_text(text)
    match = load_match(_match(tmp_path, list(extras)))
    return [(s.player, s.moniker) for s in match.standings]


def test_tied_captains_listed_order_breaks_the_tie(tmp_path: Path) -> None:
    assert _captains(tmp_path, {"Ann": "", "Bob": ""}) == [
        ("Ann", "Captain"), ("Bob", "First Mate")]
    assert _captains(tmp_path, {"Bob": "", "Ann": ""}) == [
        ("Bob", "Captain"), ("Ann", "First Mate")]


def test_tied_captains_the_sitting_captain_keeps_the_rank(tmp_path: Path) -> None:
    assert _captains(tmp_path, {"Ann": "", "Bob": "earlier_rank: Captain\n"}) == [
        ("Ann", "First Mate"), ("Bob", "Captain")]


def test_tied_captains_higher_crows_nest_tally_wins(tmp_path: Path) -> None:
    # Same Total Plunder (Bob moves 6 points from Flotsam to Sixes), Bob's Crow's Nest higher.
    richer = {**UPPER_68, "sixes": 24}
    standings = _captains(tmp_path, {"Ann": "", "Bob": ""}, {"Bob": richer},
                          {"Ann": 22, "Bob": 16})
    assert standings == [("Ann", "First Mate"), ("Bob", "Captain")]


def test_scuttle_option_is_strict_by_default_and_switchable() -> None:
    card = default_card()
    assert card.options.scuttle == "only_if_nothing_scores"
    assert parse_option_args(card, ["scuttle=any"]).options.scuttle == "any"
    assert load_card("yacht13").options.scuttle == "any"
    with pytest.raises(SheetgenError, match="scuttle must be"):
        parse_option_args(card, ["scuttle=sometimes"])
    with pytest.raises(SheetgenError, match="NAME=VALUE"):
        parse_option_args(card, ["scutle=any"])


def test_strict_scuttling_changes_the_card_fingerprint_only_when_strict() -> None:
    card = default_card()
    assert card.fingerprint() != card.with_options(scuttle="any").fingerprint()
    # The `any` reading keeps the fingerprint tables were solved under before the option.
    assert card.with_options(scuttle="any").fingerprint() == "8a670fa6af758b67"
    assert card.with_options(gentle_piracy=True).fingerprint() == card.fingerprint()


def test_rule_4_captains_ransom_doubles_the_loss(tmp_path: Path) -> None:
    _write(tmp_path, "Ann", "{score: 17, target: Bob}")
    _write(tmp_path, "Bob", extra="pillaged: 34\nearlier_rank: Captain\n")
    # Without the house rule a correct double loss is wrong, and the other way round.
    plain = [f.message for f in load_match(_match(tmp_path, ["Ann", "Bob"])).all_findings]
    assert "Bob records 34 pillaged, but Ann's Piracy took 17" in plain
    ransom = load_match(_match(tmp_path, ["Ann", "Bob"], "captains_ransom: true"))
    assert ransom.ok, [str(f) for f in ransom.all_findings]
    _write(tmp_path, "Bob", extra="pillaged: 17\nearlier_rank: Captain\n")
    messages = [f.message for f in load_match(
        _match(tmp_path, ["Ann", "Bob"], "captains_ransom: true")).all_findings]
    assert messages == ["Bob records 17 pillaged, but Ann's Piracy took 34 (house rule 4: a "
                        "Captain loses double)"]


def test_rule_5_gentle_piracy_takes_nothing(tmp_path: Path) -> None:
    _write(tmp_path, "Ann", "{score: 17, target: Bob}")
    _write(tmp_path, "Bob")
    assert load_match(_match(tmp_path, ["Ann", "Bob"], "gentle_piracy: true")).ok
    assert not load_match(_match(tmp_path, ["Ann", "Bob"])).ok
    _write(tmp_path, "Bob", extra="pillaged: 17\n")
    messages = [f.message for f in load_match(
        _match(tmp_path, ["Ann", "Bob"], "gentle_piracy: true")).all_findings]
    assert any("house rule 5" in m for m in messages)


def test_rule_1_a_curser_rolls_one_cursed_turn(tmp_path: Path) -> None:
    _write(tmp_path, "Ann", extra="curse: Bob\n")
    _write(tmp_path, "Bob")
    assert load_match(_match(tmp_path, ["Ann", "Bob"])).ok
    messages = [f.message for f in load_match(
        _match(tmp_path, ["Ann", "Bob"], "correspondence: true")).all_findings]
    assert messages == ["Ann cursed a rival's card, so under house rule 1 one of their own "
                        "turns is rolled cursed: mark that box `cursed: true`"]
    cursed = BILGE.replace("33", "50").replace(
        "three_alike: 20", "three_alike: {score: 20, dice: [5, 5, 5, 3, 2], cursed: false}")
    _write(tmp_path, "Ann", extra="curse: Bob\n", bilge=cursed)
    assert not load_match(_match(tmp_path, ["Ann", "Bob"], "correspondence: true")).ok
    cursed = BILGE.replace("33", "50").replace(
        "three_alike: 20", "three_alike: {score: 20, dice: [6, 6, 6, 2], cursed: true}")
    _write(tmp_path, "Ann", extra="curse: Bob\n", bilge=cursed)
    assert load_match(_match(tmp_path, ["Ann", "Bob"], "correspondence: true")).ok


def test_rules_2_and_3_penalties() -> None:
    base = sheet(UPPER_68, bilge=BILGE.replace("33", "50"))
    clean = sheet_from_text(base)
    fined = sheet_from_text(base + "penalty: 6\noptions: {calculator_penalty: 3}\n")
    assert fined.ok
    assert fined.total == clean.total - 6
    odd = sheet_from_text(base + "penalty: 5\noptions: {calculator_penalty: 3}\n")
    assert [f.field for f in odd.findings] == ["penalty"]
    assert sheet_from_text(base + "penalty: 5\noptions: {calculator_penalty: 3, "
                           "manners: true}\n").ok
    off = sheet_from_text(base + "penalty: 1\n")
    assert "neither house rule 2" in off.findings[0].message


def _storm(columns: list[tuple[dict, str]], top: str = "") -> str:
    """A Perfect Storm sheet: one (upper boxes, bilge) pair per column."""
    lines = ["player: Storm", f"options: {{columns: {len(columns)}}}", "columns:"]
    for upper, bilge in columns:
        lines.append("  - boxes:")
        lines += [f"      {k}: {v}" for k, v in upper.items()]
        lines += ["    " + row for row in bilge.splitlines()]
    return "\n".join(lines) + "\n" + top


def test_rule_6_perfect_storm_adds_the_columns() -> None:
    bilge = BILGE.replace("33", "50")
    one = sheet_from_text(sheet(UPPER_68, bilge=bilge))
    other = sheet_from_text(sheet(UPPER_67, bilge=bilge))
    storm = sheet_from_text(_storm([(UPPER_68, bilge), (UPPER_67, bilge)]))
    assert storm.ok, [str(f) for f in storm.findings]
    assert storm.total == one.total + other.total
    assert storm.derived["blimey_bonus"] == 45  # earned in the first column only
    # The moniker ladder is for one column: the average column earns it.
    assert storm.derived["moniker"] == default_card().moniker(round(storm.total / 2))
    # Pillaged comes off once, from the match's total.
    robbed = sheet_from_text(_storm([(UPPER_68, bilge), (UPPER_67, bilge)],
                                    f"pillaged: 19\ntotal_plunder: {storm.total - 19}\n"))
    assert robbed.ok and robbed.total == storm.total - 19


def test_rule_6_column_figures_are_checked_where_written() -> None:
    bilge = BILGE.replace("33", "50")
    wrong = bilge + "crows_nest_subtotal: 70\n"
    storm = sheet_from_text(_storm([(UPPER_68, bilge), (UPPER_67, wrong)]))
    assert [(f.field, f.message) for f in storm.findings] == [
        ("crows_nest_subtotal", "says 70, should be 67 (2 + 6 + 9 + 12 + 20 + 18)")]
    assert storm.findings[0].position.line > 10  # in the second column


def test_rule_6_needs_the_agreed_number_of_columns() -> None:
    bilge = BILGE.replace("33", "50")
    text = _storm([(UPPER_68, bilge)]).replace("{columns: 1}", "{columns: 2}")
    with pytest.raises(SheetgenError, match="2 columns"):
        sheet_from_text(text)


def test_rule_6_one_piracy_per_player() -> None:
    bilge = BILGE.replace("33", "50")
    raid = bilge.replace("piracy: 0", "piracy: {score: 19, target: Ann}")
    storm = sheet_from_text(_storm([(UPPER_68, raid), (UPPER_67, raid)]))
    assert [f.field for f in storm.findings] == ["piracy"]
