"""`sheetgen swashbuckle ...`: check sheets, score matches, solve cards, advise a position.

A thin layer: parsing and printing only; everything else is in sheetgen.games.swashbuckle.
Exit status: 0 all good, 1 the sheet or match has mistakes, 2 the input could not be read.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sheetgen.games.swashbuckle.card import Card, load_card


class DiceType(click.ParamType):
    """Dice as `3,3,5,6,1`, `33561` or (via DiceCommand) `3 3 5 6 1`."""

    name = "dice"

    def convert(self, value, param, ctx):
        if isinstance(value, list):
            return value
        text = str(value).replace(",", " ").split()
        if len(text) == 1 and len(text[0]) > 1:
            text = list(text[0])
        try:
            return [int(t) for t in text]
        except ValueError:
            self.fail(f"{value!r} is not a list of dice like 3 3 5 6 1", param, ctx)


class DiceCommand(click.Command):
    """Lets `--dice 3 3 5 6 1` take several words by joining them before click parses."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        out: list[str] = []
        i = 0
        while i < len(args):
            if args[i] == "--dice":
                j = i + 1
                words = []
                while j < len(args) and args[j].replace(",", "").isdigit():
                    words.append(args[j])
                    j += 1
                out += ["--dice", " ".join(words)]
                i = j
            else:
                out.append(args[i])
                i += 1
        return super().parse_args(ctx, out)


def _card(name: str) -> Card:
    return load_card(name)


@click.group("swashbuckle")
def swashbuckle() -> None:
    """Swashbuckle rules engine: check sheets, score matches, solve and advise."""


@swashbuckle.command("check")
@click.argument("sheets", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--quiet", "-q", is_flag=True, help="Print only the mistakes.")
def check(sheets: tuple[str, ...], quiet: bool) -> None:
    """Recompute a filled sheet's subtotals, bonuses, tallies and moniker; list mistakes."""
    from sheetgen.games.swashbuckle.sheet import load_sheet

    bad = 0
    for path in sheets:
        sheet = load_sheet(path)
        for finding in sheet.findings:
            click.echo(str(finding))
        bad += len(sheet.findings)
        if not quiet:
            for line in sheet.summary():
                click.echo(line)
            click.echo(f"{path}: {'ok' if sheet.ok else f'{len(sheet.findings)} mistake(s)'}")
    sys.exit(1 if bad else 0)


@swashbuckle.command("score")
@click.argument("match", type=click.Path(dir_okay=False))
def score(match: str) -> None:
    """Score a finished match: each sheet checked, cross-player rules, standings."""
    from sheetgen.games.swashbuckle.match import load_match

    result = load_match(match)
    for finding in result.all_findings:
        click.echo(str(finding))
    click.echo(f"{'place':>5}  {'player':<20} {'plunder':>7}  moniker")
    for s in result.standings:
        click.echo(f"{s.place:>5}  {s.player:<20} {s.total:>7}  {s.moniker or '-'}")
    sys.exit(0 if result.ok else 1)


@swashbuckle.command("solve")
@click.argument("card", default="swashbuckle")
@click.option("--games", default=100_000, show_default=True,
              help="Simulated optimal games for the score distribution (0: none).")
@click.option("--seed", default=2021, show_default=True, help="Seed of the simulation.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Directory for the table (default: the package's tables/).")
def solve_cmd(card: str, games: int, seed: int, out_dir: str | None) -> None:
    """Compute the optimal solitaire strategy of CARD and persist its value table."""
    import numpy as np

    from sheetgen.games.swashbuckle.simulate import simulate
    from sheetgen.games.swashbuckle.solver import solve
    from sheetgen.games.swashbuckle.table import save_table

    the_card = _card(card)

    def progress(used: int, done: int, seconds: float) -> None:
        click.echo(f"  {used:2d} boxes used: {done:>9,} states, {seconds:7.1f} s", err=True)

    solution = solve(the_card, progress=progress)
    click.echo(f"{the_card.name}: expected optimal score {solution.expected:.4f} "
               f"({solution.states:,} states in {solution.seconds:.1f} s, "
               f"{solution.states / max(solution.seconds, 1e-9):,.0f} states/s)")
    dist = None
    if games:
        dist = simulate(solution, games, np.random.default_rng(seed))
        pct = "  ".join(f"p{q}={v:g}" for q, v in dist.percentiles().items())
        click.echo(f"simulated {games:,} games: mean {dist.mean:.2f} +- {dist.stderr:.2f}; {pct}")
    paths = save_table(solution, dist, Path(out_dir) if out_dir else None, seed=seed)
    for path in paths:
        click.echo(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")


@swashbuckle.command("par")
@click.argument("card", default="swashbuckle")
def par(card: str) -> None:
    """Print the par figures (optimal expectation and percentiles) from the persisted table."""
    from sheetgen.games.swashbuckle.table import par_figures

    figures = par_figures(_card(card))
    click.echo(f"expected {figures['expected']:.2f} ({figures['moniker'] or 'no moniker'})")
    for key, value in figures.items():
        if key.startswith("p") and key[1:].isdigit():
            click.echo(f"  {key}: {value:g}")


@swashbuckle.command("advise", cls=DiceCommand)
@click.option("--card", "card_name", default="swashbuckle", show_default=True)
@click.option("--state", default="", help="Filled boxes, e.g. 'ones=3 fours=12 piracy=0'.")
@click.option("--dice", required=True, type=DiceType(), help="The dice, e.g. 3 3 5 6 1.")
@click.option("--rolls-left", type=int, required=True, help="Rolls still allowed this turn.")
@click.option("--top", default=6, show_default=True, help="How many options to list.")
def advise_cmd(card_name: str, state: str, dice: list[int], rolls_left: int, top: int) -> None:
    """Which dice to keep (rolls left) or which box to fill (none left), with expected values.

    Values are expected points still to come, this turn included, under optimal play.
    """
    from sheetgen.games.swashbuckle.advisor import advise, parse_state

    card = _card(card_name)
    advice = advise(card, parse_state(card, state), dice, rolls_left)
    for line in advice.lines(top):
        click.echo(line)


group = swashbuckle
