"""The Black Dice engine, rule by rule (ids of docs/black-dice.md).

Settlement tests build the quest tile's dice by hand and settle it with scripted dice, so each
test names the rule it checks and would fail if the engine broke it.
"""

from __future__ import annotations

import pytest

from sheetgen.engine.rng import SplitMix64
from sheetgen.games.black_dice.game import Pirate, new_game
from sheetgen.games.black_dice.moves import Add, PirateMove, Reroll, Rum, parse_move
from sheetgen.games.black_dice.quest import load_quest
from sheetgen.games.black_dice.table import GOLD_TOKENS
from tests.helpers.black_dice import new_round, push, settle, table


def test_complete_field_pays_and_failed_field_strikes():
    """BD-ORDER: crew dice >= black dice completes (reward), fewer fails (penalty)."""
    s = table("treasure", black=(0, 0, 0, 2, 0, 2),
              placed={4: [(1, 1)], 6: [(0, 2), (2, 1)]})
    report = settle(s, [1])
    status = {line.value: line.status for line in report.lines}
    assert status[4] == "failed" and status[6] == "completed"
    assert s.ship_damage == 2  # the treasure map's penalty: two ship damage
    # The flag pays 2 tokens to each taker; seat 0 (most dice on the right) is sea wolf.
    assert [len(p.gold) for p in s.players] == [3, 0, 2]
    assert report.sea_wolf == 0


def test_settlement_runs_anchor_to_flag_and_rerolls_cascade():
    """BD-ORDER, BD-REROLL: a failed anchor re-rolls its excess die; a 4 joins the map, which
    is then one die short and fails in its turn."""
    s = table("treasure", black=(2, 0, 0, 1, 0, 0), placed={1: [(0, 1)], 4: [(1, 1)]})
    report = settle(s, [4])
    anchor, map_ = report.lines[0], report.lines[3]
    assert anchor.status == "failed" and anchor.rerolled == (4,) and anchor.moved_to == (4,)
    assert map_.black == 2 and map_.status == "failed"
    assert s.ship_damage == 2


@pytest.mark.parametrize("face", [1, 2, 3, 5])
def test_reroll_lower_or_inactive_does_nothing(face):
    """BD-REROLL: a result at or below the failed field, or on a field without black dice,
    stays off the tile."""
    s = table("treasure", black=(0, 0, 2, 1, 0, 0), placed={3: [(0, 1)], 4: [(1, 1)]})
    report = settle(s, [face])
    assert report.lines[2].moved_to == ()
    assert report.lines[3].status == "completed"


def test_gold_shortage_captain_first_then_order_added():
    """BD-SHORTAGE: with two tokens left for three players, the captain takes first, then the
    first to have added dice; the last gets nothing."""
    s = table("treasure", black=(0, 0, 0, 0, 1, 0), placed={5: [(2, 1), (1, 1), (0, 1)]},
              captain=1, gold_left=2)
    settle(s, [1, 1, 1, 1], draws=[5, 3])
    assert [len(p.gold) for p in s.players] == [0, 1, 1]
    assert s.players[1].gold == [5] and s.players[2].gold == [3]
    assert s.ended == "won"  # BD-CHEST: the chest is empty and the ship floats


def test_gold_shortage_without_captain_follows_order_added():
    s = table("treasure", black=(0, 0, 0, 0, 1, 0), placed={5: [(2, 1), (1, 1)]},
              captain=0, gold_left=1)
    settle(s, draws=[4])
    assert s.players[2].gold == [4] and s.players[1].gold == []


def test_rum_reward_two_for_participants_one_for_others():
    """BD-CODES rum."""
    s = table("treasure", black=(0, 1, 0, 0, 0, 0), placed={2: [(1, 1)]})
    before = [p.rum for p in s.players]
    settle(s)
    assert [p.rum - b for p, b in zip(s.players, before, strict=True)] == [1, 2, 1]


