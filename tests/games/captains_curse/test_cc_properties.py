"""Property tests over random valid islands and seeds (hypothesis).

Every played game: is legal by replay; its score equals a recomputation from the final
sheet; X count never decreases; sunk spaces never come back; the game ends.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetgen.games.captains_curse.gamelog import make_log, replay
from sheetgen.games.captains_curse.island import island_from_dict, validate_island
from sheetgen.games.captains_curse.players import get_policy, play_turns
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.state import GameState, Loot, Modify, Place, Roll, Sink

SYMBOLS = ["s0", "s1", "s2", "s3", "s4", "s5"]


@st.composite
def islands(draw):
    """A valid island: k spaces per symbol, a laminar family of lines (singletons, then
    nested groups of consecutive spaces), ends on the coast or on spaces that a coast line
    sinks (so every end can become wet, R11)."""
    k = draw(st.integers(1, 4))
    n = 6 * k
    order = draw(st.permutations(list(range(n))))
    symbols = [SYMBOLS[i % 6] for i in order]
    ring = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if not any(ring):
        ring[draw(st.integers(0, n - 1))] = True
    spaces = [{"id": f"p{i}", "symbol": symbols[i], "ring": ring[i]} for i in range(n)]
    coast_first = n // 2
    lines = []
    for i in range(n):
        ends = [[], []]
        if i >= coast_first and draw(st.booleans()):
            ends[1] = [f"p{draw(st.integers(0, coast_first - 1))}"]
        lines.append({"id": f"L{i}", "region": [f"p{i}"], "ends": ends})
    size = 2
    while size <= n:  # nested groups: laminar by construction
        if draw(st.booleans()):
            for start in range(0, n - size + 1, size):
                if draw(st.booleans()):
                    lines.append({"id": f"G{size}_{start}",
                                  "region": [f"p{j}" for j in range(start, start + size)],
                                  "ends": [[], []]})
        size *= 2
    data = {"format": "captains-curse-island/1", "name": "random", "seed": None,
            "symbols": SYMBOLS, "spaces": spaces, "sink_lines": lines}
    island = island_from_dict(data, "hypothesis")
    rules = Ruleset(symbol_counts=(k,) * 6,
                    spent_doubles_count_as_circled=draw(st.booleans()),
                    unfinished_columns_score=draw(st.booleans()))
    validate_island(island, rules)
    return island, rules


def replay_with_invariants(island, rules, turns):
    """Push the logged turns through the referee, checking the invariants after each."""
    state = GameState(island, rules)
    x_before, sunk_before = 0, 0
    for turn in turns:
        state.push(Roll(turn["white"], turn["black"]))
        mod = turn["modify"]
        state.push(Place(Modify(mod["die"], mod["delta"], mod["spend"]) if mod else None,
                         turn["take"], turn["column"]))
        if turn["loot"] is not None:
            state.push(Loot(island.space_index[turn["loot"]]))
        if turn["sink"] is not None:
            state.push(Sink(island.line_index[turn["sink"]]))
        assert state.x_count() >= x_before
        assert state.sunk & sunk_before == sunk_before
        x_before, sunk_before = state.x_count(), state.sunk
    return state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(islands(), st.integers(0, 2**63 - 1), st.sampled_from(["random", "greedy", "expert"]))
def test_games_are_legal_and_scored_right(isl_rules, seed, policy):
    island, rules = isl_rules
    result, turns = play_turns(island, rules, get_policy(policy), seed)
    assert result.termination  # the game ended (R14) within the fast path's turn cap
    report = replay(make_log(island, rules, seed, policy, turns, result))
    assert report.ok, report.describe()
    state = replay_with_invariants(island, rules, turns)
    assert state.is_over()
    # recompute the score from the final sheet, independently of score_sheet
    circled_values = 0
    circled_cells = 0
    for c in range(6):
        complete = state.next_row[c] == 6
        for r in range(6):
            if state.circled[c] >> r & 1:
                circled_cells += 1
                if complete or rules.unfinished_columns_score:
                    circled_values += rules.columns[c][r]
    assert result.score == circled_values - (36 - circled_cells)
    assert result.lost == (island.ring_mask & ~state.sunk == 0)
