"""The bundled players' decisions, pinned bit for bit.

Verified islands, golden files and difficulty bands depend on exactly which moves greedy and
the expert make, so speed work on the compiled fast path must not change a single decision.
Each digest covers every turn record (dice, die decision, loot, sink, legal-move count), the
final state and the turn count of a run of games; the digests were recorded before the
greedy speed-up of 2026-11-23 (commit 853a684) and must not change with any pure-speed
change. A change of the players' rules or weights changes them on purpose: then re-record
them and say so in the changelog (island bands and known results change too).
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from sheetgen.games.captains_curse import fast
from sheetgen.games.captains_curse.players import table_for
from sheetgen.games.captains_curse.rng import game_seed

DIGESTS = {
    ("roomy", "greedy", 300): "fa1820fd92ccf02a7c864c37d30c261629995a43bc150a41c76dff42f2d46c7e",
    ("roomy", "expert", 30): "1ab8eec071ebd11ce30dd7880b28accb1689d2fa4987855cb4ea17501423d02b",
    ("cramped", "greedy", 300): "29eca2129fad4f977bef029ef87af751f315d2c2b86b54c40a955f4699386855",
    ("cramped", "expert", 30): "3949860a772e5be0482723f43b1dddbbfae7d4eb6cf7abdf52395aee20e5e1a3",
}


def decisions_digest(island, ruleset, policy: str, games: int) -> str:
    """sha256 over games 0..games-1 of base seed 7: turns, turn records, final state."""
    table = table_for(island, ruleset)
    state = np.zeros(fast.S_SIZE, dtype=np.int64)
    rec = np.zeros((fast.MAX_TURNS, fast.R_SIZE), dtype=np.int64)
    digest = hashlib.sha256()
    for i in range(games):
        n = fast.play(table, fast.POLICY_IDS[policy], np.uint64(game_seed(7, i)),
                      fast.DEFAULT_PARAMS, state, rec)
        digest.update(np.int64(n).astype("<i8").tobytes())
        digest.update(rec[:n].astype("<i8").tobytes())
        digest.update(state.astype("<i8").tobytes())
    return digest.hexdigest()


@pytest.mark.parametrize(("name", "policy", "games"), sorted(DIGESTS))
def test_decisions_unchanged(name, policy, games, request, ruleset):
    island = request.getfixturevalue(name)
    assert decisions_digest(island, ruleset, policy, games) == DIGESTS[(name, policy, games)]
