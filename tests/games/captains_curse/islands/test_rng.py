"""The seeded stream: reference outputs, independence of steps, unbiased ranges."""

from hypothesis import given
from hypothesis import strategies as st

from sheetgen.games.captains_curse.rng import SplitMix64


def test_splitmix64_reference_outputs():
    # Published outputs of Vigna's splitmix64.c for seed 1234567.
    s = SplitMix64(1234567)
    assert [s.next64() for _ in range(3)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423]


def test_steps_have_independent_streams():
    a = SplitMix64.for_step(7, "coast").next64()
    b = SplitMix64.for_step(7, "cells").next64()
    c = SplitMix64.for_step(7, "coast", attempt=1).next64()
    assert len({a, b, c}) == 3
    assert SplitMix64.for_step(7, "coast").next64() == a


@given(st.integers(0, 2**64 - 1), st.integers(1, 1000))
def test_below_stays_in_range(seed, n):
    s = SplitMix64(seed)
    assert all(0 <= s.below(n) < n for _ in range(20))
    assert 0.0 <= s.random() < 1.0


@given(st.integers(0, 2**64 - 1), st.integers(0, 300))
def test_uniforms_are_the_random_draws_in_one_array(seed, m):
    batch, one = SplitMix64(seed), SplitMix64(seed)
    assert batch.uniforms(m).tolist() == [one.random() for _ in range(m)]
    assert batch.state == one.state  # the stream goes on where m draws leave it
