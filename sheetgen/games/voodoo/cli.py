"""Voodoo Pirate on the command line: the `voodoo` group checks and makes board files, answers
the rules' movement questions from the board model, plays games in bulk (`simulate`),
re-checks game logs (`replay`) and judges a board (`verify`); `sheetgen pad voodoo`,
declared by the game's GAME, prints the game.

A thin layer over sheetgen.games.voodoo. Exit status: 0 fine, 1 a replayed log has a fault
or a board is outside its bands, 2 an input could not be read.
"""

from __future__ import annotations

import json
import sys

import click

from sheetgen.cli.engine_options import replay_command, simulate_options
from sheetgen.errors import SheetgenError

LOG_FORMAT = "voodoo-log/1"


@click.group()
def voodoo() -> None:
    """Voodoo Pirate: check, make and verify boards, ask where a ship can sail, simulate and
    replay games (the pad is `sheetgen pad voodoo`)."""


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
@click.option("--verify/--no-verify", default=True, show_default=True,
              help="keep only a board that passes `voodoo verify` (the next candidate of "
                   "the same seed is tried otherwise)")
@click.option("--scale", type=click.FloatRange(0.05, 100), default=1.0, show_default=True,
              help="verify: multiply every lineup's game count")
@click.option("--tries", type=click.IntRange(1, 100), default=8, show_default=True,
              help="verify: how many candidate boards to play before giving up")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
              help="verify: worker processes (the board does not depend on it)")
@click.option("-q", "--quiet", is_flag=True, help="no grid, no summary")
def board_new_cmd(seed: int, out: str, verify: bool, scale: float, tries: int, jobs: int,
                  quiet: bool) -> None:
    """Make a new board: the values, sea, harbour and tidal waters the rules fix, with the
    haunted squares, maps and middle barrels (sheetgen's design) placed from SEED; by
    default only a board that passes `voodoo verify` is kept (exit 1 if none of --tries
    candidates does)."""
    from sheetgen.atomic import write_text
    from sheetgen.games.voodoo.generate import generate_board

    made = generate_board(seed)
    note = ""
    if verify:
        from sheetgen.games.voodoo.verify import DEFAULT_PLAN, verify_board

        plan = DEFAULT_PLAN.scaled(scale)
        for candidate in range(tries):
            if candidate:
                made = generate_board(seed, made.attempt + 1)
            verdict = verify_board(made.text, plan, seed, jobs=jobs)
            if not quiet:
                click.echo(f"candidate {candidate + 1} (attempt {made.attempt}): "
                           + ("passes" if verdict.ok else "outside its bands: " + ", ".join(
                               c.name for c in verdict.checks if not c.ok)), err=True)
            if verdict.ok:
                note = f", verified at scale {scale:g}"
                break
        else:
            click.echo(f"error: no board of seed {seed} passed verify in {tries} candidates",
                       err=True)
            sys.exit(1)
    write_text(out, made.text)
    if not quiet:
        _echo_board(made.board)
        click.echo(f"wrote {out} (seed {seed}, attempt {made.attempt}{note})")


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


def _board_text(board_file: str | None) -> str | None:
    """A board file's text, checked (None: the bundled Sea of Souls); a fault is located."""
    if board_file is None:
        return None
    from sheetgen.games.voodoo.board import parse_board
    from sheetgen.layout.source import read_text

    text = read_text(board_file)
    parse_board(text, board_file)
    return text


def _progress(label: str, enabled: bool):
    """`progress(done, total)` drawing a bar on stderr (the pads' bar), and its closer."""
    if not enabled:
        return None, lambda: None
    from sheetgen.cli.progress import progress_bar

    return progress_bar(label)


@voodoo.command("simulate")
@click.option("--players", default="greedy,greedy,greedy,greedy", show_default=True,
              help="The player seats, clockwise, comma-separated: random, greedy, planner.")
@click.option("--cursed", type=click.IntRange(0, 5), default=0, show_default=True,
              help="Cursed Pirates (the automa) seated after the players.")
@click.option("--board", "board_file", type=click.Path(dir_okay=False), default=None,
              help="A board file (default: the bundled Sea of Souls).")
@click.option("--rotate", is_flag=True,
              help="Turn the seats one place each game, so every player sits everywhere.")
