"""Figures from many games: a win rate with an honest interval.

The Wilson score interval is used everywhere a rate is printed (simulate, island
verification, balance checks): unlike the normal approximation it stays inside [0, 1] and
is good near 0 and 1 and for small n.
"""

from __future__ import annotations

import math
from typing import NamedTuple

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal."""


class Proportion(NamedTuple):
    """A measured rate: `wins` of `n`, the point estimate and its interval."""

    rate: float
    low: float
    high: float
    wins: int
    n: int


def wilson_interval(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for `wins` of `n` as (low, high); (0, 1) when n is 0.

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def wilson(wins: int, n: int, z: float = Z95) -> Proportion:
    """`wins` of `n` as a Proportion with its Wilson interval (rate 0 when n is 0).

    >>> p = wilson(0, 10)
    >>> p.rate, p.low, round(p.high, 4)
    (0.0, 0.0, 0.2775)
    """
    if not 0 <= wins <= n:
        raise ValueError(f"wins must be between 0 and n, got {wins} of {n}")
    low, high = wilson_interval(wins, n, z)
    rate = wins / n if n else 0.0
    # exactly, the interval contains the rate; in floating point its end can miss by an ulp
    # (0 of 3 gives a low of 5.6e-17): kept honest here, while `wilson_interval` stays bit
    # for bit what the island figures were measured with
    return Proportion(rate, min(low, rate), max(high, rate), wins, n)


class Mean(NamedTuple):
    """A measured mean of `n` values with its normal-approximation interval."""

    mean: float
    low: float
    high: float
    n: int


def mean_interval(values: list[float], z: float = Z95) -> Mean:
    """The mean of `values` and its normal-approximation interval (the sample standard
    deviation over root n); a single value or none gives a zero-width interval.

    >>> m = mean_interval([4, 6, 5, 5])
    >>> m.mean, round(m.low, 3), round(m.high, 3), m.n
    (5.0, 4.2, 5.8, 4)
    """
    n = len(values)
    if n == 0:
        return Mean(0.0, 0.0, 0.0, 0)
    m = sum(values) / n
    if n == 1:
        return Mean(m, m, m, 1)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return Mean(m, m - half, m + half, n)
