"""`--colorspace` and `--pdfx`, the same on every command that writes a PDF (render, pad,
rulebook): CMYK for a press, as PDF/X-4 unless X-1a is asked for (`sheetgen.render.pdfx`)."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.errors import SheetgenError

_OPTIONS = [
    (["--colorspace"], {
        "type": click.Choice(["rgb", "cmyk"]), "default": None,
        "help": "cmyk: for a press: every colour as inks for the FOGRA39 coated profile (RGB "
                "converted by littleCMS), as PDF/X (--pdfx, default x4)."}),
    (["--pdfx"], {
        "type": click.Choice(["x4", "x1a"]), "default": None,
        "help": "PDF/X standard of a CMYK file (implies --colorspace cmyk): x4 (default; "
                "allows transparency) or x1a (no transparency, PDF 1.4)."}),
]


def press_options(func):
    """The decorator form, for commands written with decorators (render, rulebook)."""
    for names, settings in reversed(_OPTIONS):
        func = click.option(*names, **settings)(func)
    return func


def press_click_options() -> list[click.Option]:
    """The same options as objects, for commands built from parameter lists (pads)."""
    return [click.Option(names, **settings) for names, settings in _OPTIONS]


def press_standard(colorspace: str | None, pdfx: str | None) -> str | None:
    """The PDF/X standard to write ("x4", "x1a"), or None for RGB; --pdfx alone means
    CMYK, and RGB with --pdfx is a contradiction."""
    if pdfx and colorspace == "rgb":
        raise SheetgenError(f"--pdfx {pdfx} makes a CMYK file; --colorspace rgb contradicts it",
                            hint="drop --colorspace rgb, or drop --pdfx for a home print")
    if pdfx:
        return pdfx
    return "x4" if colorspace == "cmyk" else None


def convert_written(paths: list[Path], standard: str | None) -> None:
    """Make PDFs a builder has written PDF/X in place. All are converted before any is
    replaced; if one cannot be (transparency in X-1a), the RGB files are removed rather than
    left under the names asked for a press file, and the error says so."""
    if standard is None:
        return
    from sheetgen.atomic import write_bytes
    from sheetgen.render.pdfx import make_pdfx

    try:
        converted = [make_pdfx(path.read_bytes(), standard) for path in paths]
    except SheetgenError as err:
        for path in paths:
            path.unlink(missing_ok=True)
        err.message = f"{err.message} (nothing written)"
        raise
    for path, data in zip(paths, converted, strict=True):
        write_bytes(path, data)
