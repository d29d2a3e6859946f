"""The sheetgen command line: a thin click layer over the library.

Each command family lives in its own module and exposes a click command or group named
`command`; `COMMAND_MODULES` lists them. Library errors (`SheetgenError`) become a clear
message on stderr and exit status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import sys

import click

from sheetgen import __version__
from sheetgen.cli.outputs import with_mkdir
from sheetgen.errors import SheetgenError

# Modules under sheetgen.cli, each exposing `commands: list[click.Command]`.
COMMAND_MODULES = [
    "sheetgen.cli.captains_curse",
    "sheetgen.cli.export",
    "sheetgen.cli.islands",
    "sheetgen.cli.layouts",
    "sheetgen.cli.reference",
    "sheetgen.cli.rulebook",
    "sheetgen.cli.shipwrecked",
    "sheetgen.cli.studio",
    "sheetgen.cli.swashbuckle",
    "sheetgen.cli.voodoo",
]


# Options of the whole program that may also be written after the command's name
# (`sheetgen render x.yaml --allow-path ../art`): they are moved in front before parsing.
GLOBAL_OPTIONS = ("--limit", "--allow-path")


def hoist_global_options(args: list[str]) -> list[str]:
    """`args` with every GLOBAL_OPTIONS occurrence (and its value) moved to the front."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg in GLOBAL_OPTIONS and i + 1 < len(args):
            front += [arg, args[i + 1]]
            i += 2
            continue
        if arg.split("=", 1)[0] in GLOBAL_OPTIONS and "=" in arg:
            front.append(arg)
        else:
            rest.append(arg)
        i += 1
    return front + rest


class SheetgenGroup(click.Group):
    """A group that turns SheetgenError into exit status 2 with a readable message."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global_options(list(args)))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        return with_mkdir(command) if command is not None else None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SheetgenError as err:
            click.echo(err.format(), err=True)
            sys.exit(2)


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
@click.option("--limit", "limit_pairs", multiple=True, metavar="NAME=VALUE",
              help="Raise (or lower) a budget, e.g. --limit yaml_nodes=500000 (repeatable; "
                   "see docs/layout-language.md, 'Budgets').")
@click.option("--allow-path", "allow_paths", multiple=True, metavar="DIR",
              type=click.Path(exists=True),
              help="Let layouts and game files read files under DIR too (repeatable).")
def main(limit_pairs: tuple[str, ...], allow_paths: tuple[str, ...]) -> None:
    """Print pirate dice games: layouts, verified islands, pads and rulebooks."""
    from sheetgen import access, limits

    try:
        limits.configure(limit_pairs)
    except SheetgenError as err:
        click.echo(err.format(), err=True)
        sys.exit(2)
    access.allow(allow_paths)


for _name in COMMAND_MODULES:
    for _command in importlib.import_module(_name).commands:
        main.add_command(_command)
