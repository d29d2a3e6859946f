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


@voodoo.command("board")
@click.argument("board_file", required=False, type=click.Path(dir_okay=False))
def board_cmd(board_file: str | None) -> None:
    """Check BOARD_FILE (default: the bundled Sea of Souls) and print it as text: each space's
    value and kind (~ tidal, h haunted, M map, H harbour, . calm, # land)."""
    from sheetgen.games.voodoo.board import KIND_LETTERS, load_board

    board = load_board(board_file)
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
