"""The Captain's Curse pad: COUNT different islands, each verified winnable, one sheet per page.
For copies of one island instead (your own file from `island new`, edited or not): `sheetgen
render captains-curse/island-sheet --set island=FILE --count 10 -o copies.pdf`.

`build_pad` is the whole pipeline behind `sheetgen pad captains-curse` (the game registry's
pad builder): generate and verify the islands (in worker processes with `jobs` > 1), fill the
bundled island sheet with them, render. Island `i` of a pad depends only on the pad seed and
`i`, never on `jobs` or where it was computed.

Memory stays flat however long the pad: islands are computed a bounded number ahead of
the renderer and taken in index order (`iter_pad`), rendered a part of PART_ROWS sheets at a
time and appended to the output as they come (`sheetgen.render.output.stream_rows`). Given
an `output` path, `build_pad` streams to a temporary file renamed when complete (the command
line does this); without, it returns the PDF as bytes (the same bytes).

Print runs beyond one machine: with `scheduler` the islands are computed as dask.distributed
tasks (one task per island, `pad_item`), either on a running cluster (`tcp://HOST:PORT`; the
workers need the same sheetgen installed) or on a LocalCluster of `jobs` worker processes
(`local`). Results are gathered in index order, so the PDF is byte-identical to `--jobs`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

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


ISLANDS_AHEAD = 8
"""Islands the workers may compute beyond those the pad has taken (per worker; at least one
part's worth in all): enough to keep them busy while a part is rendered, few enough that a
long pad never holds more than a few dozen islands."""


def iter_pad(count: int, seed: int, difficulty: str, jobs: int,
             progress: Callable[[int], None] | None = None,
             scheduler: str | None = None) -> Iterator[PadItem]:
    """The `count` verified islands in index order, the same whatever `jobs` or
    `scheduler`, computed at most a bounded number ahead of the consumer (see ISLANDS_AHEAD)
    so that a pad of any length holds only a few islands at a time. Close it (or exhaust
    it) to stop the workers."""
    from sheetgen.render.output import PART_ROWS
    from sheetgen.workers import map_ahead, worker_pool

    work = ((seed, i, difficulty) for i in range(count))
    ahead = max(PART_ROWS, ISLANDS_AHEAD * jobs)
    seen: set[bytes] = set()

    def checked(items: Iterator[PadItem]) -> Iterator[PadItem]:
        for item in items:
            digest = hashlib.sha256(json.dumps(item[0], sort_keys=True).encode()).digest()
            if digest in seen:
                raise SheetgenError("two islands of the pad came out identical",
                                    hint="report this")
            seen.add(digest)
            if progress:
                progress(1)
            yield item

    if scheduler:
        yield from checked(dask_map(scheduler, work, jobs, ahead))
    elif jobs <= 1:
        yield from checked(pad_item(item) for item in work)
    else:
        with worker_pool(jobs) as pool:
            yield from checked(map_ahead(lambda item: pool.submit(pad_item, item), work,
                                         ahead))


def make_pad(count: int, seed: int, difficulty: str, jobs: int,
             progress: Callable[[int], None] | None = None,
             scheduler: str | None = None) -> list[PadItem]:
    """`count` verified islands, in index order, the same whatever `jobs` or `scheduler`
    (all in memory: for the studio's small pads and tests; `write_pad` streams)."""
    with contextlib.closing(iter_pad(count, seed, difficulty, jobs, progress,
                                     scheduler)) as items:
        return list(items)


def dask_map(scheduler: str, work: Iterable[tuple[int, int, str]], jobs: int,
             ahead: int) -> Iterator[PadItem]:
    """`pad_item` over `work` on dask.distributed, results in `work` order, at most `ahead`
    tasks in flight."""
    from sheetgen.workers import dask_client, map_ahead

    with dask_client(scheduler, jobs) as client:
        yield from map_ahead(lambda item: client.submit(pad_item, item, pure=False), work,
                             ahead)


def write_pad(out: BinaryIO, *, count: int = 10, seed: int = 1, difficulty: str = "normal",
              jobs: int = 1, paper: str = "a4", progress: Callable[[int, int], None] | None = None,
              scheduler: str | None = None) -> tuple[int, int]:
    """Write the pad's PDF to `out` as the islands arrive (see the module docstring);
    returns (pages, islands tried). `progress(done, count)` per island."""
    from sheetgen.render.output import stream_rows

    done = [0]
    tries = [0]

    def step(n: int) -> None:
        done[0] += n
        if progress:
            progress(done[0], count)

    def rows(items: Iterator[PadItem]) -> Iterator[dict[str, Any]]:
        for data, small_print, attempts in items:
            tries[0] += attempts
            yield {"island": data, "small_print": small_print}

    with contextlib.closing(iter_pad(count, seed, difficulty, jobs, step,
                                     scheduler)) as items:
        pages = stream_rows(sheet_layout(paper), rows(items), out, count)
    return pages, tries[0]


def build_pad(*, count: int = 10, seed: int = 1, difficulty: str = "normal", jobs: int = 1,
              paper: str = "a4", progress: Callable[[int, int], None] | None = None,
              scheduler: str | None = None, output: str | Path | None = None) -> Pad:
    """The pad (see the module docstring); `progress(done, count)` per island. With
    `output`, the PDF is streamed to that file (atomically: written as a temporary file,
    renamed when complete) and `Pad.pdf` is empty; without, it is returned as bytes."""
    from sheetgen.atomic import atomic_file

    start = time.perf_counter()
    options = dict(count=count, seed=seed, difficulty=difficulty, jobs=jobs, paper=paper,
                   progress=progress, scheduler=scheduler)
    data = b""
    if output is None:
        buffer = io.BytesIO()
        pages, tries = write_pad(buffer, **options)
        data = buffer.getvalue()
    else:
        with atomic_file(output) as fh:
            pages, tries = write_pad(fh, **options)
    return Pad(data, pages,
               f"{count} islands ({tries} tried), {time.perf_counter() - start:.1f} s")
