"""`sheetgen swashbuckle ...`: check sheets, score matches, solve cards, advise a position.

A thin layer: parsing and printing only; everything else is in sheetgen.games.swashbuckle.
Exit status: 0 all good, 1 the sheet or match has mistakes, 2 the input could not be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # the card module loads numpy; `swashbuckle --help` need not pay for it
    from sheetgen.games.swashbuckle.card import Card


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


def _card(name: str, options: tuple[str, ...] = ()) -> Card:
    from sheetgen.games.swashbuckle.card import load_card, parse_option_args

    return parse_option_args(load_card(name), options)


def option_flag(fn):
    """`--option NAME=VALUE` (repeatable): the card's readings and house rules
    (scuttle=any|only_if_nothing_scores, correspondence, calculator_penalty, manners,
    captains_ransom, gentle_piracy, columns; see docs/swashbuckle.md)."""
    return click.option(
        "--option", "options", multiple=True, metavar="NAME=VALUE",
        help="A card option, e.g. scuttle=any or gentle_piracy=true (repeatable); "
             "overrides the card and the sheet or match file.")(fn)


@click.group("swashbuckle")
def swashbuckle() -> None:
    """Swashbuckle rules engine: check sheets, score matches, solve and advise."""


@swashbuckle.command("card")
@click.argument("card", default="swashbuckle")
@click.option("--json", "as_json", is_flag=True, help="The card as one JSON object.")
@option_flag
def card_cmd(card: str, as_json: bool, options: tuple[str, ...]) -> None:
    """Show CARD's boxes (the ids --state and sheet files use), rules, options and monikers."""
    from sheetgen.games.swashbuckle.cardinfo import card_facts, card_lines

    the_card = _card(card, options)
    if as_json:
        click.echo(json.dumps(card_facts(the_card), indent=1, ensure_ascii=False))
        return
    for line in card_lines(the_card):
        click.echo(line)


@swashbuckle.command("check")
@click.argument("sheets", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--quiet", "-q", is_flag=True, help="Print only the mistakes.")
@option_flag
def check(sheets: tuple[str, ...], quiet: bool, options: tuple[str, ...]) -> None:
    """Recompute a filled sheet's subtotals, bonuses, tallies and moniker; list mistakes."""
    from sheetgen.games.swashbuckle.sheet import load_sheet

    bad = 0
    for path in sheets:
        sheet = load_sheet(path, options=options)
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
@option_flag
def score(match: str, options: tuple[str, ...]) -> None:
    """Score a finished match: each sheet checked, cross-player rules, standings."""
    from sheetgen.games.swashbuckle.match import load_match

    result = load_match(match, options=options)
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
              help="Directory for the table and its summary (default: the summary in the "
                   "package's tables/, the values in the cache folder).")
@click.option("--pack", is_flag=True,
              help="Also write the values packed for shipping (<card>.values.xz; the package "
                   "carries the default card's so the advisor needs no first-use solve).")
