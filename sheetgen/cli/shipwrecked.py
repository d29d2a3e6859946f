"""`sheetgen shipwrecked score`: the winner of a finished game, with the rule that decided it.

A thin layer: reading and printing only; the rules live in sheetgen.games.shipwrecked.scoring.
Exit status: 0 a result was printed, 2 the input could not be read.
"""

from __future__ import annotations

import json

import click

from sheetgen.errors import SheetgenError


@click.group("shipwrecked")
def shipwrecked() -> None:
    """Shipwrecked!: score a finished game (the pad is `sheetgen pad shipwrecked`)."""


_RULE_WORDS = {
    "islands": "holds more islands",
    "sailors ashore": "islands level; more sailors on islands (first tie-break)",
    "fewest in the ocean": "islands and sailors ashore level; fewer sailors in the ocean "
                           "(second tie-break)",
    "draw": "level on islands, sailors ashore and sailors in the ocean",
}


@shipwrecked.command("score")
@click.argument("counts_file", required=False, type=click.Path(dir_okay=False))
@click.option("--island", "islands", multiple=True, metavar="BLACK:WHITE",
              help="sailors on one island, e.g. --island 6:4 (repeat per island)")
@click.option("--ocean", metavar="BLACK:WHITE", help="sailors still in the ocean")
@click.option("--sailors", type=click.IntRange(1, 1000), default=None,  # countsfile.MAX_SAILORS
              help="sailor dice per crew (default 30)")
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON")
def score(counts_file: str | None, islands: tuple[str, ...], ocean: str | None,
          sailors: int | None, as_json: bool) -> None:
    """Decide a finished game from a COUNTS_FILE (YAML) or from --island/--ocean pairs."""
    from sheetgen.games.shipwrecked.countsfile import load_counts, parse_pair
    from sheetgen.games.shipwrecked.scoring import SAILORS_PER_CREW, counts, decide

    if counts_file and (islands or ocean):
        raise SheetgenError("give a counts file or --island/--ocean, not both")
    if counts_file:
        final, per_crew = load_counts(counts_file, sailors)
    else:
        if not islands or ocean is None:
            raise SheetgenError("nothing to score", hint="sheetgen shipwrecked score end.yaml, "
                                "or --island 6:4 --island 3:5 ... --ocean 9:7")
        final = counts([parse_pair(t, "--island") for t in islands],
                       parse_pair(ocean, "--ocean"))
        per_crew = sailors or SAILORS_PER_CREW
        problems = final.problems(per_crew)
        if problems:
            raise SheetgenError(problems[0], hint="--sailors N if you play with more dice")
    result = decide(final)
    if as_json:
        click.echo(json.dumps({
            "winner": result.winner, "decided_by": result.decided_by,
            "controllers": list(result.controllers), "islands_held": result.held,
            "sailors_ashore": result.ashore, "sailors_in_ocean": result.ocean,
        }, indent=2, sort_keys=True))
        return
    click.echo("island  black  white  held by")
    for n, (island, who) in enumerate(zip(final.islands, result.controllers, strict=True), 1):
        click.echo(f"{n:>6}  {island.black:>5}  {island.white:>5}  {who or 'nobody'}")
    for label, table in (("islands held", result.held), ("sailors ashore", result.ashore),
                         ("in the ocean", result.ocean)):
        click.echo(f"{label:>14}: black {table['black']}, white {table['white']}")
    words = _RULE_WORDS[result.decided_by]
    if result.winner is None:
        click.echo(f"a draw: {words}")
    else:
        click.echo(f"{result.winner} wins: {words}")


group = shipwrecked