def test_move_die_reward_completes_a_short_field():
    """BD-CODES move_die: the last to add on the anchor moves one die to a later field one
    die short."""
    s = table("treasure", black=(1, 0, 0, 0, 0, 2), placed={1: [(0, 1), (2, 2)], 6: [(1, 1)]})
    report = settle(s)
    assert report.lines[5].status == "completed"
    assert s.dice_of(2, 6) == 1 and s.ship_damage == 0


def test_token_reward_and_goal_blocks_from_next_round():
    """BD-CODES token, BD-BLOCKED: the second summoning token blocks the map and opens the
    flag from the next round, with one black die put on the flag."""
    s = table("kraken", black=(0, 0, 0, 1, 0, 0), placed={4: [(0, 1)]})
    s.tokens = 1
    settle(s)
    assert s.tokens == 2 and s.goal_reached and s.blocked == {6}
    new_round(s, [4] * 14 + [2])
    assert s.blocked == {4} and s.black[6] >= 1 and s.black[4] == 0


def test_enemy_damage_third_wins():
    """BD-CODES enemy_damage, BD-ENEMY."""
    s = table("kraken", black=(0, 0, 0, 0, 0, 1), placed={6: [(0, 1)]})
    s.blocked = set()
    s.enemy_damage = 2
    settle(s)
    assert s.enemy_damage == 3 and s.ended == "won"


def test_enemy_damage_if_more_needs_more_dice():
    """BD-CODES enemy_damage_if_more (Dutchman): equal dice pay gold but deal no damage."""
    s = table("dutchman", black=(0, 0, 0, 0, 0, 2), placed={6: [(0, 2)]})
    s.blocked = set()
    settle(s)
    assert s.enemy_damage == 0 and len(s.players[0].gold) == 1 + 1  # gold 1 + sea wolf
    s = table("dutchman", black=(0, 0, 0, 0, 0, 1), placed={6: [(0, 2)]})
    s.blocked = set()
    settle(s)
    assert s.enemy_damage == 1


def test_armada_flag_is_a_defence_without_rum():
    """BD-ARMADA (unlock): without the rum field completed, the flag pays nothing; completing
    it still avoids its penalty. With the rum completed, it pays and sinks a galleon."""
    s = table("armada", black=(0, 1, 0, 0, 0, 1), placed={6: [(0, 1)]})
    report = settle(s, [1])
    assert report.lines[5].status == "defended"
    assert s.enemy_damage == 0 and s.ship_damage == 0
    assert len(s.players[0].gold) == 1  # only the sea wolf's token
    s = table("armada", black=(0, 1, 0, 0, 0, 1), placed={2: [(1, 1)], 6: [(0, 1)]})
    settle(s)
    assert s.enemy_damage == 1


def test_fewer_and_more_black_next_round():
    """BD-CODES fewer_black / more_black change the next round's black dice."""
    s = table("armada", black=(0, 0, 1, 0, 0, 0), placed={3: [(0, 1)]})
    settle(s)
    assert s.next_fewer_black == 2
    new_round(s, [3] * 30)
    assert sum(s.black) == 15 - 2
    s = table("armada", black=(0, 0, 1, 0, 0, 0))
    settle(s, [1])
    assert s.next_more_black == 3
    new_round(s, [3] * 30)
    assert sum(s.black) == 15 + 3


def test_lose_die_next_round():
    """BD-CODES lose_die: every player has one die fewer for one round."""
    s = table("kraken", black=(0, 0, 0, 1, 0, 0))
    settle(s, [1])
    new_round(s, [1] * 30)
    assert all(p.pool == 4 for p in s.players)


def test_overboard_and_crew_lost():
    """BD-CODES overboard, BD-CREW: the last face-up pirate thrown overboard loses the game."""
    s = table("kraken", black=(0, 0, 0, 0, 1, 0))
    for p in s.pirates[1:]:
        p.face_up = False
    settle(s, [1])
    assert not any(p.face_up for p in s.pirates) and s.ended == "crew lost"


