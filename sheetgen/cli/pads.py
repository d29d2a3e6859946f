"""`sheetgen pad <game>`: one subcommand per game whose `GAME` declares a pad builder.

The options come from the game's `pad_options` (see `sheetgen.registry`); this module only
turns them into click options, shows progress, and hands the builder the output path (every
builder has the registry's one shape, `build_pad(*, progress, output, **options) -> Pad`,
and writes the file atomically itself).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from typing import Any

import click

from sheetgen import registry
from sheetgen.cli.outputs import with_mkdir
from sheetgen.cli.preflight import preflight_or_exit
from sheetgen.cli.press_options import convert_written, press_click_options, press_standard
from sheetgen.registry import Game, PadOption, extra_path


def _click_option(option: PadOption) -> click.Option:
    kind: Any
    if option.kind == "flag":
        return click.Option([option.flag, option.dest], is_flag=True, default=bool(option.default),
                            help=option.help)
    if option.choices:
        kind = click.Choice(list(option.choices))
    elif option.kind == "int":
        kind = (click.IntRange(option.low, option.high)  # type: ignore[arg-type]
                if option.low is not None or option.high is not None else int)
    elif option.kind == "float":
        kind = (click.FloatRange(option.low, option.high)
                if option.low is not None or option.high is not None else float)
    else:
        kind = str
    names = [n for n in (option.short, option.flag) if n]
    return click.Option([*names, option.dest], type=kind, default=option.default,
                        show_default=option.default is not None, help=option.help or None)



@contextlib.contextmanager
def _terminate_cleanly() -> Iterator[None]:
    """Within this block SIGTERM (`kill`, a batch system's time limit) exits through Python
    rather than at once, so a streaming pad's temporary file is removed and its workers
    stopped, as on Ctrl-C. (SIGKILL cannot be caught: it may leave the hidden .part file,
    never a partial output.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    from sheetgen import stopping

    def stop(signum: int, _frame: Any) -> None:
        stopping.request(128 + signum)  # raised again if a library swallows this one
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
        stopping.check()  # a swallowed stop that no later check raised: still no success
    finally:
        signal.signal(signal.SIGTERM, previous)
        stopping.withdraw()


def pad_command(game: Game) -> click.Command:
    """The `sheetgen pad <game>` command built from `game`'s declaration."""

    def run(out: str, quiet: bool, preflight_after: bool, colorspace: str | None,
            pdfx: str | None, **options: Any) -> None:
        from pathlib import Path

        standard = press_standard(colorspace, pdfx)  # a contradiction fails before the work

        builder = game.pad_builder()  # build_pad(*, progress, output, **options) -> Pad
        close = None
        if not quiet:
            from sheetgen.cli.progress import progress_bar

            options["progress"], close = progress_bar(game.title)
        try:
            with _terminate_cleanly():  # the builder writes `out` atomically
                pad = builder(output=out, **options)
        finally:
            if close:
                close()
        if not quiet:
            note = f", {pad.note}" if pad.note else ""
            size = Path(out).stat().st_size
            click.echo(f"wrote {out}: {pad.pages} pages, {size / 1024:.0f} KiB{note}")
        written = [Path(out)] + [extra_path(out, suffix) for suffix, _ in pad.extras]
        convert_written(written, standard)  # drawn in RGB, then made PDF/X as a whole
        if not quiet:
            for extra in written[1:]:
                click.echo(f"wrote {extra}: {extra.stat().st_size / 1024:.0f} KiB")
        if preflight_after:
            preflight_or_exit(written)

    import importlib

    module_doc = importlib.import_module(game.pad.partition(":")[0]).__doc__ or ""
    summary = " ".join(module_doc.strip().split("\n\n")[0].split())
    if summary.startswith("`") and "`: " in summary:  # "`sheetgen pad x`: the whole ..."
        summary = summary.split("`: ", 1)[1]
        summary = summary[:1].upper() + summary[1:]
    params = [_click_option(o) for o in game.pad_options] + [
        click.Option(["-o", "--output", "out"], type=click.Path(dir_okay=False), required=True,
                     help="PDF to write."),
        click.Option(["-q", "--quiet", "quiet"], is_flag=True, help="No progress or summary."),
        *press_click_options(),
        click.Option(["--preflight", "preflight_after"], is_flag=True,
                     help="Check the written PDF as `sheetgen preflight` does; exit 1 if a "
                          "check fails."),
    ]
    return click.Command(game.name, callback=run, params=params,
                         help=summary or f"Everything of {game.title} that paper can hold.")


class PadGroup(click.Group):
    """Subcommands from the game registry, built when asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(g.name for g in registry.games().values() if g.pad)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        game = registry.find(cmd_name)
        if game is None or not game.pad:
            return None
        return with_mkdir(pad_command(game))


@click.group(cls=PadGroup)
def pad() -> None:
    """Pads: many different sheets in one printer-ready PDF.

    Copies of one sheet come from `render` instead: `sheetgen render
    captains-curse/island-sheet --set island=FILE --count 10 -o copies.pdf` prints ten
    copies of one island file; `pad captains-curse --count 10` prints ten different islands.
    """


commands: list[click.Command] = [pad]
