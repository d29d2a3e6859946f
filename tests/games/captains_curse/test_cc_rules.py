"""One or more tests per rule id (R1-R20), each from a concrete position on the tiny island.

Tiny island (conftest): symbols a-f in columns 0-5, two spaces each (a1, a2, ...); ring
a1, b1, c1. Default column orders (R1): columns 0, 2, 4 read 6..1, columns 1, 3, 5 read 1..6.
"""

from __future__ import annotations

import pytest
from cc_helpers import circled_from_marks, tiny_island_dict

from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.ruleset import DEFAULT_COLUMNS, Ruleset
from sheetgen.games.captains_curse.state import (
    BLANK,
    CIRCLED,
    SPENT,
    GameState,
    IllegalMove,
    Loot,
    Modify,
    Phase,
    Place,
    Roll,
    Sink,
    score_sheet,
)


def sid(state: GameState, space_id: str) -> int:
    return state.island.space_index[space_id]


def lid(state: GameState, line_id: str) -> int:
    return state.island.line_index[line_id]


def sink_mask(state: GameState, *ids: str) -> int:
    return sum(1 << sid(state, i) for i in ids)


@pytest.fixture()
def game(tiny, tiny_rules) -> GameState:
    return GameState(tiny, tiny_rules)


# ---------------------------------------------------------------- R1-R4: the sheet

def test_r1_default_column_orders():
    assert DEFAULT_COLUMNS[0] == (6, 5, 4, 3, 2, 1)
    assert DEFAULT_COLUMNS[1] == (1, 2, 3, 4, 5, 6)
    assert DEFAULT_COLUMNS[4] == (6, 5, 4, 3, 2, 1)
    assert DEFAULT_COLUMNS[5] == (1, 2, 3, 4, 5, 6)


def test_r1_any_permutation_per_column(tiny):
    rules = Ruleset(columns=((3, 1, 2, 6, 5, 4),) + DEFAULT_COLUMNS[1:], symbol_counts=(2,) * 6)
    game = GameState(tiny, rules)
    game.push(Roll(2, 5))
    game.push(Place(None, "white", 0))  # 2 sits in row 2 of column 0: rows 0, 1 crossed
    assert game.next_row[0] == 3 and game.circled[0] == 0b100
    assert game.x_count() == 2


def test_r4_doubles_start_blank(game):
    assert game.doubles == [BLANK] * 6


# ---------------------------------------------------------------- R5-R6: placing

def test_r6_skipped_cells_are_crossed_and_a_space_is_looted(game):
    game.push(Roll(4, 1))
    game.push(Place(None, "white", 0))  # column 0 reads 6,5,4..: 6 and 5 crossed
    assert game.x_count() == 2
    assert game.phase == Phase.LOOT
    assert [m.space for m in game.legal_moves()] == [sid(game, "a1"), sid(game, "a2")]
    game.push(Loot(sid(game, "a2")))
    assert game.looted == 1 << sid(game, "a2")
    assert game.phase == Phase.CHANCE  # white die: no sink (R9)


def test_r6_value_above_first_open_cell_is_illegal(game):
    game.next_row[1] = 3  # column 1 reads 1..6: 1, 2, 3 used
    game.push(Roll(2, 2 + 3))  # white 2 cannot go in column 1 any more
    assert Place(None, "white", 1) not in game.legal_moves()
    with pytest.raises(IllegalMove, match="R6"):
        game.push(Place(None, "white", 1))


def test_r6_complete_column_and_column_without_space_are_illegal(game):
    game.next_row[0] = 6
    game.marked |= sink_mask(game, "b1", "b2")  # no available b space for column 1
    game.push(Roll(1, 3))
    legal = game.legal_moves()
    assert all(m.column not in (0, 1) for m in legal)
    with pytest.raises(IllegalMove, match="complete"):
        game.push(Place(None, "white", 0))
    with pytest.raises(IllegalMove, match="no available"):
        game.push(Place(None, "white", 1))


def test_r6_loot_must_match_the_column_symbol(game):
    game.push(Roll(6, 1))
    game.push(Place(None, "white", 0))
    with pytest.raises(IllegalMove, match="R6"):
        game.push(Loot(sid(game, "b1")))