def test_rum_on_pirates_from_the_supply_within_limits():
    """BD-CODES rum_on_pirates: three rum from the supply onto pirates, none over its limit."""
    s = table("armada", black=(0, 1, 0, 0, 0, 0))
    s.pirates = [Pirate("overboard", 1), Pirate("storm", 2)]
    supply = s.rum_supply
    settle(s, [1])
    assert [p.rum for p in s.pirates] == [1, 2] and s.rum_supply == supply - 3


def test_lost_gold_tosses_into_the_box():
    """BD-CODES lost_gold: participants toss one token, the others two."""
    s = table("armada", black=(0, 0, 0, 0, 2, 0), placed={5: [(0, 1)]})
    for p in s.players:
        p.gold = [4, 4, 4]
        s.unseen[4] -= 3
    boxed = len(s.box)
    settle(s, [1])
    assert [len(p.gold) for p in s.players][1:] == [1, 1]
    assert len(s.box) == boxed + 5


def test_ship_sinks_on_third_damage_and_settlement_stops():
    """BD-SHIP: the third ship damage sinks the ship; later fields are not settled."""
    s = table("treasure", black=(0, 0, 0, 1, 0, 1), placed={6: [(0, 1)]})
    s.ship_damage = 1
    report = settle(s, [1])
    assert s.ended == "sunk" and report.lines[5].status == "not settled"
    assert s.players[0].gold == []


def test_halves_pick_sea_wolf_and_captain():
    """BD-HALVES: most dice on the right half takes a gold token, on the left half captains."""
    s = table("kraken", black=(0, 3, 0, 0, 2, 0), placed={2: [(2, 3)], 5: [(1, 2)]})
    settle(s)
    assert s.captain == 2
    assert len(s.players[1].gold) == 1 + 1  # the ship's 1 gold and the sea wolf's token
    assert s.players[2].gold == []


def test_legal_moves_add_only_active_symbols_and_reroll_once():
    """BD-TURN, BD-INACTIVE."""
    s = new_game(load_quest("treasure"), 3, SplitMix64(3))
    s.black = [0, 2, 0, 0, 1, 0, 0]
    s.rolled = [1, 2, 2, 4]
    moves = s.legal_moves()
    assert Add(1) in moves and Add(4) in moves
    assert Add(2) not in moves and Reroll() in moves
    push(s, Reroll(), [3, 4])
    assert sorted(s.rolled) == [1, 4, 4] and Reroll() not in s.legal_moves()


def test_rum_rerolls_all_unplaced_dice():
    """BD-RUM: one rum back to the supply, every unplaced die rolled again."""
    s = new_game(load_quest("treasure"), 3, SplitMix64(3))
    me = s.players[s.turn]
    supply, rum = s.rum_supply, me.rum
    push(s, Rum(), [6] * 5)
    assert s.rolled == [6] * me.pool and me.rum == rum - 1 and s.rum_supply == supply + 1


def test_moves_print_and_parse():
    for text in ("add 4", "rum", "reroll", "pass", "unblock", "pirate bullseye 0 6",
                 "pirate overboard"):
        assert str(parse_move(text)) == text
    with pytest.raises(ValueError):
        parse_move("pirate parrot 1")


def test_setup_counts():
    """BD-SETUP: 2 rum and 5 dice each, players + 1 pirates, 40 gold tokens in all."""
    s = new_game(load_quest("treasure"), 4, SplitMix64(11))
    assert len(s.pirates) == 5 and all(p.rum == 2 for p in s.players)
    assert s.gold_left == 30 and sum(s.unseen.values()) == len(GOLD_TOKENS) == 40
    assert sum(s.black) == 20 or s.quest.blocked_at_start


