"""`sheetgen shipwrecked score|simulate|replay`: decide a finished game, measure the game
with the whole-game engine, re-check a game log.

A thin layer: reading and printing only; the rules live in sheetgen.games.shipwrecked
(scoring, state, batch, simulate, gamelog). Exit status: 0 done, 1 a log breaks a rule
(replay), 2 the input could not be read.
"""

from __future__ import annotations

import json
from typing import Any

import click

from sheetgen.cli.engine_options import replay_command, simulate_options
from sheetgen.errors import SheetgenError


@click.group("shipwrecked")
def shipwrecked() -> None:
    """Shipwrecked!: score a finished game, simulate many, replay a log (the pad is
    `sheetgen pad shipwrecked`)."""


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


POLICY_NAMES = ("concentrate", "spread", "contest", "deny", "greedy")  # policies.POLICIES


def _pair(text: str, option: str, low: float, high: float) -> tuple[float, float]:
    """`1.2:1` (seat 0, seat 1) or one value for both; within [low, high)."""
    parts = text.split(":")
    try:
        values = tuple(float(p) for p in parts)
    except ValueError:
        values = ()
    if len(values) == 1:
        values = values * 2
    if len(values) != 2 or not all(low <= v < high for v in values):
        raise click.BadParameter(f"{text!r}: expected a number or A:B (first player:second), "
                                 f"each from {low:g} up to {high:g}", param_hint=option)
    return values  # type: ignore[return-value]


def _policies(text: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    for name in names:
        if name not in POLICY_NAMES:
            from sheetgen.errors import did_you_mean

            raise click.BadParameter(f"unknown policy {name!r}; the policies are "
                                     f"{', '.join(POLICY_NAMES)}" + (
                                         f" ({did_you_mean(name, POLICY_NAMES)})"
                                         if did_you_mean(name, POLICY_NAMES) else ""),
                                     param_hint="--policies")
    if not names or len(set(names)) != len(names):
        raise click.BadParameter("give one or more different policies, comma-separated",
                                 param_hint="--policies")
    return names


@click.command("simulate")
@simulate_options(games=1000, log_format="shipwrecked-log/1")
@click.option("--policies", "policy_list", default=",".join(POLICY_NAMES), show_default=True,
              help="Policies to play against each other (every ordered pair, itself "
                   "included); -n games per pairing.")
@click.option("--speed", default="1:1", show_default=True, metavar="A:B",
              help="Grab speed of the first and second player (only the ratio matters).")
@click.option("--wrong-grab", default="0.05:0.05", show_default=True, metavar="A:B",
              help="Share of each side's grabs that pick a wrong die (dropped back).")
def simulate_command(n_games: int, seed: int, jobs: int, scheduler: str | None,
                     log_dir: str | None, as_json: bool, policy_list: str, speed: str,
                     wrong_grab: str) -> None:
    """Play the policies against each other and measure the game: length in captain rolls
    against its exact law, win rates with Wilson intervals, the first player's edge,
    drawn islands and games, and which tie-break decided."""
    from sheetgen.games.shipwrecked.rules import GrabModel
    from sheetgen.games.shipwrecked.simulate import report, run

    names = _policies(policy_list)
    grab = GrabModel(_pair(speed, "--speed", 0.01, 100.0),
                     _pair(wrong_grab, "--wrong-grab", 0.0, 0.95))
    fig = run(names, n_games, seed, grab, jobs=jobs, scheduler=scheduler, log_dir=log_dir)
    if as_json:
        click.echo(json.dumps(fig, indent=2, sort_keys=True))
    else:
        click.echo(report(fig))


def _replay(path: str) -> Any:
    from sheetgen.games.shipwrecked.gamelog import replay_file

    return replay_file(path)


shipwrecked.add_command(simulate_command)
shipwrecked.add_command(replay_command("shipwrecked-log/1", _replay))

group = shipwrecked
