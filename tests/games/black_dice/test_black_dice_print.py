"""The Curse of the Black Dice printed parts: token counts as the source lists them, backs
behind their fronts, dice stickers at the right size, every layout clean under --strict."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from sheetgen.assets.fonts import string_width
from sheetgen.cli import main
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import compose
from sheetgen.render.recording import RecordingCanvas
from tests.helpers.pdfcheck import MM

# The source's contents list (seed: curse-of-the-black-dice.txt, "Content" and the token
# descriptions): 40 gold as 10 x 3, 20 x 4, 10 x 5; 22 rum; 2 summoning, 2 map; 3 ship
# damage; 3 enemy damage; 2 ship/enemy tokens; 2 blockades; 1 captain's marker.
SOURCE_COUNTS = {
    ("gold", 3): 10, ("gold", 4): 20, ("gold", 5): 10, ("rum", None): 22,
    ("ship-damage", None): 3, ("enemy-damage", None): 3, ("summoning", None): 2,
    ("map", None): 2, ("ship", None): 2, ("blockade", None): 2, ("captain", None): 1,
}
TOKEN_LAYOUTS = ("black-dice/tokens", "black-dice/ship-tokens")


def _layout(name: str, **overrides):
    return load_layout(find_layout(name), RenderOptions(overrides=overrides))


def test_token_sheets_hold_the_source_counts():
    pages = Counter()
    for name in TOKEN_LAYOUTS:
        for row in _layout(name).page_rows():
            pages[(row.fields["kind"], row.fields.get("value"))] += 1
    assert dict(pages) == SOURCE_COUNTS
    gold = sum(n * v for (kind, v), n in pages.items() if kind == "gold")
    assert gold == 160  # 10 x 3 + 20 x 4 + 10 x 5


def test_gold_tokens_share_one_back_so_their_value_stays_hidden():
    """Gold is taken face down (source: setting up, step 4): every value's back is the same."""
    rows = [r for r in _layout("black-dice/tokens").page_rows() if r.fields["kind"] == "gold"]
    assert {r.fields["back"] for r in rows} == {"gold-back"}


def _placed_texts(layout) -> list[list[tuple[str, float, float]]]:
    """Per physical page: (text, centre x, baseline y) in points, y down, with every
    transform and form placement applied (what a printer puts where)."""
    canvas = RecordingCanvas()
    compose(layout, canvas)
    forms: dict[str, list] = {}
    pages: list[list[tuple[str, float, float]]] = []

    def mul(m, n):  # m applied first, then n
        a, b, c, d, e, f = m
        A, B, C, D, E, F = n
        return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D,
                e * A + f * C + E, e * B + f * D + F)

    def play(calls, ctm, out):
        stack, recording = [], None
        for name, args in calls:
            if recording is not None:  # a form's body: kept, drawn where it is used
                if name == "end_form":
                    recording = None
                else:
                    forms[recording].append((name, args))
            elif name == "begin_form":
                recording = args[0]
                forms[recording] = []
            elif name == "begin_page":
                out = []
                pages.append(out)
                ctm, stack = (1, 0, 0, 1, 0, 0), []
            elif name == "push":
                stack.append(ctm)
            elif name == "pop":
                ctm = stack.pop()
            elif name == "transform":
                ctm = mul(args, ctm)
            elif name == "use_form":
                play(forms[args[0]], ctm, out)
            elif name == "text":
                x, y, text, font, size = args[:5]
                cx = x + string_width(text, font, size) / 2
                a, b, c, d, e, f = ctm
                out.append((text, a * cx + c * y + e, b * cx + d * y + f))

    play(canvas.calls, (1, 0, 0, 1, 0, 0), [])
    return pages


BACK_LABEL = {"GOLD": "?"}  # what the back of a token shows where its front says this


@pytest.mark.parametrize("name,labels", [
    ("black-dice/tokens", {"GOLD", "RUM", "SHIP", "ENEMY", "SUMMON", "MAP"}),
    ("black-dice/ship-tokens", {"OUR SHIP", "BLOCKED", "CAPTAIN"}),
])
def test_token_backs_mirror_their_fronts(name, labels):
    """Long-edge duplex turns a portrait sheet left to right: each token's back label must sit
    at the front's centre mirrored across the sheet, at the same height."""
    layout = _layout(name)
    sheet_w = layout.imposition.sheet_width
    pages = _placed_texts(layout)
    assert len(pages) == 2 * -(-len(layout.page_rows()) // layout.imposition.per_sheet)
    expected = {"OUR SHIP": "THE ENEMY"}
    placed = 0
    for front_page, backs in zip(pages[::2], pages[1::2], strict=True):  # front, its back
        fronts = [t for t in front_page if t[0] in labels]
        placed += len(fronts)
        for text, x, y in fronts:
            want = BACK_LABEL.get(text, expected.get(text, text))
            near = [b for b in backs if b[0] == want and abs(b[1] - (sheet_w - x)) < 0.5
                    and abs(b[2] - y) < 4 * MM]
            assert near, (text, x / MM, y / MM)
    assert placed == len(layout.page_rows())


def test_dice_labels_fit_a_16mm_die_and_cover_every_face():
    layout = _layout("black-dice/dice-labels")
    names = layout.names
    assert 12 <= names["label"] < 16  # a little smaller than the face
    rows = layout.page_rows()
    assert [len(r.fields["dice"]) for r in rows] == [24, 24]  # 24 black, 4 x 6 crew
    assert Counter(rows[1].fields["dice"]).most_common()[0][1] == 6
    assert len(set(rows[1].fields["dice"])) == 4


@pytest.mark.parametrize("name", ["black-dice/tokens", "black-dice/ship-tokens",
                                  "black-dice/dice-labels"])
def test_layout_renders_strict(name, tmp_path):
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(main, ["render", name, "--strict", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 10_000
