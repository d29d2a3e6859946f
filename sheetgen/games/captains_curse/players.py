"""The bundled players (policies) and the bridge between the referee and the fast path.

- `random`: every decision uniform over the legal ones (a floor for win rates).
- `greedy`: looks one turn ahead. It scores every legal die decision (including each
  possible +1/-1 modification) by a hand-written estimate of the final score: points
  banked, open cells weighted by how likely their column is to be finished, circled
  doubles (each one both a future modification and a shield against a forced curse), how
  close the centre ring is to sinking, and what the next sink will cost. So it prefers the
  free die, avoids X's, spends modifications to dodge the curse or a skip, and loots first
  the space most likely to sink. To sink, it takes the three lines that destroy the least
  still-needed treasure and keeps the one whose sinking leaves the best estimate, which
  spares the centre ring. Its weights were tuned by coordinate search on win rate over
  both test islands and several generated ones (common random numbers).
- `expert`: looks two turns ahead. For each of the six die decisions greedy rates best,
  and for each of the three cheapest sink lines when it must sink, it averages over all 36
  next rolls the value of greedy's best reply (expectimax), so it also values keeping good
  placements open for the next roll and cheap lines for the next curse.

All three run in the compiled fast path (`fast.py`). `FastPlayer` lets a `GameState` be
played by the same code (the CLI uses it for hints; tests compare it with the fast games),
and `RandomPlayer` is a pure-Python twin of the fast random player that walks the referee's
own `legal_moves()` and must produce the very same games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.lazy import lazy_module

from .island import Island
from .rng import SplitMix64, policy_stream
from .ruleset import Ruleset
from .state import (
    GameResult,
    GameState,
    Loot,
    Modify,
    Move,
    Phase,
    Place,
    Sink,
    score_sheet,
)

fast = lazy_module("sheetgen.games.captains_curse.fast")  # numba: loaded on first use

POLICIES = ("random", "greedy", "expert")
TERMINATION_NAMES = {1: "columns_complete", 2: "ring_sunk", 3: "island_sunk",
                     4: "no_available_space"}
TAKES = ("white", "black", "pass")


@dataclass(frozen=True)
class Policy:
    """A named player; `id` selects it inside the fast path."""

    name: str
    id: int


def get_policy(name: str) -> Policy:
    """The policy called `name`; an unknown name is a SheetgenError with a suggestion."""
    if name not in fast.POLICY_IDS:
        raise SheetgenError(f"unknown policy {name!r}",
                            hint=did_you_mean(name, POLICIES) or
                            f"choose one of {', '.join(POLICIES)}")
    return Policy(name, fast.POLICY_IDS[name])


_TABLES: dict[tuple[int, int], tuple[Island, Ruleset, np.ndarray]] = {}


def table_for(island: Island, ruleset: Ruleset) -> np.ndarray:
    """The fast path's int64 table for an island and ruleset (cached per object pair)."""
    key = (id(island), id(ruleset))
    hit = _TABLES.get(key)
    if hit is not None and hit[0] is island and hit[1] is ruleset:
        return hit[2]
    if len(_TABLES) > 64:
        _TABLES.clear()
    table = fast.build_table(island, ruleset)
    _TABLES[key] = (island, ruleset, table)
    return table


def result_from_final(island: Island, ruleset: Ruleset, fast_state: np.ndarray, turns: int,
                      term: int) -> GameResult:
    """Score a fast-path final state exactly as the referee does (R15-R19)."""
    sunk = int(fast_state[fast.S_SUNK])
    unsunk = bin(island.all_mask & ~sunk).count("1")
    lost = island.ring_mask & ~sunk == 0
    circled = [int(x) for x in fast_state[fast.S_CIRC:fast.S_CIRC + 6]]
    complete = [int(x) == 6 for x in fast_state[fast.S_NEXT:fast.S_NEXT + 6]]
    return score_sheet(ruleset, circled, complete, unsunk, lost,
                       TERMINATION_NAMES.get(term, ""), turns)


def turn_to_log(island: Island, row: np.ndarray) -> dict[str, Any]:
    """One fast-path turn record as a `captains-curse-log/1` turn object."""
    w, b = int(row[fast.R_WHITE]), int(row[fast.R_BLACK])
    mdie, delta = int(row[fast.R_MDIE]), int(row[fast.R_MDELTA])
    take = TAKES[int(row[fast.R_TAKE])]
    modify = None
    if mdie >= 0:
        modify = {"die": TAKES[mdie], "delta": delta, "spend": int(row[fast.R_MSPEND])}
    value = None
    if take != "pass":
        value = w if take == "white" else b
        if mdie == (0 if take == "white" else 1):
            value = (value + delta - 1) % 6 + 1
    loot = int(row[fast.R_LOOT])
    sink = int(row[fast.R_SINK])
    doubles_circled = int(row[fast.R_DCIRC])
    return {"white": w, "black": b, "modify": modify, "take": take, "value": value,
            "column": int(row[fast.R_COL]) if take != "pass" else None,
            "loot": island.spaces[loot].id if loot >= 0 else None,
            "doubles_circled": doubles_circled or None,
            "sink": island.sink_lines[sink].id if sink >= 0 else None}


def play_turns(island: Island, ruleset: Ruleset, policy: Policy, seed: int,
               record: bool = True) -> tuple[GameResult, list[dict[str, Any]]]:
    """Play one game in the fast path; its result and (if `record`) its log turns."""
    table = table_for(island, ruleset)
    fast_state = np.empty(fast.S_SIZE, dtype=np.int64)
    rec = np.empty((fast.MAX_TURNS, fast.R_SIZE), dtype=np.int64)
    n = fast.play(table, policy.id, np.uint64(seed), fast.DEFAULT_PARAMS, fast_state, rec)
    ending = int(fast.termination(table, fast_state))
    result = result_from_final(island, ruleset, fast_state, int(n), ending)
    turns = [turn_to_log(island, rec[i]) for i in range(n)] if record else []
    return result, turns


