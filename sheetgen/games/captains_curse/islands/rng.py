"""A random stream whose every bit we define, so a seed means the same island everywhere.

Python promises only `random.random()` across versions and NumPy promises its streams only on
the same build, so neither can stand behind a seed printed on a sheet. SplitMix64 is ten lines
of integer arithmetic with a published reference output; we own it. Floats are made from the
top 53 bits, exactly, so no platform rounding enters.

Each generation step draws from its own stream (`Stream.for_step(seed, "coast", attempt)`),
as mapgen4 does: changing how many numbers one step uses never shifts another step's numbers.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

RNG_NAME = "splitmix64"
_MASK = (1 << 64) - 1


class Stream:
    """SplitMix64 (Steele, Lea and Flood 2014): a 64-bit counter passed through a mixer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    @classmethod
    def for_step(cls, seed: int, step: str, attempt: int = 0) -> Stream:
        """The stream of one named step of one generation attempt.

        Derived with SHA-256 of a canonical string, so it depends on nothing but its inputs.
        """
        digest = hashlib.sha256(f"{seed}/{step}/{attempt}".encode()).digest()
        return cls(int.from_bytes(digest[:8], "little"))

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * (1.0 / (1 << 53))

    def uniform(self, lo: float, hi: float) -> float:
        return lo + (hi - lo) * self.random()

    def below(self, n: int) -> int:
        """An integer in [0, n), unbiased (rejection on the top of the 64-bit range)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
