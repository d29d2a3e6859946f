"""`sheetgen black-dice simulate | replay | verify | quest new`: The Curse of the Black Dice.

A thin layer: reading and printing only; the engine lives in sheetgen.games.black_dice
(docs/black-dice.md). Exit status: 0 done; 1 a replayed log has a fault, or `verify` found
the quest outside its band (with `--tune`: no variant inside it); 2 an input could not be
read.
"""

from __future__ import annotations

import json
import sys

import click

from sheetgen.cli.engine_options import replay_command, simulate_options
from sheetgen.errors import SheetgenError


class PlayerCounts(click.ParamType):
    """`3`, `2-4` or `2,4`: the player counts to play, each 2 to 4."""

    name = "players"

    def convert(self, value, param, ctx):  # type: ignore[override]
        if isinstance(value, tuple):
            return value
        text = str(value).replace(" ", "")
        try:
            if "-" in text:
                lo, hi = (int(x) for x in text.split("-", 1))
                counts = tuple(range(lo, hi + 1))
            else:
                counts = tuple(sorted({int(x) for x in text.split(",")}))
        except ValueError:
            self.fail(f"{value!r} is not a player count or range (e.g. 3, 2-4, 2,4)", param, ctx)
        if not counts or any(not 2 <= c <= 4 for c in counts):
            self.fail(f"{value!r}: The Curse of the Black Dice is for 2 to 4 players", param, ctx)
        return counts


class Band(click.ParamType):
    """`40-60`: a win-rate band in percent."""

    name = "band"

    def convert(self, value, param, ctx):  # type: ignore[override]
        if isinstance(value, tuple):
            return value
        try:
            lo, hi = (float(x) for x in str(value).replace("%", "").split("-", 1))
        except ValueError:
            self.fail(f"{value!r} is not a band (e.g. 40-60, in percent)", param, ctx)
        if not 0 <= lo < hi <= 100:
            self.fail(f"{value!r}: a band is LOW-HIGH with 0 <= LOW < HIGH <= 100", param, ctx)
        return (lo / 100, hi / 100)


POLICY = click.option("--policy", type=click.Choice(["greedy", "random"]), default="greedy",
                      show_default=True, help="the bundled player at every seat")


@click.group("black-dice")
def black_dice() -> None:
    """The Curse of the Black Dice: simulate, replay and verify quests; start your own."""


@black_dice.command("simulate")
@click.argument("quest")
@click.option("--players", type=PlayerCounts(), default="3", show_default=True,
              help="player count, or a range such as 2-4 (a table for each)")
@POLICY
@simulate_options(2000, "black-dice-log/1")
def simulate_cmd(quest: str, players: tuple[int, ...], policy: str, n_games: int, seed: int,
                 jobs: int, scheduler: str | None, log_dir: str | None, as_json: bool) -> None:
    """Play N games of QUEST (a bundled id: treasure, kraken, armada, dutchman; or a
    black-dice-quest/1 YAML file) for each player count and print the crew's win rate with
    its Wilson 95% interval, how games were lost, rounds to finish and each seat's gold.
    With --log-dir every game is logged as it is played (`replay` re-checks a log)."""
    from sheetgen.games.black_dice.quest import load_quest
    from sheetgen.games.black_dice.simulate import report_lines, simulate

    q = load_quest(quest)
    _prepare_log_dir(log_dir)
    results = [simulate(q, count, n_games, seed, policy, jobs, log_dir, scheduler)
               for count in players]
    if as_json:
        data = results[0].as_dict() if len(results) == 1 else {
            "quest": q.id, "policy": policy, "games": n_games,
            "by_players": [b.as_dict() for b in results]}
        click.echo(json.dumps(data, indent=2))
        return
    for i, balance in enumerate(results):
        if i:
            click.echo("")
        for line in report_lines(balance):
            click.echo(line)
    if len(results) > 1:
        click.echo("")
        click.echo(_rate_table(q.name, results))


def _prepare_log_dir(log_dir: str | None) -> None:
    if log_dir is None:
        return
    from pathlib import Path

    try:
        Path(log_dir).mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SheetgenError(f"cannot make the log folder {log_dir}: {err.strerror or err}",
                            hint="choose a folder you can write to") from None


def _rate_table(title: str, results) -> str:
    rows = [f"{title}: crew win rate by player count",
            "players   games   win rate   95% interval"]
    for b in results:
        rate, lo, hi = b.win_rate
        rows.append(f"{b.players:>7} {b.games:>7}   {rate:>7.1%}   {lo:.1%}-{hi:.1%}")
    return "\n".join(rows)


