"""`--mkdir` for every command that writes files, without each command declaring it.

A command writes files when it has an output parameter (`OUTPUT_PARAMS`). `with_mkdir`
gives such a command (and the commands of a plain click group, recursively) a `--mkdir`
flag that lets missing parent folders be created for the length of the command
(`sheetgen.atomic.making_folders`). The top-level group applies it to each command it hands
out, so commands added later, or loaded lazily, get the flag too.
"""

from __future__ import annotations

import click

from sheetgen.atomic import making_folders

OUTPUT_PARAMS = frozenset({"out", "output", "out_dir", "output_dir", "log_dir"})
"""Parameter names that name a file or folder a command writes."""


def _make_folders(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        ctx.with_resource(making_folders(True))


MKDIR = click.Option(["--mkdir"], is_flag=True, expose_value=False, is_eager=True,
                     callback=_make_folders,
                     help="Create missing folders of the output path.")


def with_mkdir(command: click.Command) -> click.Command:
    """Add `--mkdir` to `command` if it writes files; recurse into plain groups. Idempotent."""
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            with_mkdir(sub)
        return command
    names = {p.name for p in command.params}
    if names & OUTPUT_PARAMS and "mkdir" not in names:
        command.params.append(MKDIR)
    return command