# ---------------------------------------------------------------- R7: modifications

def test_r7_modification_wraps_around(game):
    game.doubles[2] = CIRCLED
    game.push(Roll(6, 2))
    up = Place(Modify("white", 1, 3), "white", 1)  # 6+1 = 1, column 1 starts with 1
    assert up in game.legal_moves()
    assert game.value_of(up) == 1
    down = Place(Modify("black", -1, 3), "black", 0)
    game_value = game.value_of(Place(Modify("black", -1, 3), "black", 0))
    assert game_value == 1
    assert down in game.legal_moves()
    game.push(up)
    assert game.doubles[2] == SPENT
    assert game.circled[1] == 1 and game.x_count() == 0


def test_r7_wrap_one_minus_one_is_six(game):
    game.doubles[0] = CIRCLED
    game.push(Roll(1, 3))
    move = Place(Modify("white", -1, 1), "white", 0)
    assert game.value_of(move) == 6
    assert move in game.legal_moves()


def test_r7_no_modification_without_a_circled_symbol(game):
    game.doubles[3] = SPENT
    game.push(Roll(5, 2))
    assert all(m.modify is None for m in game.legal_moves())
    with pytest.raises(IllegalMove, match="R7"):
        game.push(Place(Modify("white", 1, 4), "white", 0))


def test_r7_forced_black_die(game):
    # White 2 fits nowhere: columns 1, 3, 5 (1..6) are past 2, columns 0, 2, 4 complete.
    for c in (0, 2, 4):
        game.next_row[c] = 6
    for c in (1, 3, 5):
        game.next_row[c] = 2
    game.push(Roll(2, 5))
    legal = game.legal_moves()
    assert {m.take for m in legal} == {"black"}
    with pytest.raises(IllegalMove, match="R6"):
        game.push(Place(None, "white", 1))
    with pytest.raises(IllegalMove, match="passing is not allowed"):
        game.push(Place(None, "pass", None))


def test_r7_pass_and_sink_when_neither_die_fits(game):
    for c in range(6):
        game.next_row[c] = 5  # only the bottom cell is open everywhere
    # bottoms: columns 0, 2, 4 -> 1; columns 1, 3, 5 -> 6. Roll 3 and 4 fits nowhere.
    game.push(Roll(3, 4))
    assert game.legal_moves() == [Place(None, "pass", None)]
    game.push(Place(None, "pass", None))
    assert game.phase == Phase.SINK  # R9: passing owes a sink
    game.push(Sink(lid(game, "La2")))
    assert game.sunk == 1 << sid(game, "a2")
    assert game.turns[-1]["take"] == "pass" and game.turns[-1]["sink"] == "La2"


def test_r7_never_obliged_to_modify(game):
    for c in range(6):
        game.next_row[c] = 5
    game.doubles[1] = CIRCLED
    game.push(Roll(5, 4))  # 5+1 = 6 would fit columns 1, 3, 5, but passing stays legal
    legal = game.legal_moves()
    assert Place(None, "pass", None) in legal
    assert Place(Modify("white", 1, 2), "white", 1) in legal


# ---------------------------------------------------------------- R8: doubles

def test_r8_blank_doubles_circle_and_force_black_then_sink(game):
    game.push(Roll(4, 4))
    assert game.doubles[3] == CIRCLED
    assert game.record["doubles_circled"] == 4
    legal = game.legal_moves()
    assert legal and all(m.take == "black" and m.modify is None for m in legal)
    with pytest.raises(IllegalMove, match="R8"):
        game.push(Place(None, "white", 0))
    game.push(Place(None, "black", 0))
    game.push(Loot(sid(game, "a1")))
    assert game.phase == Phase.SINK
    game.push(Sink(lid(game, "La1")))  # the space just looted may sink
    assert game.sunk & (1 << sid(game, "a1"))


def test_r8_circled_doubles_allow_the_free_white_die(game):
    game.doubles[3] = CIRCLED
    game.push(Roll(4, 4))
    assert game.record["doubles_circled"] is None
    game.push(Place(None, "white", 0))
    game.push(Loot(sid(game, "a1")))
    assert game.phase == Phase.CHANCE and game.sunk == 0


