"""The acceptance test's error rates (issue 31): exact, and checked by simulation.

`acceptance_probability` computes, for an island whose expert wins each game with a known
probability, the chance that verification passes it. The figures pinned here are the
test's error rates: any change to the stopping rule (looks, cap, interval, band) shows up
here and must be argued. The simulation drives the real `expert_trials` loop with games of
known difficulty (a seeded Bernoulli stream in place of expert play), so the code that runs
on islands is the one whose error rates are checked, not a copy of its rule.
"""

import random

import pytest

from sheetgen.engine.stats import wilson_interval
from sheetgen.games.captains_curse.islands import verify as V

NORMAL = V.BANDS["normal"]


def test_error_rates_of_the_normal_band_are_pinned():
    # an island exactly at the band's floor passes 8.9% of the time (repeated looks: one
    # 95% interval alone would say 2.5%); below it, less
    at_floor, games = V.acceptance_probability(0.40, NORMAL)
    assert at_floor == pytest.approx(0.0886, abs=5e-4)
    assert games == pytest.approx(146.5, abs=0.5)
    assert V.acceptance_probability(0.35, NORMAL)[0] < 0.01
    assert V.acceptance_probability(0.30, NORMAL)[0] < 0.001
    # inside the band: a typical normal island (55-60%) fails rarely and decides early
    assert V.acceptance_probability(0.55, NORMAL)[0] > 0.98
    ok, games = V.acceptance_probability(0.65, NORMAL)
    assert ok > 0.9999 and games < 49


def test_passing_chance_grows_with_the_win_rate():
    rates = [V.acceptance_probability(p / 20, NORMAL)[0] for p in range(4, 17)]
    assert rates == sorted(rates)
    assert max(V.acceptance_probability(p / 100, NORMAL)[0] for p in range(20, 41)) < 0.09


def test_hard_band_errors_on_both_sides():
    hard = V.BANDS["hard"]
    assert V.acceptance_probability(0.55, hard)[0] < 0.01  # too easy for "hard"
    assert V.acceptance_probability(0.03, hard)[0] < 0.01  # nearly unwinnable
    assert V.acceptance_probability(0.27, hard)[0] > 0.99


class Bernoulli:
    """Stands in for `play_games`: game i of seed s is won with probability p, the same
    game for the same (s, i) whatever the chunking, as real games are."""

    def __init__(self, p: float):
        self.p = p

    def __call__(self, island, ruleset, policy, seed, start, stop, jobs=1):
        won = [random.Random(seed * 1_000_003 + i).random() < self.p for i in range(start, stop)]
        return [type("Result", (), {"won": w})() for w in won]


@pytest.mark.parametrize("p", [0.40, 0.50])
def test_simulated_error_rate_matches_the_exact_one(monkeypatch, p):
    monkeypatch.setattr(V, "play_games", Bernoulli(p))
    runs = 600
    passed = games = 0
    for seed in range(runs):
        *_, last = V.expert_trials(None, NORMAL, None, seed)
        passed += last.passed
        games += last.games
    exact, expected = V.acceptance_probability(p, NORMAL)
    lo, hi = wilson_interval(passed, runs, z=3.29)  # 99.9%: a false alarm once in 1,000
    assert lo <= exact <= hi
    assert abs(games / runs - expected) < 6
