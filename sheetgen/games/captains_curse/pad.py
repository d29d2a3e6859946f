"""The Captain's Curse pad: COUNT different islands, each verified winnable, one sheet per page.

`build_pad` is the whole pipeline behind `sheetgen pad captains-curse` (the game registry's
pad builder): generate and verify the islands (in worker processes with `jobs` > 1), fill the
bundled island sheet with them, render. It writes nothing, so the command line, tests, a web
page or a distributed runner call the same function; island `i` of a pad depends only on the
pad seed and `i`, never on `jobs` or where it was computed.

Print runs beyond one machine: with `scheduler` the islands are computed as dask.distributed
tasks (one task per island, `pad_item`), either on a running cluster (`tcp://HOST:PORT`; the
workers need the same sheetgen installed) or on a LocalCluster of `jobs` worker processes
(`local`). Results are gathered in index order, so the PDF is byte-identical to `--jobs`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.registry import Pad

SHEET_LAYOUT = "captains-curse/island-sheet"

PadItem = tuple[dict[str, Any], str, int]
"""One island of a pad: its island file data, its small print, and the islands tried."""


def sheet_layout(paper: str | None, overrides: dict[str, Any] | None = None):
    """The bundled island sheet, loaded for `paper`."""
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import RenderOptions, load_layout

    return load_layout(find_layout(SHEET_LAYOUT),
                       RenderOptions(overrides=overrides or {}, paper=paper))


def pad_item(args: tuple[int, int, str]) -> PadItem:
    """Island `index` of the pad with seed `seed` (a worker's unit of work)."""
    from sheetgen.games.captains_curse.islands.verify import generate_verified, pad_seed

    seed, index, difficulty = args
    verified = generate_verified(pad_seed(seed, index), difficulty)
    return verified.data, verified.small_print(), verified.attempts


def make_pad(count: int, seed: int, difficulty: str, jobs: int,
             progress: Callable[[int], None] | None = None,
             scheduler: str | None = None) -> list[PadItem]:
    """`count` verified islands, in index order, the same whatever `jobs` or `scheduler`."""
    from sheetgen.workers import worker_pool

    work = [(seed, i, difficulty) for i in range(count)]
    out: list[PadItem] = []
    if scheduler:
        out = dask_map(scheduler, work, jobs, progress)
    elif jobs <= 1:
        for item in work:
            out.append(pad_item(item))
            if progress:
                progress(1)
    else:
        with worker_pool(jobs) as pool:
            for result in pool.map(pad_item, work, chunksize=1):
                out.append(result)
                if progress:
                    progress(1)
    names = [json.dumps(d, sort_keys=True) for d, _, _ in out]
    if len(set(names)) != len(names):
        raise SheetgenError("two islands of the pad came out identical", hint="report this")
    return out


def dask_map(scheduler: str, work: list[tuple[int, int, str]], jobs: int,
             progress: Callable[[int], None] | None = None) -> list[PadItem]:
    """`pad_item` over `work` on dask.distributed, results in `work` order."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SheetgenError("--scheduler needs dask.distributed",
                            hint="pip install 'sheetgen[cluster]' (or: pip install distributed)"
                            ) from None
    cluster = None
    try:
        if scheduler == "local":
            cluster = LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1,
                                   processes=True, dashboard_address=None)
            client = Client(cluster)
        elif scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
            client = Client(scheduler, timeout="20s")
        else:
            raise SheetgenError(f"--scheduler {scheduler!r}: expected tcp://HOST:PORT or local",
                                hint="start one with `dask scheduler`, then "
                                     "`dask worker tcp://HOST:8786` on each machine")
    except OSError as err:
        raise SheetgenError(f"cannot reach the dask scheduler at {scheduler}: {err}",
                            hint="is `dask scheduler` running there, and the port open?"
                            ) from None
    try:
        futures = client.map(pad_item, work, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out: list[PadItem | None] = [None] * len(work)
        for future in as_completed(futures):
            out[index[future.key]] = future.result()
            if progress:
                progress(1)
        return [item for item in out if item is not None]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def build_pad(*, count: int = 10, seed: int = 1, difficulty: str = "normal", jobs: int = 1,
              paper: str = "a4", progress: Callable[[int, int], None] | None = None,
              scheduler: str | None = None) -> Pad:
    """The pad as PDF bytes (see the module docstring); `progress(done, count)` per island."""
    from sheetgen.render.output import render_pdf

    start = time.perf_counter()
    done = [0]

    def step(n: int) -> None:
        done[0] += n
        if progress:
            progress(done[0], count)

    items = make_pad(count, seed, difficulty, jobs, step, scheduler)
    doc = sheet_layout(paper)
    doc.data = [{"island": d, "small_print": sp} for d, sp, _ in items]
    data = render_pdf(doc)
    tries = sum(a for _, _, a in items)
    return Pad(data, len(doc.data),
               f"{count} islands ({tries} tried), {time.perf_counter() - start:.1f} s")
