"""The studio's own server (sheetgen/studio/server.py) on a real socket."""

from __future__ import annotations

import asyncio
import http.client
import socket


def _server_side_sockets(live) -> list[int]:
    """TCP_NODELAY of every connection the live server holds, read in its event loop."""
    async def read():
        return [connection.transport.get_extra_info("socket").getsockopt(
            socket.IPPROTO_TCP, socket.TCP_NODELAY)
            for connection in live.server.server_state.connections]

    loop = live.server.servers[0].get_loop()
    return asyncio.run_coroutine_threadsafe(read(), loop).result(10)


def test_answers_leave_at_once_without_waiting_for_an_ack(live_server):
    """Every connection the studio accepts has Nagle's algorithm off (TCP_NODELAY), as
    asyncio gives a server it listens for itself: uvicorn writes an answer's head and its
    body as two segments, and with Nagle on the body waited for the browser to acknowledge
    the head, which a browser delays by 40 ms. Every click of a game took that long."""
    conn = http.client.HTTPConnection("127.0.0.1", live_server.port, timeout=30)
    try:
        conn.request("GET", "/", headers={"X-Studio-Token": live_server.token})
        response = conn.getresponse()
        response.read()
        assert response.status == 200
        flags = _server_side_sockets(live_server)  # the connection is kept alive
    finally:
        conn.close()
    assert flags and all(flags), flags
