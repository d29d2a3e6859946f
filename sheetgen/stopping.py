"""A stop asked for by a signal, kept until it is obeyed.

`sheetgen pad` turns SIGTERM into SystemExit raised wherever the main thread happens to be
(`cli/pads.py`). If that is inside a library's catch-all handler (a bare `except:` that
swallows SystemExit too), the exception is lost and the run would go on to write its
output as if nothing had been asked. So the request is also recorded here, and the places
a long run passes often or commits its work (`check`: each island of a pad, the moment an
output is linked into place in `sheetgen.atomic`) raise it again."""

from __future__ import annotations

_requested: int | None = None


def request(code: int) -> None:
    """Record that the process must exit with status `code`."""
    global _requested
    _requested = code


def withdraw() -> None:
    """Forget a request (the block that installed the signal handler is left)."""
    global _requested
    _requested = None


def requested() -> int | None:
    """The exit status asked for, or None."""
    return _requested


def check() -> None:
    """Raise SystemExit with the requested status if a stop was asked for."""
    if _requested is not None:
        raise SystemExit(_requested)
