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
from sheetgen.errors import SheetgenError

# Modules under sheetgen.cli, each exposing `commands: list[click.Command]`.
COMMAND_MODULES = [
    "sheetgen.cli.captains_curse",
    "sheetgen.cli.islands",
    "sheetgen.cli.layouts",
    "sheetgen.cli.reference",
    "sheetgen.cli.rulebook",
    "sheetgen.cli.studio",
    "sheetgen.cli.swashbuckle",
]


class SheetgenGroup(click.Group):
    """A group that turns SheetgenError into exit status 2 with a readable message."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SheetgenError as err:
            click.echo(err.format(), err=True)
            sys.exit(2)


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
def main() -> None:
    """Print pirate dice games: layouts, verified islands, pads and rulebooks."""


for _name in COMMAND_MODULES:
    for _command in importlib.import_module(_name).commands:
        main.add_command(_command)
