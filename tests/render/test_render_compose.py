"""Composition details: how recordings become forms, the draw order survives, and the
RecordingCanvas text format that golden files rely on."""

from __future__ import annotations

import pytest

from sheetgen.canvas.protocol import Stroke
from sheetgen.layout.document import load_layout
from sheetgen.render.compose import compose, record_instances, sheet_count
from sheetgen.render.recording import RecordingCanvas, format_calls

DECK = """
page: {size: poker, bleed: 0}
data: [{n: Anne}, {n: Mary}, {n: Jack}]
elements:
  - {type: rect, x: 0, y: 0, w: 63.5, h: 88.9, fill: sand}
  - {type: rect, x: 5, y: 5, w: 10, h: 10, fill: navy}
  - {type: text, text: "${n}", x: 10, y: 40}
  - {type: icon, name: anchor, x: 20, y: 60, size: 10}
"""


def test_shared_runs_become_forms_and_order_is_kept(write_layout):
    canvas = RecordingCanvas()
    pages = compose(load_layout(write_layout(DECK)), canvas)
    assert pages == 3
    first = canvas.calls[:next(i for i, (n, _) in enumerate(canvas.calls) if n == "end_page")]
    names = [n for n, _ in first]
    # background + badge are shared (one form), the name is drawn inline, the icon is a form
    body = names[names.index("transform"):]
    assert body == ["transform", "begin_form", "path", "path", "end_form", "use_form",
                    "text", "begin_form", "path", "end_form", "use_form", "pop"]
    forms = [a[0] for n, a in canvas.calls if n == "use_form"]
    assert len(forms) == 6 and len(set(forms)) == 2


def test_a_single_page_has_no_forms(write_layout):
    canvas = RecordingCanvas()
    compose(load_layout(write_layout("elements: [{type: rect, w: 5, h: 5, fill: red}]\n")),
            canvas)
    assert not any(n.endswith("_form") for n, _ in canvas.calls)


def test_instances_hold_one_block_per_drawn_element(write_layout):
    insts = record_instances(load_layout(write_layout(DECK)))
    assert [len(i.blocks) for i in insts] == [4, 4, 4]
    keys = [[k for k, _ in i.blocks] for i in insts]
    assert keys[0][0] == keys[1][0] == keys[2][0]
    assert len({k[2] for k in keys}) == 3  # the names differ


def test_progress_is_reported_per_instance(write_layout):
    ticks = []
    record_instances(load_layout(write_layout(DECK)), count=2, progress=ticks.append)
    assert ticks == [1] * 6


def test_sheet_count(write_layout):
    lay = load_layout(write_layout(DECK))
    assert sheet_count(lay, 2) == 6
    imposed = load_layout(write_layout(
        DECK.replace("page:", "imposition: {sheet: a4, across: 3, down: 3}\npage:"), "imp.yaml"))
    assert sheet_count(imposed, 3) == 1 and sheet_count(imposed, 4) == 2


def test_format_calls_is_stable_text():
    text = format_calls([
        ("path", ((("M", 0.0, -0.001), ("L", 1.23456, 2.0)), (1.0, 0.5, 0.0),
                  Stroke(color=(0.0, 0.0, 0.0), width=0.5), 1.0, False)),
        ("text", (1.005, 2.0, "Ahoy", "sans", 10, None, 1.0)),
        ("end_page", ()),
    ])
    assert text == ("path ((M 0 0) (L 1.23 2)) (1 0.5 0) Stroke((0 0 0) 0.5 - 0 0) 1 False\n"
                    "text 1 2 Ahoy sans 10 - 1\n"  # 1.005 rounds to 1.0 in binary floating point
                    "end_page\n")


def test_recording_key_tells_artwork_apart():
    a, b, c = RecordingCanvas(), RecordingCanvas(), RecordingCanvas()
    for rec, x in ((a, 1.0), (b, 1.0), (c, 2.0)):
        rec.path([("M", x, 0.0)], fill=(0.0, 0.0, 0.0))
    assert a.key() == b.key() != c.key()


def test_replay_reproduces_the_calls():
    src = RecordingCanvas()
    src.push()
    src.transform(1, 0, 0, 1, 5, 5)
    src.text(0, 0, "x", "sans", 9, (0, 0, 0))
    src.pop()
    dst = RecordingCanvas()
    src.replay(dst)
    assert dst.calls == src.calls


@pytest.mark.parametrize("valign, expected", [("top", "cap"), ("baseline", "y"),
                                              ("bottom", "bottom")])
def test_text_vertical_alignment(write_layout, valign, expected):
    from sheetgen.assets import fonts

    mm = 72 / 25.4
    insts = record_instances(load_layout(write_layout(f"""
        elements:
          - {{type: text, text: Ahoy, y: 10mm, h: 10mm, font: sans, size: 10,
             valign: {valign}}}
        """)))
    (y,) = [a[1] for _, rec in insts[0].blocks for n, a in rec.calls if n == "text"]
    want = {"cap": 10 * mm + fonts.cap_height("sans", 10), "y": 10 * mm,
            "bottom": 20 * mm + fonts.descent("sans", 10)}[expected]
    assert y == pytest.approx(want)


def test_identical_recordings_are_kept_once(write_layout):
    insts = record_instances(load_layout(write_layout(DECK)), count=5)
    backgrounds = {id(inst.blocks[0][1]) for inst in insts}
    names = {id(inst.blocks[2][1]) for inst in insts}
    assert len(backgrounds) == 1  # one recording object serves all 15 pages
    assert len(names) == 3        # Anne, Mary, Jack
