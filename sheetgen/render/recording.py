"""A canvas that records draw calls: the test double, and the unit of reuse for forms.

The composer records every top-level element of every page here first; identical recordings
(the static artwork of a pad) then become one PDF form drawn many times. Tests compare the
recorded calls with golden text files instead of parsing PDFs.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sheetgen.canvas.protocol import Canvas, PageBoxes


class RecordingCanvas:
    """Implements the Canvas protocol by appending (method, args) tuples to `calls`."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self._key: tuple[int, str] | None = None  # (calls digested, digest)

    def _rec(self, name: str, *args: Any) -> None:
        self.calls.append((name, args))

    def begin_page(self, width: float, height: float, boxes: PageBoxes | None = None) -> None:
        self._rec("begin_page", width, height, boxes)

    def page_plan(self, plan: object) -> None:
        """Ignored: the page plan is for preflighting PDFs (see `PdfCanvas.page_plan`)."""

    def end_page(self) -> None:
        self._rec("end_page")

    def push(self) -> None:
        self._rec("push")

    def pop(self) -> None:
        self._rec("pop")

    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._rec("transform", a, b, c, d, e, f)

    def clip(self, ops: list) -> None:
        self._rec("clip", tuple(ops))

    def path(self, ops: list, fill=None, stroke=None, opacity: float = 1.0,
             even_odd: bool = False) -> None:
        self._rec("path", tuple(ops), fill, stroke, opacity, even_odd)

    def text(self, x: float, y: float, s: str, font: str, size: float, color,
             opacity: float = 1.0) -> None:
        self._rec("text", x, y, s, font, size, color, opacity)

    def image(self, path: str, x: float, y: float, w: float, h: float) -> None:
        self._rec("image", path, x, y, w, h)

    def begin_form(self, key: str) -> bool:
        self._rec("begin_form", key)
        return True

    def end_form(self) -> None:
        self._rec("end_form")

    def use_form(self, key: str) -> None:
        self._rec("use_form", key)

    def finish(self) -> bytes:
        return format_calls(self.calls).encode("utf-8")

    # --- helpers -----------------------------------------------------------------------
    def key(self) -> str:
        """A digest of everything recorded: equal digests mean identical artwork. Kept until
        something more is recorded (the repr of a map's thousands of numbers is costly)."""
        if self._key is None or self._key[0] != len(self.calls):
            self._key = (len(self.calls),
                         hashlib.sha1(repr(self.calls).encode("utf-8")).hexdigest())
        return self._key[1]

    def replay(self, canvas: Canvas) -> None:
        for name, args in self.calls:
            getattr(canvas, name)(*args)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    if isinstance(value, tuple):
        return "(" + " ".join(_fmt(v) for v in value) + ")"
    if value is None:
        return "-"
    if hasattr(value, "__dataclass_fields__"):
        return type(value).__name__ + _fmt(tuple(getattr(value, f)
                                                 for f in value.__dataclass_fields__))
    return str(value)


def format_calls(calls: list[tuple[str, tuple[Any, ...]]]) -> str:
    """One line per call, numbers to 0.01 pt: stable text for golden files and diffs."""
    return "".join(f"{name} {' '.join(_fmt(a) for a in args)}".rstrip() + "\n"
                   for name, args in calls)


class NullCanvas(RecordingCanvas):
    """Draws nothing and keeps nothing: `validate` composes whole documents on it to find
    every fault and warning that rendering would meet, without building a file."""

    def _rec(self, name: str, *args: Any) -> None:
        pass
