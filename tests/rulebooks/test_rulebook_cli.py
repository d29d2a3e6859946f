"""`sheetgen rulebook`: writes PDFs, reports pages, and fails cleanly (exit 2, no file)."""

from __future__ import annotations

from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import main


def test_one_game_to_a_file(tmp_path, keep_cli_render):
    out = tmp_path / "rules.pdf"
    result = CliRunner().invoke(main, ["rulebook", "shipwrecked", "--paper", "a5", "-o",
                                       str(out)])
    assert result.exit_code == 0, result.output
    assert f"{out} (" in result.output and "pages)" in result.output
    assert len(PdfReader(out).pages) >= 3
    # Kept as the book's second render for test_render.py's determinism test (which
    # otherwise renders it again); if that test rendered it first, the bytes must agree.
    assert keep_cli_render("shipwrecked", "a5", False, out.read_bytes()) == out.read_bytes()


def test_booklet_option(tmp_path, keep_cli_render):
    out = tmp_path / "booklet.pdf"
    result = CliRunner().invoke(main, ["rulebook", "shipwrecked", "--booklet", "-o", str(out)])
    assert result.exit_code == 0, result.output
    page = PdfReader(out).pages[0]
    assert float(page.mediabox.width) > float(page.mediabox.height)
    assert keep_cli_render("shipwrecked", "a4", True, out.read_bytes()) == out.read_bytes()


def test_errors_exit_2_and_write_nothing(tmp_path):
    runner = CliRunner()
    out = tmp_path / "x.pdf"
    result = runner.invoke(main, ["rulebook", "shipwreck", "-o", str(out)])
    assert result.exit_code == 2
    assert "did you mean 'shipwrecked'" in result.output
    result = runner.invoke(main, ["rulebook", "shipwrecked", "--paper", "a5", "--booklet",
                                  "-o", str(out)])
    assert result.exit_code == 2 and "A6" in result.output
    result = runner.invoke(main, ["rulebook"])
    assert result.exit_code == 2 and "--all" in result.output
    result = runner.invoke(main, ["rulebook", "--all", "-o", str(out)])
    assert result.exit_code == 2 and "folder" in result.output
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []
