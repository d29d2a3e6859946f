"""`session.Session`: the bookkeeping of a person's game (typed or seeded dice, undo that
never re-rolls), shared by the terminal's `play` and the studio's game."""

from __future__ import annotations

import pytest

from sheetgen.games.captains_curse.rng import dice_stream
from sheetgen.games.captains_curse.session import Session
from sheetgen.games.captains_curse.state import GameState, Phase, Roll


def _finish_turn(table: Session) -> list:
    """Decide the rest of the turn with the first legal move each time; the moves."""
    moves = []
    while table.state.phase not in (Phase.CHANCE, Phase.OVER):
        move = table.state.legal_moves()[0]
        table.push(move)
        moves.append(move)
    return moves


def test_seeded_dice_are_dealt_again_after_an_undo(roomy, ruleset):
    """Undoing the last decision of a turn takes back the seeded roll after it too; the
    next roll is that same roll, not a new draw, and the game goes on as before."""
    table = Session(GameState(roomy, ruleset), dice_stream(3))
    table.roll()
    moves = _finish_turn(table)
    second = table.roll()
    undone, dealt = table.undo()
    assert undone == moves[-1] and dealt is None
    assert table.state.phase != Phase.CHANCE  # back at that decision, not at the dice
    table.push(moves[-1])
    assert table.roll() == second
    fresh = Session(GameState(roomy, ruleset), dice_stream(3))
    fresh.roll()
    _finish_turn(fresh)
    assert fresh.roll() == second and fresh.state.turns == table.state.turns


def test_typed_dice_are_the_players_entries(roomy, ruleset):
    table = Session(GameState(roomy, ruleset))
    with pytest.raises(ValueError, match="typed"):
        table.roll()
    table.roll(Roll(3, 5))
    assert table.undo() == (Roll(3, 5), None)  # a typed roll is undone like a decision
    assert table.state.phase == Phase.CHANCE and table.undo() is None


def test_a_push_the_player_did_not_decide_goes_with_the_decision_before(roomy, ruleset):
    table = Session(GameState(roomy, ruleset), dice_stream(5))
    roll = table.roll()
    first = table.state.legal_moves()[0]
    table.push(first)
    table.push(table.state.legal_moves()[0], decided=False)  # as a forced pass is
    assert table.undo() == (first, None)  # both pushes taken back
    assert first in table.state.legal_moves() and len(table.history) == 1
    assert table.undo() is None  # the seeded roll was never the player's
    assert table.state.roll == roll
