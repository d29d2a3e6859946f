"""Calibration prints: sheets a person prints once and reads to set up their printer."""

from __future__ import annotations

import click

from sheetgen.layout.units import PAPER_MM, PT_PER

PAPERS = click.Choice(sorted(PAPER_MM), case_sensitive=False)


@click.group(short_help="Print calibration sheets (duplex back offset).")
def calibrate():
    """Print calibration sheets for a printer."""


@calibrate.command()
@click.option("--paper", type=PAPERS, default="a4", show_default=True)
@click.option("--orientation", type=click.Choice(["portrait", "landscape"]),
              default="portrait", show_default=True)
@click.option("--duplex", type=click.Choice(["long-edge", "short-edge"]), default="long-edge",
              show_default=True, help="How the printer turns the sheet (as in the layout).")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False),
              default="output/duplex-calibration.pdf", show_default=True)
def duplex(paper, orientation, duplex, out):
    """A two-page sheet whose back, held to a light, reads the printer's back offset in mm
    (set it as imposition.back_offset)."""
    from sheetgen.atomic import write_bytes
    from sheetgen.render.calibrate import draw_duplex_calibration
    from sheetgen.render.pdf import PdfCanvas

    w, h = (v * PT_PER["mm"] for v in PAPER_MM[paper.lower()])
    if (orientation == "landscape") != (w > h):
        w, h = h, w
    canvas = PdfCanvas(title="sheetgen duplex calibration")
    draw_duplex_calibration(canvas, w, h, duplex)
    write_bytes(out, canvas.finish())
    click.echo(f"wrote {out}: print it duplex ({duplex}) at 100 %, then read the back")


commands = [calibrate]
