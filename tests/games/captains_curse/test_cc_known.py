"""Known answers for the hand-made islands (python-chess perft style).

`known_results.json` holds each island's structure and, for a fixed seed, the number of
games each policy wins. A change to the rules or the players that moves these numbers must
be deliberate: refresh with `SHEETGEN_REFRESH_KNOWN=1 pytest tests/games/captains_curse/
test_cc_known.py` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cc_helpers import ISLANDS

from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
from sheetgen.games.captains_curse.simulate import simulate

KNOWN = Path(__file__).with_name("known_results.json")
GAMES = {"random": 400, "greedy": 400, "expert": 100}


def measure(name: str) -> dict:
    island = load_island(ISLANDS / f"{name}.yaml")
    out = {"spaces": len(island.spaces), "sink_lines": len(island.sink_lines),
           "ring": bin(island.ring_mask).count("1"), "wins": {}, "mean_score": {}}
    for policy, n in GAMES.items():
        sim = simulate(island, DEFAULT_RULESET, policy, n, seed=2026)
        out["wins"][policy] = f"{sim.wins}/{n}"
        out["mean_score"][policy] = round(sim.mean_score, 2)
    return out


@pytest.mark.parametrize("name", ["roomy", "cramped"])
def test_known_results(name):
    got = measure(name)
    known = json.loads(KNOWN.read_text()) if KNOWN.exists() else {}
    if os.environ.get("SHEETGEN_REFRESH_KNOWN"):
        known[name] = got
        KNOWN.write_text(json.dumps(known, indent=2, sort_keys=True) + "\n")
    assert known.get(name) == got


def test_expert_beats_greedy_significantly_on_cramped(cramped, ruleset):
    """The expert's win-rate interval lies wholly above greedy's (95% Wilson, 600 games)."""
    greedy = simulate(cramped, ruleset, "greedy", 600, seed=11)
    expert = simulate(cramped, ruleset, "expert", 600, seed=11)
    assert expert.win_rate_ci[0] > greedy.win_rate_ci[1], (greedy.win_rate_ci,
                                                          expert.win_rate_ci)
