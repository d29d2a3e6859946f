"""The layout commands as a user meets them: render, validate, list, preview; exit status 2
with `file:line:column` and no traceback on bad input; no partial or truncated output.

Commands run through `sheetgen.cli.main`. While other command modules are being written, a
half-finished one can break `import sheetgen.cli`; the `cli` fixture then falls back to a
group of the layout commands alone (with the same error handling), and only
`test_real_main_lists_subcommands` fails, pointing at the import.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click
import pytest
from helpers.pdfcheck import MM, page_boxes, page_texts
from PIL import Image

from sheetgen.errors import SheetgenError
from sheetgen.layout import bundled

BAD_UNIT = """
elements:
  - type: rect
    w: 12mn
    h: 10
"""
RENDER_TIME_FAULT = """
vars: {w: 10}
elements:
  - {type: rect, w: 10, h: 10, fill: navy}
  - {type: text, text: "${w + wdth}"}
"""
GOOD = """
name: tiny
description: A tiny test card
page: {size: [60mm, 40mm], bleed: 2mm}
vars: {title: Ahoy}
data: [{n: 1}, {n: 2}]
elements:
  - {type: rect, x: 0, y: 0, w: 60, h: 10, fill: navy, bleed: true}
  - {type: text, text: "${title} ${n}", x: 4, y: 14, size: 12}