@option_flag
def solve_cmd(card: str, games: int, seed: int, out_dir: str | None, pack: bool,
              options: tuple[str, ...]) -> None:
    """Compute the optimal solitaire strategy of CARD and persist its value table."""
    import numpy as np

    from sheetgen.games.swashbuckle.simulate import simulate
    from sheetgen.games.swashbuckle.solver import solve
    from sheetgen.games.swashbuckle.table import save_table

    the_card = _card(card, options)

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
    if pack:
        from sheetgen.games.swashbuckle.table import save_packed

        paths = (*paths, save_packed(solution, Path(out_dir) if out_dir else None))
    for path in paths:
        click.echo(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")


@swashbuckle.command("par")
@click.argument("card", default="swashbuckle")
@option_flag
def par(card: str, options: tuple[str, ...]) -> None:
    """Print the par figures (optimal expectation and percentiles) from the persisted table."""
    from sheetgen.games.swashbuckle.table import par_figures

    the_card = _card(card, options)
    figures = par_figures(the_card)
    click.echo(f"{the_card.name}, scuttle: {the_card.options.scuttle}")
    if "hornswaggle_adds" in figures:
        click.echo(f"with Hornswaggle in hand: {figures['hornswaggle_expected']:.2f} "
                   f"({figures['hornswaggle_adds']:+.2f})")
    click.echo(f"expected {figures['expected']:.2f} ({figures['moniker'] or 'no moniker'})")
    for key, value in figures.items():
        if key.startswith("p") and key[1:].isdigit():
            click.echo(f"  {key}: {value:g}")


@swashbuckle.command("hornswaggle")
@click.argument("card", default="swashbuckle")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Directory of the table (default: the package's tables/).")
@option_flag
def hornswaggle_cmd(card: str, out_dir: str | None, options: tuple[str, ...]) -> None:
    """What Hornswaggle (one extra roll per match for its cost) adds to par: solved on top of
    the persisted table, recorded in its summary (the table itself is unchanged)."""
    from sheetgen.games.swashbuckle.solver import solve_hornswaggle
    from sheetgen.games.swashbuckle.table import load_table, record_hornswaggle

    the_card = _card(card, options)
    directory = Path(out_dir) if out_dir else None
    base = load_table(the_card, directory)

    def progress(used: int, done: int, seconds: float) -> None:
        click.echo(f"  {used:2d} boxes used: {done:>9,} states, {seconds:7.1f} s", err=True)

    cost = the_card.parameters.get("hornswaggle", 15)
    horn = solve_hornswaggle(base, cost, progress=progress)
    figures = {"cost": cost, "expected": round(horn.expected, 4),
               "adds": round(horn.expected - base.expected, 4),
               "note": "solved over the stored table (values within 1/128 point)"}
    path = record_hornswaggle(the_card, figures, directory)
    click.echo(f"{the_card.name} (scuttle: {the_card.options.scuttle}): par "
               f"{base.expected:.2f}, with Hornswaggle in hand {horn.expected:.2f} "
               f"({horn.expected - base.expected:+.2f}) in {horn.seconds:.0f} s; wrote {path}")


def _first_use_progress(card: Card, state: str):
    """A progress bar (on stderr) for a first-use solve of the card's value table (minutes;
    the default card's table ships with the package), as a `solve` progress callback; None
    when the table is already at hand or not needed."""
    from sheetgen.games.swashbuckle.advisor import MAX_OPEN_WITHOUT_TABLE
    from sheetgen.games.swashbuckle.table import load_summary, table_paths

    values, summary = table_paths(card)
    open_boxes = len(card.boxes) - len(state.replace(",", " ").split())
    if open_boxes <= MAX_OPEN_WITHOUT_TABLE or values.exists() or not summary.exists():
        return None
    click.echo(f"first use: solving {card.name}'s strategy table (a few minutes), "
               f"cached in {values}", err=True)
    bar = click.progressbar(length=int(load_summary(card)["states"]), label="solving",
                            file=sys.stderr)
    shown = 0

    def progress(used: int, done: int, seconds: float) -> None:
        nonlocal shown
        bar.update(done - shown)
        shown = done
        if used == 0:
            bar.render_finish()

    return progress


@swashbuckle.command("advise", cls=DiceCommand)
@click.option("--card", "card_name", default="swashbuckle", show_default=True)
@click.option("--state", default="", help="Filled boxes, e.g. 'ones=3 fours=12 piracy=0'.")
@click.option("--dice", required=True, type=DiceType(), help="The dice, e.g. 3 3 5 6 1.")
@click.option("--rolls-left", type=int, required=True, help="Rolls still allowed this turn.")
@click.option("--top", default=6, show_default=True, help="How many options to list.")
@option_flag
def advise_cmd(card_name: str, state: str, dice: list[int], rolls_left: int, top: int,
               options: tuple[str, ...]) -> None:
    """Which dice to keep (rolls left) or which box to fill (none left), with expected values.

    Values are expected points still to come, this turn included, under optimal play.
    """
    from sheetgen.games.swashbuckle.advisor import advise, parse_state

    card = _card(card_name, options)
    progress = _first_use_progress(card, state)
    advice = advise(card, parse_state(card, state), dice, rolls_left, progress=progress)
    for line in advice.lines(top):
        click.echo(line)


group = swashbuckle
