"""The studio's front door: every request passes here before any route (ASGI middleware).

Why: the studio listens on a port that every web page the user opens can reach. Without a
door, a page on another site can POST to it (`mode: "no-cors"` needs no permission), and a
site whose name resolves to 127.0.0.1 (DNS rebinding) can even read its answers. So, for
every request, before any route runs:

- the `Host` header must name the address the studio serves (`127.0.0.1:PORT`,
  `localhost:PORT`, ...; on a wildcard address any IP literal or this machine's name), so a
  rebound name is refused (421);
- an `Origin` header, when sent, must be that same origin (403);
- every request but static assets must carry this launch's token: the command prints it in
  the URL (`?token=...`); opening that URL sets a same-site-only cookie and the page gets the
  token in `<meta name="studio-token">`. GETs may present the cookie; a request that changes
  state (any method but GET/HEAD/OPTIONS) must send the token in the `X-Studio-Token` header
  (which no cross-site request can set without a preflight the studio never grants) and a
  JSON content type (415 otherwise);
- a body is refused on its `Content-Length` above MAX_BODY, and reading stops at MAX_BODY
  whatever the header says (413); a body that stalls for BODY_SECONDS is dropped (408);
- every answer carries `X-Frame-Options: DENY` and a Content-Security-Policy;
- a client that hangs up mid-request ends quietly (no traceback in the log).

New routes are covered without doing anything: this wraps the whole application. A page's
script should make its state-changing calls through `api()` in `static/studio.js`, which
sends the token header and the JSON content type; a new HTML page is served with
`page_response(request, "name.html")`, which fills in the token meta tag.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import secrets
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs, urlsplit

log = logging.getLogger("sheetgen.studio")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64_000
BODY_SECONDS = 10.0
TOKEN_HEADER = "x-studio-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
PUBLIC_PREFIXES = ("/static/",)
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [(b"x-frame-options", b"DENY"), (b"content-security-policy", CSP.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer")]
WILDCARDS = frozenset({"0.0.0.0", "::", ""})
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def is_wildcard(host: str) -> bool:
    return host in WILDCARDS


@dataclass
class Door:
    """What the guard checks requests against: the served address and the launch token."""

    host: str = "127.0.0.1"
    port: int = 0
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    @property
    def cookie_name(self) -> str:
        # Browsers share cookies between ports of one host: the port keeps two studios apart.
        return f"sheetgen-studio-{self.port}"

    def host_allowed(self, value: str) -> bool:
        """Is `value` (a Host header, or an Origin's host:port) this studio's address?"""
        value = value.strip().lower()
        name, port = _split_host(value)
        if name is None:
            return False
        if port != self.port and not (port is None and self.port == 80):
            return False
        served = self.host.lower()
        if is_wildcard(served):
            return _is_ip(name) or name in ("localhost", socket.gethostname().lower(),
                                            socket.getfqdn().lower())
        plain = name.strip("[]")
        return name in LOOPBACK_NAMES or plain == served.strip("[]")

    def origin_allowed(self, origin: str) -> bool:
        parts = urlsplit(origin)
        return parts.scheme == "http" and not parts.path.strip("/") and \
            self.host_allowed(parts.netloc)


def _split_host(value: str) -> tuple[str | None, int | None]:
    if not value or any(c in value for c in "/@ \t"):
        return None, None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None, None
        name, rest = value[:end + 1], value[end + 1:]
    else:
        name, _, rest = value.partition(":")
        rest = ":" + rest if rest else ""
    if not rest:
        return name, None
    if not rest.startswith(":") or not rest[1:].isdigit():
        return None, None
    return name, int(rest[1:])


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return False
    return True


class RequestTooLarge(Exception):
    """Raised from `receive` when a body passes MAX_BODY; the guard answers 413."""


class BodyStalled(Exception):
    """Raised from `receive` when a body stops arriving; the guard answers 408."""


class Guard:
    """ASGI middleware enforcing the checks in this module's docstring."""

    def __init__(self, app: ASGIApp, door: Door, *, max_body: int = MAX_BODY,
                 body_seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.door = door
        self.max_body = max_body
        self.body_seconds = body_seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        started = False

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                if started:
                    return
                started = True
                message = dict(message)
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        if refusal is not None:
            status, text = refusal
            await _answer(guarded_send, status, text)
            return
        try:
            await self.app(scope, self._limited(receive), guarded_send)
        except RequestTooLarge:
            if not started:
                await _answer(guarded_send, 413, f"request body too large (over "
                                                 f"{self.max_body:,} bytes)")
        except BodyStalled:
            if not started:
                await _answer(guarded_send, 408, "the request body stopped arriving")
        except Exception as err:  # noqa: BLE001 - one line in the log, never a traceback
            if _is_disconnect(err):
                return  # the client hung up: nobody to answer, nothing to log
            if not started:
                log.exception("studio: internal error on %s", scope.get("path"))
                await _answer(guarded_send, 500, "internal error: the server could not do that")
            # else the application's own handler already answered and logged it

    def _refusal(self, scope: Scope) -> tuple[int, str] | None:
        headers = _headers(scope)
        door = self.door
        if not door.host_allowed(headers.get("host", "")):
            return 421, ("this studio answers only at its own address (the Host header names "
                         "another one)")
        origin = headers.get("origin")
        if origin is not None and not door.origin_allowed(origin):
            return 403, "requests from other web pages are refused"
        length = headers.get("content-length")
        if length is not None:
            if not length.isdigit():
                return 400, "bad Content-Length"
            if int(length) > self.max_body:
                return 413, f"request body too large (over {self.max_body:,} bytes)"
        path = scope.get("path", "")
        if path.startswith(PUBLIC_PREFIXES) and scope["method"] in SAFE_METHODS:
            return None
        if scope["method"] in SAFE_METHODS:
            if not (_same(headers.get(TOKEN_HEADER), door.token)
                    or _same(_cookie(headers, door.cookie_name), door.token)
                    or _same(_query_token(scope), door.token)):
                return 403, ("this request needs the studio's launch token: open the address "
                             "`sheetgen studio` printed (it ends in ?token=...)")
            return None
        if not _same(headers.get(TOKEN_HEADER), door.token):
            return 403, (f"a request that changes something needs the launch token in the "
                         f"{TOKEN_HEADER} header (the studio page sends it)")
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if media != "application/json":
            return 415, "send JSON (Content-Type: application/json)"
        return None

    def _limited(self, receive: Receive) -> Receive:
        received = 0
        complete = False

        async def limited() -> Message:
            nonlocal received, complete
            if complete:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), self.body_seconds)
            except TimeoutError:
                raise BodyStalled from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise RequestTooLarge
                complete = not message.get("more_body", False)
            else:
                complete = True
            return message

        return limited


