"""What a game gives sheetgen studio: its page, as plain values the studio serves.

A game with a page names a module in its `Game.studio` (`"sheetgen.games.swashbuckle.studio"`).
That module holds `PAGE = Page(...)`; the module's folder holds the page's assets:

- `page.html`: an HTML fragment, put inside the studio's `<main>` when the game is chosen;
- `page.js`: an ES module exporting `mount(root, ctx)` (`ctx.api(method, path, body)`,
  `ctx.url(path)`, `ctx.follow(kind, onSnapshot)`; the shared helpers are imported from
  `/static/studio.js`);
- `page.css`: styles, scoped by the game's own ids and classes.

`Page.routes` are the game's JSON API, served under `/api/s/<session>/g/<game name>/`. A
handler gets a `Call` and returns a JSON-able dict, a `Download`, or the handle of a
background job it started with `call.start(kind, target, args, on_done)` (the page follows
it at `.../jobs/<kind>/events`). A job runs `target(report, *args)` in a child process (so
`target` is a top-level function and `args` pickle); `report(**fields)` sends progress,
the return value is the job's `result`, and `on_done(job)` runs in the server when it
ends well (to file the figures in the page's state). A fault the user caused is
`raise Refused(message, status)`; a `SheetgenError` is shown with its hint. Handlers are
plain functions run in a worker thread with the session's lock held, so game code needs no
web framework and no locking.

This module sits below every layer (games import it; it imports nothing of sheetgen's), so
a game's page code stays in the game's folder and the studio lists games from the registry
alone: a new game's page appears without an edit to the studio.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

MAX_SEED = 2**53 - 1  # the largest whole number a page's JavaScript holds exactly


class Refused(Exception):
    """A request the user can fix: the page shows `message`; `status` is the HTTP code."""

    def __init__(self, message: str, status: int = 400, **extra: Any) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.extra = extra  # more JSON fields, e.g. {"rejected": True}


@dataclass(frozen=True)
class Download:
    """A file built in memory and sent as an attachment (no request names a file path)."""

    data: bytes
    media: str
    name: str


class JobHandle(Protocol):
    kind: str
    state: str  # queued | running | done | failed | cancelled
    result: Any

    def cancel(self) -> None: ...

    def snapshot(self) -> dict[str, Any]: ...


@dataclass
class Call:
    """One request to a game route: the game's per-session state and the request's values."""

    state: Any
    body: dict[str, Any]
    query: dict[str, str]
    params: dict[str, str]
    start: Callable[..., JobHandle]  # start(kind, target, args=(), on_done=None)
    job: Callable[[str], JobHandle | None]


@dataclass(frozen=True)
class Route:
    """`method` "GET" or "POST"; `path` below the game's API root, with `{name}` parts."""

    method: str
    path: str
    handler: Callable[[Call], Any]


@dataclass(frozen=True)
class Page:
    """A game's page in the studio.

    - `title`: the switcher's label; `summary`: the line under the studio's name.
    - `routes`: the game's API; `new_state`: the per-session state the handlers share
      (made when a tab first uses the game).
    - `credit`: the footer line (designers credited).
    - `assets`: the package holding page.html/js/css; "" = the module naming `PAGE`.
    """

    title: str
    summary: str
    routes: tuple[Route, ...] = ()
    new_state: Callable[[], Any] = dict
    credit: str = ""
    assets: str = ""


T = TypeVar("T")


def present(value: T | None, missing: str = "start a game first") -> T:
    """`value`, the part of a page's session state a request works on (its game, island,
    quest), or a 409 `Refused(missing)` while the page has not made it yet: a move sent
    before a game was started is the user's step out of order, not a server fault.

    >>> present(3)
    3
    >>> present(None, "open a quest first")
    Traceback (most recent call last):
    ...
    sheetgen.studio_contract.Refused: open a quest first
    """
    if value is None:
        raise Refused(missing, 409)
    return value


# ------------------------------------------------------------------ reading request values

def whole(body: dict[str, Any], key: str, default: int | None, low: int, high: int
          ) -> int | None:
    """`body[key]` as a whole number in [low, high] (a bool is not a number), else Refused."""
    value = body.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused(f"'{key}' must be a whole number from {low} to {high}")
    return value


def number(body: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    value = body.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise Refused(f"'{key}' must be a number from {low:g} to {high:g}")
    return float(value)


def choice(body: dict[str, Any], key: str, default: str, options: tuple[str, ...]) -> str:
    value = body.get(key, default)
    if value not in options:
        raise Refused(f"'{key}' must be one of {', '.join(options)}")
    return value


def text(body: dict[str, Any], key: str, default: str = "", limit: int = 200) -> str:
    value = body.get(key, default)
    if not isinstance(value, str) or len(value) > limit:
        raise Refused(f"'{key}' must be text of at most {limit} characters")
    return value
