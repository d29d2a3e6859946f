"""`sheetgen preflight` and `--preflight`: exit 0 on a pass, 1 on a failure (with the report
naming page and piece), 2 on a file that is not a PDF; the commands that write PDFs take
`--preflight`."""

from __future__ import annotations

from sheetgen.cli import main

CLEAN = """
page: {size: a4, bleed: 0mm}
elements:
  - {type: text, text: "Hello, crew", x: 20, y: 20, w: 100, h: 10, size: 10}
"""

SMALL = CLEAN.replace("size: 10}", "size: 5}")


def test_pass_fail_and_bad_input(runner, write_layout, tmp_path):
    good, bad = tmp_path / "good.pdf", tmp_path / "bad.pdf"
    for text, out in ((CLEAN, good), (SMALL, bad)):
        done = runner.invoke(main, ["render", str(write_layout(text)), "-q", "-o", str(out)])
        assert done.exit_code == 0, done.output
    done = runner.invoke(main, ["preflight", str(good)])
    assert done.exit_code == 0, done.output
    assert "result: pass" in done.stdout
    done = runner.invoke(main, ["preflight", str(bad)])
    assert done.exit_code == 1
    assert "FAIL  text-size" in done.stdout and "page 1, piece 1: 'Hello, crew' is 5.0 pt" \
        in done.stdout
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf")
    done = runner.invoke(main, ["preflight", str(junk)])
    assert done.exit_code == 2 and "not a PDF" in done.stderr
    done = runner.invoke(main, ["preflight", str(tmp_path / "missing.pdf")])
    assert done.exit_code == 2 and "cannot read" in done.stderr
    done = runner.invoke(main, ["preflight", "--check", "nope", str(good)])
    assert done.exit_code == 2 and "no such check" in done.stderr


def test_render_preflight_option(runner, write_layout, tmp_path):
    out = tmp_path / "bad.pdf"
    done = runner.invoke(main, ["render", str(write_layout(SMALL)), "-q", "-o", str(out),
                                "--preflight"])
    assert done.exit_code == 1 and out.exists()  # written, then reported
    assert "FAIL  text-size" in done.stdout
    done = runner.invoke(main, ["render", str(write_layout(CLEAN)), "-q", "-o", str(out),
                                "--preflight"])
    assert done.exit_code == 0 and "result: pass" in done.stdout


def test_pad_and_rulebook_take_preflight(runner):
    for args in (["pad", "shipwrecked", "--help"], ["rulebook", "--help"]):
        done = runner.invoke(main, args)
        assert done.exit_code == 0 and "--preflight" in done.stdout
