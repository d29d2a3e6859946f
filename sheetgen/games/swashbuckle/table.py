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
  the advisor shows. The file is written deterministically (fixed zip member dates), so the
  same table is the same bytes.
- `<stem>.values.xz` is the same q128 table packed for shipping (`pack_values`): the values in
  storage order as zigzag deltas, high and low bytes in two planes, xz-compressed. Lossless, so
  the advisor reads exactly the numbers a first-use solve caches and decides exactly as it
  would; 3.5 MB instead of 7.3 MB for the default card, which the package carries so that the
  advisor answers at once on a fresh install (unpacking takes a fraction of a second).
- Any other 16-box card (another scuttle reading, an edited card) is solved at first use (a
  few minutes; `solve` is deterministic, and the result is checked against the committed
  summary) and cached as `.npz` in the user's cache folder (`$SHEETGEN_CACHE`, else
  `$XDG_CACHE_HOME/sheetgen`, else `~/.cache/sheetgen`).
"""

from __future__ import annotations

import io
import json
import lzma
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
    CardTables,
    Solution,
    bonus_subtotals,
    boxes_used,
    card_tables,
    solve,
    terminal_values,
)
from sheetgen.resources import package_path

TABLE_DIR = package_path("games", "swashbuckle", "tables")
Q = 128.0  # steps per point in the q128 encoding
FLOAT32_LIMIT = 1_000_000  # above this many states, store q128
PACKED_SUFFIX = ".values.xz"
PACKED_MAGIC = b"sheetgen-swashbuckle-values/1\n"


def stem(card: Card) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", card.name.lower()).strip("-")
    return f"{slug}-{card.fingerprint()}"


def cache_dir() -> Path:
    """Where value tables built at first use are kept (see the module docstring)."""
    from sheetgen.cache import cache_root

    return cache_root() / "swashbuckle-tables"


def table_paths(card: Card, directory: Path | None = None) -> tuple[Path, Path]:
    """(value table, summary) of `card`: both in `directory` when one is given (the `.npz`,
    else the packed values); else the summary from the package's tables/ and the values from
    there if present (packed or not), else from the cache folder."""
    if directory is not None:
        base = directory / stem(card)
        packed = directory / (stem(card) + PACKED_SUFFIX)
        npz = base.with_suffix(".npz")
        return (packed if packed.exists() and not npz.exists() else npz), base.with_suffix(".json")
    base = TABLE_DIR / stem(card)
    for values in (TABLE_DIR / (stem(card) + PACKED_SUFFIX), base.with_suffix(".npz")):
        if values.exists():
            return values, base.with_suffix(".json")
    return (cache_dir() / stem(card)).with_suffix(".npz"), base.with_suffix(".json")


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


def storage_order(ct: CardTables) -> tuple[np.ndarray, np.ndarray]:
    """(masks, reachable) giving the order values are stored in: `masks` are the card's
    not-full box masks, most boxes used first, ascending within a layer; `reachable[i, j, z,
    sub]` says whether state (masks[i], sub, j, z) can be reached. Values are stored for the
    True cells in C order, which is the order `solver.reachable_states` lists them layer by
    layer (tested), computed here for the whole card at once in a fraction of a second."""
    n = ct.n_boxes
    full = (1 << n) - 1
    every = np.arange(full, dtype=np.int64)
    used = boxes_used(n)[:full]
    masks = every[np.lexsort((every, -used))]
    bonus_bits = sum(1 << b for b in range(n) if ct.in_bonus_b[b])
    reach_sub = np.zeros((len(masks), ct.n_sub), dtype=bool)
    upper = masks & bonus_bits
    for u in np.unique(upper).tolist():
        row = np.zeros(ct.n_sub, dtype=bool)
        row[bonus_subtotals(ct, u)] = True
        reach_sub[upper == u] = row
    reachable = np.broadcast_to(reach_sub[:, None, None, :],
                                (len(masks), ct.n_j, ct.n_z, ct.n_sub)).copy()
    if ct.n_j == 2:
        joker_used = (masks >> ct.joker_box & 1).astype(bool)
        reachable[~joker_used, 1] = False  # the joker flag needs the joker box filled
        if ct.n_z == 2:
            reachable[joker_used, 0, 0] = False  # a scuttled joker box is a zero
    return masks, reachable


def _values_in_order(ct: CardTables, V: np.ndarray) -> np.ndarray:
    masks, reachable = storage_order(ct)
    return V[masks].transpose(0, 2, 3, 1)[reachable]


def pack_values(stored: np.ndarray) -> bytes:
    """q128 values (uint16, storage order) as the shipped `.values.xz`: zigzag deltas of
    consecutive values (neighbouring states have close values), high and low bytes in two
    planes (the high plane is mostly zeros), xz at its strongest preset. Lossless (steps are
    taken modulo 2**16, so any uint16 array packs)."""
    if stored.dtype != np.uint16:
        raise ValueError("only q128 (uint16) tables are packed")
    delta = np.diff(stored.astype(np.int32), prepend=0)
    delta = (delta + 32768) % 65536 - 32768  # modulo 2**16: every step fits 16 bits
    zigzag = ((delta << 1) ^ (delta >> 31)).astype(np.uint16)
    planes = zigzag.astype("<u2").view(np.uint8).reshape(-1, 2).T.tobytes()
    header = json.dumps({"count": int(len(stored)), "encoding": "q128",
                         "packing": "zigzag-delta-byteplanes"}).encode() + b"\n"
    return lzma.compress(PACKED_MAGIC + header + planes,
                         preset=9 | lzma.PRESET_EXTREME)


def unpack_values(data: bytes, name: str = "table") -> np.ndarray:
    """The uint16 q128 values `pack_values` packed."""
    try:
        raw = lzma.decompress(data)
    except lzma.LZMAError as exc:
        raise SheetgenError(f"strategy table {name} is damaged: {exc}",
                            hint="reinstall sheetgen") from None
    if not raw.startswith(PACKED_MAGIC):
        raise SheetgenError(f"strategy table {name} is not a packed value table",
                            hint="reinstall sheetgen")
    header_end = raw.index(b"\n", len(PACKED_MAGIC))
    header = json.loads(raw[len(PACKED_MAGIC):header_end])
    n = header["count"]
    planes = np.frombuffer(raw, dtype=np.uint8, offset=header_end + 1)
    if len(planes) != 2 * n:
        raise SheetgenError(f"strategy table {name} is truncated", hint="reinstall sheetgen")
    # All in uint16, whose arithmetic wraps modulo 2**16 as the packing's steps do: no
    # int32/int64 copies of the ~7 million values (this was half of loading the table).
    low, high = planes.reshape(2, n)   # little-endian ("<u2"): the low bytes first
    z = low.astype(np.uint16)
    z |= high.astype(np.uint16) << 8
    delta = (z >> 1) ^ (np.uint16(0) - (z & 1))
    return np.cumsum(delta, dtype=np.uint16)


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


def save_packed(solution: Solution, directory: Path | None = None) -> Path:
    """Write the q128 values packed for shipping (`<stem>.values.xz`) into `directory`, by
    default the package's tables/ (what `sheetgen swashbuckle solve --pack` does for the
    default card). Always q128, whatever the card's size."""
    stored = _q128(_values_in_order(card_tables(solution.card), solution.values))
    path = (directory or TABLE_DIR) / (stem(solution.card) + PACKED_SUFFIX)
    write_bytes(path, pack_values(stored))
    return path


