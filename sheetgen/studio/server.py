"""Serving the studio: a socket on a free port, uvicorn, the URL (with its token) printed.

Connections that say nothing are closed after IDLE_SECONDS (uvicorn's HTTP/1.1 protocol only
times out a connection between two requests, not before the first one or while the request
head trickles in), so idle sockets cannot pile up until the process runs out of file
descriptors.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from typing import Any

from .guard import Door, is_wildcard

IDLE_SECONDS = 10.0
MAX_CONNECTIONS = 200  # beyond this uvicorn answers 503 at once


def bind(host: str = "127.0.0.1", port: int = 0) -> socket.socket:
    """A listening socket; port 0 asks the system for a free one (no race with others).
    Its protocol is named (TCP): asyncio switches Nagle's algorithm off (TCP_NODELAY) only
    on accepted sockets that say TCP, and with it on each answer's body waited for the
    browser's delayed acknowledgement of its head, 40 ms a request."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    infos = socket.getaddrinfo(host or None, port, family, socket.SOCK_STREAM)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(infos[0][4])
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    return sock


def door_of(sock: socket.socket, host: str | None = None) -> Door:
    """The guard's view of a bound socket: its address and a fresh launch token."""
    bound, port = sock.getsockname()[:2]
    return Door(host=host if host is not None else bound, port=port)


def urls_of(door: Door) -> list[str]:
    """Where to open the studio (token included): loopback first; on a wildcard address
    also this machine's name, which other machines on the network can use."""
    host = door.host
    if is_wildcard(host):
        hosts = ["127.0.0.1", socket.gethostname()]
    else:
        hosts = [f"[{host}]" if ":" in host else host]
    return [f"http://{h}:{door.port}/?token={door.token}" for h in hosts]


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    host = f"[{host}]" if ":" in host else host
    return f"http://{host}:{port}/"


def protocol(idle: float = IDLE_SECONDS) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with a deadline before each request head is complete."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class IdleClosingH11(H11Protocol):
        _head_deadline: float | None = None

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._await_head()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.cycle is None or self.cycle.response_complete:
                self._await_head()  # between requests, or the head is still incomplete

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._head_deadline = None  # a new request may start: a fresh deadline

        def _await_head(self) -> None:
            if self.transport is None or self.transport.is_closing():
                return
            now = self.loop.time()
            if self._head_deadline is None or (self.cycle is not None
                                               and not self.cycle.response_complete):
                self._head_deadline = now + idle
            self._unset_keepalive_if_required()
            self.timeout_keep_alive_task = self.loop.call_later(
                max(self._head_deadline - now, 0.0), self.timeout_keep_alive_handler)

    return IdleClosingH11


def config(app: Any, *, idle: float = IDLE_SECONDS, log_level: str = "warning") -> Any:
    """The uvicorn configuration the command and the tests both serve with."""
    import uvicorn

    return uvicorn.Config(app, log_level=log_level, lifespan="off", http=protocol(idle),
                          timeout_keep_alive=int(max(idle, 1)),
                          limit_concurrency=MAX_CONNECTIONS, access_log=False)


def raise_file_limit() -> None:
    """Lift the soft limit on open files to the hard one (the studio holds a socket each)."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    except (ImportError, ValueError, OSError):
        pass


def serve(sock: socket.socket, on_ready: Callable[[Door], None] | None = None,
          host: str | None = None, log_level: str = "warning") -> None:
    """Run until interrupted (Ctrl-C stops uvicorn cleanly)."""
    import uvicorn

    from . import jobs
    from .app import create_app

    door = door_of(sock, host)
    raise_file_limit()
    server = uvicorn.Server(config(create_app(door), log_level=log_level))
    jobs.start_forkserver()  # the pages' modules are preloaded by now (create_app)
    if on_ready is not None:
        on_ready(door)
    server.run(sockets=[sock])
