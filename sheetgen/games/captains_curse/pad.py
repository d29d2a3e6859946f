"""The Captain's Curse pad: COUNT different islands, each verified winnable, one sheet per page.
For copies of one island instead (your own file from `island new`, edited or not): `sheetgen
render captains-curse/island-sheet --set island=FILE --count 10 -o copies.pdf`.

`build_pad` is the whole pipeline behind `sheetgen pad captains-curse` (the game registry's
pad builder): generate and verify the islands, fill the bundled island sheet with them,
render. With `jobs` > 1 (or a dask scheduler) the workers do both: each island is one task
(`pad_item`), each part of PART_ROWS sheets another (`render_sheets`), and this process only
takes the islands in index order, groups them into parts and appends the finished parts to
the file, so drawing is spread over the workers like the islands. Island `i` of a pad
depends only on the pad seed and `i`, and a part only on its islands and its place in the
pad, never on `jobs` or where they were computed: the bytes are those of `--jobs 1`.

Memory stays flat however long the pad: islands are computed a bounded number ahead
(ISLANDS_AHEAD) and parts drawn a bounded number ahead (PARTS_AHEAD) of the file, taken
in index order and appended as they come (`sheetgen.render.output.stream_parts`). Given an
`output` path, `build_pad` streams to a temporary file renamed when complete (the command
line does this); without, it returns the PDF as bytes (the same bytes).

Print runs beyond one machine: with `scheduler` the same tasks run on dask.distributed,
either on a running cluster (`tcp://HOST:PORT`; the workers need the same sheetgen
installed) or on a LocalCluster of `jobs` worker processes (`local`). Results are gathered
in index order, so the PDF is byte-identical to `--jobs`.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import pickle
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from sheetgen.errors import SheetgenError
from sheetgen.registry import Pad

if TYPE_CHECKING:
    from sheetgen.workers import HasResult

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

PARTS_AHEAD = 2
"""Parts being rendered by the workers while the pad goes on taking islands: the next part
can be drawn while the one before is appended, and at most this many parts' PDFs (about
1 MB each) wait in memory."""

Submit = Callable[..., "HasResult[Any]"]
"""`submit(fn, *args)`: run `fn(*args)` somewhere (a worker process, a dask worker) and
return its future."""


@contextlib.contextmanager
def pad_workers(jobs: int, scheduler: str | None = None) -> Iterator[Submit | None]:
    """Where a pad's work runs: a dask.distributed cluster (`scheduler`), a pool of `jobs`
    worker processes, or (None) this process, on demand. Leaving the block stops them."""
    from sheetgen.workers import dask_client, worker_pool

    if scheduler:
        with dask_client(scheduler, jobs) as client:
            yield lambda fn, *args: client.submit(fn, *args, pure=False)
    elif jobs <= 1:
        yield None
    else:
        with worker_pool(jobs) as pool:
            yield pool.submit


def iter_pad(count: int, seed: int, difficulty: str, jobs: int,
             progress: Callable[[int], None] | None = None,
             scheduler: str | None = None) -> Iterator[PadItem]:
    """The `count` verified islands in index order, the same whatever `jobs` or
    `scheduler`, computed at most a bounded number ahead of the consumer (see ISLANDS_AHEAD)
    so that a pad of any length holds only a few islands at a time. Close it (or exhaust
    it) to stop the workers."""
    with pad_workers(jobs, scheduler) as submit:
        yield from pad_islands(submit, count, seed, difficulty, jobs, progress)


def pad_islands(submit: Submit | None, count: int, seed: int, difficulty: str, jobs: int,
                progress: Callable[[int], None] | None = None) -> Iterator[PadItem]:
    """`iter_pad` with the workers given (`pad_workers`); without (`submit` None) each island
    is computed here when it is asked for."""
    from sheetgen import stopping
    from sheetgen.render.output import PART_ROWS
    from sheetgen.workers import map_ahead

    work = ((seed, i, difficulty) for i in range(count))
    seen: set[bytes] = set()
    if submit is None:
        items: Iterator[PadItem] = (pad_item(item) for item in work)
    else:
        items = map_ahead(lambda item: submit(pad_item, item), work,
                          max(PART_ROWS, ISLANDS_AHEAD * jobs))
    for item in items:
        stopping.check()  # each island: a stop a library swallowed is obeyed here
        digest = hashlib.sha256(json.dumps(item[0], sort_keys=True).encode()).digest()
        if digest in seen:
            raise SheetgenError("two islands of the pad came out identical",
                                hint="report this")
        seen.add(digest)
        if progress:
            progress(1)
        yield item


def make_pad(count: int, seed: int, difficulty: str, jobs: int,
             progress: Callable[[int], None] | None = None,
             scheduler: str | None = None) -> list[PadItem]:
    """`count` verified islands, in index order, the same whatever `jobs` or `scheduler`
    (all in memory: for the studio's small pads and tests; `write_pad` streams)."""
    with contextlib.closing(iter_pad(count, seed, difficulty, jobs, progress,
                                     scheduler)) as items:
        return list(items)


def render_sheets(layout_pickle: bytes, rows: list[dict[str, Any]], first: int,
                  total: int) -> bytes:
    """One part of the pad (a worker's unit of drawing): the island sheet, sent pickled
    (loaded once by the parent, so every worker draws exactly its layout; unpickled once per
    worker thread), filled with `rows` as pages `first`+1... of `total`."""
    from sheetgen.render.output import render_part

    cache = _worker_layouts.__dict__
    layout = cache.get("layout") if cache.get("pickle") == layout_pickle else None
    if layout is None:
        layout = pickle.loads(layout_pickle)
        cache.update(pickle=layout_pickle, layout=layout)
    return render_part(layout, rows, first, total)


_worker_layouts = threading.local()


def write_pad(out: BinaryIO, *, count: int = 10, seed: int = 1, difficulty: str = "normal",
              jobs: int = 1, paper: str = "a4", progress: Callable[[int, int], None] | None = None,
              scheduler: str | None = None) -> tuple[int, int]:
    """Write the pad's PDF to `out` as the islands arrive (see the module docstring);
    returns (pages, islands tried). `progress(done, count)` per island.

    With workers, they draw the parts as well (`render_sheets`, at most PARTS_AHEAD at a
    time): this process only takes the islands in order and appends the finished parts, so
    drawing grows with the workers instead of waiting on one core. Each part depends only on
    its islands and their place in the pad, so the bytes are those of `--jobs 1`."""
    from sheetgen.render.output import render_part, row_parts, stream_parts
    from sheetgen.workers import map_ahead

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

    layout = sheet_layout(paper)
    with pad_workers(jobs, scheduler) as submit, \
            contextlib.closing(pad_islands(submit, count, seed, difficulty, jobs,
                                           step)) as items:
        parts = row_parts(layout, rows(items))
        if submit is None:
            pdfs: Iterator[bytes] = (render_part(layout, part, first, count)
                                     for first, part in parts)
        else:
            frozen = pickle.dumps(layout)
            pdfs = map_ahead(lambda part: submit(render_sheets, frozen, part[1], part[0],
                                                 count), parts, PARTS_AHEAD)
        pages = stream_parts(pdfs, out)
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
