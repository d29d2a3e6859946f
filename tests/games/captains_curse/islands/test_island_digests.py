"""The islands of seeds 0-199 at every difficulty, pinned by digest (the golden file's wider net).

`golden/digests.json` holds, per "seed/difficulty", a short sha256 of the island file text of
the first fit geometry attempt (attempt number included), written by `tools/island_digests.py`
from the generator as it was before the geometry was made faster (issue 31). A speed change
must keep every one; a change meant to alter islands bumps GENERATOR_VERSION and rewrites the
file with `tools/island_digests.py --seeds 0-199 --write`, reviewed like test_golden.py's.
"""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
PINNED = json.loads((Path(__file__).parent / "golden" / "digests.json").read_text())


def _tool():
    spec = importlib.util.spec_from_file_location("island_digests",
                                                  ROOT / "tools" / "island_digests.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _check(seeds: range) -> None:
    """Each seed's three islands share its geometry (`generate_attempt`'s `meshes`: the
    centre, coast and cells no difficulty changes, half an island's CPU), made by whichever
    difficulty comes first: that one turns with the seed, so every difficulty is also made
    from fresh geometry, on a third of the seeds."""
    tool = _tool()
    keys, changed = [], []
    for seed in seeds:
        meshes: dict = {}
        turn = seed % len(tool.DIFFICULTIES)
        for d in tool.DIFFICULTIES[turn:] + tool.DIFFICULTIES[:turn]:
            key = f"{seed}/{d}"
            keys.append(key)
            if tool.island_digest(seed, d, meshes=meshes) != PINNED[key]:
                changed.append(key)
    assert len(keys) == 3 * len(seeds)
    assert not changed, f"islands changed for {changed[:10]} ({len(changed)} of {len(keys)})"


def test_pinned_list_covers_seeds_0_to_199_at_every_difficulty():
    assert set(PINNED) == {f"{s}/{d}" for s in range(200) for d in ("easy", "normal", "hard")}


def test_first_seeds_keep_their_islands():
    _check(range(0, 8))


CHUNKS = [range(start, min(start + 24, 200)) for start in range(8, 200, 24)]
"""Seeds 8-199 in chunks of 24 (about 20 s each on an empty cache): one test of all 192
seeds took 166 s on one xdist worker at the end of the slow step while the other idled;
chunks spread over the workers and check the same islands."""


def test_chunks_cover_seeds_8_to_199_once():
    assert [seed for chunk in CHUNKS for seed in chunk] == list(range(8, 200))


@pytest.mark.slow
@pytest.mark.parametrize("seeds", CHUNKS, ids=lambda r: f"{r.start}-{r.stop - 1}")
def test_seeds_0_to_199_keep_their_islands(seeds):
    _check(seeds)
