"""Small explicit random streams: SplitMix64, identical in pure Python and in the fast path.

Why not `random.Random`: its algorithms may change between Python versions and it cannot be
reproduced inside numba. SplitMix64 is a few integer operations, passes BigCrush, and gives
bit-identical streams everywhere, so a game seed always means the same dice.

Every game gets two streams from its seed: one for the dice (the chance step) and one for a
policy's own randomness. Dice therefore depend only on the game seed, never on the policy:
the island verifier gets common random numbers across islands and policies for free.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
POLICY_STREAM = 0xD1B54A32D192ED03  # xor-ed into a game seed to start the policy's stream


def mix64(z: int) -> int:
    """The SplitMix64 finaliser: a bijection on 64-bit integers that scrambles well."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def game_seed(base_seed: int, index: int) -> int:
    """The seed of game `index` in a run with `base_seed` (independent of `jobs`)."""
    return mix64(mix64(base_seed & MASK64) ^ ((index * GAMMA) & MASK64))


class SplitMix64:
    """A SplitMix64 stream. `randrange(n)` matches the fast path's draw exactly."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + GAMMA) & MASK64
        return mix64(self.state)

    def randrange(self, n: int) -> int:
        """A draw in [0, n) by multiply-shift of the top 32 bits (bias below 1e-8 for n<=36)."""
        return ((self.next64() >> 32) * n) >> 32


def dice_stream(seed: int) -> SplitMix64:
    """The dice of a game: each roll is one draw of 36 (white = r // 6 + 1, black = r % 6 + 1)."""
    return SplitMix64(seed)


def policy_stream(seed: int) -> SplitMix64:
    """The policy's private stream for a game (e.g. the random player's choices)."""
    return SplitMix64(seed ^ POLICY_STREAM)
