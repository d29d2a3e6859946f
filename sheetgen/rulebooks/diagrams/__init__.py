"""Rulebook diagrams: figures drawn by sheetgen through the `Canvas` protocol into SVG.

A diagram is a function that draws on an `SvgCanvas` and returns its size; writers place it
in Markdown with `{{ diagram("name", "caption") }}`. The SVG is embedded as a data URI, which
weasyprint draws as vectors, and because text is written as glyph outlines the figure needs
no font. Each diagram module registers its figures with `@register`; the modules are the
games' `Game.diagrams` (see `sheetgen.registry`).
"""

from __future__ import annotations

import base64
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from sheetgen import registry
from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.render.svg import SvgCanvas


@dataclass(frozen=True)
class Figure:
    """A finished diagram: the SVG document and its natural size in points."""

    svg: bytes
    width: float
    height: float


DrawFn = Callable[[SvgCanvas], tuple[float, float]]
"""Draws one page on the canvas (it calls begin_page itself) and returns (width, height)."""

_REGISTRY: dict[str, DrawFn] = {}
_loaded = False


def register(name: str) -> Callable[[DrawFn], DrawFn]:
    def decorate(fn: DrawFn) -> DrawFn:
        _REGISTRY[name] = fn
        return fn

    return decorate


def _load() -> None:
    global _loaded
    if not _loaded:
        for game in registry.games().values():
            if game.diagrams:
                importlib.import_module(game.diagrams)
        _loaded = True


def load_game(game: str) -> None:
    """Register `game`'s own figures (a book draws its own; the other games' modules import
    their engines, which its render does not need)."""
    found = registry.find(game)
    if found is not None and found.diagrams:
        importlib.import_module(found.diagrams)


def names() -> list[str]:
    _load()
    return sorted(_REGISTRY)


def render_figure(name: str) -> Figure:
    """Draw the diagram `name` and return it as SVG."""
    if name not in _REGISTRY:
        _load()
    if name not in _REGISTRY:
        raise SheetgenError(f"unknown diagram '{name}'", hint=did_you_mean(name, _REGISTRY))
    canvas = SvgCanvas()
    width, height = _REGISTRY[name](canvas)
    canvas.end_page()
    return Figure(canvas.finish(), width, height)


def diagram_html(name: str, caption: str = "", scale: float = 1.0) -> Markup:
    """The HTML for a figure (a jinja global for rulebook Markdown).

    `scale` sizes the figure relative to its natural size, capped by the text width in CSS.
    """
    figure = render_figure(name)
    uri = "data:image/svg+xml;base64," + base64.b64encode(figure.svg).decode("ascii")
    width = figure.width * scale
    html = (
        f'<figure class="diagram" id="fig-{escape(name)}">'
        f'<img src="{uri}" alt="{escape(caption or name)}" '
        f'style="width: {width:.1f}pt">'
    )
    if caption:
        html += f"<figcaption>{escape(caption)}</figcaption>"
    return Markup(html + "</figure>")


def emblem_html(icons: list[str], color: tuple[float, float, float] = (0.55, 0.14, 0.09)
                ) -> Markup:
    """A row of library icons for a book's cover, drawn through the SVG canvas."""
    from sheetgen.canvas.draw import icon

    if not icons:
        return Markup("")
    size, gap = 30.0, 14.0
    width = len(icons) * size + (len(icons) - 1) * gap
    canvas = SvgCanvas()
    canvas.begin_page(width, size)
    for i, name in enumerate(icons):
        icon(canvas, name, i * (size + gap), 0, size, color)
    canvas.end_page()
    uri = "data:image/svg+xml;base64," + base64.b64encode(canvas.finish()).decode("ascii")
    return Markup(f'<p class="emblem"><img src="{uri}" alt="" style="width: {width:.1f}pt">'
                  "</p>")
