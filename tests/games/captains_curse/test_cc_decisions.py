"""The bundled players' decisions, pinned bit for bit.

Verified islands, golden files and difficulty bands depend on exactly which moves greedy and
the expert make, so speed work on the compiled fast path must not change a single decision.
Each digest covers every turn record (dice, die decision, loot, sink, legal-move count), the
final state and the turn count of a run of games, with the default weights and two other
sets (the fast path takes other branches for them); the digests were recorded before the
greedy speed-up of 2026-11-23 (commit 853a684) and must not change with any pure-speed
change. A change of the players' rules or weights changes them on purpose: then re-record
them and say so in the changelog (island bands and known results change too).

The two generated islands (`decisions/generated-*.yaml`, geometry of islands/2 copied once,
never refreshed, so geometry work cannot move them) are shaped like the islands the
verifier plays; their digests were recorded with the code before the lazy expert search
of 2026-11-26 (commit d5b21a7).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.players import table_for


def _tool():
    """tools/game_digests.py: its `games_digest` and weight sets (`WEIGHTS`: "odd" takes
    the plain search, "deep" searches every decision) make the digests pinned here."""
    path = Path(__file__).resolve().parents[3] / "tools" / "game_digests.py"
    spec = importlib.util.spec_from_file_location("game_digests", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DIGESTS_TOOL = _tool()

DECISION_ISLANDS = Path(__file__).parent / "decisions"

DIGESTS = {
    ("roomy", "default", "greedy", 300):
        "fa1820fd92ccf02a7c864c37d30c261629995a43bc150a41c76dff42f2d46c7e",
    ("roomy", "default", "expert", 30):
        "1ab8eec071ebd11ce30dd7880b28accb1689d2fa4987855cb4ea17501423d02b",
    ("cramped", "default", "greedy", 300):
        "29eca2129fad4f977bef029ef87af751f315d2c2b86b54c40a955f4699386855",
    ("cramped", "default", "expert", 30):
        "3949860a772e5be0482723f43b1dddbbfae7d4eb6cf7abdf52395aee20e5e1a3",
    ("roomy", "odd", "greedy", 100):
        "dc64ae5b2dcf5cd7d114e28e78e0f548e4724aeebc85f330094c2429f67ab9f3",
    ("roomy", "odd", "expert", 5):
        "cdb0ec759ee42e091d9ce4ad31b9ae29b3737c10ce790153541d89f0962fd5e8",
    ("roomy", "deep", "greedy", 100):
        "f5b5e9309b9bf6f7fb4a947052138ba60da6967f44efc713ca0d8ac17f1dc82e",
    ("roomy", "deep", "expert", 5):
        "865dfb946b2a5eea55bb8aac5a3a111ed92da7c24407fdf31cc43ac76b95ef1d",
    ("cramped", "odd", "greedy", 100):
        "22b7fbac130598c2f20454c37ac312149162ac7a67bac181539b7be91c936b6d",
    ("cramped", "odd", "expert", 5):
        "043fb5d5b01921e5116381f6bc24ad97b8b401d0477f23f00adb1bdde22ca66e",
    ("cramped", "deep", "greedy", 100):
        "a9154d94adcc9353c910d35554dd6c4e43955c4865f540e7df33b07cc4e4e1d5",
    ("cramped", "deep", "expert", 5):
        "1ec890f2b85c58980fcfd77be2208cd9b72fe5553bbdb9a2e672b5b27709c22f",
    ("generated-3", "default", "expert", 60):
        "074c8e7a049e32fac2419e8b4b1445be99c729816b3c8243d92e7bf62b649db2",
    ("generated-3", "default", "greedy", 300):
        "33aba1563f4a839c80512b16b70dac4dcf643020c593c2392e05fa753f80363f",
    ("generated-3", "deep", "expert", 8):
        "7fb771fe2b4393c811ff936cb050466916552fb4671de883b8e6a1c28ec43e2f",
    ("generated-3", "odd", "expert", 5):
        "475ce81bb3a7c33a551226c399a72051d2468513e58c2339442e9ba53ed6ab88",
    ("generated-5", "default", "expert", 60):
        "27f85ba89b321d787f8ffc5b26b4ba1735a474682d00b80f9dc268d464cb6598",
    ("generated-5", "default", "greedy", 300):
        "ce6249b4ab246b46a219a1e287c770a09213a49d8012fd6f2366520804573d5c",
    ("generated-5", "deep", "expert", 8):
        "01f096ff57158b1ab4f4b45bedc7b8e89e396ffd1ae47db8ea4179e258936ac1",
    ("generated-5", "odd", "expert", 5):
        "3c6389d3690c4d578f5ae30d5bf73a7fdaa99249369a5d3de7bd1d1be985abf7",
}


def decisions_digest(island, ruleset, weights: str, policy: str, games: int) -> str:
    """sha256 over games 0..games-1 of base seed 7: turns, turn records, final state."""
    return DIGESTS_TOOL.games_digest(table_for(island, ruleset), policy,
                                     DIGESTS_TOOL.WEIGHTS[weights], games)


@pytest.mark.parametrize(("name", "weights", "policy", "games"), sorted(DIGESTS))
def test_decisions_unchanged(name, weights, policy, games, request, ruleset):
    if name.startswith("generated"):
        island = load_island(DECISION_ISLANDS / f"{name}.yaml")
    else:
        island = request.getfixturevalue(name)
    got = decisions_digest(island, ruleset, weights, policy, games)
    assert got == DIGESTS[(name, weights, policy, games)]