def _encoding(states: int) -> str:
    return "float32" if states <= FLOAT32_LIMIT else "q128"


def _stored(card: Card, solution: Solution) -> dict[str, np.ndarray]:
    values = _values_in_order(card_tables(card), solution.values)
    if not np.isfinite(values).all():
        raise ValueError("solution has unsolved reachable states")
    encoding = _encoding(len(values))
    if encoding == "q128":
        stored = _q128(values)
    else:
        stored = values.astype(np.float32)
    return {"values": stored, "encoding": np.array(encoding)}


def _q128(values: np.ndarray) -> np.ndarray:
    if values.max() * Q >= 65535 or values.min() < 0:
        raise ValueError("values out of range for q128")
    return np.rint(values * Q).astype(np.uint16)


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
               build: Callable[[Path], None] | bool = True,
               progress: Callable[[int, int, float], None] | None = None) -> Solution:
    """The solved value table of `card`, rebuilt from its persisted form. When only the
    summary is stored (a 16-box card in the package), the values are solved now and cached
    (`build`: False to refuse instead, or a callback told the cache path before the solve;
    `progress` is the solve's, called after each layer)."""
    card = card or default_card()
    npz_path, json_path = table_paths(card, directory)
    if not npz_path.exists():
        if directory is not None or not build or not json_path.exists():
            raise _missing(card, npz_path)
        return _build(card, build, progress)
    if npz_path.name.endswith(PACKED_SUFFIX):
        stored = unpack_values(npz_path.read_bytes(), npz_path.name)
        encoding = "q128"
    else:
        with np.load(npz_path) as data:
            stored = data["values"]
            encoding = str(data["encoding"])
    ct = card_tables(card)
    masks, reachable = storage_order(ct)
    if int(reachable.sum()) != len(stored):
        raise SheetgenError(f"strategy table {npz_path.name} does not fit card '{card.name}'",
                            hint=f"delete it (it is rebuilt at first use): {npz_path}")
    scale = Q if encoding == "q128" else 1.0
    # Every position but the full card is written below (`masks` lists them all), so the
    # array is not filled with NaN first; the rows are laid out a block at a time through
    # one small buffer rather than through a second whole-card array.
    V = terminal_values(ct, unknown=False)
    ends = np.cumsum(reachable.sum(axis=(1, 2, 3)))
    block = np.empty((min(LOAD_BLOCK, len(masks)), *reachable.shape[1:]))
    for start in range(0, len(masks), LOAD_BLOCK):
        stop = min(start + LOAD_BLOCK, len(masks))
        rows = block[: stop - start]
        rows.fill(np.nan)
        first = ends[start - 1] if start else 0
        rows[reachable[start:stop]] = stored[first:ends[stop - 1]] / scale
        V[masks[start:stop]] = rows.transpose(0, 3, 1, 2)
    return Solution(card, V, 0.0, len(stored), ct)


LOAD_BLOCK = 2048
"""Masks `load_table` lays out at a time (a buffer of a few megabytes)."""


def _build(card: Card, build: Callable[[Path], None] | bool,
           progress: Callable[[int, int, float], None] | None = None) -> Solution:
    """Solve `card`, check it against its committed summary, cache the values."""
    target = (cache_dir() / stem(card)).with_suffix(".npz")
    if callable(build):
        build(target)
    solution = solve(card, progress=progress)
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
