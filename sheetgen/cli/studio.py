"""`sheetgen studio`: the local web page to design, check, play and print each game."""

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
    import errno
    import socket

    from sheetgen.studio.guard import is_wildcard
    from sheetgen.studio.server import bind, serve, urls_of

    try:
        sock = bind(host, port)
    except socket.gaierror as err:
        raise SheetgenError(f"cannot listen on {host!r}: {err.strerror or err}",
                            hint="--host takes an address of this machine: 127.0.0.1 (the "
                                 "default), ::1, or 0.0.0.0 to share on the network") from None
    except OSError as err:
        if err.errno == errno.EADDRINUSE:
            hint = "that port is taken: choose another --port, or leave it out for a free one"
        elif err.errno == errno.EACCES:
            hint = "ports below 1024 need privileges: choose --port 1024 or above, or leave " \
                   "it out for a free one"
        else:
            hint = "--host must be an address of this machine: 127.0.0.1 (the default), ::1," \
                   " or 0.0.0.0 to share on the network"
        raise SheetgenError(f"cannot listen on {host}:{port}: {err.strerror or err}",
                            hint=hint) from None

    def ready(door) -> None:
        urls = urls_of(door)
        if is_wildcard(door.host):
            click.echo(f"warning: --host {host} serves the studio to every machine that can "
                       "reach this one; anyone with the address below (its token) can use it",
                       err=True)
        click.echo(f"sheetgen studio: {urls[0]}  (Ctrl-C to stop)")
        for other in urls[1:]:
            click.echo(f"  from other machines: {other}")
        if open_browser:
            import webbrowser

            webbrowser.open(urls[0])

    serve(sock, ready)


commands: list[click.Command] = [studio]
