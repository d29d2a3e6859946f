"""`sheetgen studio`: the local web page for making, editing, verifying and playing islands."""

from __future__ import annotations

import click

from sheetgen.errors import SheetgenError


@click.command("studio")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (keep it on loopback unless you mean to share).")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="Port to listen on (default: a free one).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a browser.")
def studio(host: str, port: int, open_browser: bool) -> None:
    """Serve sheetgen studio and print its URL; Ctrl-C stops it."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise SheetgenError("sheetgen studio needs its web extras",
                            hint="pip install 'sheetgen[studio]'") from None
    from sheetgen.studio.server import bind, serve

    try:
        sock = bind(host, port)
    except OSError as err:
        raise SheetgenError(f"cannot listen on {host}:{port}: {err.strerror or err}",
                            hint="choose another --port, or leave it out for a free one") \
            from None

    def ready(url: str) -> None:
        click.echo(f"sheetgen studio: {url}  (Ctrl-C to stop)")
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    serve(sock, ready)


commands: list[click.Command] = [studio]
