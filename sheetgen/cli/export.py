"""`sheetgen export png|tts`: a layout as card images, or as a Tabletop Simulator deck."""

from __future__ import annotations

import click

from sheetgen.cli.layouts import layout_options, render_options
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import load_layout


@click.group()
def export() -> None:
    """Write a layout as images: one PNG per card, or Tabletop Simulator deck sheets."""


def _load(layout, sets, seed, paper, bleed, crop_marks, island):
    return load_layout(find_layout(layout), layout_options(sets, seed, paper, bleed, crop_marks,
                                                     island))


@export.command("png")
@click.argument("layout")
@click.option("-o", "--output", "out", type=click.Path(file_okay=False), required=True,
              help="Folder for the PNG files (created if its parent exists).")
@click.option("--dpi", type=click.IntRange(10, 1200), default=300, show_default=True)
@click.option("--count", type=click.IntRange(1, 10000), default=1, show_default=True,
              help="Copies of each card.")
@click.option("--keep-bleed", is_flag=True,
              help="Keep the layout's bleed around each card instead of cutting at the trim.")
@render_options
def export_png_command(layout, out, dpi, count, keep_bleed, sets, seed, paper, bleed,
                       crop_marks, island):
    """One PNG per card of LAYOUT (trimmed, not imposed), named by card number or by the
    layout's `name:` expression; with a `back:`, a `-back` PNG per card too."""
    from sheetgen.render.images import export_png

    doc = _load(layout, sets, seed, paper, bleed, crop_marks, island)
    written = export_png(doc, out, dpi, count, keep_bleed)
    click.echo(f"wrote {len(written)} PNG file(s) to {out}")


@export.command("tts")
@click.argument("layout")
@click.option("-o", "--output", "out", type=click.Path(file_okay=False), required=True,
              help="Folder for the deck sheets, back image and deck JSON.")
@click.option("--dpi", type=click.IntRange(10, 1200), default=150, show_default=True,
              help="Card resolution (TTS accepts sheets up to 10000 px).")
@click.option("--count", type=click.IntRange(1, 10000), default=1, show_default=True,
              help="Copies of each card.")
@click.option("--name-field", default=None, metavar="FIELD",
              help="Data field naming each card in TTS (its Nickname). Default: the row's "
                   "name (or title, card) field, else the layout's name: expression.")
@click.option("--text-field", default=None, metavar="FIELD",
              help="Data field shown as each card's Description in TTS. Default: the row's "
                   "text (or description, rules, effect, ability, body) field, else its "
                   "other fields as 'key: value' lines.")
@render_options
def export_tts_command(layout, out, dpi, count, name_field, text_field, sets, seed, paper,
                       bleed, crop_marks, island):
    """A Tabletop Simulator custom deck of LAYOUT: sheets of up to 10 x 7 cards (last cell
    free), a back image and a saved-object JSON (see docs/export.md for importing). Each
    card is named and described in TTS from its data row (--name-field, --text-field)."""
    from sheetgen.render.images import export_tts

    doc = _load(layout, sets, seed, paper, bleed, crop_marks, island)
    written = export_tts(doc, out, dpi, count, name_field, text_field)
    sheets = sum(1 for p in written if "-sheet" in p.name and "-back" not in p.name)
    backs = sum(1 for p in written if "-back" in p.name)
    click.echo(f"wrote {sheets} deck sheet(s), {backs} back image(s) and {written[-1].name} "
               f"to {out}")


commands = [export]
