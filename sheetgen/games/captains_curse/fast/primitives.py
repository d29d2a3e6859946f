"""Compiled primitives: one-instruction popcount, the die wrap, and SplitMix64 draws that
match `sheetgen.games.captains_curse.rng` number for number."""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

from sheetgen.games.captains_curse import rng

U64 = np.uint64
GAMMA = np.uint64(rng.GAMMA)  # the constants of the one SplitMix64 (captains_curse.rng)
M1 = np.uint64(rng.MIX1)
M2 = np.uint64(rng.MIX2)


@intrinsic
def _ctpop(typingctx, x):
    """LLVM's ctpop: one POPCNT instruction where the CPU has it."""
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])

    return sig, codegen


@njit(cache=True, forceinline=True, _nrt=False)
def popcount(x: int) -> int:
    """Bits set in a mask."""
    return _ctpop(np.int64(x))


@njit(cache=True, forceinline=False, _nrt=False)
def next64(rs: np.ndarray) -> np.uint64:
    rs[0] = rs[0] + GAMMA
    z = rs[0]
    z = (z ^ (z >> U64(30))) * M1
    z = (z ^ (z >> U64(27))) * M2
    return z ^ (z >> U64(31))


@njit(cache=True, forceinline=False, _nrt=False)
def draw(rs: np.ndarray, n: int) -> int:
    """[0, n) by multiply-shift of the top 32 bits, exactly as rng.SplitMix64.randrange."""
    return np.int64(((next64(rs) >> U64(32)) * U64(n)) >> U64(32))


@njit(cache=True, forceinline=True, _nrt=False)
def wrap(v: int) -> int:
    return (v - 1) % 6 + 1
