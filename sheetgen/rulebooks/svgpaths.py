"""Each distinct SVG path of a rulebook figure parsed once per render, not once per use.

The figures write their text as glyph outlines: each glyph is one `<path>` in `<defs>`, drawn
by a `<use>` wherever it stands. WeasyPrint draws a `<use>` by drawing a copy of the glyph's
node, and so parses the glyph's path data (and each of its coordinates) again for every
letter: the Swashbuckle scorecard alone draws 710 paths, 167 of them distinct, and parsing
them was a fifth of that book's CPU. `parsed_once()` wraps WeasyPrint's drawing of `<path>`
for the time of one render: the first time a path is drawn, the calls it makes on the PDF
stream (move_to, line_to, curve_to, close, with their numbers) and the vertices it leaves on
the node for markers are recorded; a path drawn again with the same data, font size and
viewport replays them. The stream receives the same calls with the same arguments, so the
PDF bytes are the same.

Only WeasyPrint's table of SVG tag handlers is touched, and only while `parsed_once()` is
active; if a WeasyPrint release has no such table, paths are parsed as before.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

_STREAM_CALLS = ("move_to", "line_to", "curve_to", "close")
"""The stream methods WeasyPrint's path drawing calls (weasyprint/svg/path.py)."""

Calls = tuple[tuple[str, tuple[Any, ...]], ...]


class _Recorder:
    """Stands in for the PDF stream while a path is drawn the first time: keeps each call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name not in _STREAM_CALLS:
            # A call this module does not know how to replay: let the caller draw for real.
            raise _Unrecordable(name)

        def record(*args: Any) -> None:
            self.calls.append((name, args))

        return record


class _Unrecordable(Exception):
    """The path drawing used a stream method outside _STREAM_CALLS."""


class _StreamSwap:
    """The SVG being drawn, with its stream replaced by a recorder (everything else, such
    as `point()` for the coordinates, is the SVG's own)."""

    def __init__(self, svg: Any, stream: _Recorder) -> None:
        self._svg = svg
        self.stream = stream

    def __getattr__(self, name: str) -> Any:
        return getattr(self._svg, name)


def _replay(stream: Any, calls: Calls | list[tuple[str, tuple[Any, ...]]]) -> None:
    for name, args in calls:
        getattr(stream, name)(*args)


def _memoised(draw_path: Callable[[Any, Any, float], None],
              seen: dict[tuple[Any, ...], tuple[Calls, tuple[Any, ...]]]
              ) -> Callable[[Any, Any, float], None]:
    def path(svg: Any, node: Any, font_size: float) -> None:
        key = (node.get("d", ""), font_size, svg.inner_width, svg.inner_height)
        if key in seen:
            calls, vertices = seen[key]
            _replay(svg.stream, calls)
            node.vertices.extend(vertices)
            return
        before = len(node.vertices)
        recorder = _Recorder()
        try:
            draw_path(_StreamSwap(svg, recorder), node, font_size)
        except _Unrecordable:
            while len(node.vertices) > before:
                node.vertices.pop()
            draw_path(svg, node, font_size)
            return
        except Exception:
            # Bad path data (WeasyPrint's PointError, which its caller ignores): what was
            # drawn before the error stays drawn, as without the record; nothing is kept.
            _replay(svg.stream, recorder.calls)
            raise
        calls = tuple(recorder.calls)
        seen[key] = (calls, tuple(list(node.vertices)[before:]))
        _replay(svg.stream, calls)

    path.sheetgen_parsed_once = True  # type: ignore[attr-defined]
    return path


@contextlib.contextmanager
def parsed_once() -> Iterator[None]:
    """While active, WeasyPrint parses each distinct `<path>` once (see the module doc)."""
    try:
        from weasyprint import svg as weasy_svg
    except ImportError:  # pragma: no cover - weasyprint is a dependency
        yield
        return
    tags = getattr(weasy_svg, "TAGS", None)
    original = tags.get("path") if isinstance(tags, dict) else None
    if original is None or getattr(original, "sheetgen_parsed_once", False):
        yield  # an unknown WeasyPrint layout, or already active (a nested render)
        return
    tags["path"] = _memoised(original, {})
    try:
        yield
    finally:
        tags["path"] = original