def test_r8_no_modification_on_doubles(game):
    game.doubles[0] = CIRCLED
    game.doubles[3] = CIRCLED
    game.push(Roll(4, 4))
    assert all(m.modify is None for m in game.legal_moves())
    with pytest.raises(IllegalMove, match="R8"):
        game.push(Place(Modify("white", 1, 1), "white", 0))


def test_r8_spent_counts_as_circled_by_default(game):
    game.doubles[3] = SPENT
    game.push(Roll(4, 4))
    assert Place(None, "white", 0) in game.legal_moves()
    assert game.doubles[3] == SPENT


def test_r8_option_spent_does_not_count(tiny):
    rules = Ruleset(symbol_counts=(2,) * 6, spent_doubles_count_as_circled=False)
    game = GameState(tiny, rules)
    game.doubles[3] = SPENT
    game.push(Roll(4, 4))
    assert {m.take for m in game.legal_moves()} == {"black"}
    assert game.record["doubles_circled"] is None  # a spent symbol is not circled again


def test_r8_option_off_lets_the_player_choose_which_symbol_to_spend(tiny):
    rules = Ruleset(symbol_counts=(2,) * 6, spent_doubles_count_as_circled=False)
    game = GameState(tiny, rules)
    game.doubles[1] = CIRCLED
    game.doubles[4] = CIRCLED
    game.push(Roll(3, 1))
    spends = {m.modify.spend for m in game.legal_moves() if m.modify}
    assert spends == {2, 5}


def test_r8_circled_doubles_white_unplaceable_passes_and_sinks(game):
    for c in range(6):
        game.next_row[c] = 5
    game.doubles[2] = CIRCLED
    game.push(Roll(3, 3))
    assert game.legal_moves() == [Place(None, "pass", None)]
    game.push(Place(None, "pass", None))
    assert game.phase == Phase.SINK


# ---------------------------------------------------------------- R9-R10

def test_r9_black_die_sinks_exactly_once(game):
    game.push(Roll(1, 6))
    game.push(Place(None, "black", 0))  # 6 at the top of column 0
    game.push(Loot(sid(game, "a1")))
    assert game.phase == Phase.SINK
    game.push(Sink(lid(game, "Lf1")))
    assert game.phase == Phase.CHANCE
    assert game.turns[-1]["sink"] == "Lf1"


def test_r10_completing_a_column_abandons_the_rest(game):
    game.next_row[0] = 5
    game.push(Roll(1, 3))
    game.push(Place(None, "white", 0))  # 1 is the bottom of column 0
    game.push(Loot(sid(game, "a1")))
    a2 = 1 << sid(game, "a2")
    assert game.marked & a2 and not game.looted & a2
    assert game.available & a2 == 0


# ---------------------------------------------------------------- R11-R13: sinking

def test_r11_wet_ends(game):
    lw = lid(game, "Lw")
    assert lw not in game.usable_lines()  # its second end needs d1 sunk
    game.sunk |= 1 << sid(game, "d1")
    assert lw in game.usable_lines()
    game.sunk |= sink_mask(game, "e2", "f2")
    assert lw not in game.usable_lines()  # nothing left to sink


def test_r11_sinking_takes_looted_and_unlooted_spaces(game):
    game.looted |= 1 << sid(game, "a1")
    game.marked |= 1 << sid(game, "a1")
    game.push(Roll(1, 6))
    game.push(Place(None, "black", 0))
    game.push(Loot(sid(game, "a2")))
    game.push(Sink(lid(game, "Lring")))
    assert game.sunk == sink_mask(game, "a1", "b1", "c1")


def test_r11_unusable_line_is_illegal(game):
    game.push(Roll(1, 6))
    game.push(Place(None, "black", 0))
    game.push(Loot(sid(game, "a1")))
    with pytest.raises(IllegalMove, match="R11"):
        game.push(Sink(lid(game, "Lw")))


