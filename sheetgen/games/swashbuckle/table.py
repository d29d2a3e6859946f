"""The persisted strategy table: solve once, keep the start-of-turn values, read them back.

Files are named `<card>-<fingerprint>`: the fingerprint changes whenever anything that affects
scoring changes (the scuttle reading included), so a stale table is never read.

- `<stem>.json`, the summary the scorecard's par line needs (the exact expected score, the
  percentiles of simulated optimal games, what Hornswaggle adds), is small and deterministic,
  so it is committed in `tables/` beside this module.
- `<stem>.npz` holds the value of every reachable start-of-turn state, in the order
  `solver.reachable_states` enumerates them (layer by layer, from nearly full to empty), so no
  index is stored. Values are float32 for small cards; for large cards uint16 counts of 1/128
  point (`encoding: q128`), within 0.004 points of the exact value, far below any difference
  the advisor shows. A 16-box card's table is about 7 MB, too big to keep in the repository
  per reading, so it is built at first use (a few minutes; `solve` is deterministic, and
  the result is checked against the committed summary) and cached in the user's cache folder
  (`$SHEETGEN_CACHE`, else `$XDG_CACHE_HOME/sheetgen`, else `~/.cache/sheetgen`). The file is
  written deterministically (fixed zip member dates), so the same table is the same bytes.
"""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from sheetgen.atomic import making_folders, output_folder, write_bytes, write_text
from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.card import Card, default_card
from sheetgen.games.swashbuckle.simulate import Distribution
from sheetgen.games.swashbuckle.solver import (
    Solution,
    card_tables,
    reachable_states,
    solve,
    terminal_values,
)
from sheetgen.resources import package_path

TABLE_DIR = package_path("games", "swashbuckle", "tables")
Q = 128.0  # steps per point in the q128 encoding
FLOAT32_LIMIT = 1_000_000  # above this many states, store q128


def stem(card: Card) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", card.name.lower()).strip("-")
    return f"{slug}-{card.fingerprint()}"


def cache_dir() -> Path:
    """Where value tables built at first use are kept (see the module docstring)."""
    from sheetgen.cache import cache_root

    return cache_root() / "swashbuckle-tables"


def table_paths(card: Card, directory: Path | None = None) -> tuple[Path, Path]:
    """(value table, summary) of `card`: both in `directory` when one is given; else the
    summary from the package's tables/ and the values from there if present, else from the
    cache folder."""
    if directory is not None:
        base = directory / stem(card)
        return base.with_suffix(".npz"), base.with_suffix(".json")
    base = TABLE_DIR / stem(card)
    npz = base.with_suffix(".npz")
    if not npz.exists():
        npz = (cache_dir() / stem(card)).with_suffix(".npz")
    return npz, base.with_suffix(".json")


def npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    """`np.savez_compressed` with fixed member dates: the same arrays give the same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, array in arrays.items():
            member = io.BytesIO()
            np.lib.format.write_array(member, np.asanyarray(array), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, member.getvalue())
    return buf.getvalue()


def _enumerate(card: Card) -> list:
    ct = card_tables(card)
    return [reachable_states(ct, used) for used in range(ct.n_boxes - 1, -1, -1)]


def save_table(solution: Solution, distribution: Distribution | None = None,
               directory: Path | None = None, seed: int | None = None,
               values_only: bool = False) -> tuple[Path, Path]:
    """Write the value table and (unless `values_only`) its summary, atomically. Without
    `directory` the values go to the cache folder and the summary to the package's tables/."""
    card = solution.card
    npz_path, json_path = table_paths(card, directory)
    if directory is None:
        npz_path = (cache_dir() / stem(card)).with_suffix(".npz")
    with making_folders(directory is None):  # the cache folder is ours to create
        output_folder(npz_path.parent)
    write_bytes(npz_path, npz_bytes(_stored(card, solution)))
    if values_only:
        return npz_path, json_path
    summary: dict[str, Any] = {
        "card": card.name,
        "fingerprint": card.fingerprint(),
        "scuttle": card.options.scuttle,
        "expected": solution.expected,
        "states": int(solution.states),
        "encoding": _encoding(solution.states),
    }
    if distribution is not None:
        summary["simulation"] = {
            "games": int(len(distribution.scores)),
            "seed": seed,
            "mean": round(distribution.mean, 3),
            "stderr": round(distribution.stderr, 3),
            "percentiles": {str(q): v for q, v in distribution.percentiles().items()},
        }
    output_folder(json_path.parent)
    write_text(json_path, json.dumps(summary, indent=2) + "\n")
    return npz_path, json_path


def _encoding(states: int) -> str:
    return "float32" if states <= FLOAT32_LIMIT else "q128"


