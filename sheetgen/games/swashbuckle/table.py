"""The persisted strategy table: solve once, keep the start-of-turn values, read them back.

Files live in `tables/` beside this module, named `<card>-<fingerprint>`: the fingerprint
changes whenever anything that affects scoring changes, so a stale table is never read.

- `<stem>.npz` holds the value of every reachable start-of-turn state, in the order
  `solver.reachable_states` enumerates them (layer by layer, from nearly full to empty), so no
  index is stored. Values are stored as float32 for small cards; for large cards, to stay well
  under the repository's size budget, as uint16 counts of 1/128 point (`encoding: q128`),
  which is within 0.004 points of the exact value, far below any difference the advisor shows.
- `<stem>.json` holds the summary the scorecard's par line needs: the exact expected score,
  the percentiles of simulated optimal games, and how long the solve took.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import numpy as np

from sheetgen.atomic import output_folder, write_bytes, write_text
from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.card import Card, default_card
from sheetgen.games.swashbuckle.simulate import Distribution
from sheetgen.games.swashbuckle.solver import (
    Solution,
    card_tables,
    reachable_states,
    terminal_values,
)
from sheetgen.resources import package_path

TABLE_DIR = package_path("games", "swashbuckle", "tables")
Q = 128.0  # steps per point in the q128 encoding
FLOAT32_LIMIT = 1_000_000  # above this many states, store q128


def stem(card: Card) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", card.name.lower()).strip("-")
    return f"{slug}-{card.fingerprint()}"


def table_paths(card: Card, directory: Path | None = None) -> tuple[Path, Path]:
    base = (directory or TABLE_DIR) / stem(card)
    return base.with_suffix(".npz"), base.with_suffix(".json")


def _enumerate(card: Card) -> list:
    ct = card_tables(card)
    return [reachable_states(ct, used) for used in range(ct.n_boxes - 1, -1, -1)]


def save_table(solution: Solution, distribution: Distribution | None = None,
               directory: Path | None = None, seed: int | None = None) -> tuple[Path, Path]:
    """Write the value table and its summary, atomically."""
    card = solution.card
    if directory is not None:
        output_folder(directory)
    npz_path, json_path = table_paths(card, directory)
    layers = _enumerate(card)
    values = np.concatenate([solution.values[s.mask, s.sub, s.j, s.z] for s in layers])
    if not np.isfinite(values).all():
        raise ValueError("solution has unsolved reachable states")
    encoding = "float32" if len(values) <= FLOAT32_LIMIT else "q128"
    if encoding == "q128":
        if values.max() * Q >= 65535 or values.min() < 0:
            raise ValueError("values out of range for q128")
        stored = np.rint(values * Q).astype(np.uint16)
    else:
        stored = values.astype(np.float32)
    buf = io.BytesIO()
    np.savez_compressed(buf, values=stored, encoding=np.array(encoding))
    write_bytes(npz_path, buf.getvalue())
    summary: dict[str, Any] = {
        "card": card.name,
        "fingerprint": card.fingerprint(),
        "expected": solution.expected,
        "states": int(solution.states),
        "solve_seconds": round(solution.seconds, 1),
        "states_per_second": (round(solution.states / solution.seconds)
                              if solution.seconds else None),
        "encoding": encoding,
        "note": "solve time measured on a shared 2-core machine",
    }
    if distribution is not None:
        summary["simulation"] = {
            "games": int(len(distribution.scores)),
            "seed": seed,
            "mean": round(distribution.mean, 3),
            "stderr": round(distribution.stderr, 3),
            "percentiles": {str(q): v for q, v in distribution.percentiles().items()},
        }
    write_text(json_path, json.dumps(summary, indent=2) + "\n")
    return npz_path, json_path


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


def load_table(card: Card | None = None, directory: Path | None = None) -> Solution:
    """The solved value table of `card`, rebuilt from its persisted form."""
    card = card or default_card()
    npz_path, _ = table_paths(card, directory)
    if not npz_path.exists():
        raise _missing(card, npz_path)
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
                            hint="re-solve the card")
    summary = load_summary(card, directory)
    return Solution(card, V, summary.get("solve_seconds", 0.0), offset, ct)


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
    return figures
