"""The sheetgen command line: a thin click layer over the library.

Generic commands (render, pad, rulebook, ...) live in modules that expose
`commands: list[click.Command]`; `COMMAND_MODULES` lists them. Every game with a command
group is found in the game registry (`sheetgen.registry`): `Game.cli` names a module exposing
`group`, mounted as `sheetgen <game name>`, and `Game.cli_aliases` keeps older top-level
spellings (`sheetgen play` for `sheetgen captains-curse play`) as hidden commands that print
a note on stderr. Library errors (`SheetgenError`) become a clear message on stderr and exit
status 2, never a traceback.

Commands are loaded lazily: `COMMAND_INDEX` names each top-level command, the modules that
define it and its one-line help, so `sheetgen --help` and `--version` import no command
module, and `sheetgen render` imports only the layout commands (not weasyprint, numba or
shapely). Game groups are listed from the registry, which reads only each game's light
`__init__.py`. tests/cli/test_cli_startup.py fails when the index and the commands disagree.
"""

from __future__ import annotations

import copy
import errno
import importlib
import os
import sys
from collections.abc import Sequence

import click

from sheetgen import __version__, registry
from sheetgen.cli.outputs import with_mkdir
from sheetgen.errors import SheetgenError

# Modules under sheetgen.cli, each exposing `commands: list[click.Command]`.
COMMAND_MODULES = [
    "sheetgen.cli.calibrate",
    "sheetgen.cli.export",
    "sheetgen.cli.layouts",
    "sheetgen.cli.pads",
    "sheetgen.cli.preflight",
    "sheetgen.cli.reference",
    "sheetgen.cli.rulebook",
    "sheetgen.cli.studio",
]


# name -> (modules that define it, its short help as `sheetgen --help` shows it).
COMMAND_INDEX: dict[str, tuple[tuple[str, ...], str]] = {
    "calibrate": (("sheetgen.cli.calibrate",),
                  "Print calibration sheets (duplex back offset)."),
    "elements": (("sheetgen.cli.reference",),
                 "List the layout element types, or the fields of one TYPE."),
    "export": (("sheetgen.cli.export",),
               "Write a layout as images: one PNG per card, or Tabletop Simulator deck sheets."),
    "icons": (("sheetgen.cli.reference",), "List the names of the bundled vector icons."),
    "list": (("sheetgen.cli.layouts",), "List the bundled layouts, one line each."),
    "pad": (("sheetgen.cli.pads",), "Pads: many different sheets in one printer-ready PDF."),
    "preflight": (("sheetgen.cli.preflight",),
                  "Check print-ready PDFs as a print shop would (docs/preflight.md)."),
    "preview": (("sheetgen.cli.layouts",), "Write a PNG of page 1 of LAYOUT for a quick look."),
    "render": (("sheetgen.cli.layouts",), "Render a layout to a print-ready PDF."),
    "rulebook": (("sheetgen.cli.rulebook",),
                 "Print the rulebook of GAME (or --all) as a print-ready PDF."),
    "studio": (("sheetgen.cli.studio",),
               "Serve sheetgen studio and print its URL; Ctrl-C stops it."),
    "validate": (("sheetgen.cli.layouts",), "Check layouts without rendering."),
    "vars": (("sheetgen.cli.layouts",),
             "List the variables of LAYOUT that --set can change: name, kind, default, help."),
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


def _game_groups() -> dict[str, registry.Game]:
    """Command name -> game, for every game that declares a command group."""
    return {g.name: g for g in registry.games().values() if g.cli}


def _game_aliases() -> dict[str, tuple[registry.Game, str]]:
    """Old top-level command name -> (game, command path inside the game's group)."""
    return {alias: (g, path) for g in registry.games().values()
            for alias, path in g.cli_aliases.items()}


def game_group(game: registry.Game) -> click.Group:
    """The click group of `game` (its `Game.cli` module's `group`)."""
    group = importlib.import_module(game.cli).group
    if group.name != game.name:
        raise SheetgenError(f"{game.cli}: the group is named '{group.name}'",
                            hint=f"name it after the game: '{game.name}'")
    return group


def hidden_alias(name: str, game: registry.Game, path: str) -> click.Command:
    """`sheetgen <name>` kept for one release: the command at `path` in the game's group,
    hidden from --help, with a note on stderr naming the new spelling."""
    command: click.Command = game_group(game)
    for part in path.split():
        assert isinstance(command, click.Group)
        command = command.commands[part]
    alias = copy.copy(command)
    alias.name = name
    alias.hidden = True
    new = f"sheetgen {game.name} {path}"

    def invoke(ctx: click.Context):
        click.echo(f"note: 'sheetgen {name}' is now '{new}'; the old spelling goes away in "
                   "the next release", err=True)
        return type(command).invoke(alias, ctx)

    alias.invoke = invoke  # type: ignore[method-assign]
    return alias


def _stdout_closed() -> bool:
    """True when standard output is a pipe whose reader has gone (`sheetgen list | head`).

    The reader chose to stop reading: that is not a failure of the command, so it ends quietly
    with status 0. Standard output is pointed at the null device so that the interpreter's
    final flush does not complain again. Any other broken pipe (the studio's sockets) is
    left to its own handler."""
    import select

    try:
        fd = sys.stdout.fileno()
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        events = dict(poller.poll(0)).get(fd, 0)
    except (OSError, ValueError, AttributeError):
        return False
    if not events & select.POLLERR:  # a pipe with no reader left reports POLLERR
        return False
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)
    return True


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
        return sorted(set(self.commands) | set(self.index) | set(_game_groups())
                      | set(_game_aliases()))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the index and the game registry: no command module is
        imported for --help."""
        groups = _game_groups()
        aliases = _game_aliases()
        rows = []
        for name in self.list_commands(ctx):
            if name in self.index:
                rows.append((name, self.index[name][1]))
            elif name in groups:
                rows.append((name, groups[name].summary or groups[name].title))
            elif name in aliases:
                continue
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
        elif cmd_name not in self.commands:
            if cmd_name in _game_groups():
                self.add_command(game_group(_game_groups()[cmd_name]))
            elif cmd_name in _game_aliases():
                game, path = _game_aliases()[cmd_name]
                self.add_command(hidden_alias(cmd_name, game, path))
        command = super().get_command(ctx, cmd_name)
        return with_mkdir(command) if command is not None else None

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SheetgenError as err:
            click.echo(err.format(), err=True)
            sys.exit(2)
        except BrokenPipeError:
            if not _stdout_closed():
                raise  # a socket or a child's pipe, not our reader: not ours to hide
            sys.exit(0)
        except OSError as err:
            # A file name on the command line that the file system refuses outright (over
            # 255 bytes) fails in whichever stat() meets it first: one clean error for all.
            if err.errno != errno.ENAMETOOLONG:
                raise
            name = str(err.filename or "")
            shown = name if len(name) <= 80 else name[:60] + "..." + name[-12:]
            click.echo(SheetgenError(f"{shown}: file name too long ({len(name)} characters)",
                                     hint="a file name may have at most 255 bytes; "
                                          "rename the file").format(), err=True)
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

