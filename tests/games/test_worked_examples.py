"""Worked examples quoted in the rulebooks are computed by each game's package; these pin
their arithmetic."""

from __future__ import annotations

from sheetgen.games.black_dice import examples as bd_examples
from sheetgen.games.black_dice import rules as bd_rules
from sheetgen.games.captains_curse import examples as cc_examples
from sheetgen.games.shipwrecked import examples as sw_examples
from sheetgen.games.swashbuckle import examples as sb_examples
from sheetgen.games.voodoo import examples as voodoo_examples
from sheetgen.games.voodoo import rules as voodoo_rules


def test_captains_curse_erratum_example_scores_90():
    result = cc_examples.cc_endgame()
    assert result.column_totals == (13, 15, 21, 19, 19, 13)  # R20: 13, not 14
    assert result.x_count == 10
    assert result.score == 90
    assert result.goals == (False, True, False)
    assert result.title == "Quartermaster"


def test_swashbuckle_example_roll_and_match():
    ex = sb_examples.swashbuckle_example()
    # The source's worked roll: 1,1,1,3,3 scores in exactly these five boxes.
    assert ex.options == [("Ones", 3), ("Threes", 6), ("3 Alike", 9), ("Full Boat", 25),
                          ("Flotsam", 9)]
    d = ex.derived
    assert d["crows_nest_subtotal"] == 68 and d["blimey_bonus"] == 45  # 68 > 67 earns it
    assert d["smooth_sailing"] == 0  # there are scuttles
    assert d["total_plunder"] == d["crows_nest_tally"] + d["bilge_tally"]
    assert d["moniker"] == "Coxswain" and 267 <= d["total_plunder"] <= 289


def test_black_dice_settlement_cascades():
    rows = {r.symbol: r for r in bd_examples.black_dice_settlement()}
    assert rows["Swords"].status == "inactive"
    assert rows["Map"].status == "failed" and rows["Map"].rerolled == (2, 6)
    assert rows["Map"].moved_to == ("Flag",)  # the 6 joins the flag; the 2 does nothing
    # The flag had 2 black dice against 2 of the crew's; the extra die makes it fail.
    assert rows["Flag"].black == 3 and rows["Flag"].status == "failed"
    assert all(rows[s].status == "completed" for s in ("Anchor", "Rum", "Ship"))


def test_black_dice_rerolls_to_inactive_or_lower_adventures_do_nothing():
    adventure = bd_examples.Adventure
    adventures = [adventure(0, {}), adventure(2, {}), adventure(0, {}), adventure(0, {}),
                  adventure(1, {"Red": 1}), adventure(0, {})]
    rows = bd_examples.settle_example(adventures, [1, 6])
    assert rows[1].status == "failed" and rows[1].moved_to == ()  # 1 is lower; 6 inactive
    assert rows[5].status == "inactive"


def test_black_dice_winner_tie_breaks():
    assert bd_rules.black_dice_winner({"A": [5, 5], "B": [4, 4]}, "B") == ("A", "most gold")
    assert bd_examples.black_dice_end().winner == "Blue"  # 15 in 3 tokens beats 15 in 4
    assert bd_rules.black_dice_winner({"A": [4, 4], "B": [5, 3]}, "C") == ("C",
                                                                          "the last captain")


def test_voodoo_broadside_and_tally():
    assert voodoo_rules.broadside_hits(3, 1) == 2 and voodoo_rules.broadside_hits(2, 2) == 0
    assert voodoo_rules.broadside(5, 3, 4, 1) == (2, 6, 4, True)  # capped at 6, target untouched
    assert voodoo_rules.broadside(6, 3, 4, 1) == (2, 6, 2, True)  # already 6: target loses power
    assert voodoo_rules.broadside(6, 4, 1, 0) == (4, 6, 1, True)  # never below 1
    assert voodoo_rules.broadside(3, 1, 4, 2) == (0, 3, 4, False)
    ex = voodoo_examples.voodoo_example()
    assert ex.tally.ship_power == ex.shot[1] == 6  # the die the broadside left is scored
    assert ex.tally.total == 11 + 4 + 6 + 3


def test_shipwrecked_example_comes_from_the_engine():
    """The tie-breaks themselves are tested in tests/games/shipwrecked."""
    from sheetgen.games.shipwrecked.scoring import counts

    ex = sw_examples.shipwrecked_end()
    assert ex.held == {"Black": 2, "White": 2} and ex.winner == "Black"
    assert ex.ashore == {"Black": 22, "White": 21} and "first tie-break" in ex.rule
    assert counts(*sw_examples.SHIPWRECKED_END).problems() == []  # 30 dice a crew suffice


def test_nested_sink_lines_come_from_the_generator():
    ex = cc_examples.cc_nested_sink()
    assert set(ex.inner["region"]) < set(ex.outer["region"])
    assert ex.island["format"] == "captains-curse-island/1"


def test_inland_sink_example_comes_from_the_generator():
    """The rulebook's inland-end figure: A sinks the space B's inland end lists (R11)."""
    ex = cc_examples.cc_inland_sink()
    listed = {s for end in ex.outer["ends"] for s in end}
    assert listed and listed <= set(ex.inner["region"])
    assert not set(ex.inner["region"]) & set(ex.outer["region"])
