"""The studio's web application (Starlette): a page shell, a game switcher and each page's
JSON API over one in-memory session per tab.

The shell (`static/index.html`, `studio.js`, `studio.css`) lists the pages from
`/api/pages` (the registry's games, then the studio's own) and loads the chosen one's
`page.html`/`page.js`/`page.css` from `/pages/<name>/`. A page's routes (plain functions,
see `sheetgen/studio_contract.py`) are served under `/api/s/<session>/g/<name>/`, each
through `_serve`: parse the JSON body, find the session and the page's state, run the
handler in a worker thread with the session's lock held, answer JSON, a download or a job
snapshot. Every fault the user can cause is a 4xx JSON `{"error": ...}`; an internal fault
is a 500 JSON with no traceback. No request names a file: downloads are built in memory.

Every request first passes `guard.Guard` (Host/Origin, the launch token, JSON content type,
body limits, security headers): routes added here or by a game's page are covered without
doing anything. The shell page is served with `guard.page_response` (it carries the token);
page scripts call their API through `ctx.api()` (studio.js), which sends the token header.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from sheetgen.errors import SheetgenError
from sheetgen.studio_contract import Call, Download, Refused

from . import jobs
from .guard import BodyStalled, Door, Guard, RequestTooLarge, page_response
from .jobs import Job
from .pages import StudioPage, studio_pages
from .sessions import Session, SessionStore

STATIC = resources.files("sheetgen.studio") / "static"
MAX_BODY = 64_000


# ------------------------------------------------------------------ request helpers

async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    if len(raw) > MAX_BODY:
        raise Refused("request body too large", 413)
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused("the request body is not JSON") from None
    except RecursionError:
        raise Refused("the request body is nested too deeply") from None
    if not isinstance(body, dict):
        raise Refused("the request body must be a JSON object")
    return body


def _session(request: Request) -> Session:
    session = request.app.state.sessions.get(request.path_params["sid"])
    if session is None:
        raise Refused("no such session (it may have expired): reload the page", 404)
    return session


def _download(data: bytes, media: str, name: str) -> Response:
    return Response(data, media_type=media,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _answer(result: Any) -> Response:
    if isinstance(result, Download):
        return _download(result.data, result.media, result.name)
    if isinstance(result, Job):
        return JSONResponse(result.snapshot())
    return JSONResponse(result)


def _serve(page: StudioPage, handler):
    """One page route: the shared request path (body, session, state, lock, thread)."""

    async def endpoint(request: Request) -> Response:
        session = _session(request)
        body = await _body(request) if request.method == "POST" else {}
        state = session.state(page.name, page.page.new_state)
        params = {k: v for k, v in request.path_params.items() if k != "sid"}

        def run() -> Any:
            call = Call(state=state, body=body, query=dict(request.query_params),
                        params=params,
                        start=lambda kind, target, args=(), on_done=None: session.start(
                            page.name, kind, target, args, on_done),
                        job=lambda kind: session.job(page.name, kind))
            with session.lock:
                return handler(call)

        return _answer(await asyncio.to_thread(run))

    return endpoint


# ------------------------------------------------------------------ endpoints

async def index(request: Request) -> Response:
    return page_response(request, "index.html")


async def new_session(request: Request) -> Response:
    session = request.app.state.sessions.new()
    return JSONResponse({"session": session.id})


async def session_alive(request: Request) -> Response:
    return JSONResponse({"session": _session(request).id})


async def list_pages(request: Request) -> Response:
    return JSONResponse({"pages": [p.describe() for p in request.app.state.pages.values()]})


def _page(request: Request) -> StudioPage:
    page = request.app.state.pages.get(request.path_params["page"])
    if page is None:
        raise Refused(f"no studio page '{request.path_params['page']}'", 404)
    return page


async def page_asset(request: Request) -> Response:
    found = _page(request).asset(request.path_params["file"])
    if found is None:
        raise Refused("no such page file", 404)
    data, media = found
    return Response(data, media_type=media, headers={"Cache-Control": "no-cache"})


def _job(request: Request) -> Job:
    session = _session(request)
    job = session.job(_page(request).name, request.path_params["kind"])
    if job is None:
        raise Refused("nothing is running", 409)
    return job


async def cancel_job(request: Request) -> Response:
    job = _job(request)
    if not job.cancel():
        return JSONResponse({"error": f"the {job.kind} job has already ended ({job.state})",
                             "cancelling": False, "state": job.state}, status_code=409)
    return JSONResponse({"cancelling": True})


async def job_events(request: Request) -> Response:
    """Server-sent events: the job's snapshot each time it changes, until it ends."""
    job = _job(request)

    async def stream():
        seen = -1
        while True:
            seen = await job.next_change(seen, 10.0)  # holds no thread while it waits
            snap = job.snapshot()
            yield f"data: {json.dumps(snap)}\n\n"
            if snap["state"] in ("done", "failed", "cancelled"):
                return
            if await request.is_disconnected():
                return

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


# ------------------------------------------------------------------ errors

async def _refused(request: Request, err: Refused) -> Response:
    return JSONResponse({"error": err.message, **err.extra}, status_code=err.status)


async def _sheetgen_error(request: Request, err: SheetgenError) -> Response:
    hint = f" ({err.hint})" if err.hint else ""
    return JSONResponse({"error": err.message + hint}, status_code=422)


async def _http_error(request: Request, err: HTTPException) -> Response:
    return JSONResponse({"error": err.detail}, status_code=err.status_code)


async def _too_large(request: Request, err: Exception) -> Response:
    return JSONResponse({"error": "request body too large"}, status_code=413)


async def _stalled(request: Request, err: Exception) -> Response:
    return JSONResponse({"error": "the request body stopped arriving"}, status_code=408)


async def _gone(request: Request, err: Exception) -> Response:
    return Response(status_code=400)  # the client hung up: nobody reads this, nothing logged


def create_app(door: Door | None = None) -> Starlette:
    """The studio application behind its guard; `door` is the served address and launch
    token (a loopback default with a fresh token for tests)."""
    pages = {p.name: p for p in studio_pages()}
    jobs.preload([p.module for p in pages.values()])
    s = "/api/s/{sid}"
    routes = [
        Route("/", index),
        Route("/api/session", new_session, methods=["POST"]),
        Route("/api/pages", list_pages, methods=["GET"]),
        Route(s, session_alive, methods=["GET"]),
        Route("/pages/{page:str}/{file:str}", page_asset, methods=["GET"]),
        Route(s + "/g/{page:str}/jobs/{kind:str}/events", job_events, methods=["GET"]),
        Route(s + "/g/{page:str}/jobs/{kind:str}/cancel", cancel_job, methods=["POST"]),
    ]
    for page in pages.values():
        for route in page.page.routes:
            routes.append(Route(f"{s}/g/{page.name}/{route.path}", _serve(page, route.handler),
                                methods=[route.method]))
    routes.append(Mount("/static", StaticFiles(directory=str(STATIC)), name="static"))
    door = door or Door()
    # Unexpected exceptions reach the guard, which logs them once and answers a bare 500.
    app = Starlette(routes=routes, middleware=[Middleware(Guard, door=door)],
                    exception_handlers={
                        Refused: _refused, SheetgenError: _sheetgen_error,
                        HTTPException: _http_error, RequestTooLarge: _too_large,
                        BodyStalled: _stalled, ClientDisconnect: _gone})
    app.state.sessions = SessionStore()
    app.state.pages = pages
    app.state.door = door
    return app
