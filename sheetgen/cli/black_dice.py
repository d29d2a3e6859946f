"""`sheetgen black-dice simulate`: the balance checker of The Curse of the Black Dice.

A thin layer: reading and printing only; the engine lives in sheetgen.games.black_dice
(docs/black-dice.md). Exit status: 0 figures printed, 2 the quest could not be read.
"""

from __future__ import annotations

import json

import click


@click.group("black-dice")
def black_dice() -> None:
    """The Curse of the Black Dice: simulate a quest tile to check its balance."""


@black_dice.command("simulate")
@click.argument("quest")
@click.option("--players", type=click.IntRange(2, 4), default=3, show_default=True)
@click.option("-n", "--games", "n", type=click.IntRange(1, 10_000_000), default=2000,
              show_default=True, help="games to play")
@click.option("--seed", type=int, default=1, show_default=True,
              help="the same seed gives the same figures, whatever --jobs")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="worker processes")
@click.option("--policy", type=click.Choice(["greedy", "random"]), default="greedy",
              show_default=True, help="the bundled player at every seat")
@click.option("--json", "as_json", is_flag=True, help="print the figures as JSON")
def simulate_cmd(quest: str, players: int, n: int, seed: int, jobs: int, policy: str,
                 as_json: bool) -> None:
    """Play N games of QUEST (a bundled id: treasure, kraken, armada, dutchman; or a
    black-dice-quest/1 YAML file) and print the crew's win rate with its Wilson 95% interval,
    how games were lost, rounds to finish and each seat's gold."""
    from sheetgen.games.black_dice.quest import load_quest
    from sheetgen.games.black_dice.simulate import report_lines, simulate

    q = load_quest(quest)
    balance = simulate(q, players, n, seed, policy, jobs)
    if as_json:
        click.echo(json.dumps(balance.as_dict(), indent=2))
    else:
        for line in report_lines(balance):
            click.echo(line)


group = black_dice
