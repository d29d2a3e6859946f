"""Roll and keep tables: every multiset of dice, and how multisets grow and shrink by one die.

A hand is a multiset, so it is stored as a vector of face counts. The solver never looks at
ordered dice: with five six-sided dice there are only 252 distinct final rolls and 462
distinct keeps (multisets of 0..5 dice), against 7776 ordered rolls.

Rolling the unkept dice is modelled one die at a time: the expected value of a keep of j dice
is the mean, over the six faces, of the keep with that face added. That identity replaces the
462 x 252 transition matrix with six lookups per keep, which is what makes the solver fast.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from functools import cache

import numpy as np


@dataclass(frozen=True)
class DiceTables:
    """Index tables for every multiset of at most `n_dice` dice with `n_faces` faces.

    Multisets are numbered by size, then lexicographically by count vector; `hands[i]` is
    the count vector of multiset i (faces 1..n_faces in columns 0..n_faces-1).
    """

    n_dice: int
    n_faces: int
    hands: np.ndarray = field(repr=False)        # (K, F) int8 face counts per multiset
    size_k: np.ndarray = field(repr=False)       # (K,) number of dice in multiset k
    add_kf: np.ndarray = field(repr=False)       # (K, F) index of k plus one face f, -1 if full
    sub_kf: np.ndarray = field(repr=False)       # (K, F) index of k minus one face f, -1 if absent
    full: np.ndarray = field(repr=False)         # (R,) indices of the multisets of n_dice dice
    roll_prob_r: np.ndarray = field(repr=False)  # (R,) probability of each full roll
    layers: tuple[np.ndarray, ...] = field(repr=False)  # indices of multisets by size 0..n

    @property
    def n_keeps(self) -> int:
        return len(self.hands)

    @property
    def n_rolls(self) -> int:
        return len(self.full)

    def index(self, counts: tuple[int, ...]) -> int:
        """Multiset index of a count vector."""
        return _index_map(self.n_dice, self.n_faces)[tuple(int(c) for c in counts)]

    def dice_of(self, k: int) -> list[int]:
        """The faces of multiset k in ascending order."""
        return [f + 1 for f in range(self.n_faces) for _ in range(int(self.hands[k, f]))]


@cache
def _index_map(n_dice: int, n_faces: int) -> dict[tuple[int, ...], int]:
    hands = _enumerate(n_dice, n_faces)
    return {h: i for i, h in enumerate(hands)}


def _enumerate(n_dice: int, n_faces: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for size in range(n_dice + 1):
        layer = [
            c for c in itertools.product(range(size + 1), repeat=n_faces) if sum(c) == size
        ]
        out.extend(sorted(layer, reverse=True))
    return out


@cache
def dice_tables(n_dice: int = 5, n_faces: int = 6) -> DiceTables:
    """Build (once per shape) the multiset tables the scorer and solver index into."""
    hands = _enumerate(n_dice, n_faces)
    index = _index_map(n_dice, n_faces)
    k_count = len(hands)
    add_kf = np.full((k_count, n_faces), -1, dtype=np.int32)
    sub_kf = np.full((k_count, n_faces), -1, dtype=np.int32)
    for i, h in enumerate(hands):
        for f in range(n_faces):
            if sum(h) < n_dice:
                up = list(h)
                up[f] += 1
                add_kf[i, f] = index[tuple(up)]
            if h[f] > 0:
                down = list(h)
                down[f] -= 1
                sub_kf[i, f] = index[tuple(down)]
    size_k = np.array([sum(h) for h in hands], dtype=np.int32)
    full = np.flatnonzero(size_k == n_dice).astype(np.int32)
    total = n_faces**n_dice
    prob = np.array(
        [math.factorial(n_dice) / math.prod(math.factorial(c) for c in hands[i]) / total
         for i in full]
    )
    layers = tuple(np.flatnonzero(size_k == s).astype(np.int32) for s in range(n_dice + 1))
    return DiceTables(
        n_dice=n_dice,
        n_faces=n_faces,
        hands=np.array(hands, dtype=np.int8),
        size_k=size_k,
        add_kf=add_kf,
        sub_kf=sub_kf,
        full=full,
        roll_prob_r=prob,
        layers=layers,
    )
