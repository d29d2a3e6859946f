"""The sheetgen command line: a thin click layer over the library.

Each command family lives in its own module and exposes `commands: list[click.Command]`;
`COMMAND_MODULES` lists them. Library errors (`SheetgenError`) become a clear message on
stderr and exit status 2, never a traceback.

Commands are loaded lazily: `COMMAND_INDEX` names each top-level command, the modules that
define it and its one-line help, so `sheetgen --help` and `--version` import no command
module, and `sheetgen render` imports only the layout commands (not weasyprint, numba or
shapely). tests/cli/test_cli_startup.py fails when the index and the commands disagree.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import click

from sheetgen import __version__
from sheetgen.cli.outputs import with_mkdir
from sheetgen.errors import SheetgenError

# Modules under sheetgen.cli, each exposing `commands: list[click.Command]`.
COMMAND_MODULES = [
    "sheetgen.cli.calibrate",
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


# name -> (modules that define it, its short help as `sheetgen --help` shows it). A command
# that other modules extend (pad) names them all.
COMMAND_INDEX: dict[str, tuple[tuple[str, ...], str]] = {
    "calibrate": (("sheetgen.cli.calibrate",),
                  "Print calibration sheets (duplex back offset)."),
    "elements": (("sheetgen.cli.reference",),
                 "List the layout element types, or the fields of one TYPE."),
    "export": (("sheetgen.cli.export",),
               "Write a layout as images: one PNG per card, or Tabletop Simulator deck sheets."),
    "icons": (("sheetgen.cli.reference",), "List the names of the bundled vector icons."),
    "island": (("sheetgen.cli.islands",),
               "Generate, verify and preview Captain's Curse islands."),
    "list": (("sheetgen.cli.layouts",), "List the bundled layouts, one line each."),
    "pad": (("sheetgen.cli.islands", "sheetgen.cli.shipwrecked", "sheetgen.cli.voodoo"),
            "Pads: many different sheets in one printer-ready PDF."),
    "play": (("sheetgen.cli.captains_curse",),
             "Play a game of ISLAND in the terminal; only legal choices are accepted."),
    "preview": (("sheetgen.cli.layouts",), "Write a PNG of page 1 of LAYOUT for a quick look."),
    "render": (("sheetgen.cli.layouts",), "Render a layout to a print-ready PDF."),
    "replay": (("sheetgen.cli.captains_curse",),
               "Check a captains-curse-log/1 file move by move; exit 1 at the first fault."),
    "rulebook": (("sheetgen.cli.rulebook",),
                 "Print the rulebook of GAME (or --all) as a print-ready PDF."),
    "shipwrecked": (("sheetgen.cli.shipwrecked",),
                    "Shipwrecked!: score a finished game (the pad is `sheetgen pad "
                    "shipwrecked`)."),
    "simulate": (("sheetgen.cli.captains_curse",),
                 "Play many games of ISLAND with a bundled player and report the statistics."),
    "studio": (("sheetgen.cli.studio",),
               "Serve sheetgen studio and print its URL; Ctrl-C stops it."),
    "swashbuckle": (("sheetgen.cli.swashbuckle",),
                    "Swashbuckle rules engine: check sheets, score matches, solve and advise."),
    "validate": (("sheetgen.cli.layouts",), "Check layouts without rendering."),
    "voodoo": (("sheetgen.cli.voodoo",),
               "Voodoo Pirate: check a board file, ask where a ship can sail (the pad is "
               "`sheetgen pad voodoo`)."),
}


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
    """A group that turns SheetgenError into exit status 2 with a readable message, and
    loads its commands from `COMMAND_INDEX` only when one is used."""

    def __init__(self, *args, index: dict[str, tuple[tuple[str, ...], str]] | None = None,
                 **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.index = dict(index or {})
        self._loaded: set[str] = set()

    def _load(self, modules: Sequence[str]) -> None:
        for name in modules:
            if name in self._loaded:
                continue
            self._loaded.add(name)
            for command in importlib.import_module(name).commands:
                if command.name not in self.commands:
                    self.add_command(command)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.commands) | set(self.index))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the index: no command module is imported for --help."""
        rows = []
        for name in self.list_commands(ctx):
            if name in self.index:
                rows.append((name, self.index[name][1]))
            elif not self.commands[name].hidden:
                rows.append((name, self.commands[name].get_short_help_str(limit=150)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_global_options(list(args)))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.index:
            self._load(self.index[cmd_name][0])
        command = super().get_command(ctx, cmd_name)
        return with_mkdir(command) if command is not None else None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SheetgenError as err:
            click.echo(err.format(), err=True)
            sys.exit(2)


@click.group(cls=SheetgenGroup, index=COMMAND_INDEX,
             context_settings={"help_option_names": ["-h", "--help"]})
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

