"""Helpers of the studio tests: a test client and a real server holding the launch token."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass


def studio_client(door=None, **kwargs):
    """A Starlette test client at the door's address, sending its token and JSON."""
    from starlette.testclient import TestClient

    from sheetgen.studio.app import create_app
    from sheetgen.studio.guard import Door

    door = door or Door("127.0.0.1", 8765)
    headers = {"X-Studio-Token": door.token, "Content-Type": "application/json"}
    return TestClient(create_app(door), base_url=f"http://127.0.0.1:{door.port}",
                      headers=headers, **kwargs)


@dataclass
class LiveServer:
    """A real uvicorn serving the studio: `base` (no token), `url` (as printed), `token`."""

    base: str
    url: str
    token: str
    port: int
    app: object
    server: object

    def __str__(self) -> str:
        return self.url


def start_live_server(idle: float | None = None) -> LiveServer:
    import uvicorn

    from sheetgen.studio.app import create_app
    from sheetgen.studio.server import IDLE_SECONDS, bind, config, door_of, urls_of

    sock = bind("127.0.0.1", 0)
    door = door_of(sock)
    app = create_app(door)
    server = uvicorn.Server(config(app, idle=idle or IDLE_SECONDS))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "the studio server did not start"
    live = LiveServer(f"http://127.0.0.1:{door.port}", urls_of(door)[0], door.token,
                      door.port, app, server)
    live._thread, live._sock = thread, sock
    return live


def stop_live_server(live: LiveServer) -> None:
    live.server.should_exit = True
    live._thread.join(10)
    live._sock.close()