def _replay_file(path: str):
    from sheetgen.games.black_dice.gamelog import replay_file

    return replay_file(path)


black_dice.add_command(replay_command("black-dice-log/1", _replay_file))


@black_dice.command("verify")
@click.argument("quest")
@click.option("--band", type=Band(), required=True,
              help="the crew's win rate wanted, in percent, e.g. 40-60")
@click.option("--players", type=PlayerCounts(), default="2-4", show_default=True,
              help="player counts to check")
@click.option("-n", "--games", "n_games", type=click.IntRange(1), default=400,
              show_default=True, help="games per player count (per variant with --tune)")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
              help="worker processes (results do not depend on it)")
@POLICY
@click.option("--tune", is_flag=True,
              help="try the quest's `tune:` knobs and list the variants inside the band")
@click.option("--max-variants", type=click.IntRange(1), default=64, show_default=True,
              help="with --tune: refuse to try more variants than this")
def verify_cmd(quest: str, band: tuple[float, float], players: tuple[int, ...], n_games: int,
               seed: int, jobs: int, policy: str, tune: bool, max_variants: int) -> None:
    """Measure the crew's win rate on QUEST for each player count and check that its 95%
    interval lies inside --band (exit 1 if not). With --tune, play each variant the quest's
    `tune:` section allows (gold pool, blocked fields, penalty strengths) and list those
    inside the band for every player count (exit 1 if none)."""
    from sheetgen.games.black_dice.balance import rate_rows, tune_quest, verify_quest
    from sheetgen.games.black_dice.quest import load_quest

    q = load_quest(quest)
    lo, hi = band
    want = f"95% interval inside {lo:.0%}-{hi:.0%}"
    if not tune:
        verdict = verify_quest(q, players, band, n_games, seed, policy, jobs)
        click.echo(f"{q.name}: {n_games} games per player count, {policy} players, {want}")
        for line in rate_rows(verdict.rates, band):
            click.echo(line)
        click.echo("verified: every player count is inside the band" if verdict.passed else
                   "NOT verified: " + ", ".join(f"{c} players" for c in verdict.outside)
                   + " outside the band")
        if not verdict.passed:
            sys.exit(1)
        return
    results = tune_quest(q, players, band, n_games, seed, policy, jobs, max_variants)
    click.echo(f"{q.name}: {len(results)} variants x {n_games} games per player count, "
               f"{policy} players, {want}")
    inside = [r for r in results if r.passed]
    for r in results:
        mark = "inside " if r.passed else "outside"
        rates = "  ".join(f"{c}p {p.rate:.1%} ({p.low:.1%}-{p.high:.1%})"
                          for c, p in r.rates.items())
        click.echo(f"{mark} {r.describe()}: {rates}")
    click.echo(f"{len(inside)} of {len(results)} variants inside the band")
    if not inside:
        sys.exit(1)


@black_dice.group("quest")
def quest_group() -> None:
    """Quest files: start your own from a bundled quest."""


@quest_group.command("new")
@click.option("--from", "source", default="kraken", show_default=True,
              help="the quest to start from: a bundled id or a quest file")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="the YAML file to write")
@click.option("--id", "quest_id", default=None,
              help="the new quest's id (default: the output file's name)")
@click.option("--force", is_flag=True, help="overwrite an existing file")
def quest_new(source: str, output: str, quest_id: str | None, force: bool) -> None:
    """Write a quest as a commented starting file for your own design: every key explained,
    every reward and penalty code listed, and a `tune:` section for `verify --tune`."""
    from pathlib import Path

    from sheetgen.atomic import write_text
    from sheetgen.games.black_dice.quest import load_quest
    from sheetgen.games.black_dice.quest_file import quest_template

    out = Path(output)
    if out.exists() and not force:
        raise SheetgenError(f"{output} exists", hint="choose another name, or add --force")
    q = load_quest(source)
    new_id = quest_id or out.stem
    text = quest_template(q, new_id)
    try:
        write_text(out, text)
    except OSError as err:
        raise SheetgenError(f"cannot write {output}: {err.strerror or err}",
                            hint="check that the folder exists and is writable") from None
    click.echo(f"wrote {output}: '{new_id}', a copy of {q.name} to edit; try "
               f"`sheetgen black-dice verify {output} --band 40-60`")


group = black_dice
