"""`parsed_once`: WeasyPrint parses each distinct figure path once per render, and the PDF
is byte for byte what it draws without it (glyphs used many times, markers, arcs)."""

from __future__ import annotations

import base64

import pytest

from sheetgen.rulebooks.svgpaths import parsed_once

weasyprint = pytest.importorskip("weasyprint")
weasy_svg = pytest.importorskip("weasyprint.svg")

SVG = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="200pt" height="120pt" viewBox="0 0 200 120">
<defs>
 <marker id="dot" markerWidth="4" markerHeight="4" refX="2" refY="2">
  <circle cx="2" cy="2" r="1.5" fill="#8c2318"/></marker>
 <path id="g1" d="M77 0L77 -652L241 -652L345 -362C351.667 -342.667 357.833 -323.167 363.5
  -303.5L385 -242Z"/>
 <path id="g2" d="M-6 0L198 -652L374 -652L579 0L423 0L383 -155L184 -155L144 0ZM353 -270
  L338 -330Q320 -400 285 -540T230 -330Z"/>
</defs>
<use xlink:href="#g1" transform="matrix(0.02 0 0 0.02 10 30)"/>
<use xlink:href="#g2" transform="matrix(0.02 0 0 0.02 30 30)"/>
<use xlink:href="#g1" transform="matrix(0.02 0 0 0.02 50 30)"/>
<use xlink:href="#g2" transform="matrix(0.03 0 0 0.03 70 40)"/>
<use xlink:href="#g1" transform="matrix(0.03 0 0 0.03 100 40)"/>
<path d="M10 80 a20 10 0 0 1 40 0 s10 10 20 0 h20 v10 H10 z" fill="none" stroke="#1f4e5f"
 marker-start="url(#dot)" marker-mid="url(#dot)" marker-end="url(#dot)"/>
<path d="M10 80 a20 10 0 0 1 40 0 s10 10 20 0 h20 v10 H10 z" fill="none" stroke="#1f4e5f"
 transform="translate(90 10)" marker-mid="url(#dot)"/>
<path d="M150 10 L190 10 L190 50 L170" stroke="#1f1a17" fill="none"/>
<path d="M150 10 L190 10 L190 50 L170" stroke="#1f1a17" fill="none" transform="translate(0 40)"/>
</svg>"""


def _pdf() -> bytes:
    uri = "data:image/svg+xml;base64," + base64.b64encode(SVG.encode()).decode("ascii")
    html = (f'<p>Figure</p><img src="{uri}" style="width: 200pt">'
            f'<p>Again</p><img src="{uri}" style="width: 100pt">')
    return weasyprint.HTML(string=html).write_pdf(pdf_identifier=b"0" * 32)


def test_same_bytes_with_and_without_and_each_distinct_path_parsed_once(monkeypatch):
    plain = _pdf()
    parsed: list[str] = []
    draw_path = weasy_svg.TAGS["path"]

    def counting(svg, node, font_size):
        parsed.append(node.get("d"))
        return draw_path(svg, node, font_size)

    monkeypatch.setitem(weasy_svg.TAGS, "path", counting)
    counted = _pdf()
    drawn = len(parsed)
    parsed.clear()
    with parsed_once():
        once = _pdf()
        assert weasy_svg.TAGS["path"] is not counting
    assert weasy_svg.TAGS["path"] is counting  # put back when the render ends
    assert once == counted == plain
    assert drawn == 2 * 9  # five uses and four paths, in each of the two images
    # g1, g2 and the stroked path once each (the second image draws at another size, but a
    # path's data is in its own units, so its stream calls are the same); the bad one
    # (a lone coordinate: WeasyPrint draws up to it and stops) every time it is drawn.
    bad = [d for d in parsed if d.endswith("L170")]
    assert len(bad) == 4
    good = [d for d in parsed if not d.endswith("L170")]
    assert sorted(set(good)) == sorted(good) and len(good) == 3
