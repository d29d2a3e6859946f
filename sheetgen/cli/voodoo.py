"""Voodoo Pirate on the command line: the `voodoo` group checks a board file and answers the
rules' movement questions from the board model (`sheetgen pad voodoo`, declared by the game's
GAME, prints the game)."""

from __future__ import annotations

import click

from sheetgen.errors import SheetgenError


@click.group()
def voodoo() -> None:
    """Voodoo Pirate: check a board file, ask where a ship can sail (the pad is `sheetgen pad
    voodoo`)."""


class _BoardGroup(click.Group):
    """`voodoo board [FILE]` checks and prints a board; `voodoo board new` makes one. A first
    word that is not a subcommand is the board file of `show`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args or (args[0] not in self.commands and args[0] not in ("--help", "-h")):
            args = ["show", *args]
        return super().parse_args(ctx, args)


@voodoo.group("board", cls=_BoardGroup)
def board_group() -> None:
    """Check and print a board file (`voodoo board [FILE]`), or make a new board (`voodoo
    board new --seed N -o FILE`)."""


@board_group.command("show")
@click.argument("board_file", required=False, type=click.Path(dir_okay=False))
def board_cmd(board_file: str | None) -> None:
    """Check BOARD_FILE (default: the bundled Sea of Souls) and print it as text: each space's
    value and kind (~ tidal, h haunted, M map, H harbour, . calm, # land)."""
    from sheetgen.games.voodoo.board import load_board

    _echo_board(load_board(board_file))


def _echo_board(board) -> None:
    from sheetgen.games.voodoo.board import KIND_LETTERS

    letters = {v: k for k, v in KIND_LETTERS.items()}
    for row in range(board.rows):
        cells = []
        for col in range(board.columns):
            kind = board.kind((col, row))
            cells.append("  # " if kind == "land" else
                         f"{board.value((col, row)):>2}{letters[kind]} ")
        click.echo("".join(cells).rstrip())
    click.echo(f"{board.name}: {len(board.sea())} sea squares, harbour of "
               f"{len(board.harbour())}, maps at {board.maps()}")


@board_group.command("new")
@click.option("--seed", type=click.IntRange(0, 2 ** 63 - 1), required=True,
              help="the same seed always makes the same board, byte for byte")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), required=True,
              help="board file to write (YAML)")
@click.option("-q", "--quiet", is_flag=True, help="no grid, no summary")
def board_new_cmd(seed: int, out: str, quiet: bool) -> None:
    """Make a new board: the values, sea, harbour and tidal waters the rules fix, with the
    haunted squares, maps and middle barrels (sheetgen's design) placed from SEED."""
    from sheetgen.atomic import write_text
    from sheetgen.games.voodoo.generate import generate_board

    made = generate_board(seed)
    write_text(out, made.text)
    if not quiet:
        _echo_board(made.board)
        click.echo(f"wrote {out} (seed {seed}, attempt {made.attempt})")


def _space(text: str) -> tuple[int, int]:
    try:
        col, row = (int(p) for p in text.split(","))
    except ValueError:
        raise SheetgenError(f"'{text}' is not a space", hint="write column,row, e.g. 6,0 "
                            "(column 0 is the westmost, row 0 the northmost)") from None
    return col, row


@voodoo.command("reach")
@click.argument("space")
@click.option("--card", required=True,
              type=click.Choice(["#oodoo", "Tix", "Stars", "Ghost Whisper", "Jax", "Tok",
                                 "Take", "Poppet"]))
@click.option("--wind", type=click.Choice(["Fair Wind", "Becalmed", "Mermaid's Breath",
                                           "Storm"]), default=None,
              help="default: the board's starting wind")
@click.option("--tide", type=click.Choice(["IN", "OUT"]), default=None)
@click.option("--ship", "others", multiple=True, help="another ship at column,row")
@click.option("--compass", is_flag=True, help="the ship holds the compass")
@click.option("--no-match", is_flag=True, help="no colour match in the ritual")
def reach_cmd(space: str, card: str, wind: str | None, tide: str | None,
              others: tuple[str, ...], compass: bool, no_match: bool) -> None:
    """Where a ship at SPACE (column,row) can end its turn with CARD, and one way there."""
    from sheetgen.games.voodoo.board import default_board
    from sheetgen.games.voodoo.sea import in_harbour, new_sea, plan_label, reachable

    board = default_board()
    start = _space(space)
    if not board.is_space(start):
        raise SheetgenError(f"{start} is not a space of the board")
    ships = {"you": start}
    for i, other in enumerate(others):
        ships[f"ship {i + 1}"] = _space(other)
    kw = {k: v for k, v in (("wind", wind), ("tide", tide)) if v is not None}
    sea = new_sea(board, ships, **kw)
    plans = reachable(board, sea, "you", card, compass=compass, match=not no_match)
    if not plans and in_harbour(board, sea, "you"):
        click.echo(f"{card} cannot be worked in the harbour (rules l.514-518)")
        return
    for end, plan in sorted(plans.items(), key=lambda kv: (-board.value(kv[0]), kv[0])):
        where = "Voodoo Shore" if board.is_shore(end) else f"{end[0]},{end[1]}"
        click.echo(f"{where:>12}  worth {board.value(end):>2}  ({plan_label(plan)})")


group = voodoo
