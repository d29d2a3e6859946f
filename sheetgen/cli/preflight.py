"""`sheetgen preflight FILE.pdf`, and the `--preflight` option of the commands that write
PDFs (render, pad, rulebook): the checks of `sheetgen.preflight`, reported per page and
piece. Exit status 1 when a check fails, 2 on a file that cannot be read."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from sheetgen.errors import SheetgenError


def run_preflight(paths: list[Path], quiet: bool = False, checks: set[str] | None = None
                  ) -> bool:
    """Preflight each file, print the reports; True when all pass."""
    from sheetgen.preflight import preflight

    ok = True
    for path in paths:
        report = preflight(path, checks=checks)
        if not (quiet and report.ok):
            click.echo(report.text())
        ok = ok and report.ok
    return ok


def preflight_or_exit(paths: list[Path]) -> None:
    """For `--preflight`: the files are written; report on them and exit 1 if any fails."""
    if not run_preflight(paths):
        sys.exit(1)


PREFLIGHT_OPTION = click.option(
    "--preflight", "preflight_after", is_flag=True,
    help="Check the written PDF(s) as `sheetgen preflight` does; exit 1 if a check fails.")


@click.command("preflight")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--check", "checks", multiple=True, metavar="NAME",
              help="Run only this check (repeatable); `--list` names them.")
@click.option("--list", "list_checks", is_flag=True, help="List the checks and exit.")
@click.option("-q", "--quiet", is_flag=True, help="Report only the files that fail.")
def preflight(files: tuple[Path, ...], checks: tuple[str, ...], list_checks: bool,
              quiet: bool) -> None:
    """Check print-ready PDFs as a print shop would (docs/preflight.md)."""
    from sheetgen.preflight import CHECKS

    if list_checks:
        for name, wants in CHECKS.items():
            click.echo(f"{name:<10} {wants}")
        return
    unknown = sorted(set(checks) - set(CHECKS))
    if unknown:
        raise SheetgenError(f"--check {unknown[0]}: no such check",
                            hint=f"checks: {', '.join(CHECKS)}")
    if not run_preflight(list(files), quiet, set(checks) or None):
        sys.exit(1)


commands = [preflight]
