"""Small explicit random streams: SplitMix64, the one seeded generator of every game engine
(Captain's Curse dice, players, the island generator and the sheet's hand-drawn wobble; the
other games' dice), identical in pure Python and in Captain's Curse's compiled fast path
(`games.captains_curse.fast.primitives` compiles the same constants).

Why not `random.Random`: its algorithms may change between Python versions and it cannot be
reproduced inside numba; NumPy promises its streams only on the same build. SplitMix64
(Steele, Lea and Flood 2014) is a few integer operations, passes BigCrush, and gives
bit-identical streams everywhere, so a game seed always means the same dice and an island
seed printed on a sheet always means the same island. Floats are made from the top 53 bits,
exactly, so no platform rounding enters.

Every game gets two streams from its seed: one for the dice (the chance step) and one for a
policy's own randomness. Dice therefore depend only on the game seed, never on the policy:
the island verifier gets common random numbers across islands and policies for free. Each
island generation step draws from its own stream (`SplitMix64.for_step(seed, "coast",
attempt)`), as mapgen4 does: changing how many numbers one step uses never shifts another
step's numbers.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
POLICY_STREAM = 0xD1B54A32D192ED03  # xor-ed into a game seed to start the policy's stream


def mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijection on 64-bit integers that scrambles well."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index` in a run with `base_seed` (independent of `jobs`).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return mix64(mix64(base_seed & MASK64) ^ ((index * GAMMA) & MASK64))


class SplitMix64:
    """A SplitMix64 stream. `randrange(n)` matches the fast path's draw exactly."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK64
        return mix64(self.state)

    @classmethod
    def for_step(cls, seed: int, step: str, attempt: int = 0) -> SplitMix64:
        """The stream of one named step of one generation attempt.

        Derived with SHA-256 of a canonical string, so it depends on nothing but its inputs.
        """
        digest = hashlib.sha256(f"{seed}/{step}/{attempt}".encode()).digest()
        return cls(int.from_bytes(digest[:8], "little"))

    def randrange(self, n: int) -> int:
        """A draw in [0, n) by multiply-shift of the top 32 bits (bias below 1e-8 for n<=36)."""
        return ((self.next64() >> 32) * n) >> 32

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def uniforms(self, m: int):
        """The next `m` draws of `random()` as a NumPy float array: the same numbers, in the
        same order, leaving the stream where m calls would (for batched geometry)."""
        import numpy as np

        z = np.uint64(self.state) + np.arange(1, m + 1, dtype=np.uint64) * np.uint64(GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(MIX1)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(MIX2)
        z ^= z >> np.uint64(31)
        self.state = (self.state + m * GAMMA) & MASK64
        return (z >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))

    def uniform(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.random()

    def below(self, n: int) -> int:
        """An integer in [0, n), unbiased (rejection on the top of the 64-bit range)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def dice_stream(seed: int) -> SplitMix64:
    """The dice of a game: each roll is one draw of 36 (white = r // 6 + 1, black = r % 6 + 1)."""
    return SplitMix64(seed)


def policy_stream(seed: int) -> SplitMix64:
    """The policy's private stream for a game (e.g. the random player's choices)."""
    return SplitMix64(seed ^ POLICY_STREAM)
