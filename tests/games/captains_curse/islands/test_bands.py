"""Difficulty bands against the bundled players: a tripwire for drift.

Bands are win rates of the expert player, so they are only right for the players they were
measured with. This checks the ladder still holds on a few islands: each band's plan makes
islands whose expert win rate sits on its side of the band's threshold, and harder plans
make harder islands. When it fails after a change to the players, re-measure with
`benchmarks/bench_islands.py --distribution 20` and move the bands in islands/verify.py.
"""

import statistics

import pytest

from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.islands.generate import generate_island
from sheetgen.games.captains_curse.islands.verify import BANDS, VERIFY_SEED
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.simulate import play_games

GAMES = 48


@pytest.fixture(scope="module")
def rates():
    out = {}
    for name, band in BANDS.items():
        rs = []
        for seed in (31, 32, 33, 34):
            island = island_from_dict(generate_island(seed, plan=band.plan).data)
            games = play_games(island, Ruleset(), "expert", VERIFY_SEED, 0, GAMES)
            rs.append(sum(g.won for g in games) / GAMES)
        out[name] = statistics.fmean(rs)
    return out


def test_harder_plans_make_harder_islands(rates):
    assert rates["hard"] < rates["normal"] < rates["easy"] + 0.05


def test_each_band_is_reachable_by_its_plan(rates):
    for name, band in BANDS.items():
        assert band.min_win <= rates[name] + 0.1, (name, rates[name])
        assert rates[name] <= band.max_win + 0.1, (name, rates[name])