"""


class _LayoutsOnly(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except SheetgenError as err:
            click.echo(err.format(), err=True)
            sys.exit(2)


@pytest.fixture
def cli(runner):
    """`cli(*args)` -> click Result, through sheetgen.cli.main when it imports."""
    try:
        from sheetgen.cli import main
    except Exception:  # another engineer's module is mid-edit; test ours alone
        from sheetgen.cli.layouts import commands

        main = _LayoutsOnly(commands={c.name: c for c in commands})

    def run(*args):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run


def assert_clean_error(result, location: str, message: str):
    assert result.exit_code == 2, result.output
    assert f"error: {location}: {message}" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def stray_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


# --- help ------------------------------------------------------------------------------
def test_real_main_lists_subcommands(runner):
    from sheetgen.cli import main

    result = runner.invoke(main, ["--help"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    for name, words in (("render", "print-ready PDF"), ("validate", "without rendering"),
                        ("list", "bundled layouts"), ("preview", "PNG")):
        line = next(line for line in lines if line.strip().startswith(name + " "))
        assert words in line and not line.endswith("..."), line


def test_render_help_lists_its_options(cli):
    out = cli("render", "--help").stdout
    for option in ("--set", "--seed", "--paper", "--count", "--bleed / --no-bleed",
                   "--crop-marks / --no-crop-marks", "--quiet", "-o, --output"):
        assert option in out, option


# --- render ----------------------------------------------------------------------------
def test_render_a_file(cli, write_layout, tmp_path):
    out = tmp_path / "out" / "tiny.pdf"
    result = cli("render", write_layout(GOOD), "-o", out, "--mkdir")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"wrote {out}: 2 page(s), ")
    assert [t.strip() for t in page_texts(out)] == ["Ahoy 1", "Ahoy 2"]


def test_render_bundled_scorecard_by_name(cli, tmp_path):
    out = tmp_path / "pad.pdf"
    result = cli("render", "swashbuckle/scorecard", "--count", "4", "-o", out, "--quiet")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
    assert len(page_boxes(out)) == 2


def test_render_default_output_path(cli, write_layout, tmp_path, monkeypatch):
    layout = write_layout(GOOD)
    monkeypatch.chdir(tmp_path)
    result = cli("render", layout, "-q")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "output" / "tiny.pdf").is_file()


def test_render_options_set_count_bleed_marks_paper(cli, write_layout, tmp_path):
    layout = write_layout(GOOD)
    out = tmp_path / "o.pdf"
    assert cli("render", layout, "-o", out, "--set", "title=Avast", "--count", "2",
               "--no-bleed", "-q").exit_code == 0
    assert [t.strip() for t in page_texts(out)] == ["Avast 1", "Avast 2"] * 2
    b = page_boxes(out)[0]
    assert b.media == pytest.approx(b.trim) and b.trim[2] == pytest.approx(60 * MM)
    assert cli("render", layout, "-o", out, "--crop-marks", "-q").exit_code == 0
    b = page_boxes(out)[0]
    assert b.media[2] == pytest.approx((60 + 2 * (2 + 9)) * MM)
    assert cli("render", "swashbuckle/scorecard", "-o", out, "--paper", "letter",
               "-q").exit_code == 0
    assert page_boxes(out)[0].media[2:] == pytest.approx((279.4 * MM, 215.9 * MM))


def test_progress_bar_on_stderr_unless_quiet(cli, write_layout, tmp_path):
    layout = write_layout(GOOD)
    loud = cli("render", layout, "-o", tmp_path / "a.pdf", "--count", "5")
    assert "Rendering" in loud.stderr
    quiet = cli("render", layout, "-o", tmp_path / "a.pdf", "--count", "5", "-q")
    assert quiet.stderr == "" and quiet.stdout == ""


# --- bad input: exit 2, a pointed message, no traceback --------------------------------
def test_bad_layout_exits_2_with_position_and_hint(cli, write_layout, tmp_path):
    layout = write_layout(BAD_UNIT)
    result = cli("render", layout, "-o", tmp_path / "x.pdf")
    assert_clean_error(result, f"{layout}:3:8", "rect.w: unknown unit 'mn' in '12mn'")
    assert "\n      w: 12mn\n         ^\n" in result.stderr
    assert "hint: width, e.g. 40mm" in result.stderr
    assert not (tmp_path / "x.pdf").exists()


def test_unknown_set_variable_exits_2(cli, write_layout, tmp_path):
    layout = write_layout(GOOD)
    result = cli("render", layout, "-o", tmp_path / "x.pdf", "--set", "titel=x")
    assert_clean_error(result, f"{layout}:4:1", "--set titel: this layout has no variable")
    assert "hint: did you mean 'title'?" in result.stderr


def test_set_without_equals_exits_2(cli, write_layout, tmp_path):
    result = cli("render", write_layout(GOOD), "-o", tmp_path / "x.pdf", "--set", "title")
    assert result.exit_code == 2
    assert "error: --set 'title' is not key=value" in result.stderr


def test_unknown_bundled_name_suggests_one(cli, tmp_path):
    result = cli("render", "swashbuckle/scorecrad", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2
    assert "error: no bundled layout named 'swashbuckle/scorecrad'" in result.stderr
    assert "hint: did you mean 'swashbuckle/scorecard'?" in result.stderr


def test_missing_layout_file_exits_2(cli, tmp_path):
    result = cli("validate", tmp_path / "nope.yaml")
    assert result.exit_code == 2 and "no such layout file" in result.stderr


def test_unwritable_output_exits_2(cli, write_layout, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = cli("render", write_layout(GOOD), "-o", blocker / "out.pdf", "-q")
    assert result.exit_code == 2
    assert f"error: cannot write {blocker / 'out.pdf'}" in result.stderr
    assert "Traceback" not in result.stderr


# --- no partial output ------------------------------------------------------------------
@pytest.mark.parametrize("text, where", [(BAD_UNIT, "3:8"), (RENDER_TIME_FAULT, "4:24")])
def test_failed_render_keeps_the_existing_output(cli, write_layout, tmp_path, text, where):
    layout = write_layout(text)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "card.pdf"
    out.write_bytes(b"%PDF-1.4 precious old pad\n")
    result = cli("render", layout, "-o", out)
    assert result.exit_code == 2
    assert f"{layout}:{where}:" in result.stderr
    assert out.read_bytes() == b"%PDF-1.4 precious old pad\n"
    assert sorted(p.name for p in out_dir.iterdir()) == ["card.pdf"]


def test_failed_render_leaves_no_file(cli, write_layout, tmp_path):
    result = cli("render", write_layout(RENDER_TIME_FAULT), "-o", tmp_path / "new.pdf")
    assert result.exit_code == 2
    assert not (tmp_path / "new.pdf").exists() and stray_files(tmp_path) == []


def test_atomic_write_failure_midway_keeps_the_old_file(tmp_path):
    from sheetgen.atomic import atomic_path

    target = tmp_path / "keep.pdf"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic_path(target) as tmp:
        tmp.write_bytes(b"half a new fi")
        raise RuntimeError("disk full")
    assert target.read_bytes() == b"old" and stray_files(tmp_path) == []


# --- validate ----------------------------------------------------------------------------
def test_validate_good_layouts(cli, write_layout):
    result = cli("validate", write_layout(GOOD), "swashbuckle/scorecard")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "ok: swashbuckle/scorecard"


def test_validate_catches_render_time_faults_and_writes_nothing(cli, write_layout, tmp_path):
    layout = write_layout(RENDER_TIME_FAULT)
    before = sorted(tmp_path.iterdir())
    result = cli("validate", layout)
    assert_clean_error(result, f"{layout}:4:24", "unknown name 'wdth'")
    assert sorted(tmp_path.iterdir()) == before


def test_validate_stops_at_the_first_bad_layout(cli, write_layout):
    good = write_layout(GOOD, "good.yaml")
    bad = write_layout(BAD_UNIT, "bad.yaml")
    result = cli("validate", good, bad)
    assert result.exit_code == 2
    assert f"ok: {good}" in result.stdout
    assert f"error: {bad}:3:8:" in result.stderr


# --- list and bundled names --------------------------------------------------------------
def test_list_shows_the_scorecard_with_its_description(cli):
    result = cli("list")
    assert result.exit_code == 0
    line = next(line for line in result.stdout.splitlines()
                if line.startswith("swashbuckle/scorecard "))
    assert "Swashbuckle scorecard pad" in line


@pytest.fixture
def fake_layouts(tmp_path, monkeypatch):
    root = tmp_path / "layouts"
    (root / "captains_curse" / "islands").mkdir(parents=True)
    (root / "captains_curse" / "island_sheet.yaml").write_text(
        "description: |\n  Island sheet\n  second line\nelements: []\n")
    (root / "captains_curse" / "islands" / "roomy.yaml").write_text("island: data\n")
    (root / "_drafts.yaml").write_text("name: draft\n")
    (root / "black_dice").mkdir()
    (root / "black_dice" / "score_pad.yaml").write_text("name: pad\n")
    monkeypatch.setattr(bundled, "LAYOUTS_DIR", root)
    return root


def test_bundled_names_use_hyphens_and_skip_data_folders(fake_layouts):
    assert sorted(bundled.bundled_layouts()) == ["black-dice/score-pad",
                                                  "captains-curse/island-sheet"]


@pytest.mark.parametrize("name", ["captains-curse/island-sheet", "captains_curse/island_sheet",
                                  "captains-curse/island_sheet/"])
def test_bundled_names_with_hyphens_or_underscores(fake_layouts, name):
    expected = fake_layouts / "captains_curse" / "island_sheet.yaml"
    assert bundled.find_layout(name) == expected


def test_list_and_validate_with_hyphenated_names(cli, fake_layouts):
    listing = [line.rstrip() for line in cli("list").stdout.splitlines()]
    assert listing == ["black-dice/score-pad", "captains-curse/island-sheet  Island sheet"]
    result = cli("validate", "captains-curse/island-sheet")
    assert result.exit_code == 0 and result.stdout == "ok: captains-curse/island-sheet\n"


# --- preview -----------------------------------------------------------------------------
def test_preview_writes_a_png_of_page_one(cli, write_layout, tmp_path):
    out = tmp_path / "p.png"
    result = cli("preview", write_layout(GOOD), "-o", out, "--dpi", "72")
    assert result.exit_code == 0, result.stderr
    image = Image.open(out)
    assert image.format == "PNG"
    w, h = 64 / 25.4 * 72, 44 / 25.4 * 72  # trim + 2 mm bleed each side, at 72 dpi
    assert abs(image.size[0] - w) < 1 and abs(image.size[1] - h) < 1
    assert image.convert("RGB").getpixel((20, 5)) == pytest.approx((0x1d, 0x35, 0x57), abs=2)


def test_preview_rejects_a_silly_dpi_and_keeps_old_file(cli, write_layout, tmp_path):
    out = tmp_path / "p.png"
    out.write_bytes(b"old png")
    result = cli("preview", write_layout(GOOD), "-o", out, "--dpi", "5")
    assert result.exit_code == 2 and "error: --dpi 5 is out of range" in result.stderr
    assert out.read_bytes() == b"old png" and stray_files(tmp_path) == []


def test_seed_reaches_the_layout(cli, write_layout, tmp_path):
    layout = write_layout("elements: [{type: text, text: 'seed ${seed}'}]\n")
    out = tmp_path / "s.pdf"
    assert cli("render", layout, "-o", out, "--seed", "17", "-q").exit_code == 0
    assert page_texts(out)[0].strip() == "seed 17"


def test_set_names_a_file_from_the_current_folder_and_island_is_its_old_spelling(
        cli, tmp_path, monkeypatch):
    """`--set island=FILE` finds FILE where the user is (not beside the layout); the old
    `--island FILE` gives the same sheet and a note on stderr."""
    from sheetgen.layout.bundled import LAYOUTS_DIR

    island = tmp_path / "mine.yaml"
    island.write_bytes((LAYOUTS_DIR / "captains_curse" / "islands" / "roomy.yaml").read_bytes())
    monkeypatch.chdir(tmp_path)
    new = cli("render", "captains-curse/island-sheet", "--set", "island=mine.yaml", "-q",
              "-o", tmp_path / "new.pdf")
    assert new.exit_code == 0, new.output
    assert new.stderr == ""
    old = cli("render", "captains-curse/island-sheet", "--island", "mine.yaml", "-q",
              "-o", tmp_path / "old.pdf")
    assert old.exit_code == 0, old.output
    assert "--island FILE is now --set island=FILE" in old.stderr
    assert (tmp_path / "new.pdf").read_bytes() == (tmp_path / "old.pdf").read_bytes()
