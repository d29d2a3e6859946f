"""The Captain's Curse pad streamed to its file: parts of PART_ROWS sheets appended as the
islands arrive, islands computed a bounded number ahead, the file written atomically."""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers.pdfcheck import page_boxes, pdffonts, qpdf_check

from sheetgen.cli import main
from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse import pad
from sheetgen.render import output
from sheetgen.render.stream import StreamingPdf
from sheetgen.workers import map_ahead


def quick_item(args):
    """An island without verification (geometry only, ~0.1 s): for tests of the pipeline,
    not of the islands."""
    from sheetgen.games.captains_curse.islands.generate import generate_island

    seed, index, _ = args
    return generate_island(seed * 1000 + index).data, f"quick island {index}", 1


def test_streamed_pad_across_parts_is_the_same_whatever_jobs(runner, tmp_path, monkeypatch):
    """Real verified islands, parts of 2 sheets, 3 sheets: the last part is short."""
    monkeypatch.setattr(output, "PART_ROWS", 2)
    a, b = tmp_path / "jobs1.pdf", tmp_path / "jobs2.pdf"
    args = ["pad", "captains-curse", "--count", "3", "--seed", "9", "-q"]
    for jobs, out in (("1", a), ("2", b)):
        r = runner.invoke(main, [*args, "--jobs", jobs, "-o", str(out)])
        assert r.exit_code == 0, r.output
    assert a.read_bytes() == b.read_bytes()
    code, said = qpdf_check(a)
    assert code == 0, said
    boxes = page_boxes(a)
    assert len(boxes) == 3
    assert all(x.has_trim and x.has_bleed and x == boxes[0] for x in boxes)
    fonts = pdffonts(a)
    assert fonts and all(f.embedded for f in fonts)
    # the bytes API (no output path) gives the same file
    built = pad.build_pad(count=3, seed=9, jobs=1)
    assert built.pdf == a.read_bytes() and built.pages == 3


def test_a_failed_pad_leaves_no_partial_file_and_the_old_one_intact(runner, tmp_path,
                                                                     monkeypatch):
    """Island 5 fails after two parts of 2 sheets are already in the temporary file."""
    monkeypatch.setattr(output, "PART_ROWS", 2)
    written = []
    monkeypatch.setattr(StreamingPdf, "add_part",
                        lambda self, pdf, real=StreamingPdf.add_part:
                        written.append(real(self, pdf)))

    def failing(args):
        if args[1] == 5:
            raise SheetgenError("the sea rose too fast")
        return quick_item(args)

    monkeypatch.setattr(pad, "pad_item", failing)
    out = tmp_path / "pad.pdf"
    out.write_bytes(b"the old pad")
    r = runner.invoke(main, ["pad", "captains-curse", "--count", "8", "-q", "-o", str(out)])
    assert r.exit_code == 2 and "the sea rose too fast" in r.output
    assert written == [2, 2]  # two parts had been streamed out before the failure
    assert out.read_bytes() == b"the old pad"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pad.pdf"]


def test_the_pad_holds_a_part_of_islands_at_a_time(tmp_path, monkeypatch):
    """What would make memory grow with --count, watched through hooks: islands computed
    long before they are drawn, or pages kept instead of written. With one job the islands
    are computed on demand: when part k is appended, exactly k parts' islands exist."""
    monkeypatch.setattr(output, "PART_ROWS", 3)
    made = []
    at_part = []

    def counted(args):
        made.append(args[1])
        return quick_item(args)

    monkeypatch.setattr(pad, "pad_item", counted)
    real = StreamingPdf.add_part

    def add_part(self, pdf):
        at_part.append(len(made))
        return real(self, pdf)

    monkeypatch.setattr(StreamingPdf, "add_part", add_part)
    out = tmp_path / "pad.pdf"
    result = pad.build_pad(count=8, seed=2, output=out)
    assert result.pages == 8 and result.pdf == b""
    assert at_part == [3, 6, 8]
    assert made == list(range(8))
    assert len(page_boxes(out)) == 8


def test_with_workers_the_sheets_are_drawn_in_the_workers(tmp_path, monkeypatch):
    """With --jobs 2 the main process only assembles: every part is drawn by a worker
    (which process drew it is written to a file, the workers being other processes), and
    the bytes are those drawn here with one job."""
    monkeypatch.setattr(output, "PART_ROWS", 2)
    monkeypatch.setattr(pad, "pad_item", quick_item)
    drawn_by = tmp_path / "drawn-by"
    real = output.render_pdf

    def render_pdf(*args, **kwargs):
        with open(drawn_by, "a") as fh:
            fh.write(f"{os.getpid()}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(output, "render_pdf", render_pdf)
    one = pad.build_pad(count=5, seed=3, jobs=1)
    assert drawn_by.read_text().split() == [str(os.getpid())] * 3
    drawn_by.unlink()
    two = pad.build_pad(count=5, seed=3, jobs=2)
    pids = drawn_by.read_text().split()
    assert len(pids) == 3 and str(os.getpid()) not in pids
    assert two.pdf == one.pdf and two.pages == 5


def test_map_ahead_keeps_a_bounded_number_in_flight():
    """The worker pools (and dask) get at most `ahead` islands beyond those taken; the
    results come back in order whatever order they finish in."""
    import threading
    import time

    lock = threading.Lock()
    state = {"submitted": 0, "taken": 0, "most": 0}

    def work(i):
        time.sleep(0.001 * ((7 * i) % 5))  # finish out of order
        return i * i

    with ThreadPoolExecutor(4) as pool:
        def submit(i):
            with lock:
                state["submitted"] += 1
                state["most"] = max(state["most"], state["submitted"] - state["taken"])
            return pool.submit(work, i)

        got = []
        for value in map_ahead(submit, range(40), ahead=5):
            state["taken"] += 1
            got.append(value)
    assert got == [i * i for i in range(40)]
    assert state["most"] == 5
    with pytest.raises(ValueError):
        list(map_ahead(submit, range(3), ahead=0))
