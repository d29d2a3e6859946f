"""Regression tests for what an independent referee found (issue 25), each built from one
concrete game position, and for the readings the rulebook lists for them."""

from __future__ import annotations

from sheetgen.engine.rng import SplitMix64
from sheetgen.games.black_dice.game import Pirate, new_game
from sheetgen.games.black_dice.moves import Add, Jibe, Reroll, Rum
from sheetgen.games.black_dice.quest import load_quest
from tests.helpers.black_dice import push, settle, table


def test_jibe_turns_over_the_face_shown_not_the_field_it_counts_for():
    """BD-PIRATE (The Jibe, line 266) with BD-BLOCKED (Dutchman, lines 477-480): a die showing
    the blocked flag counts for the rum; the Jibe turns the flag it shows into the anchor
    (line 266's own example), not the rum it counts as into a ship."""
    s = new_game(load_quest("dutchman"), 3, SplitMix64(5))
    assert s.blocked == {6}
    s.pirates = [Pirate("jibe", 3)]
    s.black = [0, 1, 2, 0, 0, 1, 0]
    me = s.players[s.turn]
    me.rum, me.pool = 3, 2
    push(s, Rum(), [6, 3])  # the engine rolls a flag and a swords
    assert s.rolled == [6, 3] and s.counted() == [2, 3]
    push(s, Jibe(0))
    assert s.rolled == [1, 3] and s.counted() == [1, 3]
    assert Add(1) in s.legal_moves() and Add(2) not in s.legal_moves()


def test_final_tie_goes_to_the_captain_who_led_the_last_round():
    """BD-WINNER (line 510): Treasure's last settlement elects seat 2 captain (most dice on
    the left half), but the three-way tie on gold and tokens goes to seat 1, who led the
    round."""
    s = table("treasure", black=(0, 1, 0, 0, 1, 0), placed={2: [(2, 2)], 5: [(0, 1)]},
              captain=1, gold_left=1)
    s.players[0].gold = [4, 4]
    s.players[1].gold = [4, 4, 4]
    s.players[2].gold = [4, 4, 4]
    settle(s, draws=[4])
    assert s.ended == "won" and s.captain == 2
    assert [sum(p.gold) for p in s.players] == [12, 12, 12]
    assert s.outcome().winners == (1,) and s.outcome().tiebreak == "the last captain"


def test_the_enemys_last_wound_still_lets_the_sea_wolf_and_captain_step_run():
    """BD-GOAL (reading, lines 343 and 355 over 140, 398): the Kraken's third wound ends the
    game only once the tile is settled and the sea wolf and captain are chosen, as the
    Treasure quest's last round does."""
    s = table("kraken", black=(0, 1, 0, 0, 0, 1), placed={2: [(2, 1)], 6: [(1, 2)]})
    s.blocked = set()
    s.enemy_damage = 2
    report = settle(s)
    assert s.ended == "won" and s.enemy_damage == 3
    assert report.sea_wolf == 1 and len(s.players[1].gold) == 1
    assert report.captain == 2 and s.captain == 2


def test_a_later_field_can_still_sink_the_ship_after_the_third_wound(tmp_path):
    """BD-GOAL with BD-SHIP: settlement goes on after the third wound, and a ship sunk later on
    the same tile loses the game."""
    path = tmp_path / "wound-then-storm.yaml"
    path.write_text(WOUND_THEN_STORM)
    s = new_game(load_quest(path), 2, SplitMix64(3))
    s.black = [0, 0, 0, 0, 1, 0, 1]
    s.placed = [[] for _ in range(7)]
    s.placed[4] = [(0, 1)]
    s.enemy_damage, s.ship_damage = 2, 1
    report = settle(s, [1])
    assert s.enemy_damage == 3 and s.ended == "sunk"
    assert report.lines[5].status == "failed"


WOUND_THEN_STORM = """\
format: black-dice-quest/1
id: wound-then-storm
name: Wound Then Storm
enemy: kraken
end: enemy_defeated
fields:
  anchor: {reward: [], penalty: []}
  rum: {reward: [], penalty: []}
  swords: {reward: [], penalty: []}
  map: {reward: [enemy_damage], penalty: []}
  ship: {reward: [], penalty: []}
  flag: {reward: [], penalty: [{ship_damage: 2}]}
"""


def test_rum_rerolls_the_dice_put_aside_too():
    """BD-RUM (reading, line 238 over line 189): dice put aside after a second inactive roll
    come back when the player drinks rum: every unplaced die is rolled."""
    s = new_game(load_quest("treasure"), 3, SplitMix64(3))
    me = s.players[s.turn]
    s.black = [0, 1, 0, 0, 0, 1, 0]
    me.pool = 3
    s.rolled = [1, 2, 3]
    push(s, Reroll(), [3, 4])
    assert s.rolled == [1]  # the swords and the map are inactive again: put aside
    push(s, Rum(), [2, 3, 5])
    assert s.rolled == [2, 3, 5] and len(s.rolled) == me.pool
