"""`sheetgen pad voodoo`: Voodoo Pirate's board, ship mats, cards and player aids."""

from __future__ import annotations

import click


def pad_voodoo(paper: str, out: str) -> None:
    """Board, five ship mats, 30 Action cards, 27 Object cards, player aids and tokens."""
    from sheetgen.atomic import write_bytes
    from sheetgen.games.voodoo.pad import build_pad

    data, pages = build_pad(paper=paper)
    write_bytes(out, data)
    click.echo(f"wrote {out}: {pages} pages, {len(data) / 1024:.0f} KiB")


PAD_OPTIONS = [
    click.Option(["--paper"], type=click.Choice(["a4", "letter"]), default="a4",
                 show_default=True, help="sheet for mats, cards and aids"),
    click.Option(["-o", "--output", "out"], type=click.Path(dir_okay=False), required=True),
]


def _register_pad() -> None:
    """`sheetgen pad voodoo` under the existing pad group."""
    from sheetgen.cli.islands import pad

    pad.add_command(click.Command("voodoo", callback=pad_voodoo, params=PAD_OPTIONS,
                                  help=pad_voodoo.__doc__))


_register_pad()

commands: list[click.Command] = []