def test_r13_owed_sink_with_no_usable_line(tiny_rules):
    """On a valid island some line is always usable while land remains (the validator's
    fixpoint guarantees it), so R13 needs an island whose last lines wait on each other."""
    data = tiny_island_dict()
    for space in data["spaces"]:
        space["ring"] = space["id"] in ("a2", "b2")
    for line in data["sink_lines"]:
        if line["id"] == "La2":
            line["ends"] = [[], ["b2"]]
        if line["id"] == "Lb2":
            line["ends"] = [[], ["a2"]]
    island = island_from_dict(data, "r13")
    game = GameState(island, tiny_rules)
    keep = (1 << island.space_index["a2"]) | (1 << island.space_index["b2"])
    game.sunk = island.all_mask & ~keep
    game.marked = 1 << island.space_index["b2"]
    assert game.usable_lines() == []
    game.push(Roll(1, 6))
    game.push(Place(None, "black", 0))
    game.push(Loot(island.space_index["a2"]))
    assert game.turns[-1]["sink"] is None  # R13: owed, but nothing sinks
    assert game.sunk == island.all_mask & ~keep
    assert game.termination == "no_available_space"


# ---------------------------------------------------------------- R14-R15: the end

def test_r14_all_columns_complete(game):
    for c in range(6):
        game.next_row[c] = 6
    game.next_row[0] = 5
    game.push(Roll(1, 1))  # doubles 1 blank: black 1 into column 0's bottom, then sink
    game.push(Place(None, "black", 0))
    game.push(Loot(sid(game, "a1")))
    game.push(Sink(lid(game, "Lf2")))
    assert game.is_over() and game.termination == "columns_complete"


def test_r14_no_available_space(game):
    game.marked = game.island.all_mask & ~(1 << sid(game, "a1"))
    game.push(Roll(6, 2))
    game.push(Place(None, "white", 0))
    game.push(Loot(sid(game, "a1")))
    assert game.is_over() and game.termination == "no_available_space"
    assert not game.result().lost


def test_r14_r15_ring_sunk_loses_whatever_the_score(game):
    game.sunk = sink_mask(game, "a1", "b1")
    game.circled = [0b111111] * 6  # a perfect sheet...
    game.next_row = [5, 6, 6, 6, 6, 6]
    game.circled[0] = 0b011111
    game.push(Roll(2, 1))
    game.push(Place(None, "black", 0))
    game.push(Loot(sid(game, "a2")))
    game.push(Sink(lid(game, "Lc1")))
    assert game.termination == "columns_complete" or game.termination == "ring_sunk"
    result = game.result()
    assert result.lost and not result.won and result.title is None
    assert result.score == 126


def test_r14_ring_sunk_ends_the_game(game):
    game.sunk = sink_mask(game, "a1", "b1")
    game.push(Roll(3, 6))
    game.push(Place(None, "black", 0))
    game.push(Loot(sid(game, "a2")))
    game.push(Sink(lid(game, "Lc1")))
    assert game.is_over() and game.termination == "ring_sunk"
    assert game.result().lost


def test_r14_no_unsunk_space_ends_and_loses(game):
    game.sunk = game.island.all_mask & ~(1 << sid(game, "f2"))
    game.push(Roll(6, 6))
    game.push(Place(None, "black", 5))
    game.push(Loot(sid(game, "f2")))
    game.push(Sink(lid(game, "Lf2")))
    assert game.is_over() and game.sunk == game.island.all_mask
    assert game.result().lost and game.result().unsunk_spaces == 0


# ---------------------------------------------------------------- R16-R20: scoring

RULES = Ruleset()


def test_r16_unfinished_columns_are_crossed_and_score():
    circled = circled_from_marks(RULES, ["65XXXX", "123456", "654321", "123456", "654321",
                                         "123456"])
    complete = [False, True, True, True, True, True]
    result = score_sheet(RULES, circled, complete, unsunk=20, lost=False)
    assert result.column_totals[0] == 11
    assert result.x_count == 4
    assert result.score == 11 + 5 * 21 - 4