def _is_disconnect(err: BaseException) -> bool:
    from starlette.requests import ClientDisconnect

    return isinstance(err, (ClientDisconnect, ConnectionError))


async def _answer(send: Send, status: int, text: str) -> None:
    body = json.dumps({"error": text}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def page_response(request: Any, name: str) -> Any:
    """An HTML page of `static/` with this launch's token in `<meta name="studio-token">`.

    The guard has already checked the token (query, cookie or header) before a page route
    runs; a token that came in the URL is also set as a same-site-only, script-hidden cookie,
    so the bare address keeps working in this browser (a new tab, a reload).
    """
    from importlib import resources

    from starlette.responses import HTMLResponse

    door: Door = request.app.state.door
    html = (resources.files("sheetgen.studio") / "static" / name).read_text("utf-8")
    meta = f'<meta name="studio-token" content="{door.token}">'
    response = HTMLResponse(html.replace("<head>", "<head>\n" + meta, 1),
                            headers={"Cache-Control": "no-store"})
    if _same(request.query_params.get("token"), door.token):
        response.set_cookie(door.cookie_name, door.token, httponly=True, samesite="strict",
                            path="/")
    return response


def _headers(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        name = key.decode("latin-1").lower()
        if name in out and name in ("host", "origin", TOKEN_HEADER, "content-length"):
            out[name] = "\0duplicate"  # two Hosts or two tokens: refuse, never pick one
        else:
            out[name] = value.decode("latin-1")
    return out


def _cookie(headers: dict[str, str], name: str) -> str | None:
    jar = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # noqa: BLE001 - a malformed cookie header is no token
        return None
    morsel = jar.get(name)
    return morsel.value if morsel is not None else None


def _query_token(scope: Scope) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token")
    return values[0] if values else None


def _same(given: str | None, token: str) -> bool:
    return given is not None and secrets.compare_digest(given.encode("latin-1", "replace"),
                                                        token.encode())