def play_summaries(island: Island, ruleset: Ruleset, policy: Policy,
                   seeds: list[int]) -> np.ndarray:
    """Play one game per seed in one compiled call; one `fast.SUM_*` row per game."""
    table = table_for(island, ruleset)
    rows = np.empty((len(seeds), fast.SUM_SIZE), dtype=np.int64)
    fast.play_summaries(table, policy.id, np.array(seeds, dtype=np.uint64),
                        fast.DEFAULT_PARAMS, rows)
    return rows


def results_from_summaries(ruleset: Ruleset, rows: np.ndarray) -> list[GameResult]:
    """GameResults from summary rows (goals, win and title per R18-R19)."""
    out = []
    titles: dict[tuple[int, int, bool], str | None] = {}
    for row in rows.tolist():
        score, x, unsunk, lost = row[fast.SUM_SCORE], row[fast.SUM_X], row[fast.SUM_UNSUNK], \
            bool(row[fast.SUM_LOST])
        goals = (x <= ruleset.g1_max_x, bool(row[fast.SUM_PERFECT]),
                 unsunk >= ruleset.g3_min_unsunk)  # R19
        key = (score, sum(goals), lost)
        if key not in titles:
            titles[key] = ruleset.title_for(score, sum(goals), lost)
        out.append(GameResult(score, tuple(row[fast.SUM_TOTALS:fast.SUM_TOTALS + 6]), x,
                              unsunk, lost, not lost and score >= ruleset.goal, goals,
                              titles[key], TERMINATION_NAMES.get(row[fast.SUM_TERM], ""),
                              row[fast.SUM_TURNS]))
    return out


def play_results(island: Island, ruleset: Ruleset, policy: Policy,
                 seeds: list[int]) -> list[GameResult]:
    """Play one game per seed in one compiled call (the simulation hot path)."""
    return results_from_summaries(ruleset, play_summaries(island, ruleset, policy, seeds))


# ------------------------------------------------------------------ players on a GameState

def encode(state: GameState) -> np.ndarray:
    """A GameState as the fast path's int64 state array."""
    fast_state = np.zeros(fast.S_SIZE, dtype=np.int64)
    fast_state[fast.S_NEXT:fast.S_NEXT + 6] = state.next_row
    fast_state[fast.S_CIRC:fast.S_CIRC + 6] = state.circled
    fast_state[fast.S_DBL:fast.S_DBL + 6] = state.doubles
    fast_state[fast.S_MARKED] = state.marked
    fast_state[fast.S_LOOTED] = state.looted
    fast_state[fast.S_SUNK] = state.sunk
    return fast_state


class RandomPlayer:
    """Uniform over the referee's legal moves, drawing exactly as the fast random player."""

    name = "random"

    def __init__(self, rng: SplitMix64) -> None:
        self.rng = rng

    def choose(self, state: GameState, rng: Any = None) -> Move:
        """A legal move; the player's own stream is used, not `rng` (the contract's argument),
        so that it draws exactly as the fast random player does."""
        legal = state.legal_moves()
        return legal[self.rng.randrange(len(legal))] if len(legal) > 1 else legal[0]


class FastPlayer:
    """Any bundled policy playing a GameState through the fast path's decision functions."""

    def __init__(self, policy: str, rng: SplitMix64 | None = None) -> None:
        self.policy = get_policy(policy)
        self.name = policy
        self.policy_rng = np.empty(1, dtype=np.uint64)
        self.policy_rng[0] = np.uint64(rng.state if rng is not None else 0)

    def choose(self, state: GameState, rng: Any = None) -> Move:
        """The policy's decision (its own stream, not the contract's `rng`)."""
        table = table_for(state.island, state.ruleset)
        fast_state = encode(state)
        params = fast.DEFAULT_PARAMS
        if state.phase == Phase.PLACE:
            assert state.roll is not None and state.record is not None
            moves = np.empty((fast.MAX_PLACEMENTS, fast.M_SIZE), dtype=np.int64)
            doubles_circled = state.record["doubles_circled"] or 0
            n = fast.enum_placements(table, fast_state, state.roll.white, state.roll.black,
                                     doubles_circled, moves)
            i = fast.choose_placement(table, fast_state, moves, n, self.policy.id,
                                      self.policy_rng, params, fast.new_work())
            row = moves[i]
            mod = None
            if row[fast.M_DIE] >= 0:
                mod = Modify(TAKES[int(row[fast.M_DIE])], int(row[fast.M_DELTA]),
                             int(row[fast.M_SPEND]))
            take = TAKES[int(row[fast.M_TAKE])]
            return Place(mod, take, int(row[fast.M_COLUMN]) if take != "pass" else None)
        if state.phase == Phase.LOOT:
            assert state.record is not None
            c = state.record["column"]
            return Loot(int(fast.choose_loot(table, fast_state, c, self.policy.id,
                                             self.policy_rng)))
        if state.phase == Phase.SINK:
            return Sink(int(fast.choose_sink(table, fast_state, self.policy.id, self.policy_rng,
                                             params, fast.new_work())))
        raise ValueError(f"nothing to choose in phase {state.phase.name}")


def make_player(policy: str, seed: int) -> RandomPlayer | FastPlayer:
    """A player for a GameState; its randomness comes from the game seed's policy stream."""
    if policy == "random":
        return RandomPlayer(policy_stream(seed))
    return FastPlayer(policy, policy_stream(seed))
