"""Layout commands: render, validate, list, preview."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import click

from sheetgen.atomic import write_bytes
from sheetgen.cli.preflight import PREFLIGHT_OPTION, preflight_or_exit
from sheetgen.cli.press_options import press_options, press_standard
from sheetgen.errors import LayoutWarning, SheetgenError, SheetgenErrors
from sheetgen.layout.bundled import bundled_layouts, describe, find_layout
from sheetgen.layout.document import RenderOptions, load_layout, parse_override
from sheetgen.layout.units import PAPER_MM
from sheetgen.render.compose import compose, sheet_count
from sheetgen.render.images import file_stem
from sheetgen.render.output import pdf_to_png, render_pdf
from sheetgen.render.recording import NullCanvas

PAPERS = click.Choice(sorted(PAPER_MM), case_sensitive=False)


class Override(click.ParamType):
    """`--set KEY=VALUE`: the value read as YAML (`parse_override`). A value that names an
    existing file is made absolute, so `--set island=my-island.yaml` means the file beside
    you, not one beside the layout."""

    name = "KEY=VALUE"

    def convert(self, value, param, ctx) -> tuple[str, Any]:
        if isinstance(value, tuple):
            return value
        key, parsed = parse_override(value)
        if isinstance(parsed, str) and parsed and "\0" not in parsed:
            try:
                if Path(parsed).is_file():
                    parsed = str(Path(parsed).resolve())
            except OSError:
                pass
        return key, parsed


OVERRIDE = Override()


def layout_options(sets: tuple[tuple[str, Any], ...], seed: int, paper: str | None,
                   bleed: bool | None, crop_marks: bool | None, island: str | None = None,
                   tile: str | None = None, colorspace: str | None = None,
                   pdfx: str | None = None) -> RenderOptions:
    """The render options of the shared layout flags (`render_options`), one place for
    `render`, `validate`, `preview` and `export` to read them the same way."""
    overrides = dict(sets)
    if island is not None:
        path = Path(island)
        if not path.is_file():
            raise SheetgenError(f"no such island file: {island}")
        overrides["island"] = str(path.resolve())
    return RenderOptions(overrides=overrides, paper=paper.lower() if paper else None,
                         bleed=bleed, crop_marks=crop_marks, seed=seed,
                         tile=tile.lower() if tile else None, colorspace=colorspace,
                         pdfx=pdfx)


def _progress(total: int, quiet: bool, label: str):
    if quiet or total < 5:
        return nullcontext(None)
    return click.progressbar(length=total, label=label, file=sys.stderr,
                             show_pos=True)


def _island_note(ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        click.echo("note: --island FILE is now --set island=FILE (a game-specific option leaves "
                   "the generic commands); --island goes away in the next release", err=True)
    return value


def render_options(func):
    for decorator in reversed([
        click.option("--set", "sets", multiple=True, type=OVERRIDE,
                     help="Override a layout variable (repeatable; `sheetgen vars LAYOUT` "
                          "lists them); a file named here is found from the current folder "
                          "(--set island=my-island.yaml)."),
        click.option("--seed", type=int, default=0, show_default=True,
                     help="Seed for anything random in the layout."),
        click.option("--paper", type=PAPERS, default=None,
                     help="Paper size (the printer sheet when the layout is imposed)."),
        click.option("--bleed/--no-bleed", default=None, help="Keep or drop the bleed."),
        click.option("--crop-marks/--no-crop-marks", default=None, help="Draw crop marks."),
        click.option("--island", type=click.Path(dir_okay=False), default=None, hidden=True,
                     callback=_island_note,
                     help="Old spelling of --set island=FILE (Captain's Curse layouts)."),
    ]):
        func = decorator(func)
    return func


@click.command(short_help="Render a layout to a print-ready PDF.")
@click.argument("layout")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), default=None,
              help="PDF to write (default: output/<layout name>.pdf).")
@click.option("--count", type=click.IntRange(1, 100000), default=None,
              help="Copies of each page (pads). Default: 1, or enough copies of a one-page "
                   "layout to fill its imposed sheet (a 2-up card prints 2).")
@render_options
@click.option("--fronts-only", "sides", flag_value="fronts",
              help="Only the fronts (a layout with back: prints fronts and backs interleaved).")
@click.option("--backs-only", "sides", flag_value="backs",
              help="Only the backs, mirrored as for duplex (print them on the turned stack).")
@click.option("--tile", type=PAPERS, default=None,
              help="Split each page over sheets of this paper (posters, boards).")
@press_options
@click.option("--strict", is_flag=True,
              help="Treat warnings (text out of its box) as errors: exit 2, write nothing.")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@PREFLIGHT_OPTION
def render(layout, out, count, sets, seed, paper, bleed, crop_marks, island, sides, tile,
           colorspace, pdfx, strict, quiet, preflight_after):
    """Render LAYOUT (a bundled name or a .yaml file) to a print-ready PDF."""
    sides = sides or "both"
    path = find_layout(layout)
    standard = press_standard(colorspace, pdfx)
    doc = load_layout(path, layout_options(sets, seed, paper, bleed, crop_marks, island, tile,
                                     "cmyk" if standard else colorspace, standard))
    if count is None:
        # A sheet made for n cards should not come out with one card and n-1 blanks.
        single = len(doc.data) == 1 and doc.imposition is not None
        count = doc.imposition.per_sheet if single else 1
    out = out or f"output/{file_stem(doc)}.pdf"
    total = len(doc.page_rows(count))
    warnings: list[LayoutWarning] = []
    with _progress(total, quiet, "Rendering") as bar:
        data = render_pdf(doc, count, bar.update if bar else None, sides, warnings)
    _report(warnings, strict)
    write_bytes(out, data)
    size = len(data)
    if not quiet:
        click.echo(f"wrote {out}: {sheet_count(doc, count, sides)} page(s), "
                   f"{size / 1024:.0f} KiB")
    if preflight_after:
        preflight_or_exit([Path(out)])


MAX_WARNINGS = 50


def _place(item: SheetgenError | LayoutWarning) -> tuple:
    pos = item.position
    return (pos.file, pos.line, pos.column) if pos else ("", 0, 0)


def _report(warnings: list[LayoutWarning], strict: bool) -> None:
    """Warnings on stderr (the first MAX_WARNINGS); with --strict they end the command."""
    for warning in warnings[:MAX_WARNINGS]:
        click.echo(warning.format(), err=True)
    if len(warnings) > MAX_WARNINGS:
        click.echo(f"... and {len(warnings) - MAX_WARNINGS} more warnings", err=True)
    if warnings and strict:
        click.echo(f"error: {len(warnings)} warning(s) and --strict: nothing written", err=True)
        sys.exit(2)


@click.command(short_help="Check layouts without rendering.")
@click.argument("layouts", nargs=-1, required=True)
@render_options
@click.option("--strict", is_flag=True, help="Warnings (text out of its box) fail too.")
def validate(layouts, sets, seed, paper, bleed, crop_marks, island, strict):
    """Check LAYOUTS without writing anything: syntax, fields, units, and every page's values
    (each page is drawn, so text that does not fit its box is reported). All the faults
    found are reported, in line order; exit status 2 if there was any."""
    failed = False
    for name in layouts:
        warnings: list[LayoutWarning] = []
        try:
            doc = load_layout(find_layout(name), layout_options(sets, seed, paper, bleed,
                                                          crop_marks, island))
            compose(doc, NullCanvas(), warnings=warnings, all_faults=True)
        except SheetgenError as err:
            faults = err.errors if isinstance(err, SheetgenErrors) else [err]
            for item in sorted([*faults, *warnings[:MAX_WARNINGS]], key=_place):
                click.echo(item.format(), err=True)
            if len(faults) > 1:
                click.echo(f"{len(faults)} faults", err=True)
            failed = True
            continue
        for warning in sorted(warnings[:MAX_WARNINGS], key=_place):
            click.echo(warning.format(), err=True)
        if warnings and strict:
            failed = True
            click.echo(f"not ok: {name} ({len(warnings)} warning(s), --strict)", err=True)
            continue
        click.echo(f"ok: {name}" + (f" ({len(warnings)} warning(s))" if warnings else ""))
    if failed:
        sys.exit(2)


@click.command(name="list")
def list_layouts():
    """List the bundled layouts, one line each."""
    layouts = bundled_layouts()
    width = max((len(n) for n in layouts), default=0)
    for name, path in layouts.items():
        click.echo(f"{name.ljust(width)}  {describe(path)}")


@click.command()
@click.argument("layout")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), required=True,
              help="PNG to write.")
@click.option("--dpi", type=int, default=100, show_default=True)
@render_options
def preview(layout, out, dpi, sets, seed, paper, bleed, crop_marks, island):
    """Write a PNG of page 1 of LAYOUT for a quick look."""
    doc = load_layout(find_layout(layout), layout_options(sets, seed, paper, bleed, crop_marks,
                                                    island))
    pdf_to_png(render_pdf(doc), out, dpi)
    click.echo(f"wrote {out}")


@click.command(name="vars")
@click.argument("layout")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per variable.")
def list_vars(layout, as_json):
    """List the variables of LAYOUT that --set can change: name, kind, default, help.

    The help is the layout's own comment on each variable. Entries of a mapping are listed
    with dotted names (`--set points.succession4=35`); "computed" variables are worked out
    from others (set those instead)."""
    from sheetgen.layout.tree import read_tree
    from sheetgen.layout.variables import describe

    found = describe(read_tree(find_layout(layout), ()))
    if as_json:
        for var in found:
            click.echo(json.dumps({"name": var.name, "kind": var.kind, "default": var.default,
                                   "help": var.help}, ensure_ascii=False))
        return
    if not found:
        click.echo(f"{layout} has no variables")
        return
    width = max(len(v.name) for v in found)
    kinds = max(len(v.kind) for v in found)
    for var in found:
        line = f"{var.name.ljust(width)}  {var.kind.ljust(kinds)}  {var.default}"
        click.echo(line + (f"  # {var.help}" if var.help else ""))


commands = [render, validate, list_layouts, preview, list_vars]
