"""The options every game's `simulate` shares and the one `replay` command, so that
`sheetgen <game> simulate` and `sheetgen <game> replay` read the same for every game.

`simulate_options()` adds `-n/--games` (n_games), `--seed`, `--jobs`, `--scheduler`,
`--json` (as_json) and `--log-dir` (log_dir) to a command; the game's own options (quest,
players, policy) stay on the command. They feed `sheetgen.engine.runner.run_games`
(`seed`, `jobs`, `scheduler`), so the figures are the same whatever `--jobs`.
`replay_command(...)` makes `replay LOG`: it prints the report's one line and exits 1 at
a fault (2, as always, for a file that cannot be read).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Protocol

import click

F = Callable[..., Any]


def simulate_options(games: int = 2000, log_format: str = "") -> Callable[[F], F]:
    """A decorator adding the shared simulate options; `games` is the default of -n and
    `log_format` names the log files `--log-dir` gets (for its help)."""
    logs = f"one {log_format} JSON file" if log_format else "one game log"

    def decorate(command: F) -> F:
        for option in reversed([
            click.option("-n", "--games", "n_games", type=click.IntRange(1), default=games,
                         show_default=True, help="How many games."),
            click.option("--seed", type=int, default=1, show_default=True,
                         help="Base seed; game i uses a seed derived from it and i."),
            click.option("--jobs", type=click.IntRange(1), default=1, show_default=True,
                         help="Worker processes (results do not depend on it)."),
            click.option("--scheduler", default=None, metavar="ADDRESS",
                         help="Play the games on dask.distributed: tcp://HOST:PORT of a "
                              "running scheduler, or 'local' for a LocalCluster of --jobs "
                              "workers (results do not depend on it)."),
            click.option("--log-dir", type=click.Path(file_okay=False), default=None,
                         help=f"Write {logs} per game here."),
            click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
        ]):
            command = option(command)
        return command

    return decorate


class Report(Protocol):
    ok: bool

    def describe(self) -> str: ...


def replay_command(log_format: str, replay_file: Callable[[str], Report],
                   name: str = "replay") -> click.Command:
    """The `replay LOG` command of a game whose logs are `log_format`, checked by
    `replay_file(path)`."""

    @click.command(name, help=f"Check a {log_format} file move by move; exit 1 at the "
                              "first fault.")
    @click.argument("log", type=click.Path(dir_okay=False))
    def command(log: str) -> None:
        report = replay_file(log)
        click.echo(f"{log}: {report.describe()}")
        if not report.ok:
            sys.exit(1)

    return command
