"""The studio's web application (Starlette): a JSON API over one in-memory session per tab.

Routes are thin: parse and check the request, call the library (island generator, island
validator, map renderer, rules engine, verifier, layouts), answer JSON. Every fault the
user can cause is a 4xx JSON `{"error": ...}`; an internal fault is a 500 JSON with no
traceback. No request names a file: downloads are built in memory.

Every request first passes `guard.Guard` (Host/Origin, the launch token, JSON content type,
body limits, security headers): routes added here are covered without doing anything. A new
HTML page is served with `guard.page_response(request, "name.html")` (it carries the token);
its script calls the API through `api()` in studio.js, which sends the token header.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
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

from . import work
from .guard import BodyStalled, Door, Guard, RequestTooLarge, page_response
from .islandedit import Edit, EditRejected, apply_edit
from .sessions import Session, SessionStore, Settings

log = logging.getLogger("sheetgen.studio")
STATIC = resources.files("sheetgen.studio") / "static"
MAX_SEED = 2**53 - 1  # the largest whole number a page's JavaScript holds exactly


class BadRequest(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


# ------------------------------------------------------------------ request helpers

async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if not raw:
        return {}
    if len(raw) > 64_000:
        raise BadRequest("request body too large", 413)
    try:
        body = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("the request body is not JSON") from None
    except RecursionError:
        raise BadRequest("the request body is nested too deeply") from None
    if not isinstance(body, dict):
        raise BadRequest("the request body must be a JSON object")
    return body


def _int(body: dict[str, Any], key: str, default: int | None, low: int, high: int) -> int | None:
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadRequest(f"'{key}' must be a whole number from {low} to {high}")
    return value


def _choice(body: dict[str, Any], key: str, default: str, options: tuple[str, ...]) -> str:
    value = body.get(key, default)
    if value not in options:
        raise BadRequest(f"'{key}' must be one of {', '.join(options)}")
    return value


def _session(request: Request) -> Session:
    session = request.app.state.sessions.get(request.path_params["sid"])
    if session is None:
        raise BadRequest("no such session (it may have expired): reload the page", 404)
    return session


def _with_island(request: Request) -> Session:
    session = _session(request)
    if session.island is None:
        raise BadRequest("make an island first", 409)
    return session


# ------------------------------------------------------------------ endpoints

async def index(request: Request) -> Response:
    return page_response(request, "index.html")


async def new_session(request: Request) -> Response:
    session = request.app.state.sessions.new()
    return JSONResponse({"session": session.id, "difficulties": list(work.DIFFICULTIES),
                         "symbols_per_island": 36})


async def make_island(request: Request) -> Response:
    session = _session(request)
    body = await _body(request)
    seed = _int(body, "seed", None, 0, MAX_SEED)
    if seed is None:
        seed = secrets.randbits(32)
    settings = Settings(seed=seed,
                        difficulty=_choice(body, "difficulty", "normal", work.DIFFICULTIES),
                        cell_area=_int(body, "space_size", 300, *work.SPACE_SIZES) or 300)
    data = await asyncio.to_thread(work.make_island, settings)
    with session.lock:
        session.settings = settings
        session.replace_island(data)
    return JSONResponse(await asyncio.to_thread(work.island_view, session))


async def get_island(request: Request) -> Response:
    session = _with_island(request)
    return JSONResponse(await asyncio.to_thread(work.island_view, session))


async def edit_island(request: Request) -> Response:
    session = _with_island(request)
    body = await _body(request)
    try:
        edit = Edit.from_json(body)
        with session.lock:
            new = apply_edit(session.island, edit, session.ruleset)
            session.replace_island(new)
    except EditRejected as err:
        return JSONResponse({"error": str(err), "rejected": True}, status_code=422)
    return JSONResponse(await asyncio.to_thread(work.island_view, session))


async def history(request: Request) -> Response:
    session = _with_island(request)
    way = request.path_params["way"]
    if way not in ("undo", "redo"):
        raise BadRequest(f"no history step '{way[:40]}' (undo or redo)", 404)
    back = way == "undo"
    with session.lock:
        if not session.step_history(back):
            raise BadRequest(f"nothing to {'undo' if back else 'redo'}", 409)
    return JSONResponse(await asyncio.to_thread(work.island_view, session))


async def set_lines(request: Request) -> Response:
    session = _with_island(request)
    body = await _body(request)
    hidden = body.get("hidden", [])
    known = {line["id"] for line in session.island["sink_lines"]}
    if not isinstance(hidden, list) or not all(isinstance(h, str) and h in known
                                               for h in hidden):
        raise BadRequest("'hidden' must be a list of this island's sink line ids")
    session.hidden_lines = set(hidden)
    return JSONResponse(await asyncio.to_thread(work.island_view, session))


async def start_verify(request: Request) -> Response:
    session = _with_island(request)
    body = await _body(request)
    band = _choice(body, "difficulty",
                   session.settings.difficulty if session.settings else "normal",
                   work.DIFFICULTIES)
    job = work.start_verification(session, band)
    return JSONResponse(job.snapshot())


def _job(session: Session, kind: str):
    if kind not in ("verify", "pad"):
        raise BadRequest(f"no job kind '{kind[:40]}'", 404)
    return session.verify_job if kind == "verify" else session.pad_job


async def cancel_job(request: Request) -> Response:
    session = _session(request)
    job = _job(session, request.path_params["kind"])
    if job is None:
        raise BadRequest("nothing is running", 409)
    if not job.cancel():
        return JSONResponse({"error": f"the {job.kind} job has already ended ({job.state})",
                             "cancelling": False, "state": job.state}, status_code=409)
    return JSONResponse({"cancelling": True})


async def job_events(request: Request) -> Response:
    """Server-sent events: the job's snapshot each time it changes, until it ends."""
    session = _session(request)
    job = _job(session, request.path_params["kind"])
    if job is None:
        raise BadRequest("nothing is running", 409)

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