def test_r16_option_unfinished_columns_score_zero():
    rules = Ruleset(unfinished_columns_score=False)
    circled = circled_from_marks(rules, ["65XXXX", "123456", "654321", "123456", "654321",
                                         "123456"])
    result = score_sheet(rules, circled, [False] + [True] * 5, unsunk=20, lost=False)
    assert result.column_totals[0] == 0
    assert result.score == 5 * 21 - 4


def test_r17_score_is_totals_minus_x():
    circled = circled_from_marks(RULES, ["6X4X21", "XXX456", "654321", "1X3456", "6543X1",
                                         "X2XX56"])
    result = score_sheet(RULES, circled, [True] * 6, unsunk=20, lost=False)
    assert result.score == sum(result.column_totals) - result.x_count


SEVENTY = ["XX4321", "XX3456", "XX4321", "XX3456", "XX4321", "1XX456"]  # 82 - 12 X
SIXTY_NINE = ["XX4321", "XX3456", "XX4321", "X2X456", "XX4321", "1XX456"]  # 81 - 12 X


def test_r18_win_at_the_goal_not_below():
    r70 = score_sheet(RULES, circled_from_marks(RULES, SEVENTY), [True] * 6, 20, False)
    r69 = score_sheet(RULES, circled_from_marks(RULES, SIXTY_NINE), [True] * 6, 20, False)
    assert (r70.score, r69.score) == (70, 69)
    assert r70.won and not r69.won
    assert not score_sheet(Ruleset(goal=71), circled_from_marks(RULES, SEVENTY), [True] * 6,
                           20, False).won


@pytest.mark.parametrize(("columns", "unsunk", "title"), [
    (["654321", "123456", "654321", "123456", "654321", "123456"], 15, "Captain"),
    (["654321", "123456", "654321", "123456", "654321", "123456"], 14, "First Mate"),
    (["6X4X21", "XXX456", "654321", "1X3456", "6543X1", "X2XX56"], 15, "First Mate"),
    (["6X4X21", "XXX456", "654321", "1X3456", "6543X1", "X2XX56"], 14, "Quartermaster"),
    (SEVENTY, 20, "Cabin Boy"),  # 70, only G3
    (SIXTY_NINE, 20, None),
    (["X54321", "X23456", "X54321", "X23456", "X54321", "X23456"], 14, "Quartermaster"),
    (["X54321", "X23456", "X54321", "X23456", "X54321", "X23456"], 15, "First Mate"),
])
def test_r19_titles(columns, unsunk, title):
    circled = circled_from_marks(RULES, columns)
    result = score_sheet(RULES, circled, [True] * 6, unsunk=unsunk, lost=False)
    assert result.title == title, result


def test_r19_goals():
    circled = circled_from_marks(RULES, ["6X4X21", "XXX456", "654321", "1X3456", "6543X1",
                                         "X2XX56"])
    result = score_sheet(RULES, circled, [True] * 6, unsunk=15, lost=False)
    assert result.goals == (False, True, True)  # 10 X > 8; column 2 perfect; 15 unsunk
    eight = circled_from_marks(RULES, ["6X4X21", "XX3456", "654321", "1X3456", "654321",
                                       "X23456"])
    assert score_sheet(RULES, eight, [True] * 6, 14, False).goals == (True, True, False)


def test_r20_erratum_sheet_scores_90():
    """The source's end-game example prints 14 under column 1; the sheet scores 90 (R20)."""
    circled = circled_from_marks(RULES, ["6X4X21", "XXX456", "654321", "1X3456", "6543X1",
                                         "X2XX56"])
    result = score_sheet(RULES, circled, [True] * 6, unsunk=14, lost=False)
    assert result.column_totals == (13, 15, 21, 19, 19, 13)
    assert result.x_count == 10
    assert result.score == 90
    assert result.title == "Quartermaster"  # only G2 reached, as the source says


def test_push_pop_restores_everything_and_pop_returns_the_move(game):
    before = game._undo_record(Roll(1, 1))
    moves = [Roll(4, 4), Place(None, "black", 0), Loot(sid(game, "a1")), Sink(lid(game, "La2"))]
    for move in moves:
        game.push(move)
    undone = [game.pop() for _ in moves]
    assert undone == moves[::-1]
    assert game._undo_record(Roll(1, 1)) == before
    assert game.turns == []
