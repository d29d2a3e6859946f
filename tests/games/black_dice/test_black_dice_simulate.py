"""Whole games of the Black Dice engine: properties that hold in every game (hypothesis), the
balance checker's determinism, and `sheetgen black-dice simulate`."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.engine.contract import CHANCE
from sheetgen.engine.rng import dice_stream, policy_stream
from sheetgen.games.black_dice.game import GameState
from sheetgen.games.black_dice.players import POLICIES
from sheetgen.games.black_dice.quest import BUNDLED, QUESTS_DIR, load_quest
from sheetgen.games.black_dice.simulate import play_game, simulate
from sheetgen.games.black_dice.table import GOLD_TOKENS, RUM_TOKENS

QUESTS = {q: load_quest(q) for q in BUNDLED}


def check_invariants(state) -> None:
    held = [t for p in state.players for t in p.gold]
    seen = {v: GOLD_TOKENS.count(v) - state.unseen[v] for v in state.unseen}
    assert all(c >= 0 for c in state.unseen.values())
    for v in seen:  # every token drawn is held or in the box: gold is conserved
        assert held.count(v) + state.box.count(v) == seen[v]
    rum = sum(p.rum for p in state.players) + state.rum_supply + sum(p.rum for p in state.pirates)
    assert rum == RUM_TOKENS  # rum conserved
    assert state.rum_supply >= 0 and all(p.rum >= 0 and p.pool >= 0 for p in state.players)
    assert all(0 <= p.rum <= p.limit for p in state.pirates)
    assert all(b >= 0 for b in state.black)
    assert state.ship_damage <= 3 and state.enemy_damage <= 3


def trace(quest_id: str, players: int, seed: int, policy: str, limit: int = 40) -> list[str]:
    dice, own = dice_stream(seed), policy_stream(seed)
    state = GameState(QUESTS[quest_id], players)
    moves = []
    while state.to_move() is not None and state.round <= limit:
        if state.to_move() == CHANCE:
            move = state.sample_chance(dice)
        else:
            move = POLICIES[policy](state, own)
            assert move in state.legal_moves()  # players only play legal moves
        state.push(move)
        check_invariants(state)
        moves.append(str(move))
        assert len(moves) < 40_000  # always terminates
    moves.append(f"{state.ended} {state.round}")
    return moves


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(BUNDLED), st.integers(2, 4), st.integers(0, 2**32),
       st.sampled_from(["greedy", "random"]))
def test_games_keep_gold_and_rum_and_end(quest_id, players, seed, policy):
    trace(quest_id, players, seed, policy, limit=12)


@settings(max_examples=8, deadline=None)
@given(st.sampled_from(BUNDLED), st.integers(0, 2**32))
def test_same_seed_same_game(quest_id, seed):
    assert trace(quest_id, 3, seed, "greedy", 6) == trace(quest_id, 3, seed, "greedy", 6)


def test_simulate_is_the_same_whatever_jobs():
    q = QUESTS["kraken"]
    one = simulate(q, 3, 24, seed=5, jobs=1)
    two = simulate(q, 3, 24, seed=5, jobs=2)
    assert one.as_dict() == two.as_dict()
    assert sum(one.outcomes.values()) == 24
    assert one.as_dict() != simulate(q, 3, 24, seed=6).as_dict()


def test_play_game_finishes_with_an_outcome():
    g = play_game(QUESTS["treasure"], 4, 123)
    assert g.outcome in ("won", "sunk", "crew lost", "unfinished") and g.rounds >= 1


def test_cli_simulate_json(runner):
    result = runner.invoke(main, ["black-dice", "simulate", "treasure", "-n", "20",
                                  "--players", "2", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 20 and len(data["gold_per_seat"]) == 2
    assert 0 <= data["crew_win_rate"]["low"] <= data["crew_win_rate"]["mean"] \
        <= data["crew_win_rate"]["high"] <= 1


def test_cli_simulate_text_and_custom_file(runner, tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text((QUESTS_DIR / "armada.yaml").read_text().replace("id: armada", "id: mine"))
    result = runner.invoke(main, ["black-dice", "simulate", str(path), "-n", "10"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("mine: 10 games, 3 players")
    assert "crew wins:" in result.stdout and "seat 3 gold:" in result.stdout


def test_cli_bad_quest_file_is_located(runner, tmp_path):
    path = tmp_path / "bad.yaml"
    text = (QUESTS_DIR / "treasure.yaml").read_text().replace("{gold: 2}", "{gold: two}")
    path.write_text(text)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "gold: two" in row)
    result = runner.invoke(main, ["black-dice", "simulate", str(path), "-n", "5"])
    assert result.exit_code == 2
    assert f"bad.yaml:{line}:" in result.stderr and "Traceback" not in result.output
    result = runner.invoke(main, ["black-dice", "simulate", "krakn"])
    assert result.exit_code == 2 and "kraken" in result.stderr


def test_greedy_players_keep_the_ship_afloat_better_than_random_ones():
    q = QUESTS["treasure"]
    greedy = simulate(q, 3, 60, seed=2, policy="greedy")
    rand = simulate(q, 3, 60, seed=2, policy="random")
    assert greedy.win_rate[1] > rand.win_rate[2]  # the intervals do not even overlap


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(BUNDLED), st.integers(2, 4), st.integers(0, 2**32), st.integers(0, 300))
def test_every_move_prints_parses_and_pops(quest_id, players, seed, steps):
    """Contract properties at a random point of a game: every legal move (chance outcomes
    too, where there are few) prints and parses back to itself, and push then pop leaves the
    state as it was."""
    from sheetgen.games.black_dice.moves import parse_move

    dice, own = dice_stream(seed), policy_stream(seed)
    state = GameState(QUESTS[quest_id], players)
    for _ in range(steps):
        if state.to_move() is None:
            break
        state.push(state.sample_chance(dice) if state.to_move() == CHANCE
                   else POLICIES["random"](state, own))
    if state.to_move() is None:
        return
    if state.to_move() == CHANCE and state.pending.count > 3:
        moves = [state.sample_chance(dice)]
    else:
        moves = state.legal_moves()
    snapshot = repr(state)
    for move in moves[:12]:
        assert parse_move(str(move)) == move
        state.push(move)
        assert state.pop() == move
        assert repr(state) == snapshot
