"""Serving the studio: a loopback socket on a free port, uvicorn, the URL printed."""

from __future__ import annotations

import socket
from collections.abc import Callable


def bind(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A listening socket; port 0 asks the system for a free one (no race with others)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    return sock


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    host = f"[{host}]" if ":" in host else host
    return f"http://{host}:{port}/"


def serve(sock: socket.socket, on_ready: Callable[[str], None] | None = None,
          log_level: str = "warning") -> None:
    """Run until interrupted (Ctrl-C stops uvicorn cleanly)."""
    import uvicorn

    from .app import create_app

    config = uvicorn.Config(create_app(), log_level=log_level, lifespan="off")
    server = uvicorn.Server(config)
    if on_ready is not None:
        on_ready(url_of(sock))
    server.run(sockets=[sock])
