"""`sheetgen rulebook`: print a game's rulebook (or all of them) as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from sheetgen.atomic import write_bytes
from sheetgen.errors import SheetgenError
from sheetgen.rulebooks import GAMES, PAPERS, check_game, render_book
from sheetgen.rulebooks.render import page_count


@click.command("rulebook")
@click.argument("game", required=False)
@click.option("--all", "all_games", is_flag=True, help="Print every game's rulebook.")
@click.option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True,
              help="Page size; with --booklet, the sheet you print on.")
@click.option("--booklet", is_flag=True,
              help="Impose for saddle-stitch: 2 pages per side, print duplex, fold, staple.")
@click.option("-o", "--output", type=click.Path(dir_okay=True, path_type=Path),
              help="Output PDF (one game) or folder (--all). Default: output/.")
def rulebook(game: str | None, all_games: bool, paper: str, booklet: bool,
             output: Path | None) -> None:
    """Print the rulebook of GAME (or --all) as a print-ready PDF."""
    if all_games == (game is not None):
        raise SheetgenError("name one GAME or use --all", hint=f"games: {', '.join(GAMES)}")
    suffix = f"-{paper}" + ("-booklet" if booklet else "")
    if all_games:
        folder = output or Path("output")
        if folder.suffix.lower() == ".pdf":
            raise SheetgenError("with --all, -o names a folder, not a PDF file")
        targets = [(g, folder / f"{g}-rules{suffix}.pdf") for g in GAMES]
    else:
        check_game(game)
        targets = [(game, output or Path("output") / f"{game}-rules{suffix}.pdf")]
    for name, target in targets:
        pdf = render_book(name, paper, booklet)
        write_bytes(target, pdf)
        click.echo(f"{target} ({page_count(pdf)} pages)")


commands = [rulebook]