def _stored(card: Card, solution: Solution) -> dict[str, np.ndarray]:
    layers = _enumerate(card)
    values = np.concatenate([solution.values[s.mask, s.sub, s.j, s.z] for s in layers])
    if not np.isfinite(values).all():
        raise ValueError("solution has unsolved reachable states")
    encoding = _encoding(len(values))
    if encoding == "q128":
        if values.max() * Q >= 65535 or values.min() < 0:
            raise ValueError("values out of range for q128")
        stored = np.rint(values * Q).astype(np.uint16)
    else:
        stored = values.astype(np.float32)
    return {"values": stored, "encoding": np.array(encoding)}


def _missing(card: Card, path: Path) -> SheetgenError:
    return SheetgenError(
        f"no strategy table for card '{card.name}' ({path.name})",
        hint="solve it once with `sheetgen swashbuckle solve "
             f"{'swashbuckle' if card.source.endswith('swashbuckle.yaml') else card.source}`"
             " (minutes for a 16-box card)")


def load_summary(card: Card | None = None, directory: Path | None = None) -> dict[str, Any]:
    card = card or default_card()
    _, json_path = table_paths(card, directory)
    if not json_path.exists():
        raise _missing(card, json_path)
    return json.loads(json_path.read_text(encoding="utf-8"))


def load_table(card: Card | None = None, directory: Path | None = None,
               build: Callable[[Path], None] | bool = True) -> Solution:
    """The solved value table of `card`, rebuilt from its persisted form. When only the
    summary is stored (a 16-box card in the package), the values are solved now and cached
    (`build`: False to refuse instead, or a callback told the cache path before the solve)."""
    card = card or default_card()
    npz_path, json_path = table_paths(card, directory)
    if not npz_path.exists():
        if directory is not None or not build or not json_path.exists():
            raise _missing(card, npz_path)
        return _build(card, build)
    with np.load(npz_path) as data:
        stored = data["values"]
        encoding = str(data["encoding"])
    values = stored.astype(np.float64) / Q if encoding == "q128" else stored.astype(np.float64)
    ct = card_tables(card)
    V = terminal_values(ct)
    offset = 0
    for st in _enumerate(card):
        V[st.mask, st.sub, st.j, st.z] = values[offset:offset + len(st)]
        offset += len(st)
    if offset != len(values):
        raise SheetgenError(f"strategy table {npz_path.name} does not fit card '{card.name}'",
                            hint=f"delete it (it is rebuilt at first use): {npz_path}")
    return Solution(card, V, 0.0, offset, ct)


def _build(card: Card, build: Callable[[Path], None] | bool) -> Solution:
    """Solve `card`, check it against its committed summary, cache the values."""
    target = (cache_dir() / stem(card)).with_suffix(".npz")
    if callable(build):
        build(target)
    solution = solve(card)
    expected = load_summary(card)["expected"]
    if abs(solution.expected - expected) > 1e-6:
        raise SheetgenError(f"the solve of '{card.name}' gives {solution.expected:.6f}, its "
                            f"committed summary {expected:.6f}",
                            hint="the solver or the card changed: re-run "
                                 "`sheetgen swashbuckle solve` and commit the summary")
    save_table(solution, values_only=True)
    return solution


def par_figures(card: Card | None = None, directory: Path | None = None) -> dict[str, Any]:
    """Figures for the scorecard's "par" line, read from the persisted table's summary.

    A flat dict, ready to be a layout variable: "mean" (the exact expected score of optimal
    play; "expected" is the same), "p5" ... "p95" (percentiles of simulated optimal games),
    "games" (how many were simulated) and "moniker" (the one the expected score earns).
    """
    card = card or default_card()
    summary = load_summary(card, directory)
    sim = summary.get("simulation")
    if not sim:
        raise SheetgenError(f"strategy table of '{card.name}' has no simulated distribution",
                            hint="re-run `sheetgen swashbuckle solve` with --games")
    figures: dict[str, Any] = {"mean": summary["expected"], "expected": summary["expected"]}
    figures.update({f"p{q}": float(v) for q, v in sim["percentiles"].items()})
    figures["games"] = sim["games"]
    figures["moniker"] = card.moniker(int(round(summary["expected"])))
    if "hornswaggle" in summary:
        figures["hornswaggle_expected"] = summary["hornswaggle"]["expected"]
        figures["hornswaggle_adds"] = summary["hornswaggle"]["adds"]
    return figures


def record_hornswaggle(card: Card, figures: dict[str, Any],
                       directory: Path | None = None) -> Path:
    """Add what Hornswaggle adds to par to the table's summary file (rewritten atomically;
    `figures` hold no timings, so the summary stays deterministic)."""
    _, json_path = table_paths(card, directory)
    summary = load_summary(card, directory)
    summary["hornswaggle"] = figures
    write_text(json_path, json.dumps(summary, indent=2) + "\n")
    return json_path