@click.option("--rollouts", type=click.IntRange(1), default=None,
              help="planner: rollouts per candidate move (default: the planner's own).")
@click.option("--candidates", type=click.IntRange(1), default=None,
              help="planner: how many of greedy's best moves it plays forward.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@simulate_options(games=200, log_format=LOG_FORMAT)
def simulate_cmd(players: str, cursed: int, board_file: str | None, rotate: bool,
                 rollouts: int | None, candidates: int | None, quiet: bool, n_games: int,
                 seed: int, jobs: int, scheduler: str | None, log_dir: str | None,
                 as_json: bool) -> None:
    """Play many games and report how they went: rounds, how games ended, win shares by
    seat, starting harbour space, player and Cursed Pirates, and where the winners' Voodoo
    Power came from (95% Wilson intervals). The figures do not depend on --jobs."""
    from sheetgen.games.voodoo.simulate import (
        Run,
        board_from_text,
        lineup,
        play_games,
        report_lines,
        summarize,
    )

    text = _board_text(board_file)
    names = [p.strip() for p in players.split(",") if p.strip()] if players else []
    options = {k: v for k, v in (("rollouts", rollouts), ("candidates", candidates))
               if v is not None}
    line = lineup(names, cursed, rotate, options)
    progress, close = _progress("Voodoo Pirate", not (quiet or as_json))
    try:
        games = play_games(Run(text, line, log_dir), n_games, seed, jobs=jobs,
                           scheduler=scheduler, progress=progress)
    finally:
        close()
    board = board_from_text(text)
    figures = summarize(games, board, line)
    if as_json:
        click.echo(json.dumps({"board": board.name, "seed": seed, **figures.to_dict()}))
        return
    for row in report_lines(figures, board):
        click.echo(row)
    if log_dir:
        click.echo(f"logs: {len(games)} {LOG_FORMAT} files in {log_dir}")


def _replay_file(path: str):
    from sheetgen.games.voodoo.gamelog import replay_file

    return replay_file(path)


voodoo.add_command(replay_command(LOG_FORMAT, _replay_file))


@voodoo.command("verify")
@click.argument("board_file", required=False, type=click.Path(dir_okay=False))
@click.option("--scale", type=click.FloatRange(0.05, 100), default=1.0, show_default=True,
              help="Multiply every lineup's game count (1: the documented plan).")
@click.option("--seed", type=int, default=1, show_default=True, help="Base seed.")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
              help="Worker processes (the verdict does not depend on it).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Play on dask.distributed (tcp://HOST:PORT or 'local').")
@click.option("--lineup", "lineups", multiple=True,
              type=click.Choice(["table", "skill", "cursed"]),
              help="Play only this lineup (repeatable; default: all three).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
def verify_cmd(board_file: str | None, scale: float, seed: int, jobs: int,
               scheduler: str | None, lineups: tuple[str, ...], as_json: bool,
               quiet: bool) -> None:
    """Play BOARD_FILE (default: the bundled Sea of Souls) in three lineups and check the
    documented bands (docs/voodoo.md): games end in a sensible number of rounds, both end
    triggers happen, no seat or starting space is favoured beyond its margin, the planner
    beats greedy beats random, Cursed Pirates are neither doormats nor unbeatable. Exit
    status 1 when a band does not hold."""
    from sheetgen.games.voodoo.verify import DEFAULT_PLAN, verify_board

    text = _board_text(board_file)
    bar: dict = {}

    def progress(name: str, done: int, total: int) -> None:
        if quiet or as_json:
            return
        if bar.get("name") != name:
            if bar.get("close"):
                bar["close"]()
            bar["name"] = name
            bar["update"], bar["close"] = _progress(f"verify {name}", True)
        bar["update"](done, total)

    try:
        verdict = verify_board(text, DEFAULT_PLAN.scaled(scale), seed, jobs=jobs,
                               scheduler=scheduler, progress=progress,
                               lineups=lineups or ("table", "skill", "cursed"))
    finally:
        if bar.get("close"):
            bar["close"]()
    if as_json:
        click.echo(json.dumps(verdict.to_dict()))
    else:
        for row in verdict.lines():
            click.echo(row)
    if not verdict.ok:
        sys.exit(1)


group = voodoo
