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
    tool = _tool()
    keys = [f"{s}/{d}" for s in seeds for d in tool.DIFFICULTIES]
    changed = [k for k in keys
               if tool.island_digest(int(k.split("/")[0]), k.split("/")[1]) != PINNED[k]]
    assert not changed, f"islands changed for {changed[:10]} ({len(changed)} of {len(keys)})"


def test_pinned_list_covers_seeds_0_to_199_at_every_difficulty():
    assert set(PINNED) == {f"{s}/{d}" for s in range(200) for d in ("easy", "normal", "hard")}


def test_first_seeds_keep_their_islands():
    _check(range(0, 8))


@pytest.mark.slow
def test_seeds_0_to_199_keep_their_islands():
    _check(range(8, 200))
