"""Play the optimal strategy many times to get the distribution of final scores.

Every game of a batch is at the same turn, so one call to the solver's turn functions gives
the decisions of all of them at once; dice come from a `numpy.random.Generator` passed in.
The expectation of the simulated scores converges to the solver's exact value, which the
tests use as a check of both.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sheetgen.games.swashbuckle.rules import Reroll
from sheetgen.games.swashbuckle.solver import (
    CardTables,
    Solution,
    States,
    best_subsets,
    expect_keeps,
    final_values,
)


@dataclass(frozen=True)
class Distribution:
    """Final scores of simulated optimal games and their summary."""

    scores: np.ndarray
    seed: int | None

    @property
    def mean(self) -> float:
        return float(self.scores.mean())

    @property
    def stderr(self) -> float:
        return float(self.scores.std(ddof=1) / np.sqrt(len(self.scores)))

    def percentiles(self, qs: tuple[int, ...] = (5, 10, 25, 50, 75, 90, 95)) -> dict[int, float]:
        return {q: float(np.percentile(self.scores, q)) for q in qs}


def _count_index(ct: CardTables) -> tuple[np.ndarray, np.ndarray]:
    """A lookup from base-(n+1) encoded count vectors to multiset indices."""
    dice = ct.dice
    base = dice.n_dice + 1
    weights = base ** np.arange(dice.n_faces, dtype=np.int64)
    lookup = np.full(base**dice.n_faces, -1, dtype=np.int64)
    lookup[dice.hands.astype(np.int64) @ weights] = np.arange(dice.n_keeps)
    return weights, lookup


def _roll_counts(rng: np.random.Generator, n_faces: int, n_dice: int,
                 how_many: np.ndarray) -> np.ndarray:
    """(S, F) counts of rolling `how_many[s]` dice for each game s."""
    faces = rng.integers(0, n_faces, size=(len(how_many), n_dice))
    live = np.arange(n_dice)[None, :] < how_many[:, None]
    counts = np.zeros((len(how_many), n_faces), dtype=np.int64)
    for f in range(n_faces):
        counts[:, f] = ((faces == f) & live).sum(axis=1)
    return counts


def simulate(solution: Solution, n_games: int, rng: np.random.Generator,
             batch: int = 20000) -> Distribution:
    """Final scores of `n_games` solitaire games played by the optimal strategy."""
    ct = solution.ct()
    out = [
        _play(ct, solution.values, min(batch, n_games - start), rng)
        for start in range(0, n_games, batch)
    ]
    return Distribution(np.concatenate(out), None)


def _play(ct: CardTables, V: np.ndarray, n: int, rng: np.random.Generator) -> np.ndarray:
    dice = ct.dice
    weights, lookup = _count_index(ct)
    roll_of_keep = np.full(dice.n_keeps, -1, dtype=np.int64)
    roll_of_keep[dice.full] = np.arange(dice.n_rolls)
    zero = np.zeros(n, dtype=np.int64)
    st = States(zero.copy(), zero.copy(), zero.copy(), zero.copy())
    score = np.zeros(n)
    rows = np.arange(n)
    bits = np.int64(1) << np.arange(ct.n_boxes, dtype=np.int64)
    reroll_boxes = [b for b, box in enumerate(ct.card.boxes) if isinstance(box.rule, Reroll)]
    for _turn in range(ct.n_boxes):
        v_roll, choice = final_values(ct, V, st, want_choice=True)
        keep_args = []
        for _ in range(ct.card.rolls - 1):
            best, arg = best_subsets(dice, expect_keeps(dice, v_roll), want_arg=True)
            keep_args.append(arg)
            v_roll = best[:, dice.full]
        counts = _roll_counts(rng, dice.n_faces, dice.n_dice, np.full(n, dice.n_dice))
        for arg in reversed(keep_args):
            k_roll = lookup[counts @ weights]
            keep = arg[rows, k_roll]
            kept = dice.hands[keep].astype(np.int64)
            counts = kept + _roll_counts(rng, dice.n_faces, dice.n_dice,
                                         dice.n_dice - dice.size_k[keep])
        r = roll_of_keep[lookup[counts @ weights]]
        b = choice[rows, r]
        alike = counts.max(axis=1) == dice.n_dice
        open_sb = (st.mask[:, None] & bits[None, :]) == 0
        scores_somewhere = (open_sb & ~ct.zero_br[:, r].T).any(axis=1)
        joker = (st.j == 1) & alike & ~scores_somewhere if ct.joker_box >= 0 else alike & False
        is_zero = ct.zero_br[b, r]
        points = np.where(is_zero, 0.0, ct.pts_bjr[b, 0, r])
        for rb in reroll_boxes:
            here = (b == rb) & ~is_zero & ~joker
            if here.any():
                re = _roll_counts(rng, dice.n_faces, dice.n_dice, np.full(n, dice.n_dice))
                rule = ct.card.boxes[rb].rule
                re_alike = re.max(axis=1) == dice.n_dice
                re_sum = re @ np.arange(1, dice.n_faces + 1)
                pts = np.where(re_alike, rule.alike_points, re_sum)
                points = np.where(here, pts, points)
                score += np.where(here & re_alike & (st.j == 1), ct.joker_points, 0)
        points = np.where(joker, ct.joker_pts_b[b], points)
        is_zero = np.where(joker, ct.joker_pts_b[b] == 0, is_zero)
        score += points + np.where((st.j == 1) & alike, ct.joker_points, 0)
        if ct.cap:
            in_bonus = ct.in_bonus_b[b]
            new_sub = np.where(in_bonus, np.minimum(st.sub + points.astype(np.int64), ct.cap),
                               st.sub)
            score += np.where((st.sub < ct.cap) & (new_sub >= ct.cap), ct.bonus_points, 0)
            st.sub = new_sub
        st.j = st.j | ((b == ct.joker_box) & ~is_zero).astype(np.int64)
        if ct.n_z == 2:
            st.z = st.z | is_zero.astype(np.int64)
        st.mask = st.mask | bits[b]
    if ct.n_z == 2:
        score += np.where(st.z == 0, ct.no_zero_points, 0)
    return score