def test_dutchman_crew_dice_on_a_blocked_field_count_for_the_open_token_field():
    """BD-BLOCKED (Dutchman, sheetgen's reading): before the map pieces a crew die showing the
    blocked flag counts for the rum; after them, one showing the blocked rum counts for the
    flag. Black dice showing a blocked field are rolled again, then sit out."""
    s = new_game(load_quest("dutchman"), 3, SplitMix64(5))
    assert s.blocked == {6}
    push(s, Rum(), [6, 6, 2, 1, 3])
    assert sorted(s.counted()) == [1, 2, 2, 2, 3] and sorted(s.rolled) == [1, 2, 3, 6, 6]
    s.blocked = {2}
    s.black[6] = 2
    push(s, Rum(), [2, 2, 6, 1, 1])
    assert sorted(s.counted()) == [1, 1, 6, 6, 6]
    s.blocked = {6}
    new_round(s, [6, 6] * 20)
    assert s.black[6] == 0 and s.black[2] == 1  # the rum's seeded die only


def _turn_state(pirate_ids, rolled, black=(1, 1, 1, 1, 1, 1)):
    s = new_game(load_quest("treasure"), 3, SplitMix64(9))
    s.pirates = [Pirate(pid, 2) for pid in pirate_ids]
    s.black = [0, *black]
    s.placed = [[] for _ in range(7)]
    s.rolled = list(rolled)
    s.players[s.turn].rum = 2
    return s


def test_pirates_are_paid_in_rum_up_to_their_limit():
    """BD-PIRATE: each use moves one of the player's rum onto the tile; at the limit the
    pirate is blocked. BD-UNBLOCK: with all blocked, one gold token frees them all."""
    s = _turn_state(["jibe"], [1, 2])
    me = s.players[s.turn]
    push(s, parse_move("pirate jibe 0"))
    assert s.rolled == [6, 2] and me.rum == 1 and s.pirates[0].rum == 1
    push(s, parse_move("pirate jibe 1"))
    assert s.rolled == [6, 5] and s.pirates[0].rum == 2
    assert not any(isinstance(m, PirateMove) for m in s.legal_moves())
    me.gold = [4, 3]
    supply = s.rum_supply
    push(s, parse_move("unblock"))
    assert me.gold == [4] and s.box[-1] == 3 and s.pirates[0].rum == 0
    assert s.rum_supply == supply + 2


def test_bullseye_course_storm_keelhaul_onboard():
    """BD-PIRATE: the abilities change dice and lines as the tiles say."""
    s = _turn_state(["bullseye", "course", "storm", "keelhaul", "onboard"], [1, 2],
                    black=(1, 3, 0, 1, 1, 2))
    s.players[s.turn].rum = 9
    push(s, parse_move("pirate bullseye 0 5"))
    assert s.rolled == [5, 2]
    push(s, parse_move("pirate course 2 6"))
    assert s.black[2] == 2 and s.black[6] == 3
    other = (s.turn + 1) % 3
    s.placed[4] = [(other, 1)]
    s.players[other].pool -= 1
    push(s, parse_move(f"pirate onboard {other} 4 5"))
    assert s.placed[4] == [] and s.placed[5] == [(other, 1)]
    pool = s.players[other].pool
    push(s, parse_move("pirate keelhaul 5"))
    assert s.placed[5] == [] and s.players[other].pool == pool + 1
    push(s, parse_move("pirate storm 6"), [1, 3, 6])
    # the flag's three dice show anchor (has dice), swords (none: aside) and flag
    assert s.black[1] == 2 and s.black[3] == 0 and s.black[6] == 1


def test_overboard_shield_ignores_one_penalty_at_the_next_settlement():
    """BD-PIRATE (Overboard with him!): paid and turned face down, it cancels one penalty."""
    s = _turn_state(["overboard", "storm"], [1])
    push(s, parse_move("pirate overboard"))
    assert s.shields == 1 and not s.pirates[0].face_up and s.pirates[0].rum == 1
    s.black = [0, 0, 0, 0, 2, 0, 0]
    s.placed = [[] for _ in range(7)]
    report = settle(s, [1, 1])
    assert s.ship_damage == 0 and "ignored" in report.lines[3].effects[0]
    assert s.shields == 0