async def new_game(request: Request) -> Response:
    session = _with_island(request)
    body = await _body(request)
    seed = _int(body, "seed", None, 0, MAX_SEED)
    view = await asyncio.to_thread(work.new_game, session, seed)
    return JSONResponse(view)


async def game_action(request: Request) -> Response:
    session = _with_island(request)
    if session.game is None:
        raise BadRequest("start a game first", 409)
    body = await _body(request)
    with session.lock:
        action = request.path_params["action"]
        if action not in ("roll", "move"):
            raise BadRequest(f"no game action '{action}'", 404)
        try:
            if action == "roll":
                session.game.roll()
            else:
                index = _int(body, "index", None, 0, 10_000)
                if index is None:
                    raise BadRequest("'index' (the chosen legal move) is required")
                session.game.choose(index)
        except ValueError as err:
            raise BadRequest(str(err), 409) from None
        return JSONResponse(session.game.view())


async def game_view(request: Request) -> Response:
    session = _with_island(request)
    if session.game is None:
        raise BadRequest("start a game first", 409)
    return JSONResponse(session.game.view())


async def game_log(request: Request) -> Response:
    session = _with_island(request)
    game = session.game
    if game is None or not game.state.is_over():
        raise BadRequest("the log is ready when the game is over", 409)
    text = json.dumps(game.log(), indent=1, ensure_ascii=False) + "\n"
    return _download(text.encode("utf-8"), "application/json", "captains-curse-game.json")


async def download(request: Request) -> Response:
    session = _with_island(request)
    what = request.path_params["what"]
    if what == "island.yaml":
        body = work.island_file(session).encode("utf-8")
        return _download(body, "application/x-yaml", work.file_stem(session) + ".yaml")
    if what == "sheet.pdf":
        paper = _choice(dict(request.query_params), "paper", "a4", ("a4", "letter"))
        pdf = await asyncio.to_thread(work.sheet_pdf, session, paper)
        return _download(pdf, "application/pdf", work.file_stem(session) + ".pdf")
    if what == "pad.pdf":
        job = session.pad_job
        if job is None or job.state != "done":
            raise BadRequest("the pad is not ready", 409)
        return _download(job.result, "application/pdf", "captains-curse-pad.pdf")
    raise BadRequest(f"nothing to download as '{what}'", 404)


async def start_pad(request: Request) -> Response:
    session = _with_island(request)
    body = await _body(request)
    count = _int(body, "count", 4, 1, work.MAX_PAD)
    paper = _choice(body, "paper", "a4", ("a4", "letter"))
    job = work.start_pad(session, count or 1, paper)
    return JSONResponse(job.snapshot())


def _download(data: bytes, media: str, name: str) -> Response:
    return Response(data, media_type=media,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


# ------------------------------------------------------------------ errors

async def _bad_request(request: Request, err: BadRequest) -> Response:
    return JSONResponse({"error": err.message}, status_code=err.status)


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
    s = "/api/s/{sid}"
    routes = [
        Route("/", index),
        Route("/api/session", new_session, methods=["POST"]),
        Route(s + "/island", make_island, methods=["POST"]),
        Route(s + "/island", get_island, methods=["GET"]),
        Route(s + "/edit", edit_island, methods=["POST"]),
        Route(s + "/history/{way:str}", history, methods=["POST"]),
        Route(s + "/lines", set_lines, methods=["POST"]),
        Route(s + "/verify", start_verify, methods=["POST"]),
        Route(s + "/pad", start_pad, methods=["POST"]),
        Route(s + "/jobs/{kind:str}/events", job_events, methods=["GET"]),
        Route(s + "/jobs/{kind:str}/cancel", cancel_job, methods=["POST"]),
        Route(s + "/game", new_game, methods=["POST"]),
        Route(s + "/game", game_view, methods=["GET"]),
        Route(s + "/game/log", game_log, methods=["GET"]),
        Route(s + "/game/{action:str}", game_action, methods=["POST"]),
        Route(s + "/download/{what:str}", download, methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    door = door or Door()
    # Unexpected exceptions reach the guard, which logs them once and answers a bare 500.
    app = Starlette(routes=routes, middleware=[Middleware(Guard, door=door)],
                    exception_handlers={
                        BadRequest: _bad_request, SheetgenError: _sheetgen_error,
                        HTTPException: _http_error, RequestTooLarge: _too_large,
                        BodyStalled: _stalled, ClientDisconnect: _gone})
    app.state.sessions = SessionStore()
    app.state.door = door
    return app
