"""A job's update stream when the connection breaks (studio.js `ctx.follow`), in headless
Chromium: a stream cut while the studio runs is opened again and the job's end is heard;
a studio that went away (stopped, or restarted: a new launch knows neither the session nor
its jobs) is said, the job ends failed on the page, its bar still and its button back.

The job waits for a worker the whole time (`every_worker_busy`), so nothing is computed.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from helpers.browser import by_id, open_page
from helpers.studio import start_live_server, stop_live_server
from in_page import counter, every_worker_busy, until

pytestmark = pytest.mark.slow  # drives Chromium

_QUEUED = "!document.getElementById('vp-verify-cancel').disabled"


def _on_server_loop(live, action) -> None:
    """Run `action()` in the live server's event loop (its thread) and wait for it."""
    async def run():
        action()

    loop = live.server.servers[0].get_loop()
    asyncio.run_coroutine_threadsafe(run(), loop).result(10)


def _cut_connections(live) -> None:
    """Every open connection to the server reset, as a network or a dying server does."""
    def cut():
        for connection in list(live.server.server_state.connections):
            connection.transport.abort()

    _on_server_loop(live, cut)


def _followed(live, sid: str) -> None:
    """Wait until a stream follows the session's Voodoo verification on the server."""
    session = live.app.state.sessions.get(sid)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        job = session.job("voodoo", "verify")
        if job is not None and job._waiters:
            return
        time.sleep(0.05)
    raise AssertionError("no stream followed the verification")


def test_a_job_stream_survives_a_cut_and_a_studio_gone_away_is_said(desktop):
    d = desktop
    live = start_live_server()
    sid = None
    try:
        open_page(d, live, "voodoo")
        sid = d.execute_script("return sessionStorage.getItem('sheetgen-studio-session')")
        # The stream cut while the studio runs: opened again, the job's end heard (the job
        # cancelled on the server, no request of the page's needed; a queued job ends
        # cancelled once a worker is free).
        seen = int(d.execute_script(f"return {counter('verified')}"))
        with every_worker_busy():
            by_id(d, "vp-verify").click()
            until(d, _QUEUED, what="the verification, queued")
            _followed(live, sid)
            _cut_connections(live)
            assert live.app.state.sessions.get(sid).job("voodoo", "verify").cancel()
        until(d, f"{counter('verified')} !== args[0]", seen,
              what="the cancelled verification, heard after the cut")
        assert by_id(d, "vp-verify-text").text == "cancelled"

        with every_worker_busy():
            # The studio gone: no more connections, the open ones reset.
            by_id(d, "vp-verify").click()
            until(d, _QUEUED, what="the second verification, queued")
            _followed(live, sid)
            seen = int(d.execute_script(f"return {counter('verified')}"))

            def gone():
                for server in live.server.servers:
                    server.close()  # the listening socket: connections refused
                for connection in list(live.server.server_state.connections):
                    connection.transport.abort()

            _on_server_loop(live, gone)
            until(d, f"{counter('verified')} !== args[0]", seen,
                  what="the page to say the studio went away")
            assert "lost the connection to the studio" in by_id(d, "vp-verify-text").text
            assert by_id(d, "vp-verify").is_enabled()
            assert not by_id(d, "vp-verify-cancel").is_enabled()
            assert d.execute_script(  # a still bar, not an indeterminate one
                "return document.getElementById('vp-verify-progress').hasAttribute('value')")
            # The queued job never runs once the workers are free.
            live.app.state.sessions.get(sid).close()
    finally:
        if sid is not None and live.app.state.sessions.get(sid) is not None:
            live.app.state.sessions.get(sid).close()
        live.server.force_exit = True  # the streams cut above end on their own
        stop_live_server(live)
