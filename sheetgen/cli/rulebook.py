"""`sheetgen rulebook`: print a game's rulebook (or all of them) as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.atomic import output_folder, write_bytes
from sheetgen.cli.preflight import PREFLIGHT_OPTION, preflight_or_exit
from sheetgen.cli.press_options import press_options, press_standard
from sheetgen.errors import SheetgenError
from sheetgen.rulebooks import PAPERS, check_game, render_all, rulebook_games
from sheetgen.rulebooks.render import page_count, paper_for


@click.command("rulebook")
@click.argument("game", required=False)
@click.option("--all", "all_games", is_flag=True, help="Print every game's rulebook.")
@click.option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True,
              help="Page size; with --booklet, the sheet you print on.")
@click.option("--booklet", is_flag=True,
              help="Impose for saddle-stitch: 2 pages per side, print duplex, fold, staple.")
@click.option("--jobs", type=click.IntRange(1, 16), default=2, show_default=True,
              help="With --all: books rendered in parallel.")
@click.option("-o", "--output", type=click.Path(dir_okay=True, path_type=Path),
              help="Output PDF (one game) or folder (--all). Default: output/.")
@press_options
@PREFLIGHT_OPTION
def rulebook(game: str | None, all_games: bool, paper: str, booklet: bool, jobs: int,
             output: Path | None, colorspace: str | None, pdfx: str | None,
             preflight_after: bool) -> None:
    """Print the rulebook of GAME (or --all) as a print-ready PDF."""
    standard = press_standard(colorspace, pdfx)
    games = rulebook_games()
    if all_games == (game is not None):
        raise SheetgenError("name one GAME or use --all", hint=f"games: {', '.join(games)}")
    suffix = f"-{paper}" + ("-booklet" if booklet else "")
    if all_games:
        folder = output or Path("output")
        if folder.suffix.lower() == ".pdf":
            raise SheetgenError("with --all, -o names a folder, not a PDF file")
        output_folder(folder)
        targets = [(g, folder / f"{g}-rules{suffix}.pdf") for g in games]
    else:
        name = check_game(game)
        if name != game:
            click.echo(f"note: the rulebook '{game}' is now called '{name}'", err=True)
        game = name
        targets = [(game, output or Path("output") / f"{game}-rules{suffix}.pdf")]
    paper_for(paper, booklet)  # a bad paper/booklet pair fails before any rendering
    pdfs = render_all(tuple(g for g, _ in targets), paper, booklet, jobs if all_games else 1)
    if standard:
        from sheetgen.render.pdfx import make_pdfx

        pdfs = {name: make_pdfx(data, standard) for name, data in pdfs.items()}
    for name, target in targets:
        write_bytes(target, pdfs[name])
        click.echo(f"{target} ({page_count(pdfs[name])} pages)")
    if preflight_after:
        preflight_or_exit([target for _, target in targets])


commands = [rulebook]
