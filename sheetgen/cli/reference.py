"""Reference commands: what a layout may contain, straight from the code that reads it."""

from __future__ import annotations

import click

from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.layout.elements import ELEMENT_TYPES
from sheetgen.layout.elements.base import load_game_elements
from sheetgen.layout.params import REQUIRED


@click.command()
@click.argument("type_name", required=False)
def elements(type_name):
    """List the layout element types, or the fields of one TYPE."""
    load_game_elements()
    if type_name is None:
        width = max(len(n) for n in ELEMENT_TYPES)
        for name in sorted(ELEMENT_TYPES):
            click.echo(f"{name.ljust(width)}  {ELEMENT_TYPES[name].description}")
        return
    cls = ELEMENT_TYPES.get(type_name)
    if cls is None:
        raise SheetgenError(f"unknown element type '{type_name}'",
                            hint=did_you_mean(type_name, ELEMENT_TYPES))
    click.echo(f"{type_name}: {cls.description}")
    if cls.has_children:
        click.echo("  elements      (list) the elements it holds")
    for key, param in cls.params.items():
        default = "required" if param.default is REQUIRED else f"default {param.default!r}"
        options = getattr(param.kind, "options", None)
        label = f"one of {' | '.join(map(str, options))}" if options else param.kind.label
        click.echo(f"  {key.ljust(13)} ({label}; {default}) {param.doc}".rstrip())


@click.command()
def icons():
    """List the names of the bundled vector icons."""
    from sheetgen.assets.icons import icon_names

    click.echo("\n".join(icon_names()))


commands = [elements, icons]
