"""`sheetgen captains-curse play | simulate | replay | island`: Captain's Curse in the
terminal, in bulk, on trial, and its islands (`islands.py` beside this module; `play.py` is the
terminal game).

A thin layer over sheetgen.games.captains_curse: parsing, prompting and printing only.
Exit status: 0 fine, 1 a replayed log has a fault, 2 an input could not be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from sheetgen.atomic import output_folder
from sheetgen.cli.engine_options import replay_command as replay_command_for
from sheetgen.cli.engine_options import simulate_options
from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.cli.islands import island
from sheetgen.games.captains_curse.cli.play import play_command
from sheetgen.games.captains_curse.gamelog import LOG_FORMAT, make_log, replay_file, write_log
from sheetgen.games.captains_curse.island import load_checked
from sheetgen.games.captains_curse.rng import game_seed

POLICY_CHOICE = click.Choice(["random", "greedy", "expert"])


# ------------------------------------------------------------------ simulate

@click.command("simulate")
@click.argument("island", type=click.Path(dir_okay=False))
@click.option("--policy", type=POLICY_CHOICE, default="expert", show_default=True,
              help="The player: random, greedy or expert.")
@click.option("--ruleset", "ruleset_path", type=click.Path(dir_okay=False), default=None,
              help="A ruleset YAML (default: the spec's rules).")
@simulate_options(games=2000, log_format=LOG_FORMAT)
def simulate_command(island: str, policy: str, n_games: int, seed: int, jobs: int,
                     scheduler: str | None, ruleset_path: str | None, log_dir: str | None,
                     as_json: bool) -> None:
    """Play many games of ISLAND with a bundled player and report the statistics.

    Each game is played once: with --log-dir its log is written from that play. Ctrl-C
    stops within about a second and reports the games played so far (exit status 130).
    """
    # Loaded here, not at the top: the simulator pulls in numpy and the worker pool, which
    # `sheetgen captains-curse --help` (and the other commands) do not need.
    from sheetgen.engine.runner import iter_runs
    from sheetgen.games.captains_curse.simulate import iter_games, play_logged, summarize

    isl, ruleset = load_checked(island, ruleset_path)
    results: list = []
    interrupted = False
    logs = 0
    if log_dir:
        output_folder(log_dir)
    try:
        if log_dir:  # one game a call, keeping its turns for the log
            for part in iter_runs(play_logged, n_games, seed, jobs=jobs, scheduler=scheduler,
                                  args=(isl, ruleset, policy)):
                for game, turns in part:
                    i = len(results)
                    write_log(Path(log_dir) / f"game-{i:05d}.json",
                              make_log(isl, ruleset, game_seed(seed, i), policy, turns, game))
                    logs += 1
                    results.append(game)
        else:  # the compiled loop, a chunk of games a call
            for part in iter_games(isl, ruleset, policy, seed, 0, n_games, jobs, scheduler):
                results.extend(part)
    except KeyboardInterrupt:
        interrupted = True
    if not results:
        click.echo("interrupted before the first games finished: nothing to report", err=True)
        sys.exit(130)
    result = summarize(results, ruleset, policy, seed)
    if as_json:
        out = result.to_dict()
        out["island"] = isl.name
        if interrupted:
            out.update(interrupted=True, games_requested=n_games)
        click.echo(json.dumps(out))
    else:
        low, high = result.win_rate_ci
        click.echo(f"{isl.name}: {result.games} games, policy {policy}, seed {seed}")
        click.echo(f"  wins            {result.wins} ({result.win_rate:.1%}, "
                   f"95% CI {low:.1%}-{high:.1%})")
        click.echo(f"  score           mean {result.mean_score:.1f}, "
                   f"median {result.median_score:g}")
        click.echo(f"  lost to sinking {result.lost_to_sinking:.1%}")
        click.echo("  titles          "
                   + ", ".join(f"{k} {v}" for k, v in result.titles.items()))
        click.echo("  scores          " + _histogram_line(result.score_histogram))
        if log_dir:
            click.echo(f"  logs            {logs} files in {log_dir}")
    if interrupted:
        click.echo(f"interrupted: {len(results)} of {n_games} games played"
                   + (f", {logs} logs written" if log_dir else "")
                   + "; the figures above cover those games", err=True)
        sys.exit(130)


def _histogram_line(hist: dict[int, int]) -> str:
    buckets: dict[int, int] = {}
    for score, count in hist.items():
        buckets[score // 10 * 10] = buckets.get(score // 10 * 10, 0) + count
    return ", ".join(f"{b}s: {c}" for b, c in sorted(buckets.items()))


# ------------------------------------------------------------------ replay

replay_command = replay_command_for(LOG_FORMAT, replay_file)


@click.group("captains-curse")
def group() -> None:
    """Captain's Curse: play, simulate and replay games; generate and verify islands."""


for _command in (play_command, simulate_command, replay_command, island):
    group.add_command(_command)

__all__ = ["group", "SheetgenError"]
